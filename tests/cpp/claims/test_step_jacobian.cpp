// The exact step Jacobian (docs/jacobians.md): against central differences of the step in the
// family's canonical chart on flight, single-impact and multi-impact steps of every covered preset
// and both jumps; the run's tangent map keeps det = 1 and Dᵀ𝕁D = 𝕁 to round-off with the variational
// jump, and the energy jump's defect is O(h²) where the discrete energies of the sub-steps differ.
#include <Eigen/Dense>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "lgvci/claims/jacobian_check.hpp"
#include "lgvci/claims/symplecticity.hpp"
#include "lgvci/core/extensions.hpp"
#include "lgvci/core/jacobian.hpp"
#include "lgvci/core/simulation.hpp"
#include "make_simulation.hpp"

namespace test_step_jacobian {

using namespace lgvci;
using lgvci_test::makeSimulation;

namespace {

// Steps `sim` through `steps` steps, comparing the exact Jacobian with central differences
// (δ = kJacobianDifferenceStep = 1e-6, relative) on up to `perKind` steps of each kind (flight, one
// impulse, several); each comparison must agree to 1e-6 (max norm, relative to max |J|).
JacobianSurvey compareAlongRun(Simulation& sim, long long steps, int perKind) {
  return surveyStepJacobians(sim, steps, perKind, [&](long long k, const JacobianComparison& c) {
    INFO(sim.info().caseName << " step " << k << " (" << c.impacts << " impulses): relative disagreement " << c.disagreement);
    CHECK(c.disagreement < 1e-6);
  });
}

}  // namespace

TEST_CASE("the exact step Jacobian agrees with central differences on every covered preset", "[claims][jacobian]") {
  struct Case {
    std::string config;
    long long steps;
    bool flight, single, multi;  // the kinds of step the run must have compared
  };
  // A particle in a corner (y ≥ 0 and x ≥ 0): both walls in its first step, one after the other ((78)–(79)).
  const std::string corner = R"("constraints": [{"type": "linear", "normal": [0, 1]}, {"type": "linear", "normal": [1, 0]}], )"
                             R"("q0": [0.004, 0.006], "p0": [-1, -1])";
  const std::vector<Case> cases = {
      {R"({"case": "particle"})", 400, true, true, false},
      {R"({"case": "particle", "jump": "energy"})", 400, true, true, false},
      {R"({"case": "particle", )" + corner + "}", 1, false, false, true},
      {R"({"case": "particle", "jump": "energy", )" + corner + "}", 1, false, false, true},
      // A nonlinear potential: Verlet is not exact, the energy jump not symplectic.
      {R"({"case": "particle", "potential": {"type": "newtonian", "radius": 2}})", 400, true, true, false},
      {R"({"case": "particle", "potential": {"type": "newtonian", "radius": 2}, "jump": "energy"})", 400, true, true, false},
      {R"({"case": "star"})", 800, true, true, false},
      {R"({"case": "star", "jump": "energy"})", 800, true, true, false},
      {R"({"case": "billiard-ellipse"})", 800, true, true, false},
      {R"({"case": "billiard-ellipse", "jump": "energy"})", 800, true, true, false},
      {R"({"case": "billiard-stadium"})", 800, true, true, false},
      {R"({"case": "billiard-stadium", "jump": "energy"})", 800, true, true, false},
      // h longer than a crossing of the table: two walls in one step.
      {R"({"case": "billiard-ellipse", "h": 3})", 10, false, true, true},
      {R"({"case": "billiard-stadium", "h": 3, "jump": "energy"})", 10, false, true, true},
      // The cradle with its balls apart: one pair at a time, each link keeping H.
      {R"({"case": "cradle", "cradle": {"gap": 0.02}})", 300, true, true, false},
  };
  for (const Case& c : cases) {
    SECTION(c.config) {
      std::unique_ptr<Simulation> sim = makeSimulation(c.config);
      const JacobianSurvey got = compareAlongRun(*sim, c.steps, 3);
      INFO(c.config << ": " << got.flight << " flight, " << got.single << " single-impact, " << got.multi << " multi-impact steps, worst "
                    << got.worst << "; refused " << got.refused << " " << got.firstRefusal);
      CHECK(got.refused == 0);
      if (c.flight) CHECK(got.flight >= 1);
      if (c.single) CHECK(got.single >= 1);
      if (c.multi) CHECK(got.multi >= 1);
    }
  }
}

TEST_CASE("the cradle's contacts at once have no Jacobian but its flight steps have one", "[claims][jacobian]") {
  // Touching balls: a chain of impulses at one configuration. A perturbation separates the contacts in
  // time, and which side decides the derivative: the step is refused with that reason, never given a
  // wrong matrix. (Its flight steps cannot be differenced either: a perturbed angle of a resting ball
  // penetrates its neighbour.) The flight steps' exact Jacobians are symplectic.
  std::unique_ptr<Simulation> sim = makeSimulation(R"({"case": "cradle"})");
  const TangentMap flight = runTangentMap(*sim, 40);
  CHECK(sim->runStatus().impacts == 0);
  CHECK(std::abs(tangentDeterminant(flight) - 1.0) < 1e-13);
  CHECK(tangentSymplecticDefect(flight) < 1e-13);
  const JacobianSurvey got = compareAlongRun(*sim, 120, 3);
  INFO(got.firstRefusal);
  CHECK(got.refused >= 1);
  CHECK(got.firstRefusal.find("impulses at one configuration") != std::string::npos);
}

TEST_CASE("the run's tangent map is symplectic to round-off with the variational jump", "[claims][jacobian]") {
  for (const std::string config : {R"({"case": "particle", "potential": {"type": "newtonian", "radius": 2}})", R"({"case": "star"})",
                                   R"({"case": "billiard-stadium"})"}) {
    std::unique_ptr<Simulation> sim = makeSimulation(config);
    const TangentMap J = runTangentMap(*sim, 600);
    REQUIRE(sim->runStatus().impacts >= 1);
    // Relative to ‖D‖_F², the size of the products in det D and Dᵀ𝕁D: a sheared map's entries grow along
    // the run (the star's to 10⁵), and so does their rounding.
    double norm2 = 0.0;
    for (double v : J.matrix) norm2 += v * v;
    INFO(config << ": det − 1 = " << tangentDeterminant(J) - 1.0 << ", defect " << tangentSymplecticDefect(J) << ", |D|² " << norm2
                << " after " << sim->runStatus().impacts << " impacts");
    CHECK(std::abs(tangentDeterminant(J) - 1.0) < 1e-13 * std::max(1.0, norm2));
    CHECK(tangentSymplecticDefect(J) < 1e-13 * std::max(1.0, norm2));
  }
}

TEST_CASE("the energy jump's impact step: its exact defect is the 2-form dtau ^ d(E1 - E2)", "[claims][jacobian]") {
  // docs/symplecticity.md "The impact step": Φ*ω − ω = dτ ∧ d(E₁ − E₂), E₁ = E_d(z, τ) and E₂ = E_d(z̃⁺, h − τ)
  // the discrete energies of the sub-steps around the impact. The particle in the newtonian field (Verlet
  // is not exact there, so E_d − H varies along the run): the exact DᵀJD − J of the energy jump's impact
  // step against gτ gΔᵀ − gΔ gτᵀ with τ and Δ = E₁ − E₂ (the impact event's energy_mismatch is E₂ − E₁)
  // from the chart's perturbed runs, their gradients by central differences; the variational jump's
  // defect at round-off.
  for (const double h : {0.01, 0.0097, 0.009}) {
    for (const std::string jump : {"energy", "variational"}) {
      std::unique_ptr<Simulation> sim =
          makeSimulation(R"({"case": "particle", "potential": {"type": "newtonian", "radius": 2}, "jump": ")" + jump + R"(", "h": )" +
                         std::to_string(h) + "}");
      while (sim->clone()->step().impacts == 0) sim->step();
      const auto chart = sim->extension<PhaseSpaceChart>()->canonicalChart();
      const std::vector<double> z0 = chart->read(*sim);
      const double t0 = sim->runStatus().time;
      std::unique_ptr<Simulation> run = sim->clone();
      run->clearImpactLog();
      const TangentMap D = stepTangentMap(*run);
      REQUIRE(run->impactLog().size() == 1);
      const int d = D.dimension(), n = d / 2;
      Eigen::MatrixXd Dm(d, d), J = Eigen::MatrixXd::Zero(d, d);
      for (int i = 0; i < d; ++i)
        for (int j = 0; j < d; ++j) Dm(i, j) = D.at(i, j);
      J.topRightCorner(n, n).setIdentity();
      J.bottomLeftCorner(n, n) = -Eigen::MatrixXd::Identity(n, n);
      const Eigen::MatrixXd S = Dm.transpose() * J * Dm - J;
      Eigen::VectorXd gTau(d), gDelta(d);
      for (int j = 0; j < d; ++j) {
        const double dj = 1e-6 * std::max(1.0, std::abs(z0[static_cast<std::size_t>(j)]));
        double tau[2], delta[2];
        for (int side = 0; side < 2; ++side) {
          std::vector<double> z = z0;
          z[static_cast<std::size_t>(j)] += side == 0 ? dj : -dj;
          std::unique_ptr<Simulation> r = chart->start(z);
          REQUIRE(r->step().impacts == 1);
          tau[side] = r->impactLog().front().t - t0;
          delta[side] = -r->impactLog().front().energyMismatch;
        }
        gTau(j) = (tau[0] - tau[1]) / (2 * dj);
        gDelta(j) = (delta[0] - delta[1]) / (2 * dj);
      }
      const Eigen::MatrixXd W = gTau * gDelta.transpose() - gDelta * gTau.transpose();
      INFO("h = " << h << ", jump " << jump << ": exact defect " << S.norm() << ", the 2-form " << W.norm() << ", their difference "
                  << (S - W).norm());
      if (jump == "energy") {
        CHECK(S.norm() > 1e-6);
        CHECK((S - W).norm() < 1e-4 * S.norm());
      } else {
        CHECK(S.norm() < 1e-14 * std::max(1.0, Dm.squaredNorm()));
      }
    }
  }
}

TEST_CASE("the symplecticity claim's defect measure reports the exact defect beside the differenced one", "[claims][jacobian]") {
  // docs/symplecticity.md "The exact defect": every step of the first 400 of the particle in the newtonian
  // field. Where the differenced defect is at its floor, the exact one is at round-off; at the energy jump's
  // impact the two agree to the floor.
  for (const std::string jump : {"energy", "variational"}) {
    std::unique_ptr<Simulation> sim =
        makeSimulation(R"({"case": "particle", "potential": {"type": "newtonian", "radius": 2}, "jump": ")" + jump + R"("})");
    SymplecticityOptions o;
    o.measure = "defect";
    const SymplecticityReport r = measureSymplecticity(*sim, 400, 400, o);
    REQUIRE(r.exactDefect.size() == r.defect.size());
    int impacts = 0;
    for (std::size_t k = 0; k < r.defect.size(); ++k) {
      INFO(jump << " step " << r.sampleSteps[k] << ": differenced " << r.defect[k] << " (floor " << r.floor[k] << "), exact "
                << r.exactDefect[k]);
      if (r.impacts[k] > 0) ++impacts;
      if (jump == "variational" || r.impacts[k] == 0) {
        CHECK(r.exactDefect[k] < 1e-14);
      } else {
        CHECK(r.exactDefect[k] > 1e-6);
        CHECK(std::abs(r.defect[k] - r.exactDefect[k]) <= r.floor[k]);
      }
    }
    CHECK(impacts >= 2);
    CHECK(symplecticityJson(r).find("\"exact_defect\":[") != std::string::npos);
  }
}

TEST_CASE("Lyapunov exponents by the QR method: the particle's tend to zero, the stadium's are positive, in +/- pairs",
          "[claims][jacobian]") {
  // The particle bouncing on a floor is integrable: its exponents fall as log(t)/t (a shear's growth is
  // linear). The stadium is chaotic (Bunimovich): its largest exponent stays positive. Both symplectic:
  // Σλ = log det / t = 0 to round-off, and λ_i + λ_{2n+1−i} → 0 (at finite t within O(1/t)).
  auto spectrum = [](const std::string& config, long long steps) {
    std::unique_ptr<Simulation> sim = makeSimulation(config);
    return lyapunovExponents(*sim, steps);
  };
  const LyapunovSpectrum p1 = spectrum(R"({"case": "particle"})", 2000), p2 = spectrum(R"({"case": "particle"})", 16000);
  const LyapunovSpectrum s = spectrum(R"({"case": "billiard-stadium"})", 20000);
  INFO("particle: " << p1.exponents[0] << " (t = " << p1.t << "), " << p2.exponents[0] << " (t = " << p2.t
                    << "); stadium: " << s.exponents[0] << ", " << s.exponents[1] << ", " << s.exponents[2] << ", " << s.exponents[3]);
  CHECK(p2.exponents[0] < 0.5 * p1.exponents[0]);
  CHECK(p2.exponents[0] < 0.05);
  CHECK(s.exponents[0] > 0.2);
  CHECK(s.exponents[0] > 10 * p2.exponents[0]);
  for (const LyapunovSpectrum* l : {&p2, &s}) {
    const std::size_t d = l->exponents.size();
    double sum = 0.0;
    for (std::size_t i = 0; i < d; ++i) {
      sum += l->exponents[i];
      // Finite-time exponents pair up as the transient's log(…)/t fades: O(1/t).
      CHECK(std::abs(l->exponents[i] + l->exponents[d - 1 - i]) < 1.0 / (l->t - l->t0));
    }
    CHECK(std::abs(sum) < 1e-10);
  }
  CHECK(lyapunovJson(s).rfind(R"({"exponents":[)", 0) == 0);
}

TEST_CASE("the run's tangent map: identity for no steps, the coordinates of the chart, refusals", "[claims][jacobian]") {
  std::unique_ptr<Simulation> sim = makeSimulation(R"({"case": "star"})");
  const TangentMap none = runTangentMap(*sim, 0);
  REQUIRE(none.dimension() == 6);
  CHECK(none.coordinates == std::vector<std::string>{"x", "y", "theta", "p_x", "p_y", "p_theta"});
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) CHECK(none.at(i, j) == (i == j ? 1.0 : 0.0));
  // Stepping with the Jacobian takes the same steps as step(): the same state bits.
  std::unique_ptr<Simulation> plain = makeSimulation(R"({"case": "star"})");
  runTangentMap(*sim, 700);
  plain->step();
  for (int k = 1; k < 700; ++k) plain->step();
  CHECK(sim->stateHashHex() == plain->stateHashHex());
  CHECK(sim->runStatus().impacts == plain->runStatus().impacts);
  // The naive baseline has none.
  std::unique_ptr<Simulation> naive = makeSimulation(R"({"case": "particle", "integrator": "naive"})");
  CHECK_THROWS_AS(runTangentMap(*naive, 1), InvalidInput);
  CHECK_THROWS_AS(runTangentMap(*sim, -1), InvalidInput);
  const std::string json = tangentMapJson(none);
  CHECK(json.rfind(R"({"coordinates":["x","y","theta","p_x","p_y","p_theta"],"matrix":[[1.0,0.0,)", 0) == 0);
}

}  // namespace test_step_jacobian
