// The variational jump (docs/rigid-body.md "The variational jump", docs/symplecticity.md "The impact step"):
// the discrete energy E_d (5.12) in its cancellation-free form; the impact step "flow τ, jump, flow h − τ"
// has Φ*ω − ω = dτ ∧ d(E₁ − E₂), which the energy jump (Corollary 4.4) leaves O(h²) and the variational
// jump (5.16a) makes zero; (5.19a) at several impacts in a step; restitution, grazing impacts, the
// contact phase; the default ("jump": "energy") keeps the paper's bits.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lgvci/core/extensions.hpp"
#include "lgvci/claims/symplecticity.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/core/work.hpp"
#include "lgvci/rigid_body/variational_jump.hpp"
#include "make_simulation.hpp"
#include "rigid_test_support.hpp"

namespace test_variational_jump {

using namespace lgvci;
using namespace lgvci_test;

namespace {

Mat3 nonstandard(const Mat3& J) { return 0.5 * J.trace() * Mat3::Identity() - J; }  // J_d

// The state behind a run's record (the charts restart runs as Simulations).
RigidBodyState stateOf(const Simulation& run) {
  const std::vector<double> r = run.record();
  const RecordLayout& L = run.layout();
  auto at = [&](const char* name, int k) { return r[static_cast<size_t>(L.field(name).offset + k)]; };
  RigidBodyState s;
  s.t = at("t", 0);
  for (int i = 0; i < 3; ++i) {
    s.x(i) = at("x", i);
    s.gamma(i) = at("gamma", i);
    s.Pi(i) = at("Pi", i);
    for (int j = 0; j < 3; ++j) s.R(i, j) = at("R", 3 * i + j);
  }
  return s;
}

// The pieces of a run's system, built from its def as the integrator builds them.
struct Pieces {
  RigidBodySystem sys;
  Mat3 Jinv;
  Retraction retraction;
  double e;
  DiscreteFlow flow;
  explicit Pieces(const RigidBodyDef& d)
      : sys(makeSystem(d)), Jinv(sys.mass.J.inverse()), retraction(d.integrator.retraction), e(d.integrator.restitution),
        flow(sys.mass, sys.gravity, d.integrator.retraction, 1e-15) {}
  double Ed(const RigidBodyState& z, double s) const { return discreteEnergy(z, s, sys.mass, Jinv, sys.gravity, retraction); }
  RigidBodyState flowed(const RigidBodyState& z, double s) const {
    RigidBodyState out;
    REQUIRE(flow.step(z, s, out));
    return out;
  }
  double phi(const RigidBodyState& z) const { return collisionFunction(*sys.body, sys.plane, z.x, z.R); }
};

// One step of h from a flight state with one impact in it, from the pieces alone (not the driver):
// τ by bisection on Φ(flow(z, τ)) to the admissible side within 2⁻⁶⁰ h, Corollary 4.4's jump at the
// closest point, E₁ = E_d(z, τ), E₂ = E_d(z̃⁺, h − τ). With `variational` the multiplier of (5.16a) instead.
struct ImpactStep {
  double tau = 0.0, E1 = 0.0, E2 = 0.0, lambda = 0.0, dissipated = 0.0;
  RigidBodyState after;
};
ImpactStep impactStep(const Pieces& P, const RigidBodyState& z, double h, bool variational = false) {
  double a = 0.0, b = h;
  REQUIRE(P.phi(P.flowed(z, b)) < 0.0);
  for (int k = 0; k < 64 && b - a > 0.0; ++k) {
    const double m = 0.5 * (a + b);
    if (m <= a || m >= b) break;
    (P.phi(P.flowed(z, m)) >= 0.0 ? a : b) = m;
  }
  ImpactStep r;
  r.tau = a;
  RigidBodyState zt = P.flowed(z, a);
  const ContactPoint cp = closestPoint(*P.sys.body, P.sys.plane, zt.x, zt.R);
  const Vec3& n = P.sys.plane.normal();
  const JumpResult j = jumpMap(n, cp.chi, zt.gamma, zt.Pi, P.sys.mass.mass, P.Jinv, P.e);
  r.E1 = P.Ed(z, a);
  r.lambda = j.lambda;
  r.dissipated = j.dissipated;
  if (variational) {
    const DiscreteBalanceJump v = solveDiscreteBalance(zt, n, cp.chi, h - a, r.E1 - j.dissipated, j.lambda, P.sys.mass, P.Jinv,
                                                       P.sys.gravity, P.retraction);
    REQUIRE(v.ok);
    r.lambda = v.lambda;
  }
  zt.gamma += r.lambda * n;
  zt.Pi += r.lambda * cp.chi;
  r.E2 = P.Ed(zt, h - a);
  r.after = P.flowed(zt, h - a);
  return r;
}

// Replays a driver step from its start z0 to tEnd with the impulses it logged (times, multipliers, body
// points; a chain's links share one time): the discrete energy E_d of each arc between impacts, the ΔE
// of each instant, and the end state.
struct Replay {
  std::vector<double> arcEnergy, lost;
  RigidBodyState end;
};
Replay replay(const Pieces& P, RigidBodyState z, double tEnd, const std::vector<ImpactEvent>& log) {
  Replay r;
  const Vec3& n = P.sys.plane.normal();
  size_t i = 0;
  while (i < log.size()) {
    const double t = log[i].t;
    r.arcEnergy.push_back(P.Ed(z, t - z.t));
    z = P.flowed(z, t - z.t);
    z.t = t;
    double lost = 0.0;
    for (; i < log.size() && log[i].t == t; ++i) {
      const Vec3 chi = rigid_impact::bodyPoint(log[i]).cross(z.R.transpose() * n);
      z.gamma += log[i].lambda * n;
      z.Pi += log[i].lambda * chi;
      lost += log[i].dissipated;
    }
    r.lost.push_back(lost);
  }
  r.arcEnergy.push_back(P.Ed(z, tEnd - z.t));
  r.end = P.flowed(z, tEnd - z.t);
  return r;
}

std::string caseI(double h, const char* jump, double e = 1.0) {
  return concat(R"({"case": "I", "h": )", h, R"(, "jump": ")", jump, R"(", "restitution": )", e, "}");
}

// Steps until the run's first impact step: the run is left at the start of that step.
void toFirstImpactStep(Simulation& sim, long long limit) {
  for (long long k = 0; k < limit; ++k) {
    if (sim.clone()->step().impacts > 0) return;
    sim.step();
    sim.clearImpactLog();
  }
  FAIL("no impact within " << limit << " steps");
}

// ‖dτ ∧ dΔ‖_F in the run's chart at its state, Δ = E₁ − E₂ of the energy jump, both from impactStep at
// z ± δ_j e_j (central differences with the defect's own steps δ_j = δ max(1, |z_j|)).
double predictedDefect(const Pieces& P, const Simulation& run, double h, double delta) {
  const auto chart = run.extension<PhaseSpaceChart>()->canonicalChart();
  const std::vector<double> z0 = chart->read(run);
  const int m = static_cast<int>(z0.size());
  Eigen::VectorXd dtau(m), ddelta(m);
  for (int j = 0; j < m; ++j) {
    const double dj = delta * std::max(1.0, std::abs(z0[static_cast<size_t>(j)]));
    double tau[2], dd[2];
    for (int s = 0; s < 2; ++s) {
      std::vector<double> z = z0;
      z[static_cast<size_t>(j)] += s == 0 ? dj : -dj;
      const ImpactStep st = impactStep(P, stateOf(*chart->start(z)), h);
      tau[s] = st.tau;
      dd[s] = st.E1 - st.E2;
    }
    dtau(j) = (tau[0] - tau[1]) / (2.0 * dj);
    ddelta(j) = (dd[0] - dd[1]) / (2.0 * dj);
  }
  return (dtau * ddelta.transpose() - ddelta * dtau.transpose()).norm();
}

// DΦ of one step of `run` in `chart` by Richardson's extrapolation of central differences D(δ) (steps
// δ_j = δ max(1, |z_j|), as stepDefect's): D(δ) = DΦ + c₂δ² + c₄δ⁴ + …, so (4D(δ/2) − D(δ))/3 cancels δ²
// and (16R(δ/2) − R(δ))/15 then δ⁴: sixth order, which lets δ be large enough that the step's rounding,
// divided by δ, stays near ε‖DΦ‖. Every perturbed start must keep the step's impact count (the
// map is smooth only on the set where it does).
Eigen::MatrixXd extrapolatedJacobian(const Simulation& run, double delta) {
  const auto chart = run.extension<PhaseSpaceChart>()->canonicalChart();
  const std::vector<double> z0 = chart->read(run);
  const int m = static_cast<int>(z0.size());
  const int impacts = run.clone()->step().impacts;
  auto central = [&](double d) {
    Eigen::MatrixXd D(m, m);
    for (int j = 0; j < m; ++j) {
      const double dj = d * std::max(1.0, std::abs(z0[static_cast<size_t>(j)]));
      std::vector<double> zp = z0, zm = z0;
      zp[static_cast<size_t>(j)] += dj;
      zm[static_cast<size_t>(j)] -= dj;
      auto a = chart->start(zp);
      auto b = chart->start(zm);
      REQUIRE(a->step().impacts == impacts);
      REQUIRE(b->step().impacts == impacts);
      const std::vector<double> ya = chart->read(*a), yb = chart->read(*b);
      for (int i = 0; i < m; ++i) D(i, j) = (ya[static_cast<size_t>(i)] - yb[static_cast<size_t>(i)]) / (2.0 * dj);
    }
    return D;
  };
  const Eigen::MatrixXd D1 = central(delta), D2 = central(0.5 * delta), D4 = central(0.25 * delta);
  const Eigen::MatrixXd R1 = (4.0 * D2 - D1) / 3.0, R2 = (4.0 * D4 - D2) / 3.0;
  return (16.0 * R2 - R1) / 15.0;
}

double symplecticDefect(const Eigen::MatrixXd& D) {  // ‖Dᵀ𝕁D − 𝕁‖_F
  const int m = static_cast<int>(D.rows()), n = m / 2;
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(m, m);
  J.topRightCorner(n, n) = Eigen::MatrixXd::Identity(n, n);
  J.bottomLeftCorner(n, n) = -Eigen::MatrixXd::Identity(n, n);
  return (D.transpose() * J * D - J).norm();
}

}  // namespace

TEST_CASE("variational jump: E_d's rotational term without cancellation equals tr((I − F)J_d)/s² and tends to ½ΠᵀJ⁻¹Π", "[rigid][jump]") {
  Rng rng(5161);
  for (int k = 0; k < 200; ++k) {
    const Mat3 J = randomInertia(rng), Jinv = J.inverse(), Jd = nonstandard(J);
    const Vec3 Pi = randomVec(rng, 3.0);
    const double T = 0.5 * Pi.dot(Jinv * Pi);
    for (Retraction r : {Retraction::Cayley, Retraction::Exponential}) {
      INFO("case " << k << (r == Retraction::Cayley ? " cayley" : " exp"));
      // At s = 0.1 the naive trace loses ~ε/s² = 2e-14 of T: the two forms agree to that.
      const double s = 0.1;
      const NewtonResult F = solveImplicit(s * Pi, J, r, 1e-15);
      REQUIRE(F.converged);
      const double naive = (Mat3::Identity() - F.F).cwiseProduct(Jd.transpose()).sum() / (s * s);  // tr((I − F)J_d)/s²
      CHECK(rotationalDiscreteEnergy(Pi, s, J, Jinv, r) == Approx(naive).epsilon(1e-12));
      // E_rot(s) = T + c s² + O(s⁴): c from s = 1e-2 predicts s = 1e-6 to ~1e-8 c s²; the naive trace would be
      // off there by ~ε/s² = 2e-4 (relative to T ~ 1), this form by the rounding of Newton's f (~ε cond J).
      const double c = (rotationalDiscreteEnergy(Pi, 1e-2, J, Jinv, r) - T) / 1e-4;
      CHECK(std::abs(rotationalDiscreteEnergy(Pi, 1e-6, J, Jinv, r) - (T + c * 1e-12)) <= 1e-13 * T + 1e-15);
      CHECK(rotationalDiscreteEnergy(Pi, 0.0, J, Jinv, r) == T);
    }
  }
}

TEST_CASE("variational jump: E_d(z, s) is (5.12) of the flow's own step, and H at s = 0", "[rigid][jump]") {
  const Pieces P(paperCase("I"));
  RigidBodyState z = paperCase("I").initial;
  z.Pi = Vec3(1.0, -2.0, 3.0);
  z.gamma = Vec3(0.3, -0.1, 2.0);
  const double m = P.sys.mass.mass, g = P.sys.gravity, s = 0.05;
  const RigidBodyState z1 = P.flowed(z, s);
  const NewtonResult F = solveImplicit(s * z.Pi, P.sys.mass.J, Retraction::Cayley, 1e-15);
  const double naive = 0.5 * m * (z1.x - z.x).squaredNorm() / (s * s) +
                       (Mat3::Identity() - F.F).cwiseProduct(nonstandard(P.sys.mass.J).transpose()).sum() / (s * s) +
                       0.5 * m * g * (z1.x.z() + z.x.z());
  CHECK(P.Ed(z, s) == Approx(naive).epsilon(1e-13));
  CHECK(P.Ed(z, 0.0) == Approx(totalEnergy(z, m, P.sys.mass.J, g)).epsilon(1e-15));
}

TEST_CASE("variational jump: the energy jump's impact-step defect is dτ ∧ d(E₁ − E₂), the variational jump's is at the differencing floor", "[rigid][jump][symplecticity]") {
  // Case I's first impact (t ≈ 2.65). The defect of symplecticity.cpp (central differences of the
  // driver's step in the chart) against the 2-form from τ and E₁ − E₂ of impactStep at the same
  // perturbed starts (docs/symplecticity.md "The impact step").
  for (double h : {0.01, 0.0097, 0.009}) {
    INFO("h = " << h);
    auto energy = makeSimulation(caseI(h, "energy"));
    toFirstImpactStep(*energy, 1000);
    const Pieces P(parseConfig(energy->configJson()));
    const StepDefect d = stepDefect(*energy, *energy->extension<PhaseSpaceChart>()->canonicalChart(), 1e-5);
    REQUIRE(d.impacts == 1);
    const double predicted = predictedDefect(P, *energy, h, 1e-5);
    const ImpactStep st = impactStep(P, stateOf(*energy), h);
    INFO("energy jump: defect " << d.defect << ", floor " << d.floor << ", predicted " << predicted << ", E1 - E2 " << st.E1 - st.E2
                                << ", (1 - alpha) h " << h - st.tau);
    CHECK(d.defect > 1e3 * d.floor);
    CHECK(std::abs(d.defect - predicted) <= 1e-3 * d.defect);
    CHECK(std::abs(st.E1 - st.E2) > 1e-5);  // Corollary 4.4's λ does not satisfy (5.13b)/(5.16a)

    auto variational = makeSimulation(caseI(h, "variational"));
    toFirstImpactStep(*variational, 1000);
    REQUIRE(stateOf(*variational).t == stateOf(*energy).t);  // the same flight up to the impact step
    const StepDefect v = stepDefect(*variational, *variational->extension<PhaseSpaceChart>()->canonicalChart(), 1e-5);
    REQUIRE(v.impacts == 1);
    INFO("variational jump: defect " << v.defect << ", floor " << v.floor);
    CHECK(v.defect <= 2.0 * v.floor);
    CHECK(v.defect < 1e-3 * d.defect);
    // The step the driver took is the one of the pieces with (5.16a)'s λ.
    const ImpactStep sv = impactStep(P, stateOf(*variational), h, true);
    CHECK(std::abs(sv.E1 - sv.E2) <= 1e-13 * std::abs(sv.E1));
    variational->step();
    const RigidBodyState end = stateOf(*variational);
    CHECK((end.gamma - sv.after.gamma).norm() <= 1e-10 * end.gamma.norm());
    CHECK((end.Pi - sv.after.Pi).norm() <= 1e-10 * end.Pi.norm());
  }
}

TEST_CASE("variational jump: the impact step is symplectic to round-off under sixth-order differences, the energy jump's is not", "[rigid][jump][symplecticity]") {
  // The differencing floor of stepDefect (central differences, δ = 10⁻⁵: ~10⁻⁷ here) hides anything
  // smaller; extrapolated to sixth order (δ = 3·10⁻³) the variational jump's defect falls to the round-off
  // of DΦᵀ𝕁DΦ, a few ε‖DΦ‖_F² (‖DΦ‖_F ≈ 130 at Case I's first impact, ε‖DΦ‖² ≈ 4·10⁻¹²; it grows as δ
  // shrinks, the step's rounding over δ), at a dyadic h and at two others, while the energy jump's stays
  // dτ ∧ d(E₁ − E₂) (docs/symplecticity.md "The impact step").
  constexpr double eps = std::numeric_limits<double>::epsilon();
  for (double h : {0.01, 0.0097, 0.009}) {
    INFO("h = " << h);
    auto energy = makeSimulation(caseI(h, "energy"));
    toFirstImpactStep(*energy, 1000);
    auto variational = makeSimulation(caseI(h, "variational"));
    toFirstImpactStep(*variational, 1000);
    REQUIRE(variational->clone()->step().impacts == 1);
    const Eigen::MatrixXd De = extrapolatedJacobian(*energy, 3e-3), Dv = extrapolatedJacobian(*variational, 3e-3);
    const double de = symplecticDefect(De), dv = symplecticDefect(Dv), roundoff = eps * Dv.squaredNorm();
    const StepDefect central = stepDefect(*energy, *energy->extension<PhaseSpaceChart>()->canonicalChart(), 1e-5);
    INFO("energy jump " << de << " (central differences " << central.defect << "), variational jump " << dv << ", eps |DPhi|^2 " << roundoff);
    CHECK(dv <= 50.0 * roundoff);
    // Rounding, not truncation: ten times smaller steps give a larger value.
    CHECK(symplecticDefect(extrapolatedJacobian(*variational, 3e-4)) > 2.0 * dv);
    CHECK(std::abs(de - central.defect) <= 1e-3 * de);  // the same 2-form, measured either way
    CHECK(de > 1e6 * dv);
  }
}

TEST_CASE("variational jump: every arc of an impact step has the first arc's E_d, at one impact and at several ((5.16a), (5.19a))", "[rigid][jump]") {
  // Case IV's cube: several corner impacts in a step now and then (steps 1998 and 12254 of 2·10⁴), each
  // step replayed from its start with the logged impulses. Every step starts at t = 0 (the dynamics do
  // not depend on t): the logged times are then the sub-steps themselves, not their sums with t ≈ 100,
  // whose rounding (ulp(100) = 1.4e-14 s) would turn Π (|Π| ≈ 20, spinning at 10 rad/s) and move E_d by 1e-11.
  RigidBodyDef def = paperCase("IV");
  def.integrator.jump = JumpKind::Variational;
  const Pieces P(def);
  HybridIntegrator sim = makeIntegrator(def);
  int single = 0, several = 0;
  double worst = 0.0;
  for (long long k = 0; k < 20000; ++k) {
    RigidBodyState start = sim.state();
    start.t = 0.0;
    sim.setState(start);
    sim.step();
    REQUIRE_FALSE(sim.halted());
    const std::vector<ImpactEvent> log = sim.impactLog();
    sim.clearImpactLog();
    if (log.empty() || start.contact.count > 0 || sim.state().contact.count > 0) continue;
    bool balanced = true;
    for (const ImpactEvent& e : log) balanced = balanced && rigid_impact::jump(e) == rigid_impact::JumpUsed::DiscreteBalance;
    REQUIRE(balanced);
    const Replay r = replay(P, start, sim.state().t, log);
    for (size_t i = 0; i + 1 < r.arcEnergy.size(); ++i)
      worst = std::max(worst, std::abs(r.arcEnergy[i + 1] - (r.arcEnergy[i] - r.lost[i])) / std::abs(r.arcEnergy[0]));
    CHECK((r.end.x - sim.state().x).norm() <= 1e-12 * (1.0 + sim.state().x.norm()));
    CHECK((r.end.Pi - sim.state().Pi).norm() <= 1e-11 * (1.0 + sim.state().Pi.norm()));
    (r.arcEnergy.size() > 2 ? several : single) += 1;
  }
  INFO("single-impact steps " << single << ", several " << several << ", worst |ΔE_d|/E_d " << worst);
  CHECK(single > 100);
  CHECK(several >= 2);
  CHECK(worst <= 1e-14);
}

TEST_CASE("variational jump: with restitution e the post-impact arc has E_d less ΔE = (1 − e²)½v_n²/a, and v_n⁺ + e v_n = O(s²)", "[rigid][jump][restitution]") {
  // Case I with e = 0.8, its first impact step replayed.
  RigidBodyDef d = paperCase("I");
  d.integrator.restitution = 0.8;
  d.integrator.jump = JumpKind::Variational;
  const Pieces P(d);
  HybridIntegrator sim = makeIntegrator(d);
  RigidBodyState start = sim.state();
  while (sim.impactLog().empty()) {
    start = sim.state();
    sim.step();
  }
  const std::vector<ImpactEvent> log = sim.impactLog();
  REQUIRE(log.size() == 1);
  CHECK(rigid_impact::jump(log[0]) == rigid_impact::JumpUsed::DiscreteBalance);
  const Replay r = replay(P, start, sim.state().t, log);
  REQUIRE(r.arcEnergy.size() == 2);
  CHECK(r.lost[0] > 0.0);
  CHECK(std::abs(r.arcEnergy[1] - (r.arcEnergy[0] - r.lost[0])) <= 1e-13 * std::abs(r.arcEnergy[0]));
  // The same ΔE as Corollary 4.4's: (1 − e²)½v_n²/a at the impact configuration, pre-impact momenta.
  const RigidBodyState zt = P.flowed(start, log[0].t - start.t);
  const Vec3& n = P.sys.plane.normal();
  const double m = P.sys.mass.mass;
  auto normal = [&](const RigidBodyState& z, const ImpactEvent& e, double& a) {
    const Vec3 chi = rigid_impact::bodyPoint(e).cross(z.R.transpose() * n);
    a = 1.0 / m + chi.dot(P.Jinv * chi);
    return normalVelocity(n, chi, z.gamma, z.Pi, m, P.Jinv);
  };
  double a = 0.0;
  const double vn = normal(zt, log[0], a);
  CHECK(log[0].dissipated == Approx((1.0 - 0.64) * 0.5 * vn * vn / a).epsilon(1e-13));
  // O(s²): steps of 2s whose impact is this configuration at s (the start Ψ₋ₛ(z̃), flown back): the
  // contact point's normal velocity after the jump is −e v_n + O(s²), 4× closer for each halving of s.
  std::vector<double> gap;
  for (double s : {4e-3, 2e-3, 1e-3, 5e-4}) {
    RigidBodyDef ds = d;
    ds.integrator.h = 2.0 * s;
    ds.initial = P.flowed(zt, -s);
    ds.initial.t = 0.0;
    HybridIntegrator one = makeIntegrator(ds);
    one.step();
    REQUIRE(one.impactLog().size() == 1);
    const ImpactEvent& e = one.impactLog()[0];
    CHECK(e.t == Approx(s).epsilon(1e-9));
    double as = 0.0;
    const double v = normal(P.flowed(ds.initial, e.t), e, as);
    gap.push_back(std::abs(v + as * e.lambda + 0.8 * v) / std::abs(v));
  }
  INFO("|v_n+ + e v_n|/|v_n| at s = 4e-3, 2e-3, 1e-3, 5e-4: " << gap[0] << ", " << gap[1] << ", " << gap[2] << ", " << gap[3]);
  for (size_t k = 0; k + 1 < gap.size(); ++k) {
    CHECK(gap[k] / gap[k + 1] > 3.5);
    CHECK(gap[k] / gap[k + 1] < 4.5);
  }
}

TEST_CASE("variational jump: a grazing impact without a bounce root keeps Corollary 4.4's impulse and says so", "[rigid][jump]") {
  // A ball spinning at 50 rad/s about the vertical dropped 0.1 mm: at impact |v_n| = 0.044 m/s, whose
  // ½v_n²/a = 1e-3 J cannot absorb the O(h²) gap between the rotational discrete energies of the two
  // sub-steps, (s₂² − s₁²)|Π|⁴/(8j³) ≈ 3 J for the impact at α ≈ 0.45 of its step (docs/rigid-body.md).
  RigidBodyDef d = ballDrop(1e-4, 1.0);
  d.initial.Pi = Vec3(0.0, 0.0, 20.0);  // j = 0.4
  RigidBodyDef e = d;
  d.integrator.jump = JumpKind::Variational;
  HybridIntegrator var = makeIntegrator(d), en = makeIntegrator(e);
  var.step();
  en.step();
  REQUIRE(var.impactLog().size() == 1);
  const ImpactEvent& ev = var.impactLog()[0];
  CHECK(rigid_impact::jump(ev) == rigid_impact::JumpUsed::NoBounceRoot);
  CHECK(var.jumpFallbacksNoRoot() == 1);
  CHECK(std::abs(ev.energyMismatch) > 0.1);  // what Corollary 4.4 leaves of (5.16a)
  CHECK(sameState(var.state(), en.state()));  // Corollary 4.4's step, bit for bit
  auto sim = makeSimulation(R"({"body": {"type": "ellipsoid", "semi_axes": [1, 1, 1]}, "x0": [0, 0, 1.0001], "Pi0": [0, 0, 20],)"
                            R"( "jump": "variational"})");
  sim->step();
  CHECK(sim->counter("jump_fallbacks_no_root") == 1);
  CHECK(sim->counter("jump_fallbacks_contact") == 0);
  CHECK(sim->extension<EnergyBalance>()->maxDiscreteEnergyMismatch() > 1e-3);
}

TEST_CASE("variational jump: the contact phase is the energy jump's: entry, rest, and impacts after a contact step", "[rigid][jump][contact]") {
  // At rest: the plastic entry needs no sub-step, so the run is the default's bit for bit.
  for (const char* preset : {"rest", "slide"}) {
    auto a = makeSimulation(concat(R"({"case": ")", preset, R"("})"));
    auto b = makeSimulation(concat(R"({"case": ")", preset, R"(", "jump": "variational"})"));
    for (int k = 0; k < 2000; ++k) {
      a->step();
      b->step();
    }
    CHECK(a->stateHashHex() == b->stateHashHex());
  }
  // Case IV with e = 0.5 settles into contact and its corners hit the plane while it rocks: those
  // impacts follow a contact step and keep Corollary 4.4's impulse, counted.
  RigidBodyDef d = paperCase("IV");
  d.integrator.restitution = 0.5;
  d.integrator.jump = JumpKind::Variational;
  HybridIntegrator sim = makeIntegrator(d);
  long long afterContact = 0, balanced = 0, plastic = 0;
  for (int k = 0; k < 20000; ++k) {
    sim.step();
    REQUIRE_FALSE(sim.halted());
    for (const ImpactEvent& e : sim.impactLog()) {
      afterContact += rigid_impact::jump(e) == rigid_impact::JumpUsed::AfterContactStep;
      balanced += rigid_impact::jump(e) == rigid_impact::JumpUsed::DiscreteBalance;
      plastic += rigid_impact::jump(e) == rigid_impact::JumpUsed::Plastic;
    }
    sim.clearImpactLog();
  }
  INFO("balanced " << balanced << ", plastic " << plastic << ", after a contact step " << afterContact << ", entries "
                   << sim.contactEntries());
  CHECK(balanced > 0);
  CHECK(sim.contactEntries() >= 1);
  CHECK(plastic >= sim.contactEntries());
  CHECK(sim.jumpFallbacksAfterContact() == afterContact);
  CHECK(std::abs(sim.energy().total + sim.dissipated() - sim.energyOf(sim.initialState()).total) <=
        1e-2 * sim.energyOf(sim.initialState()).total);
}

TEST_CASE("variational jump: hard impacts are sub-divided as with the energy jump", "[rigid][jump][subdivision]") {
  // docs/rigid-body.md "Hard impacts": the cube thrown down at 1000 m/s spins beyond (5.9c)'s reach after
  // its impacts; the pending jump is solved for the first sub-step.
  auto sim = makeSimulation(R"({"case": "IV", "gamma0": [0, 0, -1000], "jump": "variational"})");
  for (int k = 0; k < 10; ++k) sim->step();
  CHECK_FALSE(sim->runStatus().halted);
  CHECK(sim->runStatus().time == Approx(0.1).epsilon(1e-15));
  CHECK(sim->counter("subdivided_steps") >= 1);
  CHECK(sim->runStatus().impacts >= 1);
  CHECK(sim->extension<EnergyBalance>()->maxDiscreteEnergyMismatch() <= 1e-13);
}

TEST_CASE("variational jump: the default is the energy jump, bit for bit, the choice replays from the config", "[rigid][jump]") {
  for (const char* c : {"I", "IV"}) {
    auto plain = makeSimulation(concat(R"({"case": ")", c, R"("})"));
    auto energy = makeSimulation(concat(R"({"case": ")", c, R"(", "jump": "energy"})"));
    auto variational = makeSimulation(concat(R"({"case": ")", c, R"(", "jump": "variational"})"));
    CHECK(plain->configJson() == energy->configJson());
    CHECK(plain->configJson().find("jump") == std::string::npos);
    for (int k = 0; k < 1000; ++k) {
      plain->step();
      energy->step();
      variational->step();
    }
    CHECK(plain->runStatus().impacts > 0);
    CHECK(plain->stateHashHex() == energy->stateHashHex());
    CHECK(plain->stateHashHex() != variational->stateHashHex());
    auto again = makeSimulation(variational->configJson());
    for (int k = 0; k < 1000; ++k) again->step();
    CHECK(again->stateHashHex() == variational->stateHashHex());
  }
  SimulationResult rk4 = createSimulation(R"({"case": "I", "integrator": "rk4", "jump": "variational"})");
  REQUIRE_FALSE(rk4.ok());
  CHECK(rk4.error.message.rfind("jump: ", 0) == 0);
}

}  // namespace test_variational_jump


namespace test_variational_jump {

TEST_CASE("variational jump: each discrete energy is charged in work units before its solve, the multiplier's search each trial", "[rigid][jump][work]") {
  // Its Newton solves are the jump's cost beyond the flow's (lgvci/core/work.hpp, docs/method.md "The
  // work limit"): a step may search the multiplier at every trial after an impact.
  auto sim = makeSimulation(caseI(0.01, "variational"));
  toFirstImpactStep(*sim, 1000);
  const Pieces P(parseConfig(sim->configJson()));
  const RigidBodyState z = stateOf(*sim);
  const double h = 0.01;
  WorkMeter one;
  double E = 0.0;
  {
    const WorkScope scope(one);
    E = P.Ed(z, h);
  }
  REQUIRE(std::isfinite(E));
  REQUIRE(one.used() > 0);
  {  // exactly its charge: the same value
    WorkMeter m(one.used());
    const WorkScope scope(m);
    CHECK(P.Ed(z, h) == E);
    CHECK_FALSE(m.exhausted());
  }
  {  // one unit fewer: refused before the solve, NaN, the meter exhausted (the driver halts the step)
    WorkMeter m(one.used() - 1);
    const WorkScope scope(m);
    CHECK(std::isnan(P.Ed(z, h)));
    CHECK(m.exhausted());
  }
  // The impact step with the energy jump evaluates E_d twice (E₁, E₂); with (5.16a) also at each trial
  // multiplier, each charged.
  WorkMeter energy, variational;
  {
    const WorkScope scope(energy);
    impactStep(P, z, h, false);
  }
  {
    const WorkScope scope(variational);
    impactStep(P, z, h, true);
  }
  CHECK(energy.used() == 2 * one.used());
  CHECK(variational.used() >= 3 * one.used());
  CHECK(variational.used() % one.used() == 0);
}

}  // namespace test_variational_jump
