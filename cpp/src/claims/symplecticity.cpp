// Symplecticity, measured (docs/symplecticity.md): the loop's action and the one-step map's defect,
// over a family's canonical chart.
#include "lgvci/claims/symplecticity.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <stdexcept>
#include <utility>

#include <nlohmann/json.hpp>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/jacobian.hpp"
#include "lgvci/core/portable_math.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {
namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

[[noreturn]] void bad(const std::string& rule) { throw InvalidInput("--symplecticity", rule); }

std::shared_ptr<const CanonicalChart> chartOf(const Simulation& sim) {
  const PhaseSpaceChart* charts = sim.extension<PhaseSpaceChart>();
  std::shared_ptr<const CanonicalChart> chart = charts ? charts->canonicalChart() : nullptr;
  if (!chart) bad("the " + sim.info().family + " family declares no canonical chart (the PhaseSpaceChart extension, docs/symplecticity.md)");
  return chart;
}

// S = DΦᵀ𝕁DΦ for the central-difference DΦ of step δ_j = delta · max(1, |z_j|); counts halted runs.
Eigen::MatrixXd symplecticProduct(const CanonicalChart& chart, const std::vector<double>& z0, double delta, int& halted) {
  const int m = static_cast<int>(z0.size()), n = m / 2;
  Eigen::MatrixXd D(m, m);
  for (int j = 0; j < m; ++j) {
    const double dj = delta * std::max(1.0, std::abs(z0[static_cast<std::size_t>(j)]));
    std::vector<double> phi[2];
    for (int s = 0; s < 2; ++s) {
      std::vector<double> z = z0;
      z[static_cast<std::size_t>(j)] += s == 0 ? dj : -dj;
      std::unique_ptr<Simulation> run = chart.start(z);
      run->step();
      if (run->runStatus().halted) ++halted;
      phi[s] = chart.read(*run);
    }
    for (int i = 0; i < m; ++i) D(i, j) = (phi[0][static_cast<std::size_t>(i)] - phi[1][static_cast<std::size_t>(i)]) / (2.0 * dj);
  }
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(m, m);
  J.topRightCorner(n, n) = Eigen::MatrixXd::Identity(n, n);
  J.bottomLeftCorner(n, n) = -Eigen::MatrixXd::Identity(n, n);
  return D.transpose() * J * D;
}

StepDefect stepDefectCounting(const Simulation& run, const CanonicalChart& chart, double delta, int& halted) {
  const std::vector<double> z0 = chart.read(run);
  const int m = static_cast<int>(z0.size()), n = m / 2;
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(m, m);
  J.topRightCorner(n, n) = Eigen::MatrixXd::Identity(n, n);
  J.bottomLeftCorner(n, n) = -Eigen::MatrixXd::Identity(n, n);
  const Eigen::MatrixXd S1 = symplecticProduct(chart, z0, delta, halted);
  const Eigen::MatrixXd S2 = symplecticProduct(chart, z0, 0.5 * delta, halted);
  StepDefect d;
  d.defect = (S1 - J).norm();  // Eigen's norm() of a matrix: Frobenius
  d.floor = 2.0 * (S1 - S2).norm();
  std::unique_ptr<Simulation> plain = run.clone();
  d.impacts = plain->step().impacts;
  return d;
}

// The loop of starts: z0 + ρ(s_q cos θ e_{q_i} + s_p sin θ e_{p_i}).
struct Loop {
  std::vector<double> z0, scale;  // scale_j = ρ max(1, |z0_j|): the loop's semi-axes and the refinement's units
  int qi = 0, pi = 0;
  std::vector<double> at(double theta) const {
    std::vector<double> z = z0;
    double s, c;
    pmath::sincos(theta, s, c);  // the same bits natively and in WebAssembly
    z[static_cast<std::size_t>(qi)] += scale[static_cast<std::size_t>(qi)] * c;
    z[static_cast<std::size_t>(pi)] += scale[static_cast<std::size_t>(pi)] * s;
    return z;
  }
};

struct LoopPoint {
  double theta = 0.0;
  std::unique_ptr<Simulation> run;
  std::vector<double> z;                 // the run's current chart coordinates
  std::vector<std::pair<double, double>> bounces;  // (s, p_t) of its impacts so far
};

// Impact-record offsets of "s" and "p_t", or −1 (a family without a bounce map).
struct BounceFields {
  int s = -1, pt = -1, size = 0;
};

BounceFields bounceFields(const Simulation& sim) {
  BounceFields bf;
  if (const RecordField* s = sim.impactLayout().find("s"))
    if (const RecordField* pt = sim.impactLayout().find("p_t")) {
      bf.s = s->offset;
      bf.pt = pt->offset;
      bf.size = sim.impactLayout().size;
    }
  return bf;
}

// (s, p_t) of every impact `run` logged, appended (nothing without bounce fields); the log is cleared.
// `row`: scratch of bf.size doubles.
void collectBounces(Simulation& run, const BounceFields& bf, std::vector<double>& row, std::vector<std::pair<double, double>>& out) {
  if (bf.s >= 0)
    for (const ImpactEvent& e : run.impactLog()) {
      run.writeImpactRecord(e, row.data());
      out.emplace_back(row[static_cast<std::size_t>(bf.s)], row[static_cast<std::size_t>(bf.pt)]);
    }
  run.clearImpactLog();
}

void advance(LoopPoint& p, long long count, const BounceFields& bf, int& halted) {
  std::vector<double> row(static_cast<std::size_t>(bf.size));
  for (long long k = 0; k < count; ++k) {
    p.run->step();
    collectBounces(*p.run, bf, row, p.bounces);
    if (p.run->runStatus().halted) {
      ++halted;
      break;
    }
  }
}

// Does the segment a → b (or the turn at either end) need a midpoint? Distances in units of `scale`.
double scaledDistance(const std::vector<double>& a, const std::vector<double>& b, const std::vector<double>& scale) {
  double s = 0.0;
  for (std::size_t j = 0; j < a.size(); ++j) {
    const double d = (b[j] - a[j]) / scale[j];
    s += d * d;
  }
  return std::sqrt(s);
}
// The cosine of the turn at b (1 for a straight continuation).
double turnCosine(const std::vector<double>& a, const std::vector<double>& b, const std::vector<double>& c,
                 const std::vector<double>& scale) {
  double uv = 0.0, uu = 0.0, vv = 0.0;
  for (std::size_t j = 0; j < a.size(); ++j) {
    const double u = (b[j] - a[j]) / scale[j], v = (c[j] - b[j]) / scale[j];
    uv += u * v;
    uu += u * u;
    vv += v * v;
  }
  if (uu == 0.0 || vv == 0.0) return 1.0;
  return uv / std::sqrt(uu * vv);
}

}  // namespace

StepDefect stepDefect(const Simulation& run, const CanonicalChart& chart, double delta) {
  int halted = 0;
  return stepDefectCounting(run, chart, delta, halted);
}

double loopAction(const std::vector<std::vector<double>>& z, const std::vector<double>& theta, int pairs,
                  const std::vector<bool>& chord) {
  const int N = static_cast<int>(z.size());
  if (N < 4) return 0.0;
  const std::size_t m = z[0].size();
  // The loop's centroid is subtracted (∮ c dq = 0 for a closed curve): fewer digits lost to rounding.
  std::vector<double> c(m, 0.0);
  for (const auto& p : z)
    for (std::size_t j = 0; j < m; ++j) c[j] += p[j];
  for (double& v : c) v /= N;
  static const double g[3] = {0.5 - 0.5 * std::sqrt(0.6), 0.5, 0.5 + 0.5 * std::sqrt(0.6)};
  static const double w[3] = {5.0 / 18.0, 8.0 / 18.0, 5.0 / 18.0};
  double A = 0.0;
  for (int k = 0; k < N; ++k) {
    int idx[4];
    double t[4];
    for (int r = 0; r < 4; ++r) {
      const int raw = k - 1 + r;
      idx[r] = ((raw % N) + N) % N;
      t[r] = theta[static_cast<std::size_t>(idx[r])] + kTwoPi * std::floor(static_cast<double>(raw) / N) - theta[static_cast<std::size_t>(k)];
    }
    const double len = t[2] - t[1];
    if (!chord.empty() && chord[static_cast<std::size_t>(k)]) {
      const auto& a = z[static_cast<std::size_t>(idx[1])];
      const auto& b = z[static_cast<std::size_t>(idx[2])];
      for (int j = 0; j < pairs; ++j) {
        const std::size_t q = static_cast<std::size_t>(j), p = static_cast<std::size_t>(pairs + j);
        A += 0.5 * ((a[p] - c[p]) + (b[p] - c[p])) * (b[q] - a[q]);
      }
      continue;
    }
    for (int gq = 0; gq < 3; ++gq) {
      const double u = g[gq] * len;
      double L[4], dL[4];  // Lagrange basis on t[0..3] and its derivative at u
      for (int r = 0; r < 4; ++r) {
        double den = 1.0, val = 1.0, der = 0.0;
        for (int s = 0; s < 4; ++s) {
          if (s == r) continue;
          den *= t[r] - t[s];
          double prod = 1.0;
          for (int v = 0; v < 4; ++v)
            if (v != r && v != s) prod *= u - t[v];
          der += prod;
          val *= u - t[s];
        }
        L[r] = val / den;
        dL[r] = der / den;
      }
      double sum = 0.0;
      for (int j = 0; j < pairs; ++j) {
        double q1 = 0.0, p = 0.0;
        for (int r = 0; r < 4; ++r) {
          const auto& zr = z[static_cast<std::size_t>(idx[r])];
          q1 += dL[r] * (zr[static_cast<std::size_t>(j)] - c[static_cast<std::size_t>(j)]);
          p += L[r] * (zr[static_cast<std::size_t>(pairs + j)] - c[static_cast<std::size_t>(pairs + j)]);
        }
        sum += p * q1;
      }
      A += w[gq] * len * sum;
    }
  }
  return A;
}

SymplecticityReport measureSymplecticity(const Simulation& sim, long long steps, int samples, const SymplecticityOptions& o) {
  if (samples < 1 || samples > 1000) bad("expected an integer in [1, 1000] (samples)");
  if (steps < 1) bad("needs at least one step (--steps)");
  if (!(o.loopRadius > 0.0 && o.loopRadius <= 0.1)) bad("loop radius must be in (0, 0.1]");
  if (o.loopPoints < 8 || o.loopPoints > o.maxLoopPoints || o.maxLoopPoints > 100000) bad("loop points must be in [8, maxLoopPoints <= 100000]");
  if (!(o.delta > 0.0 && o.delta <= 1e-2)) bad("delta must be in (0, 1e-2]");
  if (!(o.maxSeparation > 1.0) || !(o.maxTurn > 0.0) || !(o.minSegment > 0.0 && o.minSegment < 1.0))
    bad("refinement bounds must be positive (separation > 1, min segment < 1)");
  std::shared_ptr<const CanonicalChart> chart = chartOf(sim);
  SymplecticityReport rep;
  rep.family = sim.info().family;
  rep.integrator = sim.info().integrator;
  rep.coordinates = chart->names();
  std::string measure = o.measure.empty() ? (chart->slicePair() >= 0 ? "loop" : "defect") : o.measure;
  if (measure == "loop" && chart->slicePair() < 0) bad("the " + sim.info().family + " family's chart has no 2-D slice for a loop");
  if (measure != "loop" && measure != "defect") bad("measure must be loop or defect");
  int halted = 0;

  if (measure == "defect") {
    rep.measure = "defect";
    rep.delta = o.delta;
    std::unique_ptr<Simulation> run = sim.clone();
    run->clearImpactLog();
    long long done = 0;
    for (int k = 0; k < samples; ++k) {
      const long long at = steps * k / samples;
      for (; done < at && !run->runStatus().halted; ++done) {
        run->step();
        run->clearImpactLog();
      }
      if (run->runStatus().halted) break;
      std::shared_ptr<const CanonicalChart> local = chartOf(*run);  // centred at the sample's state
      const StepDefect d = stepDefectCounting(*run, *local, o.delta, halted);
      rep.sampleSteps.push_back(done);
      rep.sampleTimes.push_back(run->runStatus().time);
      rep.defect.push_back(d.defect);
      rep.floor.push_back(d.floor);
      rep.impacts.push_back(d.impacts);
      if (run->extension<StepJacobian>()) {  // the exact defect beside it (docs/jacobians.md)
        std::unique_ptr<Simulation> exact = run->clone();
        try {
          rep.exactDefect.push_back(tangentSymplecticDefect(stepTangentMap(*exact)));
        } catch (const std::domain_error&) {
          rep.exactDefect.push_back(std::numeric_limits<double>::quiet_NaN());
        }
      }
    }
    rep.haltedRuns = halted + (run->runStatus().halted ? 1 : 0);
    return rep;
  }

  rep.measure = "loop_area";
  const int n = chart->pairs();
  Loop loop;
  loop.z0 = chart->read(sim);
  loop.qi = chart->slicePair();
  loop.pi = n + chart->slicePair();
  for (double v : loop.z0) loop.scale.push_back(o.loopRadius * std::max(1.0, std::abs(v)));
  rep.sliceQ = chart->names()[static_cast<std::size_t>(loop.qi)];
  rep.sliceP = chart->names()[static_cast<std::size_t>(loop.pi)];
  const BounceFields bf = bounceFields(sim);

  std::vector<LoopPoint> pts;
  auto makePoint = [&](double theta) {
    LoopPoint p;
    p.theta = theta;
    p.run = chart->start(loop.at(theta));
    return p;
  };
  for (int k = 0; k < o.loopPoints; ++k) pts.push_back(makePoint(kTwoPi * k / o.loopPoints));
  auto zs = [&]() {
    std::vector<std::vector<double>> z;
    std::vector<double> th;
    for (LoopPoint& p : pts) {
      p.z = chart->read(*p.run);
      z.push_back(p.z);
      th.push_back(p.theta);
    }
    return std::make_pair(z, th);
  };
  {
    auto [z, th] = zs();
    rep.startArea = loopAction(z, th, n);
  }
  if (!(std::abs(rep.startArea) > 0.0)) bad("the start loop encloses no area");
  std::unique_ptr<Simulation> centre = chart->start(loop.z0);  // the run the loop surrounds: the sample times
  const double spacing = kTwoPi / o.loopPoints;
  const double cosTurn = pmath::cos(o.maxTurn);
  long long done = 0;
  for (int k = 1; k <= samples; ++k) {
    const long long at = steps * k / samples;
    for (LoopPoint& p : pts) advance(p, at - done, bf, halted);
    for (long long s = done; s < at && !centre->runStatus().halted; ++s) {
      centre->step();
      centre->clearImpactLog();
    }
    done = at;
    bool capped = false;
    // Refinement: bisect the stretched or sharply turning segments of the image (their new starts run
    // the same `done` steps), pass after pass, up to maxLoopPoints.
    for (int pass = 0; pass < 64; ++pass) {
      for (LoopPoint& p : pts) p.z = chart->read(*p.run);
      const std::size_t N = pts.size();
      std::vector<bool> split(N, false);
      for (std::size_t i = 0; i < N; ++i) {
        const auto& a = pts[(i + N - 1) % N].z;
        const auto& b = pts[i].z;
        const auto& c = pts[(i + 1) % N].z;
        if (scaledDistance(b, c, loop.scale) > o.maxSeparation * spacing) split[i] = true;
        if (turnCosine(a, b, c, loop.scale) < cosTurn) split[(i + N - 1) % N] = split[i] = true;
      }
      // A segment shorter than minSegment × spacing is not split further: a kink, or a tear.
      std::vector<LoopPoint> next;
      int added = 0;
      for (std::size_t i = 0; i < N; ++i) {
        LoopPoint& a = pts[i];
        const double t1 = i + 1 < N ? pts[i + 1].theta : pts[0].theta + kTwoPi;
        const bool want = split[i] && t1 - a.theta > spacing * o.minSegment;
        next.push_back(std::move(a));
        if (want && static_cast<int>(N) + added < o.maxLoopPoints) {
          LoopPoint m = makePoint(0.5 * (next.back().theta + t1));
          advance(m, done, bf, halted);
          m.z = chart->read(*m.run);
          next.push_back(std::move(m));
          ++added;
        } else if (want) {
          capped = true;
        }
      }
      pts = std::move(next);
      if (added == 0) break;
    }
    int tears = 0;
    double maxTear = 0.0;
    const std::size_t N = pts.size();
    std::vector<bool> chord(N, false);
    for (std::size_t i = 0; i < N; ++i) {
      const std::size_t j = (i + 1) % N;
      const double dth = j ? pts[j].theta - pts[i].theta : pts[j].theta + kTwoPi - pts[i].theta;
      const double d = scaledDistance(pts[i].z, pts[j].z, loop.scale);
      if (dth <= 2.0 * spacing * o.minSegment && d > o.maxSeparation * spacing) {
        ++tears;
        maxTear = std::max(maxTear, d);
        chord[(i + N - 1) % N] = chord[i] = chord[j] = true;
      }
    }
    rep.tears.push_back(tears);
    rep.maxTear.push_back(maxTear);
    auto [z, th] = zs();
    const double A = loopAction(z, th, n, chord);
    // A_0 by the same rule on the same parameters θ (the start loop at the image's points), so that
    // the rule's own error on a smooth loop cancels: an affine symplectic map then gives A_T = A_0 to
    // rounding whatever the refinement did.
    std::vector<std::vector<double>> z0s;
    for (double t : th) z0s.push_back(loop.at(t));
    rep.startArea = loopAction(z0s, th, n, chord);
    rep.sampleSteps.push_back(done);
    rep.sampleTimes.push_back(centre->runStatus().time);
    // A capped refinement leaves stretched segments: their chords misstate the area by any amount, so
    // the sample reports none (NaN; JSON null) rather than a wrong number.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    rep.refinementCapped = rep.refinementCapped || capped;
    rep.area.push_back(capped ? nan : A);
    rep.areaRelChange.push_back(capped ? nan : (A - rep.startArea) / rep.startArea);
    rep.loopPointCount.push_back(static_cast<int>(pts.size()));
  }
  for (const LoopPoint& p : pts) {
    rep.loopTheta.push_back(p.theta);
    const std::vector<double> z0 = loop.at(p.theta);
    rep.startQ.push_back(z0[static_cast<std::size_t>(loop.qi)]);
    rep.startP.push_back(z0[static_cast<std::size_t>(loop.pi)]);
    rep.imageQ.push_back(p.z[static_cast<std::size_t>(loop.qi)]);
    rep.imageP.push_back(p.z[static_cast<std::size_t>(loop.pi)]);
  }
  if (bf.s >= 0) {
    std::size_t K = pts.empty() ? 0 : pts[0].bounces.size();
    for (const LoopPoint& p : pts) K = std::min(K, p.bounces.size());
    for (std::size_t k = 0; k < K; ++k) {
      std::vector<double> flat;
      for (const LoopPoint& p : pts) {
        flat.push_back(p.bounces[k].first);
        flat.push_back(p.bounces[k].second);
      }
      rep.bounces.push_back(std::move(flat));
    }
  }
  rep.haltedRuns = halted;
  return rep;
}

std::string symplecticityJson(const SymplecticityReport& r) {
  using nlohmann::json;
  json o;
  o["measure"] = r.measure;
  o["family"] = r.family;
  o["integrator"] = r.integrator;
  o["coordinates"] = r.coordinates;
  o["steps"] = r.sampleSteps;
  o["t"] = r.sampleTimes;
  if (r.measure == "loop_area") {
    o["pair"] = {r.sliceQ, r.sliceP};
    o["start_area"] = r.startArea;
    o["area"] = r.area;
    o["area_rel_change"] = r.areaRelChange;
    o["loop_points"] = r.loopPointCount;
    o["refinement_capped"] = r.refinementCapped;
    o["tears"] = r.tears;
    o["max_tear"] = r.maxTear;
    if (!r.bounces.empty()) o["bounces_per_point"] = r.bounces.size();
  } else {
    o["norm"] = "frobenius";
    o["delta"] = r.delta;
    o["defect"] = r.defect;
    o["floor"] = r.floor.empty() ? 0.0 : *std::max_element(r.floor.begin(), r.floor.end());
    o["floor_per_sample"] = r.floor;
    o["impacts"] = r.impacts;
    if (!r.exactDefect.empty()) {  // null where the step has no exact Jacobian
      nlohmann::json e = nlohmann::json::array();
      for (double v : r.exactDefect) e.push_back(std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v));
      o["exact_defect"] = e;
    }
  }
  o["halted_runs"] = r.haltedRuns;
  return o.dump();
}

std::string symplecticityText(const SymplecticityReport& r) {
  char buf[256];
  if (r.measure == "loop_area") {
    double worst = 0.0;
    for (double v : r.areaRelChange)
      if (!std::isnan(v)) worst = std::max(worst, std::abs(v));
    const double last = r.areaRelChange.empty() ? 0.0 : r.areaRelChange.back();
    std::snprintf(buf, sizeof buf, "loop in (%s, %s): area change %.3e at the end, max |%s| %.3e over %zu samples (%d points)",
                  r.sliceQ.c_str(), r.sliceP.c_str(), last, "dA/A0", worst, r.areaRelChange.size(),
                  r.loopPointCount.empty() ? 0 : r.loopPointCount.back());
  } else {
    double worst = 0.0, floor = 0.0;
    for (double v : r.defect) worst = std::max(worst, v);
    for (double v : r.floor) floor = std::max(floor, v);
    std::snprintf(buf, sizeof buf, "one-step defect max %.3e over %zu samples (differencing floor %.3e, delta %g)", worst,
                  r.defect.size(), floor, r.delta);
    if (!r.exactDefect.empty()) {
      double exact = 0.0;
      for (double v : r.exactDefect)
        if (!std::isnan(v)) exact = std::max(exact, v);
      std::string t = buf;
      std::snprintf(buf, sizeof buf, "%s; exact (no floor) max %.3e", t.c_str(), exact);
    }
  }
  std::string s = buf;
  if (r.measure == "loop_area" && r.refinementCapped)
    s += "; the image outgrew the refinement's cap at some samples (no area there)";
  int tears = 0;
  for (int t : r.tears) tears = std::max(tears, t);
  if (tears > 0) s += "; the image is torn at " + std::to_string(tears) + " points (the map jumps there)";
  if (r.haltedRuns > 0) s += "; " + std::to_string(r.haltedRuns) + " runs halted";
  return s;
}

// ---- The bounce map ----

namespace {

// ½∮(s dp − p ds) of the closed polygon, about its mean point (no cancellation of large coordinates).
double shoelace(const std::vector<double>& x, const std::vector<double>& y) {
  const std::size_t n = x.size();
  double cx = 0.0, cy = 0.0;
  for (std::size_t i = 0; i < n; ++i) cx += x[i], cy += y[i];
  cx /= static_cast<double>(n);
  cy /= static_cast<double>(n);
  double A = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = (i + 1) % n;
    A += (x[i] - cx) * (y[j] - cy) - (x[j] - cx) * (y[i] - cy);
  }
  return 0.5 * A;
}

}  // namespace

BounceMapReport measureBounceMap(const Simulation& sim, const BounceMapOptions& o) {
  if (o.loopPoints < 8 || o.loopPoints > 100000) bad("bounce-map loop points must be in [8, 100000]");
  if (!(o.loopRadius > 0.0 && o.loopRadius <= 0.01)) bad("bounce-map loop radius must be in (0, 0.01]");
  if (o.bounces < 2 || o.bounces > 1000) bad("bounce-map bounces must be in [2, 1000]");
  if (o.maxSteps < 1) bad("bounce-map max steps must be positive");
  if (!(o.resolvedEdge > 0.0)) bad("bounce-map resolved edge must be positive");
  const BounceFields bf = bounceFields(sim);
  std::unique_ptr<Simulation> base = sim.clone();
  base->clearImpactLog();
  const BounceMap* bounces = base->extension<BounceMap>();
  std::shared_ptr<const BounceChart> chart = bounces ? bounces->bounceChart() : nullptr;
  if (!chart || bf.s < 0) bad("the " + sim.info().family + " family has no bounce map");
  std::vector<double> row(static_cast<std::size_t>(bf.size));
  BounceMapReport rep;
  rep.family = sim.info().family;
  rep.integrator = sim.info().integrator;
  rep.perimeter = chart->perimeter();
  rep.maxMomentum = chart->maxMomentum();
  // The loop's centre: the base run's next bounce.
  std::vector<std::pair<double, double>> first;
  for (long long k = 0; k < o.maxSteps && first.empty() && !base->runStatus().halted; ++k) {
    base->step();
    if (!base->impactLog().empty()) rep.t0 = base->impactLog().front().t;
    collectBounces(*base, bf, row, first);
  }
  if (first.empty()) bad("the run makes no bounce within " + std::to_string(o.maxSteps) + " steps");
  rep.s0 = first.front().first;
  rep.pt0 = first.front().second;
  const double rs = o.loopRadius * rep.perimeter, rp = o.loopRadius * rep.maxMomentum;
  // The members start at the chart's energy: the run's at its current state.
  std::vector<std::vector<std::pair<double, double>>> member(static_cast<std::size_t>(o.loopPoints));
  std::vector<double> s0, p0;
  for (int i = 0; i < o.loopPoints; ++i) {
    const double th = kTwoPi * i / o.loopPoints;
    double sn, cs;
    pmath::sincos(th, sn, cs);
    const double si = rep.s0 + rs * cs, pi = rep.pt0 + rp * sn;
    s0.push_back(si);
    p0.push_back(pi);
    std::unique_ptr<Simulation> run = chart->start(si, pi);
    if (!run) bad("the next bounce is grazing (|p_t| within the loop's radius of |p|): no loop of bounces around it");
    auto& b = member[static_cast<std::size_t>(i)];
    for (long long k = 0; k < o.maxSteps && static_cast<int>(b.size()) < o.bounces && !run->runStatus().halted; ++k) {
      run->step();
      collectBounces(*run, bf, row, b);
    }
    if (run->runStatus().halted) ++rep.haltedRuns;
    else if (static_cast<int>(b.size()) < o.bounces) ++rep.shortRuns;
  }
  std::size_t K = static_cast<std::size_t>(o.bounces);
  for (const auto& b : member) K = std::min(K, b.size());
  rep.s.push_back(s0);
  rep.pt.push_back(p0);
  for (std::size_t k = 0; k < K; ++k) {
    std::vector<double> sk, pk;
    for (const auto& b : member) {
      double v = b[k].first;
      if (!sk.empty()) v += rep.perimeter * std::round((sk.back() - v) / rep.perimeter);  // continuous along the loop
      sk.push_back(v);
      pk.push_back(b[k].second);
    }
    rep.s.push_back(std::move(sk));
    rep.pt.push_back(std::move(pk));
  }
  for (std::size_t k = 0; k < rep.s.size(); ++k) {
    rep.area.push_back(shoelace(rep.s[k], rep.pt[k]));
    double edge = 0.0;
    const std::size_t n = rep.s[k].size();
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t j = (i + 1) % n;
      const double ds = (rep.s[k][j] - rep.s[k][i]) / rs, dp = (rep.pt[k][j] - rep.pt[k][i]) / rp;
      edge = std::max(edge, std::sqrt(ds * ds + dp * dp));  // sqrt, not hypot: correctly rounded everywhere
    }
    rep.maxEdge.push_back(edge);
  }
  for (std::size_t k = 1; k < rep.area.size(); ++k) rep.areaRelChange.push_back((rep.area[k] - rep.area[1]) / rep.area[1]);
  while (rep.resolved + 1 < static_cast<int>(rep.maxEdge.size()) && rep.maxEdge[static_cast<std::size_t>(rep.resolved + 1)] <= o.resolvedEdge)
    ++rep.resolved;
  return rep;
}

std::string bounceMapJson(const BounceMapReport& r) {
  nlohmann::json o;
  o["family"] = r.family;
  o["integrator"] = r.integrator;
  o["perimeter"] = r.perimeter;
  o["s0"] = r.s0;
  o["pt0"] = r.pt0;
  o["t0"] = r.t0;
  o["bounces"] = r.s.empty() ? 0 : r.s.size() - 1;
  o["area"] = r.area;
  o["area_rel_change"] = r.areaRelChange;
  o["max_edge"] = r.maxEdge;
  o["resolved_bounces"] = r.resolved;
  o["halted_runs"] = r.haltedRuns;
  o["short_runs"] = r.shortRuns;
  return o.dump();
}

std::string symplecticityClaimJson(const Simulation& sim, long long steps, int samples, std::string* line) {
  const SymplecticityReport rep = measureSymplecticity(sim, steps, samples);
  std::string out = symplecticityJson(rep);
  if (line) *line = symplecticityText(rep);
  if (sim.extension<BounceMap>()) {  // a family with a bounce map: its loop too
    const BounceMapReport b = measureBounceMap(sim);
    nlohmann::json j = nlohmann::json::parse(out);
    j["bounce_map"] = nlohmann::json::parse(bounceMapJson(b));
    out = j.dump();
    if (line) {
      double worst = 0.0;
      for (int k = 0; k < b.resolved; ++k) worst = std::max(worst, std::abs(b.areaRelChange[static_cast<std::size_t>(k)]));
      char text[160];
      std::snprintf(text, sizeof text, "; bounce map: max |A_k - A_1|/A_1 %.3e over the %d resolved bounces of %zu", worst, b.resolved,
                    b.areaRelChange.size());
      *line += text;
    }
  }
  return out;
}

}  // namespace lgvci
