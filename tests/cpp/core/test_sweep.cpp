// Sweeps (docs/sweeps.md): the axes' values against decimal literals, shards of any count and thread
// count merging to the unsharded bytes, a one-point sweep equal to the ensemble of that config, failing
// members reported by (point, member) with their messages, and the merge's refusals.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <cstring>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/ensemble.hpp"
#include "lgvci/core/ensemble_threads.hpp"
#include "lgvci/core/sweep.hpp"
#include "lgvci/lgvci.hpp"

namespace test_sweep {

using namespace lgvci;
using nlohmann::json;

namespace {

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

std::string fieldOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const InvalidInput& e) {
    return e.field();
  }
  return "(no error)";
}

SweepSpec smallSweep(int members, long long steps) {
  SweepSpec s;
  s.config = R"({"case":"IV"})";
  s.axes = {parseSweepAxis("restitution=0.8,1"), parseSweepAxis("x0.2=10,11")};
  s.ensemble.members = members;
  s.ensemble.steps = steps;
  s.ensemble.samples = 7;
  s.ensemble.seed = 5;
  return s;
}

std::vector<std::string> shardParts(const SweepSpec& s, long long N, int threads) {
  std::vector<std::string> parts;
  for (long long i = 1; i <= N; ++i) parts.push_back(runSweepPart(s, Shard{i, N}, threads));
  return parts;
}

}  // namespace

TEST_CASE("sweep: a range's points are computed from their index, not accumulated", "[sweep]") {
  const SweepAxis a = parseSweepAxis("restitution=0:1:11");
  CHECK(a.path == "restitution");
  const char* decimals[] = {"0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"};
  REQUIRE(a.values.size() == 11);
  for (int i = 0; i < 11; ++i) CHECK(sameBits(a.values[static_cast<std::size_t>(i)], std::strtod(decimals[i], nullptr)));
  // Summing 0.1 ten times gives 0.9999999999999999: the range does not.
  double sum = 0.0;
  for (int i = 0; i < 10; ++i) sum += 0.1;
  CHECK(sum != 1.0);
  CHECK(a.values.back() == 1.0);
  const std::vector<double> b = sweepRange(-1.0, 1.0, 5);
  CHECK(b == std::vector<double>{-1.0, -0.5, 0.0, 0.5, 1.0});
  const std::vector<double> c = sweepRange(0.1, 0.7, 4);  // both ends exactly as written
  CHECK(sameBits(c.front(), 0.1));
  CHECK(sameBits(c.back(), 0.7));
}

TEST_CASE("sweep: a list of values, and axis errors as 'sweep: rule'", "[sweep]") {
  const SweepAxis a = parseSweepAxis("plane.tilt=0,0.1,0.2");
  CHECK(a.path == "plane.tilt");
  CHECK(a.values == std::vector<double>{0.0, 0.1, 0.2});
  for (const char* bad : {"restitution", "=1", "a..b=1", "a b=1", "x=1:2", "x=1:2:1", "x=1:2:n", "x=1:2:3:4", "x=0x10", "x=1,,2",
                          "x=", "x=inf", "x=1e999", "x=1:2:10000001"}) {
    INFO(bad);
    CHECK(fieldOf([&] { parseSweepAxis(bad); }) == "sweep");
  }
  CHECK_THROWS_WITH(parseSweepAxis("x=1:2"), "sweep: a range is A:B:N, from A to B in N points (got 'x=1:2')");
}

TEST_CASE("sweep: shards are i/N with 1 <= i <= N", "[sweep]") {
  CHECK(parseShard("3/7").index == 3);
  CHECK(parseShard("3/7").count == 7);
  for (const char* bad : {"0/3", "4/3", "a/3", "1/0", "1", "1/", "/2", "-1/2", "1/2/3"}) {
    INFO(bad);
    CHECK(fieldOf([&] { parseShard(bad); }) == "shard");
  }
}

TEST_CASE("sweep: paths are numbers of the family's schema, of any family", "[sweep]") {
  SweepSpec s = smallSweep(2, 10);
  // The last axis varies fastest; an entry of a vector keeps the others (Case IV's x0 = (0, 0, 10)).
  const json p1 = json::parse(sweepPointConfig(s, 1)), p2 = json::parse(sweepPointConfig(s, 2));
  CHECK(p1["restitution"] == 0.8);
  CHECK(p1["x0"] == json::array({0.0, 0.0, 11.0}));
  CHECK(p2["restitution"] == 1.0);
  CHECK(p2["x0"] == json::array({0.0, 0.0, 10.0}));
  s.axes = {parseSweepAxis("no_such_field=1")};
  CHECK_THROWS_WITH(validateSweep(s), "sweep: 'no_such_field' is not a number of a rigid_body config (lgvci --schema rigid_body)");
  s.axes = {parseSweepAxis("body=1")};  // an object, not a number
  CHECK(fieldOf([&] { validateSweep(s); }) == "sweep");
  s.axes = {parseSweepAxis("x0.3=1")};  // x0 has 3 entries
  CHECK(fieldOf([&] { validateSweep(s); }) == "sweep");
  s.axes = {parseSweepAxis("h=0.01"), parseSweepAxis("h=0.02")};
  CHECK_THROWS_WITH(validateSweep(s), "sweep: 'h' is given twice");
  s.axes = {parseSweepAxis("restitution=2,3")};  // no point the family accepts: bad input, not 2K failures
  CHECK_THROWS_WITH(validateSweep(s), "restitution: must be in [0, 1] (at every point of the sweep)");
  CHECK_THROWS_WITH(runSweepPart(s, Shard{1, 2}, 1), "restitution: must be in [0, 1] (at every point of the sweep)");
  s.axes = {parseSweepAxis("h=0.01")};
  s.config = R"({"case":"billiard-ellipse"})";  // every family's start can be perturbed (docs/ensembles.md)
  CHECK(fieldOf([&] { validateSweep(s); }) == "(no error)");
  s.axes = {parseSweepAxis("restitution=0.5")};  // the billiard's own schema, not the rigid body's
  CHECK_THROWS_WITH(validateSweep(s), "sweep: 'restitution' is not a number of a billiard config (lgvci --schema billiard)");
}

TEST_CASE("sweep: N = 1, 3, 7 (and more shards than members) at 1 and 2 threads merge to the unsharded bytes", "[sweep]") {
  const SweepSpec s = smallSweep(5, 700);  // 4 points x 5 members; restitution 0.8 has impacts by t = 7
  const std::string whole = runSweep(s, 1);
  CHECK(runSweep(s, 2) == whole);
  for (long long N : {1, 3, 7, 23}) {
    for (int threads : {1, 2}) {
      INFO("N = " << N << ", threads = " << threads);
      std::vector<std::string> parts = shardParts(s, N, threads);
      CHECK(mergeSweepParts(parts, {}) == whole);
      std::reverse(parts.begin(), parts.end());  // the parts' order does not matter
      CHECK(mergeSweepParts(parts, {}) == whole);
    }
  }
  // Parts of two cuts of one sweep: 1/2, 3/4 and 4/4 hold every member once.
  CHECK(mergeSweepParts({runSweepPart(s, Shard{4, 4}, 1), runSweepPart(s, Shard{1, 2}, 2), runSweepPart(s, Shard{3, 4}, 1)}, {}) == whole);
  const json j = json::parse(whole);
  REQUIRE(j["points"].size() == 4);
  CHECK(j["points"][0]["values"] == json({{"restitution", 0.8}, {"x0.2", 10.0}}));
  CHECK(j["points"][0]["impacts"]["min"].get<long long>() > 0);
  CHECK(j["failures"].empty());
  for (const char* key : {"program", "version", "compiler", "build_flags", "seed_rule", "config_hash"})
    CHECK(j["provenance"].contains(key));
}

TEST_CASE("sweep: a point's statistics are the ensemble's of that point's config", "[sweep]") {
  SweepSpec s;
  s.config = R"({"case":"IV"})";
  s.axes = {parseSweepAxis("restitution=0.7,0.9")};
  s.ensemble.members = 6;
  s.ensemble.steps = 800;
  s.ensemble.samples = 9;
  s.ensemble.seed = 3;
  const json j = json::parse(runSweep(s, 2));
  for (int p = 0; p < 2; ++p) {
    EnsembleSpec e = s.ensemble;
    e.config = p == 0 ? R"({"case":"IV","restitution":0.7})" : R"({"case":"IV","restitution":0.9})";
    const Ensemble ens(e);
    const json expected = json::parse(ensembleStatisticsJson(ens, ensembleStatistics(ens, runEnsembleThreads(ens, 1))));
    const json& got = j["points"][p];
    for (const char* key : {"impacts", "energy_error", "divergence", "halted", "reference"}) {
      INFO("point " << p << ": " << key);
      CHECK(got[key] == expected[key]);
    }
    CHECK(got["h"] == expected["ensemble"]["h"]);
    CHECK(got["members"] == 6);
  }
}

TEST_CASE("sweep: a failing member is reported by (point, member) with its message, the others run", "[sweep]") {
  SweepSpec s;
  s.config = R"({"case":"IV"})";
  s.axes = {parseSweepAxis("restitution=0.9,1.5"), parseSweepAxis("x0.2=2.2")};
  s.ensemble.members = 8;
  s.ensemble.steps = 40;
  s.ensemble.samples = 4;
  s.ensemble.kind = "attitude";
  s.ensemble.size = 1.0;  // a turn of up to 1 rad pushes some starts 2.2 above the plane into it
  const std::string whole = runSweep(s, 2);
  CHECK(mergeSweepParts(shardParts(s, 3, 1), {}) == whole);
  const json j = json::parse(whole);
  // Which members cannot start, found here from the point's simulation and the offsets' rule.
  const SimulationResult point = createSimulation(R"({"case":"IV","restitution":0.9,"x0":[0,0,2.2]})");
  REQUIRE(point.ok());
  std::vector<int> invalid;
  for (int k = 0; k < 8; ++k) {
    try {
      point.simulation->perturbedStart("attitude", memberOffset(s.ensemble.seed, k));
    } catch (const InvalidInput&) {
      invalid.push_back(k);
    }
  }
  REQUIRE(!invalid.empty());
  REQUIRE(invalid.size() < 8);
  std::vector<int> startFailures;
  int configFailures = 0;
  for (const json& f : j["failures"]) {
    if (f["stage"] == "start") {
      CHECK(f["point"] == 0);
      startFailures.push_back(f["member"].get<int>());
      CHECK(f["message"].get<std::string>().find("member " + std::to_string(f["member"].get<int>()) + "'s perturbed start is invalid") !=
            std::string::npos);
    } else {
      CHECK(f["stage"] == "config");
      CHECK(f["point"] == 1);
      CHECK(f["member"] == configFailures);
      CHECK(f["message"] == "restitution: must be in [0, 1]");
      ++configFailures;
    }
  }
  CHECK(startFailures == invalid);
  CHECK(configFailures == 8);
  CHECK(j["points"][0]["members"] == 8 - static_cast<int>(invalid.size()));
  CHECK(j["points"][0]["failed"] == static_cast<int>(invalid.size()));
  CHECK(j["points"][0]["divergence"]["n"][0] == 8 - static_cast<int>(invalid.size()));
  CHECK(j["points"][1]["members"] == 0);
  CHECK(j["points"][1]["error"] == "restitution: must be in [0, 1]");
  CHECK(!j["points"][1].contains("impacts"));
}

TEST_CASE("sweep: the merge refuses other sweeps, duplicates, missing members and other text", "[sweep]") {
  const SweepSpec s = smallSweep(3, 30);
  const std::vector<std::string> parts = shardParts(s, 3, 1);
  SweepSpec other = s;
  other.ensemble.seed = 6;
  const std::string foreign = runSweepPart(other, Shard{2, 3}, 1);
  CHECK(json::parse(foreign)["provenance"]["config_hash"] != json::parse(parts[1])["provenance"]["config_hash"]);
  CHECK_THROWS_WITH(mergeSweepParts({parts[0], foreign, parts[2]}, {"a", "b", "c"}),
                    Catch::StartsWith("merge: 'b' is from a different sweep or build than 'a': provenance.config_hash"));
  CHECK_THROWS_WITH(mergeSweepParts({parts[0], parts[1], parts[1], parts[2]}, {"a", "b", "b2", "c"}),
                    Catch::Contains("is in two parts ('b' and 'b2')"));
  CHECK_THROWS_WITH(mergeSweepParts({parts[0], parts[2]}, {"a", "c"}),
                    Catch::StartsWith("merge: 4 of the sweep's 12 members are missing (the first: member 1 of point 1)"));
  CHECK(fieldOf([&] { mergeSweepParts({"{}"}, {}); }) == "merge");
  CHECK(fieldOf([&] { mergeSweepParts({"not json"}, {}); }) == "merge");
  CHECK(fieldOf([&] { mergeSweepParts({}, {}); }) == "merge");
  json edited = json::parse(parts[0]);
  edited["sweep"]["steps"] = 31;  // a part changed by hand no longer matches its hash
  CHECK_THROWS_WITH(mergeSweepParts({edited.dump(), parts[1], parts[2]}, {"a", "b", "c"}), Catch::Contains("config_hash does not match"));
}

TEST_CASE("sweep: a member that halts is reported by id with the simulation's message and counted as halted", "[sweep]") {
  SweepSpec s;
  s.config = R"({"case":"IV"})";
  s.axes = {parseSweepAxis("max_impacts_per_step=1,64")};  // 1: Case IV's Zeno guard halts the run near t = 6.6
  s.ensemble.members = 3;
  s.ensemble.steps = 700;
  s.ensemble.samples = 7;
  const std::string whole = runSweep(s, 2);
  CHECK(mergeSweepParts(shardParts(s, 4, 1), {}) == whole);
  const json j = json::parse(whole);
  CHECK(j["points"][0]["halted"] == 3);
  CHECK(j["points"][0]["members"] == 3);  // halted members keep their results, as in an ensemble
  CHECK(j["points"][1]["halted"] == 0);
  REQUIRE(j["failures"].size() == 3);
  EnsembleSpec e = s.ensemble;
  e.config = R"({"case":"IV","max_impacts_per_step":1})";
  const Ensemble ens(e);
  for (int k = 0; k < 3; ++k) {
    const json& f = j["failures"][static_cast<std::size_t>(k)];
    CHECK(f["point"] == 0);
    CHECK(f["member"] == k);
    CHECK(f["stage"] == "halted");
    // The member stepped here by hand until it halts: its status message.
    std::unique_ptr<Simulation> sim = ens.memberSimulation(k);
    for (int n = 0; n < 700 && !sim->runStatus().halted; ++n) {
      sim->step();
      sim->clearImpactLog();
    }
    REQUIRE(sim->runStatus().halted);
    CHECK(f["message"] == sim->runStatus().message);
    CHECK(f["message"].get<std::string>().rfind("Zeno guard", 0) == 0);
  }
}

TEST_CASE("sweep: points run in batches (K = 1100: two points a batch) give the same bytes for any cut", "[sweep]") {
  SweepSpec s;
  s.config = R"({"case":"IV"})";
  s.axes = {parseSweepAxis("restitution=0.5:1:5")};
  s.ensemble.members = 1100;
  s.ensemble.steps = 5;
  s.ensemble.samples = 1;
  const std::string whole = runSweep(s, 1);
  CHECK(runSweep(s, 2) == whole);
  for (long long N : {3, 7})
    for (int threads : {1, 2}) {
      INFO("N = " << N << ", threads = " << threads);
      CHECK(mergeSweepParts(shardParts(s, N, threads), {}) == whole);
    }
  const json j = json::parse(whole);
  REQUIRE(j["points"].size() == 5);
  for (const json& p : j["points"]) CHECK(p["members"] == 1100);
}

}  // namespace test_sweep
