// What the merge verifies (docs/sweeps.md "What the merge verifies"): the reproducers of the
// robustness hunt — a part nested 75,000 arrays deep (a crash), parts whose results were edited
// (merged into wrong statistics with exit 0), another program version, a relabelled sweep whose FNV
// hash was recomputed, a 2 kB part declaring 10⁸ members (a 12–16 GB reservation), an unsharded sweep
// of 10⁸ members (std::bad_alloc) — and the digest itself.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/sha256.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/sweep.hpp"
#include "lgvci/lgvci.hpp"

namespace test_merge_verify {

using namespace lgvci;
using nlohmann::json;

namespace {

SweepSpec twoPoints() {
  SweepSpec s;
  s.config = R"({"case":"IV"})";
  s.axes = {parseSweepAxis("restitution=0.5,1")};
  s.ensemble.members = 3;
  s.ensemble.steps = 40;
  s.ensemble.samples = 4;
  return s;
}

// The merge's message for parts `texts` (named a, b, …), or "(merged)".
std::string refusal(const std::vector<std::string>& texts) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < texts.size(); ++i) names.push_back(std::string(1, static_cast<char>('a' + i)));
  try {
    mergeSweepParts(texts, names);
  } catch (const InvalidInput& e) {
    CHECK(e.field() == "merge");
    return e.what();
  }
  return "(merged)";
}

// A part edited by `edit` (its text re-written by nlohmann, as an editor or a script would).
std::string edited(const std::string& part, const std::function<void(json&)>& edit) {
  json j = json::parse(part);
  edit(j);
  return j.dump(2);
}

// The config hash a forger would recompute after editing the sweep block (FNV-1a 64 of its text).
void rehash(json& j) {
  const std::string text = j["sweep"].dump();
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(fnv1a64(text.data(), text.size())));
  j["provenance"]["config_hash"] = hex;
}

}  // namespace

TEST_CASE("SHA-256 of the FIPS 180-4 examples", "[merge][digest]") {
  CHECK(Sha256::of("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(Sha256::of("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(Sha256::of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  Sha256 million;
  const std::string a(1000, 'a');
  for (int i = 0; i < 1000; ++i) million.update(a);
  CHECK(million.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("merge: a part nested 75,000 arrays deep is refused at the config reader's depth, without a crash", "[merge]") {
  // The block the merge used to hash (dump, recursively: a stack overflow) nested 75,000 deep.
  const std::string nested = std::string(75000, '[') + std::string(75000, ']');
  const std::string m = refusal({R"({"part":{},"provenance":{},"points":[],"members":[],"sweep":)" + nested + "}"});
  CHECK(m.rfind("merge: 'a': sweep[0][0]", 0) == 0);
  CHECK(m.find("nesting deeper than 34 levels") != std::string::npos);
  CHECK(refusal({"{\"members\":[" + nested + "]}"}).rfind("merge: 'a': members[0][0]", 0) == 0);
  // Deep inside the sweep block (the config's own 32 levels are allowed there, no more).
  std::string config = "{\"sweep\":{\"config\":{\"x\":" + std::string(40, '[') + std::string(40, ']') + "}}}";
  CHECK(refusal({config}).find("nesting deeper than 34 levels") != std::string::npos);
}

TEST_CASE("merge: parts whose results were edited are refused, naming the part and the field", "[merge]") {
  const SweepSpec s = twoPoints();
  const std::string p1 = runSweepPart(s, Shard{1, 2}, 1), p2 = runSweepPart(s, Shard{2, 2}, 1);
  const std::string whole = runSweep(s, 1);
  REQUIRE(mergeSweepParts({p1, p2}, {"a", "b"}) == whole);
  // Re-written by an editor (indented, keys re-ordered) the parts still merge: the digest is of what they say.
  CHECK(mergeSweepParts({edited(p1, [](json&) {}), json::parse(p2).dump(4)}, {"a", "b"}) == whole);

  const auto member = [](const std::function<void(json&)>& f) { return [f](json& j) { f(j["members"][1]); }; };
  // Types and ranges, by field.
  CHECK(refusal({edited(p1, member([](json& m) { m["impacts"] = -3; })), p2}) ==
        "merge: 'a': members[1].impacts: must be an integer in [0, 80000] (got -3)");
  CHECK(refusal({edited(p1, member([](json& m) { m["impacts"] = 1.5; })), p2}) ==
        "merge: 'a': members[1].impacts: must be an integer in [0, 80000] (got 1.5)");
  CHECK(refusal({edited(p1, member([](json& m) { m["energy_error"] = -5; })), p2}).find("members[1].energy_error: must be a number in [0, ") !=
        std::string::npos);
  CHECK(refusal({edited(p1, member([](json& m) { m["steps"] = 1000000000; })), p2}) ==
        "merge: 'a': members[1].steps: must be an integer in [0, 10000000] (got 1000000000)");
  CHECK(refusal({edited(p1, member([](json& m) { m["err"][2] = "x"; })), p2}).find("members[1].err[2]: must be a number") != std::string::npos);
  CHECK(refusal({edited(p1, member([](json& m) { m["note"] = 1; })), p2}) ==
        "merge: 'a': members[1].note: is not a key of a sweep part (lgvci writes none; the part was edited)");
  CHECK(refusal({edited(p1, [](json& j) { j["points"][0]["reference"]["extra"] = true; }), p2}) ==
        "merge: 'a': points[0].reference.extra: is not a key of a sweep part (lgvci writes none; the part was edited)");
  CHECK(refusal({edited(p1, [](json& j) { j["members"].erase(1); }), p2}) ==
        "merge: 'a': members: must list the shard's 3 members, not 2");
  // Values of the right type and range: only the digest can tell.
  for (const auto& edit : std::vector<std::function<void(json&)>>{
           member([](json& m) { m["impacts"] = 999; }), member([](json& m) { m["energy_error"] = 1e300; }),
           member([](json& m) { m["err"][1] = 0.5; }),
           [](json& j) { j["members"][2] = {{"point", 0}, {"member", 2}, {"failed", "start"}, {"message", "size: made up"}}; },
           [](json& j) { j["points"][0]["reference"]["impacts"] = 7; }}) {
    const std::string m = refusal({edited(p1, edit), p2});
    CHECK(m.rfind("merge: 'a': digest: does not match the part's contents", 0) == 0);
  }
  // A relabelled sweep (restitution 0.5 → 0.1) with its FNV config hash recomputed, in both parts.
  const auto relabel = [](json& j) {
    j["sweep"]["axes"][0]["values"][0] = 0.1;
    rehash(j);
  };
  CHECK(refusal({edited(p1, relabel), edited(p2, relabel)}).rfind("merge: 'a': digest: does not match the part's contents", 0) == 0);
  // The perturbation's name: one the family does not have is refused by the family's own check; another
  // of its perturbations passes the block's checks and is caught by the digest.
  const auto kind = [](const char* k) {
    return [k](json& j) {
      j["sweep"]["kind"] = k;
      rehash(j);
    };
  };
  const std::string unknown = refusal({edited(p1, kind("sideways")), edited(p2, kind("sideways"))});
  CHECK(unknown.rfind("merge: 'a': sweep: kind: ", 0) == 0);
  CHECK(refusal({edited(p1, kind("")), edited(p2, kind(""))}).rfind("merge: 'a': sweep.kind: must be the name of one of the config's perturbations", 0) == 0);
  const std::string other_kind = json::parse(p1)["sweep"]["kind"] == "position" ? "attitude" : "position";
  CHECK(refusal({edited(p1, kind(other_kind.c_str())), edited(p2, kind(other_kind.c_str()))}).rfind("merge: 'a': digest: does not match", 0) == 0);
  // Parts that all claim another program version.
  const auto other = [](json& j) { j["provenance"]["version"] = "9.9.9"; };
  CHECK(refusal({edited(p1, other), edited(p2, other)}).rfind("merge: 'a': provenance.version: is \"9.9.9\", not this program's", 0) == 0);
  // No digest: a part of an older lgvci, or one whose digest was dropped.
  CHECK(refusal({edited(p1, [](json& j) { j.erase("digest"); }), p2}).rfind("merge: 'a': digest: is missing", 0) == 0);
}

TEST_CASE("merge: a 2 kB part declaring 10^4 x 10^4 members is refused by what it holds, not sized by what it declares", "[merge]") {
  // A real part of a small sweep given the sweep block of a 10⁸-member one (valid, so that its hash
  // and definition check out).
  json part = json::parse(runSweepPart(twoPoints(), Shard{1, 1}, 1));
  part["sweep"] = json{{"config", {{"case", "IV"}}}, {"axes", {{{"path", "restitution"}, {"values", sweepRange(0, 1, 10000)}}}},
                       {"points", 10000}, {"members", 10000}, {"kind", "position"}, {"size", 1e-8}, {"seed", 1}, {"steps", 40},
                       {"samples", 4}};
  rehash(part);
  const std::string m = refusal({part.dump()});
  CHECK(m == "merge: 'a': part: first and end must be shard 1 of 1's ids [0, 100000000) of the sweep's 100000000 members");
  part["part"] = {{"shard", 1}, {"shards", 100000000}, {"first", 0}, {"end", 1}};
  CHECK(refusal({part.dump()}) == "merge: 'a': points: must list the shard's 1 points, not 2");
}

TEST_CASE("sweep: an unsharded sweep too large for one process is refused with the shards it needs", "[sweep]") {
  SweepSpec s = twoPoints();
  s.axes = {parseSweepAxis("restitution=0:1:10000")};
  s.ensemble.members = 10000;  // 10⁸ members, inside the bounds of a sweep
  s.ensemble.samples = 10;
  validateSweep(s);
  CHECK_THROWS_WITH(runSweep(s, 1), "sweep: 100000000 members (10000 points) of 11 samples of Err(t) each are too many to run unsharded: "
                                    "one process holds at most 1000000 members, 20000000 samples of Err(t) (about 2 GB) and 200000 points "
                                    "(about 1.5 GB); cut it with --shard i/N, N >= 100, and merge the parts (lgvci merge; docs/sweeps.md)");
  CHECK_THROWS_WITH(runSweepPart(s, Shard{1, 50}, 1), Catch::StartsWith("shard: shard 1/50 holds 2000000 members"));
  s.ensemble.samples = 1000;  // 1001 samples (1000 steps): 19 980 members a shard at most
  s.ensemble.steps = 1000;
  CHECK_THROWS_WITH(runSweepPart(s, Shard{1, 1000}, 1), Catch::EndsWith("cut the sweep into N >= 5006 shards"));
  // Points count as well (each ≈ 7.5 kB held): 10⁶ one-member points need 6 shards.
  s.axes = {parseSweepAxis("restitution=0:1:1000000")};
  s.ensemble.members = 1;
  s.ensemble.samples = 10;
  s.ensemble.steps = 10;
  CHECK_THROWS_WITH(runSweep(s, 1), Catch::Contains("(1000000 points)") && Catch::Contains("--shard i/N, N >= 6,"));
  CHECK_THROWS_WITH(runSweepPart(s, Shard{2, 4}, 1), Catch::StartsWith("shard: shard 2/4 holds 250000 members (250000 points)"));
}

}  // namespace test_merge_verify
