// The billiard (docs/billiard.md): bounce times against the exact straight-line/wall intersections
// computed here independently (quadratics and reflections in long double), |v| constant, the bounce
// map's area preserved, the config's messages and round trip, time reversal.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <complex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/extensions.hpp"
#include "lgvci/billiard/billiard_config.hpp"
#include "lgvci/lgvci.hpp"
#include "make_simulation.hpp"

namespace test_billiard {

using namespace lgvci;
using lgvci_test::makeSimulation;

namespace {

using LD = long double;
constexpr LD kPiL = 3.141592653589793238462643383279502884L;


struct Run {
  std::vector<double> t, s, pt;  // impact times and the impact record's s, p_t
  double maxSpeedError = 0.0;     // max | |p| − |p0| | over the steps
};

// Steps until `impacts` impacts are logged; the impact records through the simulation's own layout.
Run runImpacts(Simulation& sim, int impacts, long long maxSteps = 10000000) {
  Run out;
  const RecordLayout& L = sim.impactLayout();
  const int ot = L.field("t").offset, os = L.field("s").offset, op = L.field("p_t").offset;
  std::vector<double> row(static_cast<size_t>(L.size));
  const RecordField& pf = sim.layout().field("p");
  const std::vector<double> r0 = sim.record();
  const double speed0 = std::hypot(r0[static_cast<size_t>(pf.offset)], r0[static_cast<size_t>(pf.offset + 1)]);
  for (long long k = 0; k < maxSteps && static_cast<int>(out.t.size()) < impacts; ++k) {
    sim.step();
    REQUIRE(!sim.runStatus().halted);
    for (const ImpactEvent& e : sim.impactLog()) {
      sim.writeImpactRecord(e, row.data());
      out.t.push_back(row[static_cast<size_t>(ot)]);
      out.s.push_back(row[static_cast<size_t>(os)]);
      out.pt.push_back(row[static_cast<size_t>(op)]);
    }
    sim.clearImpactLog();
    const std::vector<double> r = sim.record();
    const double speed = std::hypot(r[static_cast<size_t>(pf.offset)], r[static_cast<size_t>(pf.offset + 1)]);
    out.maxSpeedError = std::max(out.maxSpeedError, std::abs(speed - speed0));
  }
  REQUIRE(static_cast<int>(out.t.size()) >= impacts);
  return out;
}

struct P2 {
  LD x, y;
};

// The exact bounces of a particle in the ellipse x²/a² + y²/b² = 1: the larger root of the chord's
// quadratic, then the mirror reflection about the wall's normal (x/a², y/b²).
std::vector<LD> ellipseBounceTimes(LD a, LD b, P2 q, P2 v, int n) {
  std::vector<LD> times;
  LD t = 0.0L;
  for (int k = 0; k < n; ++k) {
    const LD A = v.x * v.x / (a * a) + v.y * v.y / (b * b);
    const LD B = 2.0L * (q.x * v.x / (a * a) + q.y * v.y / (b * b));
    const LD C = q.x * q.x / (a * a) + q.y * q.y / (b * b) - 1.0L;
    const LD disc = std::sqrt(B * B - 4.0L * A * C);
    const LD Q = -0.5L * (B + (B >= 0 ? disc : -disc));
    const LD dt = std::max(Q / A, C / Q);  // one root ≤ 0 (the wall behind, or the point itself)
    q = {q.x + dt * v.x, q.y + dt * v.y};
    t += dt;
    times.push_back(t);
    LD nx = q.x / (a * a), ny = q.y / (b * b);
    const LD nn = std::sqrt(nx * nx + ny * ny);
    nx /= nn;
    ny /= nn;
    const LD vn = v.x * nx + v.y * ny;
    v = {v.x - 2.0L * vn * nx, v.y - 2.0L * vn * ny};
  }
  return times;
}

// The exact bounces in the stadium: the flat walls y = ±r for |x| ≤ l, the caps |q − (±l, 0)| = r
// on their sides; the nearest hit ahead, then the mirror reflection.
std::vector<LD> stadiumBounceTimes(LD r, LD l, P2 q, P2 v, int n) {
  std::vector<LD> times;
  LD t = 0.0L;
  for (int k = 0; k < n; ++k) {
    LD best = INFINITY, nx = 0, ny = 0;
    const LD tiny = 1e-12L;
    for (const LD wall : {r, -r}) {  // flat walls
      if (v.y == 0.0L) continue;
      const LD dt = (wall - q.y) / v.y;
      const LD x = q.x + dt * v.x;
      if (dt > tiny && std::abs(x) <= l && dt < best) { best = dt; nx = 0; ny = wall > 0 ? 1 : -1; }
    }
    for (const int side : {1, -1}) {  // caps: the right one for x ≥ l, the left one for x ≤ −l
      const LD cx = side * l;
      const LD px = q.x - cx, py = q.y;
      const LD A = v.x * v.x + v.y * v.y, B = 2.0L * (px * v.x + py * v.y), C = px * px + py * py - r * r;
      const LD disc = B * B - 4.0L * A * C;
      if (disc < 0) continue;
      for (const LD sgn : {1.0L, -1.0L}) {
        const LD dt = (-B + sgn * std::sqrt(disc)) / (2.0L * A);
        const LD x = q.x + dt * v.x;
        if (dt > tiny && (side > 0 ? x >= l : x <= -l) && dt < best) {
          best = dt;
          nx = (px + dt * v.x) / r;
          ny = (py + dt * v.y) / r;
        }
      }
    }
    REQUIRE(std::isfinite(static_cast<double>(best)));
    q = {q.x + best * v.x, q.y + best * v.y};
    t += best;
    times.push_back(t);
    const LD vn = v.x * nx + v.y * ny;
    v = {v.x - 2.0L * vn * nx, v.y - 2.0L * vn * ny};
  }
  return times;
}

double maxError(const std::vector<double>& got, const std::vector<LD>& want, int n) {
  double e = 0.0;
  for (int k = 0; k < n; ++k) e = std::max(e, static_cast<double>(std::abs(static_cast<LD>(got[static_cast<size_t>(k)]) - want[static_cast<size_t>(k)])));
  return e;
}

// The perimeter of an ellipse, 4a E(e), with E by the arithmetic–geometric mean (independent of the
// program's Gauss–Legendre table).
double ellipsePerimeter(double a, double b) {
  double x = std::max(a, b), y = std::min(a, b);
  const double A = x;
  double sum = 0.5 * (1.0 - (y / x) * (y / x)) * x * x / (A * A), pow2 = 0.5;  // c0²/2 (normalised)
  double an = 1.0, bn = y / x;
  for (int i = 0; i < 10; ++i) {
    const double cn = 0.5 * (an - bn);
    const double a1 = 0.5 * (an + bn), b1 = std::sqrt(an * bn);
    pow2 *= 2.0;
    sum += pow2 * cn * cn;
    an = a1;
    bn = b1;
  }
  const double K = static_cast<double>(kPiL) / (2.0 * an);
  return 4.0 * A * K * (1.0 - sum);
}

}  // namespace

TEST_CASE("billiard: 100 bounces in the ellipse at the exact chord/ellipse times", "[billiard]") {
  auto sim = makeSimulation(R"({"case":"billiard-ellipse"})");
  const Run run = runImpacts(*sim, 100);
  const auto exact = ellipseBounceTimes(2.0L, 1.0L, {0.5L, 0.2L}, {0.6L, 0.8L}, 100);
  const double err = maxError(run.t, exact, 100);
  CHECK(err <= 1e-9);
  CHECK(err <= 1e-12);  // measured: 3.8e-13
  CHECK(run.maxSpeedError <= 1e-14);  // measured: 1.8e-15  // |p| = |v| = 1: a mirror reflection keeps it to rounding
  CHECK(sim->extension<EnergyBalance>()->maxDiscreteEnergyMismatch() <= 1e-14);
}

TEST_CASE("billiard: 10 bounces in the stadium at the exact segment/circle times", "[billiard]") {
  auto sim = makeSimulation(R"({"case":"billiard-stadium"})");
  const Run run = runImpacts(*sim, 10);
  const auto exact = stadiumBounceTimes(1.0L, 1.0L, {0.3L, 0.1L}, {0.8L, 0.6L}, 10);
  const double err = maxError(run.t, exact, 10);
  // The stadium is chaotic: a rounding error grows about e-fold a bounce (measured 7.2e-11 at the
  // 10th bounce, 9e-10 at the 12th, 3e-6 at the 20th), so only the first bounces can match.
  CHECK(err <= 1e-9);
  CHECK(run.maxSpeedError <= 1e-14);
}

TEST_CASE("billiard: 100 bounces of a custom stadium and ellipse, any start", "[billiard]") {
  {
    auto sim = makeSimulation(R"({"model":"billiard","table":{"shape":"ellipse","a":1.5,"b":3},"q0":[-0.7,1.1],"v0":[-1.3,0.4]})");
    const Run run = runImpacts(*sim, 100);
    const auto exact = ellipseBounceTimes(1.5L, 3.0L, {-0.7L, 1.1L}, {-1.3L, 0.4L}, 100);
    CHECK(maxError(run.t, exact, 100) <= 1e-9);
  }
  {  // a circle (l = 0): integrable, errors grow slowly
    auto sim = makeSimulation(R"({"model":"billiard","table":{"shape":"stadium","r":1,"l":0},"q0":[0.2,-0.3],"v0":[0.5,1.5]})");
    const Run run = runImpacts(*sim, 100);
    const auto exact = stadiumBounceTimes(1.0L, 0.0L, {0.2L, -0.3L}, {0.5L, 1.5L}, 100);
    CHECK(maxError(run.t, exact, 100) <= 1e-9);
  }
}

TEST_CASE("billiard: the wall's arc length s against closed forms", "[billiard]") {
  BilliardDef e = billiardPreset("billiard-ellipse");
  const BilliardTable& E = e.system.table;
  const double P = ellipsePerimeter(2.0, 1.0);
  CHECK(std::abs(E.perimeter() - P) <= 1e-13 * P);
  CHECK(std::abs(E.arcLength(Vec2(0.0, 1.0)) - P / 4) <= 1e-13 * P);
  CHECK(std::abs(E.arcLength(Vec2(-2.0, 0.0)) - P / 2) <= 1e-13 * P);
  CHECK(std::abs(E.arcLength(Vec2(0.0, -1.0)) - 3 * P / 4) <= 1e-13 * P);
  CHECK(E.arcLength(Vec2(2.0, 0.0)) == 0.0);
  for (double s = 0.05; s < P; s += 0.37) CHECK(std::abs(E.arcLength(E.wallPoint(s)) - s) <= 1e-13 * P);
  BilliardDef st = billiardPreset("billiard-stadium");
  const BilliardTable& S = st.system.table;
  const double pi = static_cast<double>(kPiL);
  CHECK(std::abs(S.perimeter() - (2 * pi + 4)) <= 1e-15 * S.perimeter());
  CHECK(std::abs(S.arcLength(Vec2(1.0, 1.0)) - pi / 2) <= 1e-15);  // top of the right cap
  CHECK(std::abs(S.arcLength(Vec2(0.0, 1.0)) - (pi / 2 + 1)) <= 1e-15);
  CHECK(std::abs(S.arcLength(Vec2(-2.0, 0.0)) - (pi + 2)) <= 1e-15);
  CHECK(std::abs(S.arcLength(Vec2(0.5, -1.0)) - (3 * pi / 2 + 3.5)) <= 1e-14);
  CHECK(std::abs(S.arcLength(Vec2(1 + std::cos(-0.3), std::sin(-0.3))) - (2 * pi + 4 - 0.3)) <= 1e-14);
  // The counter-clockwise tangent.
  CHECK((E.tangent(Vec2(2.0, 0.0)) - Vec2(0.0, 1.0)).norm() <= 1e-15);
  CHECK((S.tangent(Vec2(0.0, 1.0)) - Vec2(-1.0, 0.0)).norm() <= 1e-15);
}

TEST_CASE("billiard: the impact record is the common one, constraint, energy_mismatch and s, p_t, p_t is the bounce's tangential momentum", "[billiard]") {
  auto sim = makeSimulation(R"({"case":"billiard-ellipse"})");
  const RecordLayout& L = sim->impactLayout();
  const RecordLayout& common = lgvci::impactLayout();
  REQUIRE(L.size == common.size + 4);
  for (size_t i = 0; i < common.fields.size(); ++i) CHECK(L.fields[i].name == common.fields[i].name);
  const size_t own = common.fields.size();
  CHECK(L.fields[own].name == "constraint");
  CHECK(L.fields[own + 1].name == "energy_mismatch");
  CHECK(L.fields[own + 2].name == "s");
  CHECK(L.fields[own + 3].name == "p_t");
  CHECK(L.csvColumns().back() == "p_t");
  // Other families have no bounce map.
  for (const RecordField& f : makeSimulation(R"({"case":"particle"})")->impactLayout().fields) CHECK(f.name != "s");
  // The first bounce, from the exact chord: s by the program's table, p_t = v·t̂ before = after.
  const Run run = runImpacts(*sim, 3);
  const LD t1 = ellipseBounceTimes(2.0L, 1.0L, {0.5L, 0.2L}, {0.6L, 0.8L}, 1)[0];
  const Vec2 Q(static_cast<double>(0.5L + 0.6L * t1), static_cast<double>(0.2L + 0.8L * t1));
  BilliardDef e = billiardPreset("billiard-ellipse");
  const Vec2 tan = e.system.table.tangent(Q);
  CHECK(std::abs(run.pt[0] - Vec2(0.6, 0.8).dot(tan)) <= 1e-14);
  CHECK(std::abs(run.s[0] - e.system.table.arcLength(Q)) <= 1e-13);
  // In the first quadrant, s < P/4.
  CHECK(run.s[0] > 0.0);
  CHECK(run.s[0] < e.system.table.perimeter() / 4);
}

TEST_CASE("billiard: the bounce map preserves ds∧dp_t: a loop of 200 starts keeps its area over 20 bounces", "[billiard]") {
  // The loop: (s, p_t) on a circle of radius ρ around the preset's first bounce. Each member starts
  // on the chord leaving the wall at s with tangential momentum p_t (|p| = 1), a short way in, so its
  // k-th logged bounce is the k-th iterate of the bounce map; members are paired by bounce count.
  auto ref = makeSimulation(R"({"case":"billiard-ellipse"})");
  const Run r0 = runImpacts(*ref, 1);
  const double s0 = r0.s[0], pt0 = r0.pt[0];
  BilliardDef def = billiardPreset("billiard-ellipse");
  const BilliardTable& T = def.system.table;
  const double P = T.perimeter();
  constexpr int N = 200, K = 20;
  const double pi = static_cast<double>(kPiL);
  struct Loops {
    std::vector<double> s[K + 1], p[K + 1];
  };
  auto loops = [&](double rho) {
    Loops L;
    for (int i = 0; i < N; ++i) {
      const double th = 2.0 * pi * i / N;
      const double si = s0 + rho * std::cos(th), pti = pt0 + rho * std::sin(th);
      L.s[0].push_back(si);
      L.p[0].push_back(pti);
      const Vec2 Q = T.wallPoint(si), tan = T.tangent(Q), inward = Vec2(-tan.y(), tan.x());
      const Vec2 v = pti * tan + std::sqrt(1.0 - pti * pti) * inward;
      const Vec2 q0 = Q + 1e-3 * v;
      nlohmann::json cfg = {{"model", "billiard"}, {"table", {{"shape", "ellipse"}, {"a", 2}, {"b", 1}}},
                            {"q0", {q0.x(), q0.y()}}, {"v0", {v.x(), v.y()}}};
      auto sim = makeSimulation(cfg.dump());
      const Run run = runImpacts(*sim, K);
      for (int k = 1; k <= K; ++k) {
        double sk = run.s[static_cast<size_t>(k - 1)];
        if (i > 0) sk += P * std::round((L.s[k].back() - sk) / P);  // continuous along the loop
        L.s[k].push_back(sk);
        L.p[k].push_back(run.pt[static_cast<size_t>(k - 1)]);
      }
    }
    return L;
  };
  // The shoelace area: exact for an affine image of the polygon, so its change is O(ρ²) relative
  // from the map's curvature on the loop. The area of the loop's trigonometric interpolant,
  // ½∮(s dp − p ds) = −4π Σ_{m>0} m Im(conj(S_m) P_m) with S, P the DFT coefficients / N: exact for
  // every curve whose Fourier modes are below N/2, so it holds for a larger, curved image loop too.
  auto shoelace = [&](const Loops& L, int k) {  // about the loop's own mean point: no cancellation
    double cs = 0.0, cp = 0.0;
    for (int i = 0; i < N; ++i) {
      cs += L.s[k][static_cast<size_t>(i)] / N;
      cp += L.p[k][static_cast<size_t>(i)] / N;
    }
    double A = 0.0;
    for (int i = 0; i < N; ++i) {
      const size_t a = static_cast<size_t>(i), b = static_cast<size_t>((i + 1) % N);
      A += (L.s[k][a] - cs) * (L.p[k][b] - cp) - (L.s[k][b] - cs) * (L.p[k][a] - cp);
    }
    return 0.5 * A;
  };
  auto spectral = [&](const Loops& L, int k) {
    double A = 0.0;
    for (int m = 1; m < N / 2; ++m) {
      std::complex<double> X = 0, Y = 0;
      for (int i = 0; i < N; ++i) {
        const std::complex<double> w = std::polar(1.0, -2.0 * pi * m * i / N);
        X += (L.s[k][static_cast<size_t>(i)] - s0) * w;
        Y += (L.p[k][static_cast<size_t>(i)] - pt0) * w;
      }
      X /= N;
      Y /= N;
      A += -4.0 * pi * m * std::imag(std::conj(X) * Y);
    }
    return A;
  };
  auto spread = [&](const Loops& L) {
    double worst = 0.0;
    for (int k = 1; k <= K; ++k) {
      const auto [lo, hi] = std::minmax_element(L.s[k].begin(), L.s[k].end());
      worst = std::max(worst, *hi - *lo);
    }
    return worst;
  };
  {
    const double rho = 1e-4;
    const Loops L = loops(rho);
    const double A0 = shoelace(L, 0);
    CHECK(std::abs(A0 - 0.5 * N * std::sin(2 * pi / N) * rho * rho) <= 1e-12 * A0);  // the regular 200-gon
    double worst = 0.0;
    for (int k = 1; k <= K; ++k) worst = std::max(worst, std::abs(shoelace(L, k) / A0 - 1.0));
    CHECK(spread(L) > 4 * rho);  // the loop is sheared (the map is far from a translation)
    CHECK(worst <= 1e-9);  // measured: 3.5e-10
  }
  {
    const double rho = 1e-3;
    const Loops L = loops(rho);
    const double A0 = spectral(L, 0);
    CHECK(std::abs(A0 - pi * rho * rho) <= 1e-12 * A0);  // the circle's area
    double worst = 0.0, worstShoelace = 0.0;
    for (int k = 1; k <= K; ++k) {
      worst = std::max(worst, std::abs(spectral(L, k) / A0 - 1.0));
      worstShoelace = std::max(worstShoelace, std::abs(shoelace(L, k) / shoelace(L, 0) - 1.0));
    }
    CHECK(spread(L) > 4 * rho);
    CHECK(worst <= 1e-9);  // measured: 6.9e-12
    CHECK(worstShoelace > 1e-8);  // measured: 3.5e-8  // the shoelace's O(ρ²) error at this radius, which the interpolant does not have
  }
}

TEST_CASE("billiard: invalid configs name their field", "[billiard]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"model":"billiard","table":{"shape":"ellipse","a":-1,"b":1},"q0":[0,0],"v0":[1,0]})", "table.a: must be in (0, 1e6]"},
      {R"({"model":"billiard","table":{"shape":"ellipse","a":2,"b":0},"q0":[0,0],"v0":[1,0]})", "table.b: must be in (0, 1e6]"},
      {R"({"model":"billiard","table":{"shape":"ellipse","a":2},"q0":[0,0],"v0":[1,0]})", "table.b: is required for an ellipse"},
      {R"({"model":"billiard","table":{"shape":"ellipse","a":2000,"b":1},"q0":[0,0],"v0":[1,0]})", "table.b: must be within a factor 100"},
      {R"({"model":"billiard","table":{"shape":"stadium","r":1,"l":-1},"q0":[0,0],"v0":[1,0]})", "table.l: must be in [0, 1e6]"},
      {R"({"model":"billiard","table":{"shape":"stadium","r":0,"l":1},"q0":[0,0],"v0":[1,0]})", "table.r: must be in (0, 1e6]"},
      {R"({"model":"billiard","table":{"shape":"stadium","r":1,"l":1,"a":2},"q0":[0,0],"v0":[1,0]})", "table.a: applies only to an ellipse"},
      {R"({"model":"billiard","table":{"shape":"square"},"q0":[0,0],"v0":[1,0]})", "table.shape: must be \"ellipse\" or \"stadium\""},
      {R"({"model":"billiard","table":{"shape":"ellipse","a":2,"b":1,"c":3},"q0":[0,0],"v0":[1,0]})", "table.c: is not a known key"},
      {R"({"model":"billiard","q0":[0,0],"v0":[1,0]})", "table: is required"},
      {R"({"case":"billiard-ellipse","q0":[2,0]})", "q0: must lie strictly inside the table"},
      {R"({"case":"billiard-stadium","q0":[0,1]})", "q0: must lie strictly inside the table"},
      {R"({"case":"billiard-ellipse","q0":[0]})", "q0: must be an array of 2 numbers"},
      {R"({"case":"billiard-ellipse","v0":[0,"x"]})", "v0[1]: must be a number"},
      {R"({"case":"billiard-ellipse","v0":[1e7,0]})", "v0[0]: must be in [-1e6, 1e6]"},
      {R"({"case":"billiard-ellipse","mass":0})", "mass: must be in [1e-9, 1e9]"},
      {R"({"case":"billiard-ellipse","g":-9.81})", "g: must be in [0, 1e6]"},
      {R"({"case":"billiard-ellipse","h":0})", "h: must be in [1e-12, 1e6]"},
      {R"({"case":"billiard-ellipse","t0":1e10})", "t0: must be in [-1e9, 1e9]"},
      {R"({"model":"billiard","table":{"shape":"ellipse","a":2,"b":1},"q0":[0,0],"v0":[1,0],"p0":[1,0]})", "p0: give either v0 or p0, not both"},
      {R"({"model":"billiard","table":{"shape":"ellipse","a":2,"b":1},"q0":[0,0]})", "v0: is required (or p0)"},
      {R"({"case":"billiard-ellipse","mass":1e-9,"p0":[1,0]})", "p0[0]: must be a number with |p0| / mass <= 1e6"},
      {R"({"case":"billiard-ellipse","model":"generalized"})", "case: 'billiard-ellipse' is a billiard preset"},
  };
  for (const auto& [json, message] : cases) {
    SimulationResult r = createSimulation(json);
    INFO(json << " -> " << r.error.message);
    REQUIRE(!r.ok());
    CHECK(r.error.message.rfind(message, 0) == 0);
    CHECK(r.error.field == message.substr(0, message.find(':')));
  }
}

TEST_CASE("billiard: configJson round-trips and replays bit for bit, a patch of another shape starts from its default", "[billiard]") {
  for (const std::string& cfg : {std::string(R"({"case":"billiard-ellipse"})"), std::string(R"({"case":"billiard-stadium","g":9.81})"),
                                 std::string(R"({"model":"billiard","table":{"shape":"stadium","r":0.7,"l":0.30000000000000004},"q0":[0.1,0.2],"v0":[0.1,-3],"mass":2.5,"h":0.003,"t0":1.1})")}) {
    auto a = makeSimulation(cfg);
    auto b = makeSimulation(a->configJson());
    CHECK(b->configJson() == a->configJson());
    for (int k = 0; k < 3000; ++k) {
      a->step();
      b->step();
    }
    INFO(cfg);
    CHECK(a->runStatus().impacts > 0);
    CHECK(a->stateHash() == b->stateHash());
  }
  const nlohmann::json j = nlohmann::json::parse(makeSimulation(R"({"case":"billiard-ellipse"})")->configJson());
  CHECK(j == nlohmann::json::parse(R"({"model":"billiard","case":"billiard-ellipse","table":{"shape":"ellipse","a":2.0,"b":1.0},"mass":1.0,"g":0.0,"h":0.01,"t0":0.0,"q0":[0.5,0.2],"v0":[0.6,0.8]})"));
  const nlohmann::json s = nlohmann::json::parse(makeSimulation(R"({"case":"billiard-ellipse","table":{"shape":"stadium","l":0.5}})")->configJson());
  CHECK(s["table"] == nlohmann::json::parse(R"({"shape":"stadium","r":1.0,"l":0.5})"));
}

TEST_CASE("billiard: time reversal returns to the start, with and without bounces", "[billiard]") {
  // No bounce in 50 steps (the first is at t = 0.83): the straight line retraced, to rounding.
  auto a = makeSimulation(R"({"case":"billiard-ellipse"})");
  const ReverseCheck c0 = runReverseCheck(*a, 50);
  CHECK(c0.impactsForward == 0);
  CHECK(c0.distances[0].value <= 1e-15);
  CHECK(c0.distances[1].value <= 1e-15);
  // With bounces: the driver locates each impact again on the way back (the symmetric scheme and
  // mirror reflection): the same count both ways and a return to rounding, amplified by the table's
  // dynamics: measured 1.5e-14 after 10 bounces each way in the ellipse; the stadium is chaotic and
  // multiplies a rounding by up to ~10³ a bounce, 3.1e-15 after 4 bounces, 8.3e-13 after 8, 4.4e-9
  // after 17 (before the flight's sums were compensated: 4.0e-16, 5.6e-16, 8.4e-9, which rounding
  // is amplified being luck).
  for (const char* preset : {"billiard-ellipse", "billiard-stadium"}) {
    const bool chaotic = std::string(preset) == "billiard-stadium";
    auto b = makeSimulation(std::string(R"({"case":")") + preset + "\"}");
    const ReverseCheck c = runReverseCheck(*b, 2000);
    INFO(preset << ": q " << c.distances[0].value << ", p " << c.distances[1].value);
    CHECK(c.impactsForward >= 8);
    CHECK(c.impactsBack == c.impactsForward);
    CHECK(c.distances[0].value <= (chaotic ? 1e-11 : 1e-13));
    CHECK(c.distances[1].value <= (chaotic ? 1e-11 : 1e-13));
    CHECK(c.energyError <= 1e-14);
  }
}

TEST_CASE("billiard: gravity — flight is the exact parabola, the discrete energy balance (75a) holds at each bounce", "[billiard]") {
  auto sim = makeSimulation(R"({"case":"billiard-ellipse","g":9.81})");
  // Before the first bounce: q(t) = q0 + v0 t − g t²/2 e_y; the step is exact for a constant force.
  for (int k = 0; k < 10; ++k) sim->step();
  REQUIRE(sim->runStatus().impacts == 0);
  const std::vector<double> r = sim->record();
  const RecordField& q = sim->layout().field("q");
  CHECK(std::abs(r[static_cast<size_t>(q.offset)] - (0.5 + 0.6 * 0.1)) <= 1e-15);
  CHECK(std::abs(r[static_cast<size_t>(q.offset + 1)] - (0.2 + 0.8 * 0.1 - 0.5 * 9.81 * 0.01)) <= 1e-15);
  for (int k = 0; k < 20000; ++k) sim->step();
  CHECK(sim->runStatus().impacts > 100);
  CHECK(sim->runStatus().status == StepStatus::Ok);
  CHECK(sim->extension<EnergyBalance>()->maxDiscreteEnergyMismatch() <= 1e-13);
  CHECK(sim->minPhi() >= 0.0);
}

TEST_CASE("billiard: a start given by its momentum p0 is that momentum exactly, and its config replays it", "[billiard][set_state]") {
  // m (p / m) is not p in binary64 for every p and m (m = 7, p = 0.46721502333212683 is one of 7 % of
  // random p in [−2, 2]); "p0" takes the momentum itself, which is what a restart at a run's state needs
  // (Simulation::setState).
  auto sim = makeSimulation(R"({"case":"billiard-stadium","mass":7,"p0":[0.46721502333212683,0.7]})");
  const std::vector<double> r = sim->record();
  const int op = sim->layout().field("p").offset;
  CHECK(r[static_cast<std::size_t>(op)] == 0.46721502333212683);
  CHECK(7.0 * (0.46721502333212683 / 7.0) != 0.46721502333212683);  // what "v0" could not give
  CHECK(r[static_cast<std::size_t>(op + 1)] == 0.7);
  const nlohmann::json resolved = nlohmann::json::parse(sim->configJson());
  CHECK(resolved.contains("p0"));
  CHECK_FALSE(resolved.contains("v0"));
  auto replay = makeSimulation(sim->configJson());
  for (int k = 0; k < 3000; ++k) {
    sim->step();
    replay->step();
  }
  CHECK(sim->record() == replay->record());
}

}  // namespace test_billiard
