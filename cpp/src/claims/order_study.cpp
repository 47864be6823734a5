// The order study through impacts (docs/order-study.md; Fetecau et al. Fig. 5).
#include "lgvci/claims/order_study.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include "lgvci/core/family.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {
namespace {

std::unique_ptr<Simulation> create(const std::string& json) {
  SimulationResult r = createSimulation(json);
  if (!r.ok()) throw InvalidInput(r.error.field, r.error.message.substr(r.error.message.find(": ") + 2));
  return std::move(r.simulation);
}

[[noreturn]] void halted(const Simulation& sim) {
  const RunStatus status = sim.runStatus();
  throw std::runtime_error(concat("order study: the run at h = ", sim.info().h, " halted at t = ", status.time, ": ", status.message));
}

}  // namespace

OrderStudy::OrderStudy(const std::string& config, long long steps) {
  std::unique_ptr<Simulation> coarse = create(config);
  config_ = coarse->configJson();
  h0_ = coarse->info().h;
  result_.integrator = coarse->info().integrator;
  result_.reference = "refined";
  result_.firstImpact = std::numeric_limits<double>::quiet_NaN();
  const long long cap = kMaxOrderStudySteps >> kOrderStudyReference;
  if (steps < 0) throw InvalidInput("steps", "must be >= 0");
  if (steps > cap)
    throw InvalidInput("steps", concat("must be at most ", cap, " (the reference at h/2^", kOrderStudyReference, " takes 2^",
                                       kOrderStudyReference, " steps per step of h, at most ", kMaxOrderStudySteps, ")"));
  const double t0 = coarse->runStatus().time;
  if (steps == 0) {  // N = ⌈1.5 k₁⌉, k₁ the coarse step of the first impact
    long long k1 = 0;
    while (coarse->runStatus().impacts == 0 && k1 < cap) {
      coarse->step();
      if (coarse->runStatus().halted) halted(*coarse);
      ++k1;
    }
    if (coarse->runStatus().impacts == 0)
      throw InvalidInput("steps", concat("no impact within ", cap, " steps of h = ", h0_,
                                         ": give the number of steps N (T = t0 + N h) to study"));
    result_.firstImpact = coarse->impactLog().empty() ? coarse->runStatus().time : coarse->impactLog().front().t;
    steps = (3 * k1 + 1) / 2;
    if (steps > cap)
      throw InvalidInput("steps", concat("the first impact comes at step ", k1, ": the study's N = ", steps,
                                         " steps would exceed the reference's cap of ", kMaxOrderStudySteps, " steps"));
  }
  else {  // N given: the first impact before T, if any, for the report (NaN when T comes first)
    for (long long k = 0; k < steps && coarse->runStatus().impacts == 0; ++k) {
      coarse->step();
      if (coarse->runStatus().halted) halted(*coarse);
    }
    if (!coarse->impactLog().empty()) result_.firstImpact = coarse->impactLog().front().t;
  }
  result_.steps = steps;
  result_.T = t0 + static_cast<double>(steps) * h0_;
  errors_.assign(static_cast<std::size_t>(kOrderStudyLevels), std::numeric_limits<double>::quiet_NaN());
}

double OrderStudy::h(int level) const { return std::ldexp(h0_, -level); }

long long OrderStudy::stepsAt(int level) const { return result_.steps << level; }

std::unique_ptr<Simulation> OrderStudy::start(int level) const {
  nlohmann::json j = nlohmann::json::parse(config_);
  j["h"] = h(level);
  return create(j.dump());
}

std::vector<double> OrderStudy::finalRecord(int level) const {
  std::unique_ptr<Simulation> sim = start(level);
  const long long n = stepsAt(level);
  for (long long k = 0; k < n; ++k) {
    sim->step();
    if (sim->runStatus().halted) halted(*sim);
    sim->clearImpactLog();
  }
  return sim->record();
}

void OrderStudy::runReference() { advanceReference(stepsAt(kOrderStudyReference)); }

bool OrderStudy::advanceReference(long long maxSteps) {
  if (hasReference()) return true;
  if (!referenceRun_) referenceRun_ = start(kOrderStudyReference);
  const long long n = stepsAt(kOrderStudyReference);
  for (long long k = 0; k < maxSteps && referenceDone_ < n; ++k, ++referenceDone_) {
    referenceRun_->step();
    if (referenceRun_->runStatus().halted) halted(*referenceRun_);
    referenceRun_->clearImpactLog();
  }
  if (referenceDone_ < n) return false;
  reference_ = referenceRun_->record();
  referenceRun_.reset();
  return true;
}

double OrderStudy::runLevel(int level) {
  if (level < 0 || level >= kOrderStudyLevels) throw std::out_of_range(concat("order study: no level ", level));
  runReference();
  const std::vector<double> now = finalRecord(level);
  std::unique_ptr<Simulation> probe = create(config_);  // its family's fields and record layout
  const std::string name = probe->info().family;
  const FamilyInfo* family = findFamily(name);
  if (!family) throw std::invalid_argument("order study: family '" + name + "' is not registered");
  const RecordLayout& l = probe->layout();
  double s2 = 0.0;
  for (const ReversalField& r : family->reversal) {
    const RecordField& f = l.field(r.field);
    if (r.kind == ReversalField::Kind::Rotation) {
      Mat3 D;
      for (int i = 0; i < 3; ++i)
        for (int c = 0; c < 3; ++c) {
          const auto k = static_cast<std::size_t>(f.offset + 3 * i + c);
          D(i, c) = now[k] - reference_[k];
        }
      const double d = Eigen::JacobiSVD<Mat3>(D).singularValues()(0);  // ‖R − R_ref‖₂
      s2 += d * d;
      continue;
    }
    for (int i = f.offset; i < f.offset + f.size; ++i) {
      const double d = now[static_cast<std::size_t>(i)] - reference_[static_cast<std::size_t>(i)];
      s2 += d * d;
    }
  }
  errors_[static_cast<std::size_t>(level)] = std::sqrt(s2);
  return errors_[static_cast<std::size_t>(level)];
}

OrderStudyResult OrderStudy::result() const {
  OrderStudyResult r = result_;
  for (int k = 0; k < kOrderStudyLevels; ++k)
    if (!std::isnan(errors_[static_cast<std::size_t>(k)])) {
      r.h.push_back(h(k));
      r.error.push_back(errors_[static_cast<std::size_t>(k)]);
    }
  r.fittedOrder = fittedSlope(r.h, r.error);
  return r;
}

OrderStudyResult runOrderStudy(const std::string& config, long long steps) {
  OrderStudy study(config, steps);
  study.runReference();
  for (int k = 0; k < study.levels(); ++k) study.runLevel(k);
  return study.result();
}

double fittedSlope(const std::vector<double>& x, const std::vector<double>& y) {
  double sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0;
  int n = 0;
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (!(x[i] > 0.0) || !(y[i] > 0.0)) continue;
    const double lx = std::log(x[i]), ly = std::log(y[i]);
    sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly;
    ++n;
  }
  if (n < 2) return std::numeric_limits<double>::quiet_NaN();
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

std::string orderStudyJson(const OrderStudyResult& r) {
  using nlohmann::json;
  const auto number = [](double v) { return std::isfinite(v) ? json(v) : json(nullptr); };
  json e = json::array();
  for (double v : r.error) e.push_back(number(v));
  return json{{"h", r.h}, {"error", e}, {"fitted_order", number(r.fittedOrder)}, {"T", r.T}, {"steps", r.steps},
              {"first_impact", number(r.firstImpact)}, {"integrator", r.integrator}, {"reference", r.reference}}.dump();
}

std::string orderStudyText(const OrderStudyResult& r) {
  char line[200];
  std::snprintf(line, sizeof line, "order study (%s): T = %.17g (N = %lld steps of the coarsest h), reference: %s at h/%d\n",
                r.integrator.c_str(), r.T, r.steps, r.reference.c_str(), 1 << kOrderStudyReference);
  std::string s = line;
  for (std::size_t k = 0; k < r.h.size(); ++k) {
    if (k == 0) std::snprintf(line, sizeof line, "  h = %-12.6g error %.6e\n", r.h[k], r.error[k]);
    else std::snprintf(line, sizeof line, "  h = %-12.6g error %.6e  rate %.3f\n", r.h[k], r.error[k],
                       std::log(r.error[k - 1] / r.error[k]) / std::log(r.h[k - 1] / r.h[k]));
    s += line;
  }
  std::snprintf(line, sizeof line, "fitted order       %.4f\n", r.fittedOrder);
  return s + line;
}

}  // namespace lgvci
