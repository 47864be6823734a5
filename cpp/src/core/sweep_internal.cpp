// The sweep's shared parts (sweep_internal.hpp): the plan, the points, a part's blocks and digest.
#include "sweep_internal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "lgvci/core/ensemble.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/sha256.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/version.hpp"

#ifndef LGVCI_BIT_FLAGS
#define LGVCI_BIT_FLAGS "unknown"
#endif

namespace lgvci::sweep_internal {

namespace {


// "plane.tilt" → "/plane/tilt" (the path's names are [A-Za-z0-9_], nothing to escape).
json::json_pointer pointerOf(const std::string& path) {
  std::string p = "/" + path;
  std::replace(p.begin(), p.end(), '.', '/');
  return json::json_pointer(p);
}

}  // namespace

bool allDigits(const std::string& s, std::size_t maxLen) {
  return !s.empty() && s.size() <= maxLen && s.find_first_not_of("0123456789") == std::string::npos;
}

std::string hex16(std::uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}


Plan makePlan(const SweepSpec& spec) {
  validateEnsembleSpec(spec.ensemble);
  if (spec.axes.empty()) throw InvalidInput("sweep", "give at least one axis (PATH=A:B:N or PATH=V1,V2,...)");
  if (static_cast<long long>(spec.axes.size()) > kMaxSweepAxes) throw InvalidInput("sweep", "at most 256 axes");
  checkJsonText(spec.config);
  Plan plan;
  plan.base = json::parse(spec.config);
  if (!plan.base.is_object()) throw InvalidInput("config", "must be a JSON object");
  const FamilyInfo& family = familyOfConfig(spec.config);
  json resolved;  // the base's resolved config, read only for an entry of a vector the base does not give
  for (std::size_t a = 0; a < spec.axes.size(); ++a) {
    const SweepAxis& axis = spec.axes[a];
    if (axis.values.empty()) throw InvalidInput("sweep", "'" + printable(axis.path) + "' has no values");
    parseSweepAxis(axis.path + "=0");  // the path's own rule, for an axis built in code
    for (std::size_t b = 0; b < a; ++b)
      if (spec.axes[b].path == axis.path) throw InvalidInput("sweep", "'" + printable(axis.path) + "' is given twice");
    const ConfigField* row = family.schema.find(axis.path);
    const std::string refuse = "'" + printable(axis.path) + "' is not a number of a " + family.name + " config (lgvci --schema " + family.name + ")";
    if (row && (row->type == ConfigField::Type::Number || row->type == ConfigField::Type::Integer)) {
      plan.target.push_back(pointerOf(axis.path));
      plan.entry.push_back(false);
      plan.index.push_back(0);
      plan.vector.emplace_back();
      continue;
    }
    const std::size_t dot = axis.path.rfind('.');
    const std::string last = dot == std::string::npos ? "" : axis.path.substr(dot + 1);
    const ConfigField* vec = allDigits(last, 6) ? family.schema.find(axis.path.substr(0, dot)) : nullptr;
    if (!vec || vec->type != ConfigField::Type::Vector) throw InvalidInput("sweep", refuse);
    const json::json_pointer ptr = pointerOf(axis.path.substr(0, dot));
    const std::size_t i = static_cast<std::size_t>(std::stoul(last));
    json values;
    if (plan.base.contains(ptr)) values = plan.base.at(ptr);
    else {
      if (resolved.is_null()) {
        SimulationResult r = createSimulation(spec.config);
        if (!r.ok()) throw InvalidInput(r.error.field, r.error.message.substr(r.error.message.find(": ") + 2));
        resolved = json::parse(r.simulation->configJson());
      }
      if (resolved.contains(ptr)) values = resolved.at(ptr);
    }
    if (!values.is_array() || i >= values.size())
      throw InvalidInput("sweep", "'" + printable(axis.path) + "': the config has no entry " + last + " of " + axis.path.substr(0, dot));
    plan.target.push_back(ptr);
    plan.entry.push_back(true);
    plan.index.push_back(i);
    plan.vector.push_back(values);
  }
  for (const SweepAxis& axis : spec.axes) {
    plan.P *= static_cast<long long>(axis.values.size());
    if (plan.P > kMaxSweepPoints) throw InvalidInput("sweep", "the axes cross into more than 1000000 points");
  }
  plan.K = spec.ensemble.members;
  plan.T = plan.P * plan.K;
  if (plan.T > kMaxSweepMembers) throw InvalidInput("sweep", "points x members must be at most 1e8, got " + std::to_string(plan.T));
  return plan;
}

// The values of point p, one per axis (the last axis varies fastest).
std::vector<double> pointValues(const SweepSpec& spec, long long p) {
  std::vector<double> v(spec.axes.size());
  for (std::size_t a = spec.axes.size(); a-- > 0;) {
    const long long n = static_cast<long long>(spec.axes[a].values.size());
    v[a] = spec.axes[a].values[static_cast<std::size_t>(p % n)];
    p /= n;
  }
  return v;
}

json pointConfig(const Plan& plan, const SweepSpec& spec, long long p) {
  json config = plan.base;
  const std::vector<double> v = pointValues(spec, p);
  for (std::size_t a = 0; a < v.size(); ++a) {
    json patch = json::object();
    if (!plan.entry[a]) patch[plan.target[a]] = v[a];
    else {  // the vector as the config has it now (an earlier axis may have set another entry)
      json values = config.contains(plan.target[a]) && config.at(plan.target[a]).is_array() ? config.at(plan.target[a]) : plan.vector[a];
      if (plan.index[a] >= values.size()) values = plan.vector[a];
      values[plan.index[a]] = v[a];
      patch[plan.target[a]] = values;
    }
    config.merge_patch(patch);
  }
  return config;
}

// A sweep none of whose points the family accepts (a misspelt key in the base config, every value out
// of range) is bad input, refused before anything runs with point 0's message; a sweep with some valid
// points runs, and the others' members are reported as failures. Returns the ensembles' perturbation:
// the spec's kind, or the first valid point's default (Simulation::perturbations()), so that every point
// perturbs along the same one and the sweep block names it.
std::string requireAValidPoint(const Plan& plan, const SweepSpec& spec) {
  SimulationError first;
  for (long long p = 0; p < plan.P; ++p) {
    const SimulationResult r = createSimulation(pointConfig(plan, spec, p).dump());
    if (r.ok()) return spec.ensemble.kind.empty() ? r.simulation->perturbations().at(0).name : r.simulation->perturbation(spec.ensemble.kind).name;
    if (p == 0) first = r.error;
  }
  const std::size_t colon = first.message.find(": ");
  throw InvalidInput(first.field, (colon == std::string::npos ? first.message : first.message.substr(colon + 2)) +
                                      (plan.P > 1 ? " (at every point of the sweep)" : ""));
}

json definitionOf(const Plan& plan, const SweepSpec& spec, const std::string& kind) {
  const EnsembleSpec& e = spec.ensemble;
  json axes = json::array();
  for (const SweepAxis& a : spec.axes) axes.push_back({{"path", a.path}, {"values", a.values}});
  return {{"config", plan.base}, {"axes", axes}, {"points", plan.P}, {"members", plan.K},
          {"kind", kind}, {"size", e.size}, {"seed", e.seed}, {"steps", e.steps}, {"samples", e.samples}};
}

const char* const kSeedRule =
    "member k of point p starts from point p's config moved by size*u_k along the perturbation kind (a shift of one "
    "entry of a state field, or a turn R*R_axis(size*u_k) of an attitude), u_k = 2*(splitmix64(seed + (k + 1)*0x9E3779B97F4A7C15) >> 11)*2^-53 - 1: the same u_k at every point; global id p*K + k, "
    "shard i of N runs ids [floor((i-1)*T/N), floor(i*T/N)), T = P*K";

json provenanceOf(const json& definition) {
  const std::string text = definition.dump();
  std::string compiler;
#if defined(__clang__)
  compiler = std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  compiler = std::string("gcc ") + __VERSION__;
#else
  compiler = "unknown";
#endif
  std::string arch =
#if defined(__x86_64__)
      "x86_64";
#elif defined(__aarch64__)
      "aarch64";
#elif defined(__wasm__)
      "wasm32";
#else
      "other";
#endif
  return {{"program", "lgvci"}, {"version", version()}, {"compiler", compiler}, {"arch", arch},
          {"build_flags", LGVCI_BIT_FLAGS}, {"seed_rule", kSeedRule}, {"config_hash", hex16(fnv1a64(text.data(), text.size()))}};
}

// Numbers of a part: full precision (nlohmann writes the shortest text that reads back as the same
// double); NaN and infinities, which JSON has not, as null and read back as NaN.
json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }
double numberOf(const json& v) { return v.is_null() ? kNaN : v.get<double>(); }

json memberJson(const MemberResult& r) {
  json err = json::array();
  for (double e : r.err) err.push_back(number(e));
  json m = {{"steps", r.steps}, {"impacts", r.impacts}, {"energy_error", number(r.energyError)}, {"halted", r.halted}, {"err", err}};
  if (r.halted) m["message"] = r.message;
  return m;
}

// The digest of a part (docs/sweeps.md "What the merge verifies"): SHA-256 of its blocks as nlohmann
// writes them and of the SHA-256s of its points' and members' entries (each entry's text and a
// newline, in order), so the merge recomputes it as it streams a part in, whatever the part's layout.
std::string partDigest(const json& part, const json& provenance, const json& definition, const std::string& pointsSha,
                       const std::string& membersSha) {
  return "sha256:" + Sha256::of(part.dump() + "\n" + provenance.dump() + "\n" + definition.dump() + "\n" + pointsSha + "\n" + membersSha);
}

std::string firstDifference(const json& a, const json& b) {
  if (a.is_object() && b.is_object())
    for (const auto& item : a.items())
      if (!b.contains(item.key()) || b[item.key()] != item.value()) return item.key();
  return "";
}

}  // namespace lgvci::sweep_internal
