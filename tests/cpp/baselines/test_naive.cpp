// The naive baseline (docs/baselines.md "The naive baseline"): symplectic Euler in flight, the normal
// velocity reflected at the end of the step that ends inside the obstacle, the body pushed back. Its
// impact times are first order, its energy drifts, and what the reflection keeps exactly it keeps.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/ensemble.hpp"
#include "test_support.hpp"

namespace test_naive {

using namespace lgvci;
using nlohmann::json;

namespace {

constexpr double g = 9.81;  // the particle preset's

std::unique_ptr<Simulation> create(const json& config) {
  SimulationResult r = createSimulation(config.dump());
  INFO(r.error.message);
  REQUIRE(r.ok());
  return std::move(r.simulation);
}

// Least-squares slope of log err against log h.
double fittedOrder(const std::vector<double>& h, const std::vector<double>& err) {
  const size_t n = h.size();
  double mx = 0.0, my = 0.0;
  for (size_t i = 0; i < n; ++i) mx += std::log(h[i]) / n, my += std::log(err[i]) / n;
  double sxy = 0.0, sxx = 0.0;
  for (size_t i = 0; i < n; ++i) {
    sxy += (std::log(h[i]) - mx) * (std::log(err[i]) - my);
    sxx += (std::log(h[i]) - mx) * (std::log(h[i]) - mx);
  }
  return sxy / sxx;
}

// The time of the k-th impact (1-based) of a run, and the steps until it.
double kthImpactTime(Simulation& sim, int k, long long maxSteps) {
  std::vector<double> times;
  for (long long i = 0; i < maxSteps && static_cast<int>(times.size()) < k; ++i) {
    REQUIRE(sim.step().status == StepStatus::Ok);
    for (const ImpactEvent& e : sim.impactLog()) times.push_back(e.t);
    sim.clearImpactLog();
  }
  REQUIRE(static_cast<int>(times.size()) >= k);
  return times[static_cast<size_t>(k - 1)];
}

// Mean over starting heights y0 ∈ [1, 1.5) (32 of them) of the k-th bounce time's error against the
// closed form t_k = (2k − 1) √(2 y0/g) (free fall, elastic floor). The mean over starts averages the
// error's dependence on where in its step each impact falls (docs/baselines.md "The naive baseline").
double meanBounceTimeError(const std::string& integrator, double h, int k) {
  constexpr int kStarts = 32;
  double sum = 0.0;
  for (int j = 0; j < kStarts; ++j) {
    const double y0 = 1.0 + 0.5 * j / kStarts;
    auto sim = create({{"case", "particle"}, {"integrator", integrator}, {"h", h}, {"q0", {0.0, y0}}});
    const double tk = (2 * k - 1) * std::sqrt(2.0 * y0 / g);
    sum += std::abs(kthImpactTime(*sim, k, std::llround(2.0 * tk / h) + 10) - tk);
  }
  return sum / kStarts;
}

}  // namespace

TEST_CASE("naive: the particle's bounce times are first order, the VCI's are second order", "[naive]") {
  const std::vector<double> hs = {0.01, 0.005, 0.0025, 0.00125};
  std::vector<double> naive1, naive2, vci1, vci2;
  for (double h : hs) {
    naive1.push_back(meanBounceTimeError("naive", h, 1));
    naive2.push_back(meanBounceTimeError("naive", h, 2));
    vci1.push_back(meanBounceTimeError("vci", h, 1));
    vci2.push_back(meanBounceTimeError("vci", h, 2));
    INFO("h " << h << ": naive " << naive1.back() << ", " << naive2.back() << "; vci " << vci1.back() << ", " << vci2.back());
    // The naive impact is seen at the end of the step that crosses the floor: never earlier than t_1,
    // later by less than a step (plus the O(h) drift of symplectic Euler's fall).
    CHECK(naive1.back() > 0.1 * h);
    CHECK(naive1.back() < h);
    // The VCI locates its first impact on Verlet's parabola, which is the exact one under linear
    // gravity: to round-off.
    CHECK(vci1.back() < 1e-13);
    CHECK(naive2.back() > 30.0 * vci2.back());
  }
  const double pNaive1 = fittedOrder(hs, naive1), pNaive2 = fittedOrder(hs, naive2), pVci2 = fittedOrder(hs, vci2);
  INFO("fitted orders: naive first bounce " << pNaive1 << ", second " << pNaive2 << "; vci second " << pVci2);
  CHECK(pNaive1 >= 0.8);  // measured 1.02
  CHECK(pNaive1 <= 1.2);
  CHECK(pNaive2 >= 0.8);  // measured 1.11: the energy the first bounce changed by O(h) delays the second
  CHECK(pNaive2 <= 1.4);
  CHECK(pVci2 >= 1.9);  // measured 1.98: the first impact changes H by m g² h² (1 − 2α)/8
}

TEST_CASE("naive: the particle's energy drifts over 10⁴ steps, the VCI's stays in its O(h²) band", "[naive]") {
  auto naive = create({{"case", "particle"}, {"integrator", "naive"}});
  auto vci = create({{"case", "particle"}});
  const double E0 = vci->energies().initial;
  REQUIRE(naive->energies().initial == E0);
  double vciBand = 0.0;
  for (int k = 0; k < 10000; ++k) {
    REQUIRE(naive->step().status == StepStatus::Ok);
    REQUIRE(vci->step().status == StepStatus::Ok);
    vciBand = std::max(vciBand, std::abs(vci->energies().energy - E0));
  }
  const double naiveDrift = std::abs(naive->energies().energy - E0) / E0;
  INFO("naive |E − E0|/E0 after 10^4 steps " << naiveDrift << " (" << naive->runStatus().impacts << " impacts); VCI max "
                                              << vciBand / E0 << " (" << vci->runStatus().impacts << " impacts)");
  // The VCI's bound is test_particle.cpp's: each impact changes H by m g² h² (1 − 2α)/8, the changes do
  // not accumulate, max |H − H0| ≤ 8 of them.
  CHECK(vciBand <= g * g * 0.01 * 0.01);
  CHECK(naiveDrift > 1e-4);
  CHECK(naiveDrift * E0 > 10.0 * vciBand);
  // Symplectic Euler keeps H̃ = H − (h/2) g p_y exactly in flight; the reflection p_y → −p_y changes it
  // by h g p_y < 0 at every bounce, the push-back returns only part of it: the energy falls.
  CHECK(naive->energies().energy < E0);
  CHECK(naive->extension<EnergyBalance>()->maxDiscreteEnergyMismatch() == 0.0);
}

TEST_CASE("naive: the billiard's reflection keeps |v| to round-off, but its bounce times err O(h)", "[naive]") {
  // Ellipse a = 2, b = 1, g = 0: the exact first bounce from q0 with velocity v is the root t1 > 0 of
  // ((q0x + t vx)/a)² + ((q0y + t vy)/b)² = 1.
  const std::vector<double> hs = {0.01, 0.005, 0.0025, 0.00125};
  std::vector<double> errNaive, errVci;
  for (double h : hs) {
    double sumNaive = 0.0, worstVci = 0.0;
    constexpr int kDirections = 32;
    for (int j = 0; j < kDirections; ++j) {
      const double th = 2.0 * M_PI * (j + 0.37) / kDirections;
      const double vx = std::cos(th), vy = std::sin(th), x0 = 0.5, y0 = 0.2, a = 2.0, b = 1.0;
      const double A = vx * vx / (a * a) + vy * vy / (b * b), B = 2.0 * (x0 * vx / (a * a) + y0 * vy / (b * b)),
                   C = x0 * x0 / (a * a) + y0 * y0 / (b * b) - 1.0;
      const double t1 = (-B + std::sqrt(B * B - 4.0 * A * C)) / (2.0 * A);
      for (const char* integrator : {"naive", "vci"}) {
        auto sim = create({{"case", "billiard-ellipse"}, {"integrator", integrator}, {"h", h}, {"v0", {vx, vy}}});
        const double err = std::abs(kthImpactTime(*sim, 1, std::llround(t1 / h) + 10) - t1);
        if (std::string(integrator) == "naive") {
          CHECK(err <= h);
          sumNaive += err;
        } else {
          worstVci = std::max(worstVci, err);
        }
      }
    }
    errNaive.push_back(sumNaive / kDirections);
    errVci.push_back(worstVci);
    INFO("h " << h << ": naive mean error " << errNaive.back() << ", VCI max " << worstVci);
    CHECK(worstVci < 1e-12);  // a straight line, its impact located by the root finder
  }
  const double p = fittedOrder(hs, errNaive);
  INFO("naive fitted order " << p);
  CHECK(p >= 0.8);
  CHECK(p <= 1.2);

  // |p| over a long run: the mirror p − 2 (n̂·p) n̂ is an isometry (M = m I), flight does not change p.
  auto sim = create({{"case", "billiard-ellipse"}, {"integrator", "naive"}});
  const double E0 = sim->energies().initial;
  double worst = 0.0;
  for (int k = 0; k < 10000; ++k) {
    REQUIRE(sim->step().status == StepStatus::Ok);
    worst = std::max(worst, std::abs(sim->energies().energy - E0));
  }
  INFO(sim->runStatus().impacts << " impacts, max |E − E0|/E0 " << worst / E0);
  CHECK(sim->runStatus().impacts > 40);
  CHECK(worst <= 1e-13 * E0);
}

TEST_CASE("naive: the rigid body (Case I) drifts in energy at impacts, tangential γ is kept exactly", "[naive]") {
  // Case I with a tangential momentum, so that the reflection has one to keep.
  const json base = {{"case", "I"}, {"gamma0", {1.0, -0.5, 0.0}}};
  json nj = base;
  nj["integrator"] = "naive";
  auto naive = create(nj);
  auto lgvci = create(base);
  REQUIRE(naive->info().integrator == "naive");
  const double E0 = naive->energies().initial;
  REQUIRE(lgvci->energies().initial == E0);
  const RecordLayout& L = naive->layout();
  const size_t gOff = static_cast<size_t>(L.field("gamma").offset), xOff = static_cast<size_t>(L.field("x").offset),
               lOff = static_cast<size_t>(L.field("spatial_L").offset);
  auto normalMomentum = [&](const std::vector<double>& r) {  // e3·(x × γ + RΠ) (claims notes: the plane's rotations)
    return r[xOff] * r[gOff + 1] - r[xOff + 1] * r[gOff] + r[lOff + 2];
  };
  const double Ln0 = normalMomentum(naive->record());
  double worstNaive = 0.0, worstLgvci = 0.0, worstLn = 0.0;
  for (int k = 0; k < 3000; ++k) {
    REQUIRE(naive->step().status == StepStatus::Ok);
    REQUIRE(lgvci->step().status == StepStatus::Ok);
    const std::vector<double> r = naive->record();
    REQUIRE(r[gOff] == 1.0);  // n = e3: gravity and the impulse are along e3, γ1 and γ2 untouched, bit for bit
    REQUIRE(r[gOff + 1] == -0.5);
    worstLn = std::max(worstLn, std::abs(normalMomentum(r) - Ln0));
    worstNaive = std::max(worstNaive, std::abs(naive->energies().energy - E0) / E0);
    worstLgvci = std::max(worstLgvci, std::abs(lgvci->energies().energy - E0) / E0);
  }
  INFO("impacts naive " << naive->runStatus().impacts << ", lgvci " << lgvci->runStatus().impacts << "; max |E − E0|/E0 naive "
                        << worstNaive << ", lgvci " << worstLgvci << "; normal angular momentum drift " << worstLn);
  CHECK(naive->runStatus().impacts >= 5);
  CHECK(worstNaive > 1e-3);
  CHECK(worstNaive > 1e6 * worstLgvci);
  // π = RΠ is constant in flight and the impulse's moment (r × j e3) has no e3 component; x × γ's e3
  // component is constant under gravity and the push-back along e3: kept to round-off.
  CHECK(worstLn <= 1e-12 * (1.0 + std::abs(Ln0)));
}

TEST_CASE("naive: a wrong integrator is refused naming \"integrator\"", "[naive]") {
  for (const json& bad : {json{{"case", "particle"}, {"integrator", 3}}, json{{"case", "particle"}, {"integrator", "rk4"}},
                          json{{"case", "I"}, {"integrator", "euler"}}, json{{"case", "billiard-ellipse"}, {"integrator", "lgvci"}},
                          json{{"case", "cradle"}, {"integrator", true}}, json{{"case", "IV"}, {"integrator", "vci"}}}) {
    const SimulationResult r = createSimulation(bad.dump());
    INFO(bad.dump() << " → " << r.error.message);
    CHECK_FALSE(r.ok());
    CHECK(r.error.field == "integrator");
  }
}

TEST_CASE("naive: every family's presets run 10³ steps finite, impacts logged at step ends, φ back to ≥ −O(h²)", "[naive]") {
  for (const FamilyInfo& f : families()) {
    if (std::find(f.capabilities.baselines.begin(), f.capabilities.baselines.end(), "naive") == f.capabilities.baselines.end())
      continue;
    for (const std::string& preset : f.presets) {
      json j = json::parse(f.presetJson(preset));
      j["integrator"] = "naive";
      auto sim = create(j);
      INFO(preset);
      REQUIRE(sim->info().integrator == "naive");
      REQUIRE(sim->info().family == f.name);
      const double h = sim->info().h;
      long long logged = 0, counted = 0;
      double worstPhi = 0.0;
      for (int k = 0; k < 1000; ++k) {
        const StepReport r = sim->step();
        REQUIRE(r.status == StepStatus::Ok);
        counted += r.impacts;
        for (const ImpactEvent& e : sim->impactLog()) {
          CHECK(e.t == sim->runStatus().time);
          ++logged;
        }
        sim->clearImpactLog();
        const std::vector<double> rec = sim->record();
        for (double v : rec) REQUIRE(std::isfinite(v));
        REQUIRE(std::isfinite(sim->energies().energy));
        worstPhi = std::min(worstPhi, sim->minPhi());
      }
      INFO("impacts " << sim->runStatus().impacts << ", min phi " << worstPhi << ", h² " << h * h);
      CHECK(sim->runStatus().steps == 1000);
      CHECK(sim->runStatus().flowEvaluations == 1000);
      CHECK(sim->runStatus().impacts == counted);
      CHECK(logged == counted);
      // One projection step leaves O(φ²) = O(h²) of a curved constraint (measured: the ellipse's 0.7 h²; 0
      // for planes and the rigid body's translation). The cradle's ball pairs share balls: pushing pair
      // i + 1 apart after pair i (in turn, once each) can reopen pair i by a fraction of the step's
      // approach, O(h) (measured 0.14 h), which the next step's reflection resolves.
      if (preset == "cradle") CHECK(worstPhi >= -0.5 * h);
      else CHECK(worstPhi >= -10.0 * h * h);
      // A clone continues bit for bit alike.
      auto twin = sim->clone();
      for (int k = 0; k < 50; ++k) {
        sim->step();
        twin->step();
      }
      CHECK(sim->stateHash() == twin->stateHash());
      // reset() starts over.
      sim->reset();
      CHECK(sim->runStatus().steps == 0);
      CHECK(sim->runStatus().impacts == 0);
      CHECK(sim->runStatus().time == json::parse(sim->configJson()).value("t0", 0.0));
      // The resolved config replays the naive run.
      CHECK(json::parse(sim->configJson())["integrator"] == "naive");
    }
  }
}

TEST_CASE("naive: a non-finite step halts the run with its message and keeps the last state", "[naive]") {
  // The particle under inverse-square gravity that falls through q_axis = −radius leaves V's domain: a
  // floor far below the potential's singularity is not reached before the symplectic Euler step fails.
  json j = {{"model", "generalized"},
            {"mass_matrix", {1.0}},
            {"potential", {{"type", "newtonian"}, {"axis", 0}, {"g", 9.81}, {"radius", 1.0}}},
            {"constraints", {{{"type", "linear"}, {"normal", {1.0}}, {"offset", 100.0}}}},
            {"q0", {0.5}},
            {"h", 0.05},
            {"integrator", "naive"}};
  auto sim = create(j);
  StepReport r;
  int k = 0;
  for (; k < 10000 && r.status == StepStatus::Ok; ++k) r = sim->step();
  INFO(sim->runStatus().message);
  REQUIRE(r.status == StepStatus::NewtonFailed);
  CHECK(sim->runStatus().halted);
  CHECK(sim->runStatus().message.find("symplectic Euler") != std::string::npos);
  const double t = sim->runStatus().time;
  CHECK(sim->step().status == StepStatus::NewtonFailed);
  CHECK(sim->runStatus().time == t);
  CHECK(std::isfinite(sim->energies().energy));
}

TEST_CASE("naive: the rigid body's twins and ensembles run the naive scheme from the perturbed start", "[naive]") {
  auto sim = create({{"case", "I"}, {"integrator", "naive"}});
  auto twin = sim->perturbedStart("position", 1e-6);
  REQUIRE(twin->info().integrator == "naive");
  CHECK(twin->runStatus().steps == 0);
  const size_t z = static_cast<size_t>(sim->layout().field("x").offset + 2);
  CHECK(twin->record()[z] == sim->record()[z] + 1e-6);
  for (int k = 0; k < 300; ++k) {
    REQUIRE(sim->step().status == StepStatus::Ok);
    REQUIRE(twin->step().status == StepStatus::Ok);
  }
  CHECK(json::parse(twin->configJson())["integrator"] == "naive");
  EnsembleSpec spec;
  spec.config = sim->configJson();
  spec.steps = 50;
  spec.samples = 2;
  spec.members = 2;
  CHECK_NOTHROW(Ensemble(spec));
}

TEST_CASE("naive golden determinism hashes after 10^4 steps of every preset (tests/golden/determinism.json \"naive\")", "[naive][golden]") {
  // The WASM suite checks the same hashes (tests/web/unit/golden.test.ts): native and WebAssembly agree
  // bit for bit on the baseline as on the variational schemes. Any change to its arithmetic changes them.
  std::ifstream in(std::string(LGVCI_SOURCE_DIR) + "/tests/golden/determinism.json");
  REQUIRE(in);
  const json golden = json::parse(in);
  const long long steps = golden["steps"].get<long long>();
  REQUIRE(golden["naive"].size() == golden["presets"].size() + 1);  // every preset and the comment
  for (const std::string& name : presetNames()) {
    INFO(name);
    REQUIRE(golden["naive"].contains(name));
    const json& want = golden["naive"][name];
    json config = json::parse(presetJson(name));
    config["integrator"] = "naive";
    auto sim = create(config);
    for (long long k = 0; k < steps; ++k) sim->step();
    INFO(sim->stateHashHex() << " after " << sim->runStatus().impacts << " impacts");
    CHECK(sim->runStatus().status == StepStatus::Ok);
    CHECK(sim->runStatus().time == want["t"].get<double>());
    CHECK(sim->runStatus().impacts == want["impacts"].get<long long>());
    CHECK(sim->stateHashHex() == want["hash"].get<std::string>());
  }
}

}  // namespace test_naive
