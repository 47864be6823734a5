// Sweeps: axes → points → members (p, k), shards of the global ids, parts with every member's result
// at full precision, and the merge that reduces each point in member order (docs/sweeps.md).
#include "lgvci/core/sweep.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>

#include <nlohmann/json.hpp>

#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/ensemble_threads.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/version.hpp"

#ifndef LGVCI_BIT_FLAGS
#define LGVCI_BIT_FLAGS "unknown"
#endif

namespace lgvci {

namespace {

using json = nlohmann::json;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();


std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (true) {  // every item, empty ones included: "1,2," has three
    const std::size_t at = s.find(sep, from);
    out.push_back(s.substr(from, at == std::string::npos ? std::string::npos : at - from));
    if (at == std::string::npos) return out;
    from = at + 1;
  }
}

double axisNumber(const std::string& item, const std::string& axis) {
  if (!isDecimalNumber(item))
    throw InvalidInput("sweep", "expected a decimal number, got '" + printable(item) + "' (in '" + printable(axis) + "')");
  const double v = std::strtod(item.c_str(), nullptr);  // correctly rounded
  if (!std::isfinite(v)) throw InvalidInput("sweep", "'" + printable(item) + "' is beyond the range of a double (in '" + printable(axis) + "')");
  return v;
}

bool allDigits(const std::string& s, std::size_t maxLen) {
  return !s.empty() && s.size() <= maxLen && s.find_first_not_of("0123456789") == std::string::npos;
}

std::string hex16(std::uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

// "plane.tilt" → "/plane/tilt" (the path's names are [A-Za-z0-9_], nothing to escape).
json::json_pointer pointerOf(const std::string& path) {
  std::string p = "/" + path;
  std::replace(p.begin(), p.end(), '.', '/');
  return json::json_pointer(p);
}

// A sweep checked and prepared once: where each axis writes, and the counts.
struct Plan {
  json base;
  std::vector<json::json_pointer> target;  // the number, or (entries) the vector holding it
  std::vector<bool> entry;                 // an entry of a vector: "x0.2"
  std::vector<std::size_t> index;
  std::vector<json> vector;                // an entry's vector when the base config has none (the resolved one)
  long long P = 1, K = 1, T = 1;
};

Plan makePlan(const SweepSpec& spec) {
  validateEnsembleSpec(spec.ensemble);
  if (spec.axes.empty()) throw InvalidInput("sweep", "give at least one axis (PATH=A:B:N or PATH=V1,V2,...)");
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

const char* kSeedRule =
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

enum class Stage { Ok, Config, Start };

struct Collected {
  long long point = 0, member = 0;
  long long id = 0;
  std::size_t part = 0;
  Stage stage = Stage::Ok;
  std::string message;
  MemberResult result;
};

std::string firstDifference(const json& a, const json& b) {
  if (a.is_object() && b.is_object())
    for (const auto& item : a.items())
      if (!b.contains(item.key()) || b[item.key()] != item.value()) return item.key();
  return "";
}

}  // namespace

// ---- Axes and shards ----

std::vector<double> sweepRange(double a, double b, long long n) {
  if (n < 2 || n > kMaxSweepAxisPoints) throw InvalidInput("sweep", "a range's number of points must be an integer in [2, 1000000]");
  std::vector<double> v(static_cast<std::size_t>(n));
  const double span = b - a;
  const double gaps = static_cast<double>(n - 1);
  for (long long i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = a + (span * static_cast<double>(i)) / gaps;
  v.front() = a;
  v.back() = b;
  for (double x : v)
    if (!std::isfinite(x)) throw InvalidInput("sweep", "the range's points are not all finite numbers");
  return v;
}

SweepAxis parseSweepAxis(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw InvalidInput("sweep", "expected PATH=A:B:N or PATH=V1,V2,... (got '" + printable(text) + "')");
  SweepAxis axis;
  axis.path = text.substr(0, eq);
  for (const std::string& name : split(axis.path, '.'))
    if (name.empty() || name.size() > 64 || name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos)
      throw InvalidInput("sweep", "a path is config names (letters, digits, _) joined by '.', as 'plane.tilt' (got '" + printable(axis.path) + "')");
  const std::string spec = text.substr(eq + 1);
  if (spec.find(':') != std::string::npos) {
    const std::vector<std::string> parts = split(spec, ':');
    if (parts.size() != 3)
      throw InvalidInput("sweep", "a range is A:B:N, from A to B in N points (got '" + printable(text) + "')");
    const double a = axisNumber(parts[0], text), b = axisNumber(parts[1], text);
    if (!allDigits(parts[2], 7) || std::stoll(parts[2]) < 2 || std::stoll(parts[2]) > kMaxSweepAxisPoints)
      throw InvalidInput("sweep", "a range's number of points must be an integer in [2, 1000000] (got '" + printable(text) + "')");
    axis.values = sweepRange(a, b, std::stoll(parts[2]));
    return axis;
  }
  const std::vector<std::string> items = split(spec, ',');
  if (static_cast<long long>(items.size()) > kMaxSweepAxisPoints) throw InvalidInput("sweep", "at most 1000000 values per axis");
  for (const std::string& item : items) {
    if (item.empty()) throw InvalidInput("sweep", "expected comma-separated numbers after '=' (got '" + printable(text) + "')");
    axis.values.push_back(axisNumber(item, text));
  }
  return axis;
}

Shard parseShard(const std::string& text) {
  const std::size_t slash = text.find('/');
  const std::string rule = "expected i/N, 1 <= i <= N <= 1000000000, in decimal digits (got '" + printable(text) + "')";
  if (slash == std::string::npos) throw InvalidInput("shard", rule);
  const std::string i = text.substr(0, slash), n = text.substr(slash + 1);
  if (!allDigits(i, 10) || !allDigits(n, 10)) throw InvalidInput("shard", rule);
  Shard s{std::stoll(i), std::stoll(n)};
  if (s.index < 1 || s.count < 1 || s.index > s.count || s.count > kMaxSweepShards) throw InvalidInput("shard", rule);
  return s;
}

void validateSweep(const SweepSpec& spec) { requireAValidPoint(makePlan(spec), spec); }

std::string sweepPointConfig(const SweepSpec& spec, long long point) {
  const Plan plan = makePlan(spec);
  if (point < 0 || point >= plan.P) throw InvalidInput("point", "must be in [0, " + std::to_string(plan.P - 1) + "]");
  return pointConfig(plan, spec, point).dump();
}

// ---- A shard's part ----

std::string runSweepPart(const SweepSpec& spec, Shard shard, int threads) {
  const Plan plan = makePlan(spec);
  const std::string kind = requireAValidPoint(plan, spec);
  if (threads < 1 || threads > kMaxEnsembleThreads) throw InvalidInput("threads", "must be an integer in [1, 256]");
  if (shard.index < 1 || shard.count < 1 || shard.index > shard.count || shard.count > kMaxSweepShards)
    throw InvalidInput("shard", "expected i/N with 1 <= i <= N <= 1000000000");
  const long long T = plan.T, K = plan.K;
  const long long first = (shard.index - 1) * T / shard.count, end = shard.index * T / shard.count;  // ≤ 1e17: no overflow
  const long long p0 = first / K, p1 = end > first ? (end - 1) / K + 1 : p0;

  // The points a batch at a time (their ensembles hold a start and a reference run each: a shard of
  // 10⁶ one-member points must not hold 10⁶ of them): each point's ensemble (its unperturbed reference
  // run) once, on the pool, then the batch's members, each into its own slot, so the part does not
  // depend on which thread ran what.
  struct PointRun {
    std::unique_ptr<Ensemble> ensemble;
    std::string error;
  };
  struct Slot {
    Stage stage = Stage::Ok;
    std::string message;
    MemberResult result;
  };
  std::vector<Slot> slots(static_cast<std::size_t>(end - first));
  std::string pts;  // the points' objects as text, one after the other (no tree of them all)
  const auto addPoint = [&](const json& entry) { pts += (pts.empty() ? "" : ",") + entry.dump(); };
  const long long batch = std::min<long long>(4096, std::max<long long>(2LL * threads, (2048 + K - 1) / K));
  for (long long b0 = p0; b0 < p1; b0 += batch) {
    const long long b1 = std::min(p1, b0 + batch);
    std::vector<PointRun> points(static_cast<std::size_t>(b1 - b0));
    forEachOnThreads(b1 - b0, threads, [&](long long i) {
      EnsembleSpec e = spec.ensemble;
      e.kind = kind;
      e.config = pointConfig(plan, spec, b0 + i).dump();
      try {
        points[static_cast<std::size_t>(i)].ensemble = std::make_unique<Ensemble>(std::move(e), false);
      } catch (const InvalidInput& err) {  // the family's "field: rule" for the point's config, without the ensemble's "config: "
        const std::string what = err.what(), rest = what.substr(err.field().size() + 2);
        points[static_cast<std::size_t>(i)].error = err.field() == "config" && rest.find(": ") != std::string::npos ? rest : what;
      }
    });
    const long long g0 = std::max(first, b0 * K), g1 = std::min(end, b1 * K);
    forEachOnThreads(g1 - g0, threads, [&](long long i) {
      const long long g = g0 + i;
      const PointRun& pt = points[static_cast<std::size_t>(g / K - b0)];
      Slot& s = slots[static_cast<std::size_t>(g - first)];
      if (!pt.ensemble) {
        s.stage = Stage::Config;
        s.message = pt.error;
        return;
      }
      try {
        s.result = pt.ensemble->runMember(static_cast<int>(g % K));
      } catch (const InvalidInput& err) {
        s.stage = Stage::Start;
        s.message = err.what();
      }
    });
    for (long long p = b0; p < b1; ++p) {
      const PointRun& pt = points[static_cast<std::size_t>(p - b0)];
      if (!pt.ensemble) {
        addPoint({{"point", p}, {"error", pt.error}});
        continue;
      }
      const Ensemble& e = *pt.ensemble;
      const MemberResult& ref = e.reference();
      json t = json::array();
      for (double x : e.sampleTimes()) t.push_back(number(x));
      addPoint({{"point", p},
                     {"case", e.caseName().empty() ? json(nullptr) : json(e.caseName())},
                     {"h", e.h()},
                     {"t", t},
                     {"reference", {{"impacts", ref.impacts}, {"energy_error", number(ref.energyError)}, {"steps", ref.steps}, {"halted", ref.halted}}}});
    }
  }

  const json definition = definitionOf(plan, spec, kind);
  json out;
  out["provenance"] = provenanceOf(definition);
  out["sweep"] = definition;
  out["part"] = {{"shard", shard.index}, {"shards", shard.count}, {"first", first}, {"end", end}};
  // The points and then the members, written one at a time into the text (no tree of them all: a part
  // may hold 10⁵ members, or as many points).
  std::string text = out.dump();
  text.pop_back();  // the closing brace
  text += ",\"points\":[" + pts + "],\"members\":[";
  for (long long i = 0; i < end - first; ++i) {
    const long long g = first + i;
    const Slot& s = slots[static_cast<std::size_t>(i)];
    json m = s.stage == Stage::Ok ? memberJson(s.result)
                                  : json{{"failed", s.stage == Stage::Config ? "config" : "start"}, {"message", s.message}};
    m["point"] = g / K;
    m["member"] = g % K;
    if (i > 0) text += ',';
    text += m.dump();
  }
  text += "]}";
  return text;
}

// ---- The merge ----

namespace {

// The merge of `count` parts, part i's text from textOf(i) when it is read: one part's text in memory at a time.
std::string mergeParts(std::size_t count, const std::function<std::string(std::size_t)>& textOf, const std::vector<std::string>& names) {
  if (count == 0) throw InvalidInput("merge", "give at least one part");
  const auto nameOf = [&](std::size_t i) { return "'" + printable(i < names.size() ? names[i] : "part " + std::to_string(i + 1)) + "'"; };
  json provenance, definition;
  std::vector<json> pointInfo;  // per point: its entry from the first part that has it
  std::vector<std::size_t> pointFrom;
  std::vector<Collected> all;
  long long P = 0, K = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::string partText = textOf(i);
    // Each member is read into a Collected as soon as it is parsed and dropped from the tree (the
    // callback returns false), so a part is never held whole as JSON values.
    std::vector<Collected> mine;
    std::string topKey;
    const auto collect = [&](int depth, json::parse_event_t event, json& value) {
      if (depth == 1 && event == json::parse_event_t::key) topKey = value.get<std::string>();
      if (depth != 2 || event != json::parse_event_t::object_end || topKey != "members") return true;
      Collected c;
      c.point = value.at("point").get<long long>();
      c.member = value.at("member").get<long long>();
      if (value.contains("failed")) {
        c.stage = value["failed"] == "config" ? Stage::Config : Stage::Start;
        c.message = value.value("message", "");
      } else {
        c.result.steps = value.at("steps").get<long long>();
        c.result.impacts = value.at("impacts").get<long long>();
        c.result.energyError = numberOf(value.at("energy_error"));
        c.result.halted = value.at("halted").get<bool>();
        c.result.message = value.value("message", "");
        for (const json& e : value.at("err")) c.result.err.push_back(numberOf(e));
      }
      mine.push_back(std::move(c));
      return false;
    };
    json j;
    try {
      j = json::parse(partText, collect);
    } catch (const json::parse_error&) {
      throw InvalidInput("merge", nameOf(i) + " is not JSON (a part is what lgvci --sweep ... --shard i/N --json prints)");
    } catch (const json::exception&) {
      throw InvalidInput("merge", nameOf(i) + " is not a sweep part (a member's field is missing or has the wrong type)");
    }
    try {
    if (!j.is_object() || !j.contains("part") || !j.contains("provenance") || !j.contains("sweep") || !j.contains("points") ||
        !j.contains("members") || !j["members"].is_array() || !j["points"].is_array())
      throw InvalidInput("merge", nameOf(i) + " is not a sweep part (lgvci --sweep ... --shard i/N --json)");
    const json def = j["sweep"];
    const std::string text = def.dump();
    if (j["provenance"].value("config_hash", "") != hex16(fnv1a64(text.data(), text.size())))
      throw InvalidInput("merge", nameOf(i) + ": its config_hash does not match its sweep (the part was edited)");
    if (i == 0) {
      provenance = j["provenance"];
      definition = def;
      P = def.value("points", 0LL);
      K = def.value("members", 0LL);
      if (P < 1 || K < 1 || P > kMaxSweepPoints || P * K > kMaxSweepMembers) throw InvalidInput("merge", nameOf(i) + " is not a sweep part (points, members)");
      pointInfo.assign(static_cast<std::size_t>(P), json());
      pointFrom.assign(static_cast<std::size_t>(P), 0);
      all.reserve(static_cast<std::size_t>(P * K));  // every member once when the parts are right: no regrowth
    } else if (j["provenance"] != provenance) {
      const std::string key = firstDifference(j["provenance"], provenance);
      throw InvalidInput("merge", nameOf(i) + " is from a different sweep or build than " + nameOf(0) + ": provenance." + key + " " +
                                      j["provenance"].value(key, json()).dump() + " vs " + provenance.value(key, json()).dump());
    }
    for (const json& pt : j["points"]) {
      const long long p = pt.value("point", -1LL);
      if (p < 0 || p >= P) throw InvalidInput("merge", nameOf(i) + " has a point outside [0, " + std::to_string(P - 1) + "]");
      json& known = pointInfo[static_cast<std::size_t>(p)];
      if (known.is_null()) {
        known = pt;
        pointFrom[static_cast<std::size_t>(p)] = i;
      } else if (known != pt) {
        throw InvalidInput("merge", "point " + std::to_string(p) + " differs between " + nameOf(pointFrom[static_cast<std::size_t>(p)]) +
                                        " and " + nameOf(i) + " (its reference run or sample times)");
      }
    }
    for (Collected& c : mine) {
      const long long p = c.point, k = c.member;
      if (p < 0 || p >= P || k < 0 || k >= K) throw InvalidInput("merge", nameOf(i) + " has a member outside the sweep");
      if (pointInfo[static_cast<std::size_t>(p)].is_null())
        throw InvalidInput("merge", nameOf(i) + " lists member " + std::to_string(k) + " of point " + std::to_string(p) + " but not the point");
      c.id = p * K + k;
      c.part = i;
      c.result.member = static_cast<int>(k);
      all.push_back(std::move(c));
    }
    } catch (const json::exception&) {  // a field of the wrong type: not what runSweepPart writes
      throw InvalidInput("merge", nameOf(i) + " is not a sweep part (a field has the wrong type)");
    }
  }
  std::sort(all.begin(), all.end(), [](const Collected& a, const Collected& b) { return a.id < b.id; });
  const auto who = [&](long long g) { return "member " + std::to_string(g % K) + " of point " + std::to_string(g / K); };
  for (std::size_t n = 1; n < all.size(); ++n)
    if (all[n].id == all[n - 1].id)
      throw InvalidInput("merge", who(all[n].id) + " is in two parts (" + nameOf(all[n - 1].part) + " and " + nameOf(all[n].part) +
                                      "): give each shard's part once");
  const long long T = P * K;
  if (static_cast<long long>(all.size()) != T) {
    long long missing = static_cast<long long>(all.size());  // the first id not present (ids are sorted, distinct)
    for (std::size_t n = 0; n < all.size(); ++n)
      if (all[n].id != static_cast<long long>(n)) {
        missing = static_cast<long long>(n);
        break;
      }
    throw InvalidInput("merge", std::to_string(T - static_cast<long long>(all.size())) + " of the sweep's " + std::to_string(T) +
                                    " members are missing (the first: " + who(missing) + "): give every shard's part");
  }

  // Per point, its members in member order (all is sorted by p·K + k).
  SweepSpec spec;  // the axes, to name each point's values
  for (const json& a : definition.at("axes")) spec.axes.push_back({a.at("path").get<std::string>(), a.at("values").get<std::vector<double>>()});
  // Each point's object is written into the text as it is reduced, and its part entry released: no
  // tree of all the points (a sweep may have 10⁶). The keys in nlohmann's (sorted) order, so the text is
  // what one dump of the whole object would be.
  std::string points;
  json failures = json::array();
  for (long long p = 0; p < P; ++p) {
    json info = std::move(pointInfo[static_cast<std::size_t>(p)]);
    json values = json::object();
    const std::vector<double> v = pointValues(spec, p);
    for (std::size_t a = 0; a < v.size(); ++a) values[spec.axes[a].path] = v[a];
    std::vector<MemberResult> ok;
    long long failed = 0;
    for (long long k = 0; k < K; ++k) {
      const Collected& c = all[static_cast<std::size_t>(p * K + k)];
      if (c.stage != Stage::Ok) {
        ++failed;
        failures.push_back({{"point", p}, {"member", k}, {"stage", c.stage == Stage::Config ? "config" : "start"}, {"message", c.message}});
        continue;
      }
      if (c.result.halted) failures.push_back({{"point", p}, {"member", k}, {"stage", "halted"}, {"message", c.result.message}});
      ok.push_back(c.result);
    }
    json point = {{"point", p}, {"values", values}, {"members", static_cast<long long>(ok.size())}, {"failed", failed}};
    if (info.contains("error")) point["error"] = info["error"];
    else {
      point["case"] = info["case"];
      point["h"] = info["h"];
      point["reference"] = info["reference"];
    }
    if (!ok.empty()) {
      std::vector<double> t;
      for (const json& x : info.at("t")) t.push_back(numberOf(x));
      point.update(json::parse(statisticsFieldsJson(memberStatistics(std::move(t), ok))));
    }
    points += (p == 0 ? "" : ",") + point.dump();
  }
  return "{\"failures\":" + failures.dump() + ",\"points\":[" + points + "],\"provenance\":" + provenance.dump() +
         ",\"sweep\":" + definition.dump() + "}";
}

}  // namespace

std::string mergeSweepParts(const std::vector<std::string>& parts, const std::vector<std::string>& names) {
  return mergeParts(parts.size(), [&](std::size_t i) { return parts[i]; }, names);
}

std::string mergeSweepPartFiles(const std::vector<std::string>& paths) {
  for (const std::string& path : paths)  // every file openable before a long merge starts
    if (!std::ifstream(path, std::ios::binary).is_open()) throw InvalidInput("merge", "cannot read '" + printable(path) + "'");
  const auto read = [&](std::size_t i) {
    std::ifstream in(paths[i], std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.is_open() || (!in && !in.eof())) throw InvalidInput("merge", "cannot read '" + printable(paths[i]) + "'");
    return text;
  };
  return mergeParts(paths.size(), read, paths);
}

std::string runSweep(const SweepSpec& spec, int threads) {
  return mergeSweepParts({runSweepPart(spec, Shard{}, threads)}, {"the run"});
}

std::string sweepSummaryText(const std::string& statisticsJson) {
  const json j = json::parse(statisticsJson);
  const json& d = j.at("sweep");
  std::string s;
  char line[512];
  std::snprintf(line, sizeof line, "sweep of %lld points x %lld %s-perturbed members (size %g, seed %llu), %lld steps; config hash %s\n",
                d.at("points").get<long long>(), d.at("members").get<long long>(), d.at("kind").get<std::string>().c_str(),
                d.at("size").get<double>(), d.at("seed").get<unsigned long long>(), d.at("steps").get<long long>(),
                j.at("provenance").at("config_hash").get<std::string>().c_str());
  s += line;
  for (const json& p : j.at("points")) {
    std::string values;
    for (const auto& item : p.at("values").items()) values += (values.empty() ? "" : " ") + item.key() + "=" + formatNumber(item.value().get<double>());
    if (p.at("members").get<long long>() == 0) {
      std::snprintf(line, sizeof line, "  %-28s no member ran (%lld failed)\n", values.c_str(), p.at("failed").get<long long>());
    } else {
      const json& im = p.at("impacts");
      const json& en = p.at("energy_error");
      std::snprintf(line, sizeof line, "  %-28s impacts median %g mean %.2f [%lld, %lld]; |E-E0|/|E0| median %.3e; halted %lld; failed %lld\n",
                    values.c_str(), im.at("median").get<double>(), im.at("mean").get<double>(), im.at("min").get<long long>(),
                    im.at("max").get<long long>(), en.at("median").is_null() ? kNaN : en.at("median").get<double>(),
                    p.at("halted").get<long long>(), p.at("failed").get<long long>());
    }
    s += line;
  }
  const json& f = j.at("failures");
  std::size_t shown = 0;
  for (const json& x : f) {
    if (++shown > 10) break;
    s += "  member " + std::to_string(x.at("member").get<long long>()) + " of point " + std::to_string(x.at("point").get<long long>()) + " " +
         x.at("stage").get<std::string>() + ": " + x.at("message").get<std::string>() + "\n";
  }
  if (f.size() > 10) s += "  ... and " + std::to_string(f.size() - 10) + " more failures (see --json)\n";
  return s;
}

}  // namespace lgvci
