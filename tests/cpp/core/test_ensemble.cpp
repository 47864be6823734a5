// Ensembles: the seeded perturbation, the members against K separate runs, the statistics
// against counts made here, thread-count independence, and the bounds of K, size, seed.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>

#include "lgvci/core/ensemble.hpp"
#include "lgvci/core/ensemble_threads.hpp"
#include "lgvci/lgvci.hpp"

namespace test_ensemble {

using namespace lgvci;
using nlohmann::json;

namespace {

EnsembleSpec caseIV(int K, long long N, const std::string& kind = "position", double size = 1e-8) {
  EnsembleSpec s;
  s.config = R"({"case":"IV"})";
  s.members = K;
  s.steps = N;
  s.samples = 50;
  s.kind = kind;
  s.size = size;
  s.seed = 42;
  return s;
}

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool sameResult(const MemberResult& a, const MemberResult& b) {
  if (a.member != b.member || a.steps != b.steps || a.impacts != b.impacts || a.halted != b.halted) return false;
  if (!sameBits(a.energyError, b.energyError) || a.err.size() != b.err.size()) return false;
  for (std::size_t i = 0; i < a.err.size(); ++i)
    if (!sameBits(a.err[i], b.err[i])) return false;
  return true;
}

}  // namespace

TEST_CASE("splitmix64 reproduces the reference implementation's outputs", "[ensemble]") {
  // Vigna's splitmix64.c seeded with 1234567: the published first outputs.
  CHECK(splitmix64At(1234567, 0) == 6457827717110365317ull);
  CHECK(splitmix64At(1234567, 1) == 3203168211198807973ull);
  CHECK(splitmix64At(1234567, 2) == 9817491932198370423ull);
  CHECK(splitmix64At(1234567, 3) == 4593380528125082431ull);
  CHECK(splitmix64At(1234567, 4) == 16408922859458223821ull);
}

TEST_CASE("member offsets u satisfy -1 <= u < 1 on the 2^-52 grid and are spread evenly", "[ensemble]") {
  double sum = 0.0;
  int below = 0;
  const int n = 20000;
  for (int k = 0; k < n; ++k) {
    const double u = memberOffset(7, k);
    REQUIRE(u >= -1.0);
    REQUIRE(u < 1.0);
    REQUIRE(std::ldexp(u, 52) == std::floor(std::ldexp(u, 52)));
    sum += u;
    if (u < 0.0) ++below;
  }
  // Uniform on [-1, 1): mean 0 (sd of the mean 0.577/sqrt(n) = 0.004), half below 0 (sd 71).
  CHECK(std::abs(sum / n) < 0.02);
  CHECK(std::abs(below - n / 2) < 400);
  CHECK(memberOffset(7, 3) != memberOffset(8, 3));
}

TEST_CASE("a member's start is the twin's perturbation scaled by its offset", "[ensemble]") {
  SECTION("position: x0 + size u e3, everything else unchanged") {
    Ensemble e(caseIV(5, 10));
    const json ref = json::parse(e.memberConfig(-1));
    for (int k = 0; k < 5; ++k) {
      json m = json::parse(e.memberConfig(k));
      CHECK(m["x0"][2].get<double>() == 10.0 + 1e-8 * memberOffset(42, k));
      m["x0"][2] = 10.0;
      CHECK(m == ref);
    }
  }
  SECTION("attitude: R0 R_y(size u) with R0 = I is the rotation about y") {
    Ensemble e(caseIV(5, 10, "attitude", 0.3));
    for (int k = 0; k < 5; ++k) {
      const json m = json::parse(e.memberConfig(k));
      const double th = 0.3 * memberOffset(42, k);
      CHECK(m["R0"][0][0].get<double>() == Approx(std::cos(th)).epsilon(1e-15));
      CHECK(m["R0"][0][2].get<double>() == Approx(std::sin(th)).epsilon(1e-15));
      CHECK(m["R0"][2][0].get<double>() == Approx(-std::sin(th)).epsilon(1e-15));
      CHECK(m["R0"][1][1].get<double>() == 1.0);
      CHECK(m["x0"] == json::parse(e.memberConfig(-1))["x0"]);
    }
  }
}

TEST_CASE("Err(0) is the perturbation itself", "[ensemble]") {
  Ensemble pos(caseIV(4, 20, "position", 1e-3));
  Ensemble att(caseIV(4, 20, "attitude", 1e-3));
  for (int k = 0; k < 4; ++k) {
    const double u = memberOffset(42, k);
    CHECK(pos.runMember(k).err[0] == Approx(1e-3 * std::abs(u)).epsilon(1e-10));  // (10 + δ) − 10 rounds
    // ‖R_y(θ) − I‖₂ = 2 sin(|θ|/2) (docs/page.md "Plots, sensitivity twins, long runs and export").
    CHECK(att.runMember(k).err[0] == Approx(2.0 * std::sin(1e-3 * std::abs(u) / 2.0)).epsilon(1e-9));
  }
}

TEST_CASE("the ensemble's members and statistics equal K separate runs", "[ensemble]") {
  const int K = 12;
  const long long N = 2000;
  Ensemble e(caseIV(K, N));
  const std::vector<MemberResult> members = runEnsemble(e);
  const EnsembleStatistics st = ensembleStatistics(e, members);

  // K separate runs, built here from the preset: x0_3 = 10 + 1e-8 u_k, same seed.
  std::vector<long long> impacts;
  for (int k = 0; k < K; ++k) {
    json cfg = json::parse(presetJson("IV"));
    cfg["x0"][2] = cfg["x0"][2].get<double>() + 1e-8 * memberOffset(42, k);
    SimulationResult r = createSimulation(cfg.dump());
    REQUIRE(r.ok());
    for (long long s = 0; s < N; ++s) r.simulation->step();
    const double E0 = r.simulation->energies().initial;
    CHECK(members[static_cast<std::size_t>(k)].impacts == r.simulation->runStatus().impacts);
    CHECK(members[static_cast<std::size_t>(k)].energyError == std::abs(r.simulation->energies().energy - E0) / std::abs(E0));
    CHECK(members[static_cast<std::size_t>(k)].steps == N);
    // The paper's conservation: relative energy error stays at round-off (§7.3).
    CHECK(members[static_cast<std::size_t>(k)].energyError < 1e-10);
    impacts.push_back(r.simulation->runStatus().impacts);
  }
  // Histogram of impact counts: K in total, each bin holding exactly the separate runs in its range.
  long long total = 0;
  for (std::size_t b = 0; b < st.impacts.counts.size(); ++b) {
    long long n = 0;
    for (long long c : impacts)
      if (c >= st.impacts.lo + static_cast<long long>(b) * st.impacts.width && c < st.impacts.lo + static_cast<long long>(b + 1) * st.impacts.width) ++n;
    CHECK(st.impacts.counts[b] == n);
    total += st.impacts.counts[b];
  }
  CHECK(total == K);
  CHECK(st.impactsMin == *std::min_element(impacts.begin(), impacts.end()));
  CHECK(st.impactsMax == *std::max_element(impacts.begin(), impacts.end()));
  long long energyTotal = st.energy.zeros;
  for (long long c : st.energy.counts) energyTotal += c;
  CHECK(energyTotal == K);
  for (const MemberResult& m : members)
    if (m.energyError > 0) {
      bool inside = false;
      for (std::size_t b = 0; b < st.energy.counts.size(); ++b)
        inside = inside || (st.energy.edges[b] <= m.energyError && m.energyError < st.energy.edges[b + 1]);
      CHECK(inside);
    }
  // Divergence: quartiles ordered; a chaotic system: by the end the median has grown by orders of magnitude.
  REQUIRE(st.median.size() == e.sampleSteps().size());
  for (std::size_t j = 0; j < st.median.size(); ++j) {
    CHECK(st.q1[j] <= st.median[j]);
    CHECK(st.median[j] <= st.q3[j]);
    CHECK(st.n[j] == K);
  }
  CHECK(st.median.back() > 1e4 * st.median.front());
  CHECK(st.t.back() == Approx(N * 0.01));
}

TEST_CASE("results do not depend on the thread count", "[ensemble]") {
  Ensemble e(caseIV(9, 600, "attitude", 1e-6));
  const std::vector<MemberResult> one = runEnsembleThreads(e, 1);
  const std::vector<MemberResult> two = runEnsembleThreads(e, 2);
  const std::vector<MemberResult> five = runEnsembleThreads(e, 5);
  const std::vector<MemberResult> serial = runEnsemble(e);
  for (int k = 0; k < 9; ++k) {
    CHECK(sameResult(one[static_cast<std::size_t>(k)], two[static_cast<std::size_t>(k)]));
    CHECK(sameResult(one[static_cast<std::size_t>(k)], five[static_cast<std::size_t>(k)]));
    CHECK(sameResult(one[static_cast<std::size_t>(k)], serial[static_cast<std::size_t>(k)]));
  }
  CHECK(ensembleStatisticsJson(e, ensembleStatistics(e, one)) == ensembleStatisticsJson(e, ensembleStatistics(e, two)));
  CHECK_THROWS_WITH(runEnsembleThreads(e, 0), "threads: must be an integer in [1, 256]");
}

TEST_CASE("statistics helpers: quantiles and log bins", "[ensemble]") {
  CHECK(quantileSorted({1, 2, 3, 4}, 0.25) == 1.75);
  CHECK(quantileSorted({1, 2, 3, 4}, 0.5) == 2.5);
  CHECK(quantileSorted({5}, 0.75) == 5);
  CHECK(std::isnan(quantileSorted({}, 0.5)));
  CHECK(logBinEdge(0) == 1.0);
  CHECK(logBinEdge(4) == 10.0);
  CHECK(logBinEdge(-4) == 0.1);
  CHECK(logBinEdge(-52) == 1e-13);
  CHECK(logBinEdge(2) == Approx(std::sqrt(10.0)).epsilon(1e-15));
  for (int i = -80; i < 20; ++i) CHECK(logBinEdge(i) < logBinEdge(i + 1));
}

TEST_CASE("bad ensembles are refused with the field and the rule", "[ensemble][validation]") {
  auto refuses = [](EnsembleSpec s, const std::string& message) {
    try {
      Ensemble e(std::move(s));
      FAIL("accepted");
    } catch (const InvalidInput& ex) {
      CHECK(std::string(ex.what()) == message);
    }
  };
  refuses(caseIV(0, 10), "members: must be an integer in [1, 10000]");
  refuses(caseIV(1000000, 10), "members: must be an integer in [1, 10000]");
  refuses(caseIV(3, 0), "steps: must be an integer in [1, 1e7]");
  refuses(caseIV(3, 10, "position", 0.0), "size: must be a number in (0, 1] (in the perturbed entry's unit: a length, an angle, a momentum)");
  refuses(caseIV(3, 10, "position", 2.0), "size: must be a number in (0, 1] (in the perturbed entry's unit: a length, an angle, a momentum)");
  refuses(caseIV(3, 10, "position", std::nan("")), "size: must be a number in (0, 1] (in the perturbed entry's unit: a length, an angle, a momentum)");
  EnsembleSpec seed = caseIV(3, 10);
  seed.seed = 1ull << 53;
  refuses(seed, "seed: must be an integer in [0, 2^53 - 1]");
  EnsembleSpec spin = caseIV(3, 10, "spin");
  refuses(spin, "kind: must be one of position, attitude, x1, x2, x3, R1, R2, R3, gamma1, gamma2, gamma3, Pi1, Pi2, Pi3 (got 'spin')");
  // A quantity computed from the input: the lowest corner (√3 below the centre) 1 mm above the plane.
  // Moving the centre by up to 1 cm along e3 would put members inside the plane, so the offsets are
  // taken upwards (|δ|): accepted, every member at or above the reference start.
  EnsembleSpec up = caseIV(20, 10, "position", 0.01);
  up.config = R"({"case":"IV","x0":[0,0,1.7330508],"gamma0":[0,0,0],"Pi0":[0,0,0]})";
  {
    Ensemble e(up);
    for (int k = 0; k < 20; ++k) {
      const double z = nlohmann::json::parse(e.memberConfig(k))["x0"][2].get<double>();
      CHECK(z == 1.7330508 + 0.01 * std::abs(memberOffset(up.seed, k)));
    }
  }
  // Turning it by up to 0.01 rad about y drops a corner by about 2.4 cm: refused, naming the member.
  EnsembleSpec low = caseIV(20, 10, "attitude", 0.01);
  low.config = up.config;
  try {
    Ensemble e(low);
    FAIL("accepted");
  } catch (const InvalidInput& ex) {
    CHECK(ex.field() == "size");
    CHECK_THAT(ex.what(), Catch::Contains("perturbed start is invalid") && Catch::Contains("penetrates the plane"));
  }
  // K = 1000 is accepted.
  Ensemble big(caseIV(1000, 5));
  CHECK(runEnsemble(big).size() == 1000);
}

}  // namespace test_ensemble
