// Fetecau et al. §4.3, the four-point star bouncing on a floor: steps with several impacts ((78)–
// (79)) keep the body admissible, 1500 impacts with a bounded energy (Fig. 4), second order through
// a collision with a nonlinear gravity (Fig. 5), and a tip that dips under the floor and comes back
// out within one step is caught (docs/method.md "Impact detection inside a step").
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "lgvci/generalized/generalized.hpp"
#include "lgvci/lgvci.hpp"

namespace test_star {

using namespace lgvci;

namespace {

constexpr double kI = 29.0 / 192.0;  // m = L = 1

GeneralizedState runTo(GeneralizedDef def, double T, long long* impacts = nullptr) {
  HybridDriver<GeneralizedModel> d = makeGeneralizedDriver(def);
  const long long n = std::llround(T / def.integrator.h);
  for (long long k = 0; k < n; ++k) REQUIRE(d.step().status == StepStatus::Ok);
  if (impacts) *impacts = d.totalImpacts();
  return d.state();
}

}  // namespace

TEST_CASE("star: the preset is the paper's §4.3 set-up and φ is (81)", "[generalized][star]") {
  const GeneralizedDef d = generalizedPreset("star");
  CHECK(d.integrator.h == 0.005);
  CHECK(d.system.M(2, 2) == kI);
  CHECK(d.p0(0) == -2.0);
  CHECK(d.p0(2) == 5.0 * kI);
  CHECK(d.q0(1) == 3.5);
  GeneralizedModel model(d.system, d.contactTolerance);
  for (double th = -7.0; th <= 7.0; th += 0.01) {
    GeneralizedState s;
    s.q = VecX(3);
    s.q << 0.3, 1.2, th;
    CHECK(std::abs(model.phi(s) - (1.2 - 0.5 * (std::abs(std::sin(th)) + std::abs(std::cos(th))))) <= 1e-15);
  }
}

TEST_CASE("star: 1500 impacts, multi-impact steps stay admissible, E_d exact, energy bounded",
          "[generalized][star][slow]") {
  HybridDriver<GeneralizedModel> d = makeGeneralizedDriver(generalizedPreset("star"));
  const double H0 = d.model().hamiltonian(d.state());
  std::vector<double> err;
  double minPhi = INFINITY, maxMismatch = 0.0, minPhiAfterMulti = INFINITY, maxJumpErr = 0.0;
  const double h = d.settings().h, mg2 = 9.81 * 9.81;  // m = 1
  while (d.totalImpacts() < 1500) {
    const double t0 = d.state().t, H0step = d.model().hamiltonian(d.state());
    const StepReport r = d.step();
    REQUIRE(r.status == StepStatus::Ok);
    const GeneralizedState& s = d.state();
    if (r.impacts > 0) {
      // Every sub-step of an impact step carries the same E_d ((75a), (78a), (79a)); with a linear
      // potential E_d = H − m g² τ²/8 on an arc of length τ, so ΔH = (m g²/8)(τ_last² − τ_first²)
      // (notes §4.1), from the impact times alone.
      const double first = d.impactLog().front().t - t0, last = s.t - d.impactLog().back().t;
      const double dH = d.model().hamiltonian(s) - H0step;
      maxJumpErr = std::max(maxJumpErr, std::abs(dH - mg2 / 8.0 * (last * last - first * first)));
      REQUIRE(first >= 0.0);
      REQUIRE(last <= h);
    }
    REQUIRE(s.p(0) == -2.0);  // horizontal momentum: exact through every impact
    const double phi = d.model().phi(s);
    minPhi = std::min(minPhi, phi);
    if (r.impacts >= 2) minPhiAfterMulti = std::min(minPhiAfterMulti, phi);
    for (const auto& e : d.impactLog()) maxMismatch = std::max(maxMismatch, std::abs(e.energyMismatch) / H0);
    d.clearImpactLog();
    err.push_back(d.model().hamiltonian(s) - H0);
  }
  double maxErr = 0.0, band1 = 0.0;
  const size_t q = err.size() / 4;
  double mean1 = 0.0, mean4 = 0.0;
  for (size_t i = 0; i < err.size(); ++i) maxErr = std::max(maxErr, std::abs(err[i]));
  for (size_t i = 0; i < q; ++i) {
    band1 = std::max(band1, std::abs(err[i]));
    mean1 += err[i] / q;
    mean4 += err[err.size() - q + i] / q;
  }
  INFO("steps " << d.steps() << ", multi-impact steps " << d.multiImpactSteps() << ", min φ " << minPhi
                << ", max E_d mismatch " << maxMismatch << ", max |H − H0|/H0 " << maxErr / H0
                << ", quarter means " << mean1 << " → " << mean4 << ", max ΔH error " << maxJumpErr);
  CHECK(d.multiImpactSteps() >= 5);  // measured 22 and 30 in two realisations: tips on both sides hit within one step
  CHECK(minPhiAfterMulti >= 0.0);
  CHECK(minPhi >= 0.0);
  CHECK(maxMismatch <= 1e-13);
  CHECK(maxJumpErr <= 1e-12);  // measured 5.8e-14 over all 1478 impact steps
  // ΔH per impact is (m g²/8)(τ_last² − τ_first²), |·| ≤ m g² h²/8 ≈ 3.0e-4; measured max |H − H0| =
  // 2.7e-4 relative over 1500 impacts with libm's sin/cos and 1.8e-4 with the portable ones (the
  // trajectory is chaotic: one ulp gives another realisation). Bound: twice the larger. Drift: if the
  // jumps had a systematic sign, H would move by up to 1500 · m g² h²/8 ≈ 0.45; the last quarter's
  // mean differs from the first's by 5% of that at most (measured 0.3% and 1.0% in the two
  // realisations; a fluctuation band of a single realisation is not a robust yardstick).
  CHECK(maxErr / H0 <= 5.4e-4);
  CHECK(std::abs(mean4 - mean1) <= 0.05 * 1500.0 * mg2 * h * h / 8.0);
  CHECK(band1 > 0.0);
}

TEST_CASE("star: second order through one collision with a nonlinear (inverse-square) gravity",
          "[generalized][star]") {
  // Fig. 5 used "a nonlinear gravity to avoid the degeneracy of the exactly integrable linear
  // potential": V = m g R y/(R + y) with R = 10, so the force grows by 65% over the drop.
  GeneralizedDef def = generalizedPreset("star");
  def.system.V.kind = Potential::Kind::Newtonian;
  def.system.V.radius = 10.0;
  const double T = 1.3;  // the first impact is near t = 1.0, the second near 1.64
  def.integrator.h = 0.005 / 256.0;
  long long refImpacts = 0;
  const GeneralizedState ref = runTo(def, T, &refImpacts);
  REQUIRE(refImpacts == 1);
  std::vector<double> errs;
  for (int k = 0; k < 5; ++k) {
    def.integrator.h = 0.005 / std::pow(2.0, k);
    long long impacts = 0;
    const GeneralizedState s = runTo(def, T, &impacts);
    REQUIRE(impacts == 1);
    errs.push_back(std::max((s.q - ref.q).cwiseAbs().maxCoeff(), (s.p - ref.p).cwiseAbs().maxCoeff()));
  }
  // The impact step's error is O(h²) with a constant that depends on where in its step the impact
  // falls (α, erratic in h; cf. ΔH = m g² h² (1 − 2α)/8 for linear gravity), so successive ratios
  // scatter around 4 (measured orders 2.1, 2.7, 0.7, 2.5). What second order means here: err/h² stays
  // bounded (measured 1.2 … 3.1) while h shrinks 16-fold, and the fitted slope is near 2 (2.01).
  double lo = INFINITY, hi = 0.0;
  for (size_t k = 0; k < errs.size(); ++k) {
    const double h = 0.005 / std::pow(2.0, static_cast<double>(k));
    const double c = errs[k] / (h * h);
    INFO("h = 0.005/2^" << k << ": error " << errs[k] << ", error/h² " << c);
    CHECK(c <= 5.0);
    lo = std::min(lo, c);
    hi = std::max(hi, c);
  }
  CHECK(hi / lo <= 4.0);
  const double slope = std::log2(errs.front() / errs.back()) / static_cast<double>(errs.size() - 1);
  INFO("fitted order over 16x in h: " << slope);
  CHECK(slope > 1.6);
  CHECK(slope < 2.4);
}

TEST_CASE("star: a tip that dips under the floor and comes back out within one step is an impact",
          "[generalized][star][detection]") {
  // Tip (L/2, L/2) has height y + r sin(θ + π/4), r = L/√2, lowest at θ = −3π/4. Spinning at
  // ω = 50 rad/s it sweeps ±0.125 rad in a step of 0.005 s centred on that orientation: at both ends
  // of the step it is 3 mm above the floor, at mid-step 2 mm below.
  GeneralizedDef def = generalizedPreset("star");
  const double h = def.integrator.h, w = 50.0;
  def.q0 << 0.0, 0.705, -0.75 * M_PI - 0.5 * w * h;
  def.p0 << 0.0, 0.0, kI * w;
  HybridDriver<GeneralizedModel> d = makeGeneralizedDriver(def);
  const GeneralizedModel& model = d.model();
  // The end-of-step rule sees nothing: φ ≥ 0 after the trial step, yet φ < 0 at its middle.
  GeneralizedState end, mid;
  REQUIRE(verletFlow(model.inverseMass(), model.system().V, d.state(), h, end));
  REQUIRE(verletFlow(model.inverseMass(), model.system().V, d.state(), 0.5 * h, mid));
  CHECK(model.phi(end) > 2e-3);
  CHECK(model.phi(mid) < -1e-3);
  // The driver's detection inside the step (curvature bound + sampling) finds it.
  const StepReport r = d.step();
  REQUIRE(r.status == StepStatus::Ok);
  REQUIRE(r.impacts >= 1);
  const ImpactEvent& e = d.impactLog().front();
  CHECK(generalized_impact::constraint(e) == 0);
  CHECK(e.t > 0.0);
  CHECK(e.t < 0.5 * h);  // the tip reaches the floor before mid-step
  CHECK(std::abs(e.energyMismatch) <= 1e-13 * model.hamiltonian(d.state()));
  CHECK(model.phi(d.state()) >= 0.0);
  CHECK(d.state().t == h);
}

}  // namespace test_star
