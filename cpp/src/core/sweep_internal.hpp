// What the sweep's part writer (sweep.cpp) and its merge (sweep_merge.cpp) share: the plan of a sweep
// checked once, its points' values and configs, the definition and provenance blocks of a part, the
// numbers' JSON form and the part's digest (docs/sweeps.md "Shards, parts and the merge"). Internal to
// the library: not installed.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/sweep.hpp"

namespace lgvci::sweep_internal {

using json = nlohmann::json;
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A sweep checked and prepared once: where each axis writes, and the counts.
struct Plan {
  json base;
  std::vector<json::json_pointer> target;  // the number, or (entries) the vector holding it
  std::vector<bool> entry;                 // an entry of a vector: "x0.2"
  std::vector<std::size_t> index;
  std::vector<json> vector;                // an entry's vector when the base config has none (the resolved one)
  long long P = 1, K = 1, T = 1;
};

Plan makePlan(const SweepSpec& spec);
/// The values of point p, one per axis (the last axis varies fastest).
std::vector<double> pointValues(const SweepSpec& spec, long long p);
json pointConfig(const Plan& plan, const SweepSpec& spec, long long p);
/// The ensembles' perturbation kind, after refusing a sweep none of whose points the family accepts.
std::string requireAValidPoint(const Plan& plan, const SweepSpec& spec);
json definitionOf(const Plan& plan, const SweepSpec& spec, const std::string& kind);
extern const char* const kSeedRule;
json provenanceOf(const json& definition);
std::string hex16(std::uint64_t h);
/// s is 1..maxLen decimal digits.
bool allDigits(const std::string& s, std::size_t maxLen);
/// Numbers of a part: full precision; NaN and infinities, which JSON has not, as null and read back as NaN.
json number(double v);
double numberOf(const json& v);
json memberJson(const MemberResult& r);
enum class Stage { Ok, Config, Start };
std::string partDigest(const json& part, const json& provenance, const json& definition, const std::string& pointsSha,
                       const std::string& membersSha);
std::string firstDifference(const json& a, const json& b);

}  // namespace lgvci::sweep_internal
