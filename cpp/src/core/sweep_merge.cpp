// The sweep's merge (docs/sweeps.md "What the merge verifies"): parts read by a bounded streaming pass,
// checked field by field and against their digests, each point reduced in member order.
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
#include <map>
#include <memory>

#include <nlohmann/json.hpp>

#include "lgvci/core/sha256.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/ensemble_threads.hpp"
#include "lgvci/core/interrupt.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/version.hpp"
#include "sweep_internal.hpp"

namespace lgvci {

using namespace sweep_internal;

namespace {

// What the merge reads (docs/sweeps.md "What the merge verifies"): a part is checked against what
// runSweepPart writes, field by field, and against its digest; nothing it declares is trusted to size
// memory, which grows with the members read.
constexpr int kMaxPartDepth = kMaxJsonDepth + 2;  // sweep.config is a config (≤ 32 levels), two levels down
constexpr std::size_t kMaxPartString = 1u << 20;  // a message, a name, a key: the config's 1 MiB

// A part's JSON read by a streaming (SAX) pass within bounds — nesting, array lengths, string lengths,
// no duplicate keys — into a tree of everything but its points' and members' entries, which go to
// `onEntry` one at a time as each is complete (a part may hold 10⁶ of them).
class PartReader final : public nlohmann::json_sax<json> {
 public:
  using Sink = std::function<void(bool member, json&& entry, long long index)>;
  explicit PartReader(Sink onEntry) : onEntry_(std::move(onEntry)) {}
  json top;
  std::string where, rule;  // why the pass stopped: the field's path and the rule

  bool null() override { return scalar(json(nullptr)); }
  bool boolean(bool v) override { return scalar(json(v)); }
  bool number_integer(number_integer_t v) override { return scalar(json(v)); }
  bool number_unsigned(number_unsigned_t v) override { return scalar(json(v)); }
  bool number_float(number_float_t v, const string_t&) override { return scalar(json(v)); }
  bool string(string_t& v) override {
    if (v.size() > kMaxPartString) return fail(pathOfNext(), "a string longer than 1 MiB");
    return scalar(json(std::move(v)));
  }
  bool binary(binary_t&) override { return fail(pathOfNext(), "is not JSON text"); }
  bool start_object(std::size_t) override { return open(false); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& k) override {
    Frame& f = frames_.back();
    if (k.size() > kMaxPartString) return fail(containerPath(), "a key longer than 1 MiB");
    for (const std::string& seen : f.keys)
      if (seen == k) return fail(join(containerPath(), keyName(k)), "duplicate key");
    f.keys.push_back(k);
    f.key = k;
    return true;
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    std::string what = e.what();
    const std::size_t bracket = what.find("] ");
    if (what.rfind("[json.exception.", 0) == 0 && bracket != std::string::npos) what = what.substr(bracket + 2);
    if (what.find(" at line ") == std::string::npos) what += " at byte " + std::to_string(position);
    return fail("", "is not JSON (" + printable(what) + ")");
  }

 private:
  struct Frame {
    json* value = nullptr;
    bool array = false;
    long long count = 0, limit = 0;
    std::string key;                // the last key of an object
    std::vector<std::string> keys;  // its keys so far
    int stream = 0;                 // 1: the top-level "points", 2: "members" (entries go to the sink)
  };
  std::vector<Frame> frames_;
  json entry_;  // the point or member being read
  Sink onEntry_;
  bool inConfig_ = false;  // below sweep.config: the config's own bounds

  static std::string join(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }
  // The path of the innermost open container (each named by its parent's key or index; a parent's
  // count is its open child's index until the child closes).
  std::string containerPath() const {
    std::string p;
    for (std::size_t i = 1; i < frames_.size(); ++i) {
      const Frame& parent = frames_[i - 1];
      p = parent.array ? p + "[" + std::to_string(parent.count) + "]" : join(p, keyName(parent.key));
    }
    return p;
  }
  // The path of the value about to start in the innermost container.
  std::string pathOfNext() const {
    if (frames_.empty()) return "";
    const Frame& f = frames_.back();
    const std::string p = containerPath();
    return f.array ? p + "[" + std::to_string(f.count) + "]" : join(p, keyName(f.key));
  }
  bool fail(std::string w, std::string r) {
    where = std::move(w);
    rule = std::move(r);
    return false;
  }
  // The slot the next value goes into (nullptr: the top level).
  json* slot() {
    if (frames_.empty()) return &top;
    Frame& f = frames_.back();
    if (!f.array) return &(*f.value)[f.key];
    if (f.stream != 0) {
      entry_ = json();
      return &entry_;
    }
    f.value->push_back(json());
    return &f.value->back();
  }
  // A value starts in the innermost container: the container's length bound.
  bool element() {
    if (frames_.empty()) return true;
    Frame& f = frames_.back();
    if (f.array && f.count >= f.limit) return fail(containerPath(), "more than " + std::to_string(f.limit) + " elements");
    return true;
  }
  bool scalar(json v) {
    if (frames_.empty()) return fail("", "must be a JSON object (a part)");
    if (!element()) return false;
    Frame& f = frames_.back();
    const long long index = f.count;
    const int stream = f.array ? f.stream : 0;
    *slot() = std::move(v);
    ++f.count;
    if (stream != 0) onEntry_(stream == 2, std::move(entry_), index);  // not an object: refused by the sink
    return true;
  }
  // The length bound of an array opened at `path` (docs/sweeps.md "What the merge verifies").
  long long arrayLimit(std::size_t depth, const std::string& name) const {
    if (inConfig_) return static_cast<long long>(kMaxJsonArray);
    if (depth == 1 && name == "members") return kMaxSweepMembers;
    if (depth == 1 && name == "points") return kMaxSweepPoints;
    if (depth == 2 && name == "axes") return kMaxSweepAxes;
    if (depth == 4 && name == "values") return kMaxSweepAxisPoints;
    return kMaxEnsembleSamples + 1;  // a point's t, a member's err
  }
  bool open(bool array) {
    if (frames_.empty()) {
      if (array) return fail("", "must be a JSON object (a part)");
      top = json::object();
      Frame f;
      f.value = &top;
      frames_.push_back(std::move(f));
      return true;
    }
    if (!element()) return false;
    if (static_cast<int>(frames_.size()) >= kMaxPartDepth)
      return fail(pathOfNext(), "nesting deeper than " + std::to_string(kMaxPartDepth) + " levels");
    const Frame& parent = frames_.back();
    const std::string name = parent.array ? "" : parent.key;
    json* target = slot();
    *target = array ? json::array() : json::object();
    Frame f;
    f.value = target;
    f.array = array;
    if (frames_.size() == 1 && array && (name == "points" || name == "members")) f.stream = name == "points" ? 1 : 2;
    if (frames_.size() == 2 && frames_[1].key == "config" && !frames_[1].array && frames_[0].key == "sweep") inConfig_ = true;
    if (array) f.limit = arrayLimit(frames_.size(), name);
    frames_.push_back(std::move(f));
    return true;
  }
  bool close() {
    const std::size_t depth = frames_.size();
    frames_.pop_back();
    if (depth == 3 && inConfig_ && frames_.size() == 2) inConfig_ = false;
    if (frames_.empty()) return true;
    Frame& parent = frames_.back();
    const long long index = parent.count++;
    if (parent.array && parent.stream != 0) onEntry_(parent.stream == 2, std::move(entry_), index);
    return true;
  }
};

// One member as the merge keeps it (its numbers, no JSON).
struct Collected {
  long long point = 0, member = 0;
  long long id = 0;
  long long index = 0;  // its place in its part's members
  std::size_t part = 0;
  Stage stage = Stage::Ok;
  std::string message;
  MemberResult result;
};

// A refusal of part `name`'s field `path`: "merge: 'a.json': members[3].impacts: must be …".
[[noreturn]] void refuse(const std::string& name, const std::string& path, const std::string& rule) {
  throw InvalidInput("merge", name + ": " + (path.empty() ? "" : path + ": ") + rule);
}

// The checks of one field of a JSON object, by name and type; `path` names the object in messages.
class Fields {
 public:
  Fields(const json& object, std::string path, std::string name) : o_(object), path_(std::move(path)), name_(std::move(name)) {
    if (!o_.is_object()) refuse(name_, path_, "must be a JSON object");
  }
  // Exactly these keys (the optional ones may be missing).
  void keys(std::initializer_list<const char*> required, std::initializer_list<const char*> optional = {}) const {
    for (const auto& item : o_.items()) {
      bool known = false;
      for (const char* k : required) known = known || item.key() == k;
      for (const char* k : optional) known = known || item.key() == k;
      if (!known) refuse(name_, at(keyName(item.key())), "is not a key of a sweep part (lgvci writes none; the part was edited)");
    }
    for (const char* k : required)
      if (!o_.contains(k)) refuse(name_, at(k), "is missing");
  }
  const json& operator[](const char* k) const { return get(k); }
  bool has(const char* k) const { return o_.contains(k); }
  std::string at(const std::string& k) const { return path_.empty() ? k : path_ + "." + k; }
  const json& get(const char* k) const {
    if (!o_.contains(k)) refuse(name_, at(k), "is missing");
    return o_.at(k);
  }
  long long integer(const char* k, long long lo, long long hi) const {
    const json& v = get(k);
    const bool whole = v.is_number_unsigned() || v.is_number_integer();
    if (!whole || (v.is_number_unsigned() && v.get<unsigned long long>() > static_cast<unsigned long long>(hi)) ||
        v.get<long long>() < lo || v.get<long long>() > hi)
      refuse(name_, at(k), "must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "] (got " + shown(v) + ")");
    return v.get<long long>();
  }
  double number(const char* k, double lo, double hi, bool nullable) const { return numberIn(get(k), at(k), lo, hi, nullable); }
  double numberIn(const json& v, const std::string& path, double lo, double hi, bool nullable) const {
    if (nullable && v.is_null()) return kNaN;
    if (!v.is_number() || !(v.get<double>() >= lo && v.get<double>() <= hi))
      refuse(name_, path, "must be a number in [" + formatNumber(lo) + ", " + formatNumber(hi) + "]" + (nullable ? " or null" : "") + " (got " + shown(v) + ")");
    return v.get<double>();
  }
  bool boolean(const char* k) const {
    if (!get(k).is_boolean()) refuse(name_, at(k), "must be true or false (got " + shown(get(k)) + ")");
    return get(k).get<bool>();
  }
  const std::string& text(const char* k) const {
    if (!get(k).is_string()) refuse(name_, at(k), "must be a string (got " + shown(get(k)) + ")");
    return get(k).get_ref<const std::string&>();
  }
  static std::string shown(const json& v) {
    const std::string s = v.dump(-1, ' ', true);
    return printable(s.size() > 40 ? s.substr(0, 40) + "..." : s);
  }

 private:
  const json& o_;
  std::string path_, name_;
};

// A member entry read, with the checks that need nothing but itself.
Collected collectMember(const json& m, long long index, const std::string& name) {
  const Fields f(m, "members[" + std::to_string(index) + "]", name);
  Collected c;
  c.index = index;
  c.point = f.integer("point", 0, kMaxSweepPoints - 1);
  c.member = f.integer("member", 0, kMaxEnsembleMembers - 1);
  if (f.has("failed")) {
    f.keys({"point", "member", "failed", "message"});
    const std::string& stage = f.text("failed");
    if (stage != "config" && stage != "start") refuse(name, f.at("failed"), "must be \"config\" or \"start\" (got " + Fields::shown(f["failed"]) + ")");
    c.stage = stage == "config" ? Stage::Config : Stage::Start;
    c.message = f.text("message");
    if (c.message.empty()) refuse(name, f.at("message"), "must not be empty");
    return c;
  }
  c.result.halted = f.boolean("halted");
  if (c.result.halted) f.keys({"point", "member", "steps", "impacts", "energy_error", "halted", "err", "message"});
  else f.keys({"point", "member", "steps", "impacts", "energy_error", "halted", "err"});
  c.result.steps = f.integer("steps", 0, kMaxEnsembleSteps);
  // At most 2 × 1000 impacts a step (the Zeno budget, then as many settled): docs/method.md.
  c.result.impacts = f.integer("impacts", 0, 2000 * c.result.steps);
  c.result.energyError = f.number("energy_error", 0.0, std::numeric_limits<double>::max(), true);
  if (c.result.halted) {
    c.result.message = f.text("message");
    if (c.result.message.empty()) refuse(name, f.at("message"), "must not be empty");
  }
  const json& err = f["err"];
  if (!err.is_array()) refuse(name, f.at("err"), "must be an array of numbers");
  c.result.err.reserve(err.size());
  for (std::size_t j = 0; j < err.size(); ++j)
    c.result.err.push_back(f.numberIn(err[j], f.at("err") + "[" + std::to_string(j) + "]", 0.0, std::numeric_limits<double>::max(), c.result.halted));
  return c;
}

// The sweep a part declares, checked field by field and then against its own re-derivation (the
// family's schema, the axes' paths): the spec it describes.
SweepSpec checkDefinition(const json& def, const std::string& name) {
  const Fields f(def, "sweep", name);
  f.keys({"config", "axes", "points", "members", "kind", "size", "seed", "steps", "samples"});
  if (!f["config"].is_object()) refuse(name, "sweep.config", "must be a JSON object (a config)");
  SweepSpec spec;
  spec.config = f["config"].dump();
  try {
    checkJsonText(spec.config);
  } catch (const InvalidInput& e) {
    refuse(name, "sweep.config", e.what());
  }
  spec.ensemble.members = static_cast<int>(f.integer("members", 1, kMaxEnsembleMembers));
  spec.ensemble.steps = f.integer("steps", 1, kMaxEnsembleSteps);
  spec.ensemble.samples = static_cast<int>(f.integer("samples", 1, kMaxEnsembleSamples));
  spec.ensemble.seed = static_cast<std::uint64_t>(f.integer("seed", 0, static_cast<long long>(kMaxEnsembleSeed)));
  spec.ensemble.size = f.number("size", std::numeric_limits<double>::min(), kMaxPerturbation, false);
  // The perturbation's name, as runSweepPart resolved it (docs/ensembles.md "Perturbations"): checked
  // against the family's own below.
  const std::string& kind = f.text("kind");
  if (kind.empty()) refuse(name, "sweep.kind", "must be the name of one of the config's perturbations (got \"\")");
  spec.ensemble.kind = kind;
  if (!f["axes"].is_array() || f["axes"].empty()) refuse(name, "sweep.axes", "must be a non-empty array of axes");
  for (std::size_t a = 0; a < f["axes"].size(); ++a) {
    const Fields ax(f["axes"][a], "sweep.axes[" + std::to_string(a) + "]", name);
    ax.keys({"path", "values"});
    SweepAxis axis;
    axis.path = ax.text("path");
    if (!ax["values"].is_array() || ax["values"].empty()) refuse(name, ax.at("values"), "must be a non-empty array of numbers");
    for (std::size_t v = 0; v < ax["values"].size(); ++v)
      axis.values.push_back(ax.numberIn(ax["values"][v], ax.at("values") + "[" + std::to_string(v) + "]", -std::numeric_limits<double>::max(),
                                        std::numeric_limits<double>::max(), false));
    spec.axes.push_back(std::move(axis));
  }
  long long P = 0;
  std::string resolved;
  bool rederived = false;
  try {
    const Plan plan = makePlan(spec);  // the family's schema, the paths, P ≤ 10⁶, P·K ≤ 10⁸
    P = plan.P;
    resolved = requireAValidPoint(plan, spec);  // an unknown kind: InvalidInput "kind: …"
    rederived = definitionOf(plan, spec, kind) == def;
  } catch (const InvalidInput& e) {
    refuse(name, "sweep", e.what());
  }
  if (resolved != kind) refuse(name, "sweep.kind", "must be the perturbation's own name \"" + resolved + "\" (got " + Fields::shown(f["kind"]) + ")");
  if (!rederived) refuse(name, "sweep", "is not what lgvci writes for the sweep it describes (the part was edited)");
  if (f.integer("points", 1, kMaxSweepPoints) != P) refuse(name, "sweep.points", "must be the number of points of the axes, " + std::to_string(P));
  return spec;
}

// Everything a part holds once read and checked: its points' entries and its members' numbers.
struct ReadPart {
  json provenance, definition;
  SweepSpec spec;
  long long P = 0, K = 0, first = 0, end = 0;
  std::vector<std::pair<long long, json>> points;  // (p, entry), in the part's order
  std::vector<Collected> members;
};

// Reads part `name` from `parse` (which runs the SAX pass on its text or file) and checks it: the
// bounds of the text, every field's type and range, no unknown key, the program that wrote it, its
// points and members exactly those of its shard, and its digest. Throws InvalidInput("merge", …).
ReadPart readPart(const std::string& name, const std::function<bool(PartReader&)>& parse) {
  ReadPart r;
  Sha256 pointsHash, membersHash;
  std::vector<json> pointEntries;
  std::string problem;  // a refusal raised inside the pass, rethrown after it
  PartReader reader([&](bool member, json&& entry, long long index) {
    if (index % 4096 == 4095) throwIfInterrupted();
    const std::string text = entry.dump();
    (member ? membersHash : pointsHash).update(text + "\n");
    if (member) r.members.push_back(collectMember(entry, index, name));
    else {
      if (!entry.is_object()) refuse(name, "points[" + std::to_string(index) + "]", "must be a JSON object");
      pointEntries.push_back(std::move(entry));
    }
  });
  bool parsed = false;
  try {
    parsed = parse(reader);
  } catch (const json::exception& e) {  // the library's own refusal of the text (e.g. ill-formed UTF-8)
    reader.where.clear();
    reader.rule = "is not JSON (" + printable(e.what()) + ")";
  }
  if (!parsed) {
    if (reader.rule.rfind("is not JSON", 0) == 0)
      throw InvalidInput("merge", name + " " + reader.rule + " (a part is what lgvci --sweep ... --shard i/N --json prints)");
    refuse(name, reader.where, reader.rule);
  }
  const Fields top(reader.top, "", name);
  if (!top.has("part") || !top.has("provenance") || !top.has("sweep"))
    throw InvalidInput("merge", name + " is not a sweep part (lgvci --sweep ... --shard i/N --json)");
  top.keys({"part", "provenance", "sweep", "points", "members", "digest"});

  // Which program wrote it, and which sweep: the provenance block.
  const Fields prov(top["provenance"], "provenance", name);
  prov.keys({"program", "version", "compiler", "arch", "build_flags", "seed_rule", "config_hash"});
  for (const char* k : {"program", "version", "compiler", "arch", "build_flags", "seed_rule", "config_hash"}) prov.text(k);
  if (prov.text("program") != "lgvci") refuse(name, "provenance.program", "must be \"lgvci\"");
  if (prov.text("version") != version())
    refuse(name, "provenance.version", "is " + Fields::shown(prov["version"]) + ", not this program's \"" + std::string(version()) +
                                           "\": merge parts with the lgvci that wrote them");
  if (prov.text("seed_rule") != kSeedRule) refuse(name, "provenance.seed_rule", "is not this program's rule for the members' seeds");
  const std::string defText = top["sweep"].dump();
  if (prov.text("config_hash") != hex16(fnv1a64(defText.data(), defText.size())))
    throw InvalidInput("merge", name + ": its config_hash does not match its sweep (the part was edited)");
  r.provenance = top["provenance"];
  r.definition = top["sweep"];
  r.spec = checkDefinition(r.definition, name);
  r.P = r.definition["points"].get<long long>();
  r.K = r.spec.ensemble.members;
  const long long T = r.P * r.K;
  const long long N = r.spec.ensemble.steps;
  const std::size_t samples = static_cast<std::size_t>(std::min<long long>(r.spec.ensemble.samples, N)) + 1;

  // Its shard: the ids [⌊(i−1)T/n⌋, ⌊iT/n⌋), its points and members exactly those, in order.
  const Fields part(top["part"], "part", name);
  part.keys({"shard", "shards", "first", "end"});
  const long long shards = part.integer("shards", 1, kMaxSweepShards);
  const long long shard = part.integer("shard", 1, shards);
  r.first = (shard - 1) * T / shards;
  r.end = shard * T / shards;
  if (part.integer("first", 0, T) != r.first || part.integer("end", 0, T) != r.end)
    refuse(name, "part", "first and end must be shard " + std::to_string(shard) + " of " + std::to_string(shards) + "'s ids [" +
                             std::to_string(r.first) + ", " + std::to_string(r.end) + ") of the sweep's " + std::to_string(T) + " members");
  const long long p0 = r.first / r.K, p1 = r.end > r.first ? (r.end - 1) / r.K + 1 : p0;
  if (!top["points"].is_array() || !top["members"].is_array()) refuse(name, "", "points and members must be arrays");
  if (static_cast<long long>(pointEntries.size()) != p1 - p0)
    refuse(name, "points", "must list the shard's " + std::to_string(p1 - p0) + " points, not " + std::to_string(pointEntries.size()));
  for (std::size_t i = 0; i < pointEntries.size(); ++i) {
    const json& e = pointEntries[i];
    const Fields pt(e, "points[" + std::to_string(i) + "]", name);
    const long long p = p0 + static_cast<long long>(i);
    if (pt.integer("point", 0, r.P - 1) != p) refuse(name, pt.at("point"), "must be " + std::to_string(p) + " (the shard's points in order)");
    if (pt.has("error")) {
      pt.keys({"point", "error"});
      if (pt.text("error").empty()) refuse(name, pt.at("error"), "must not be empty");
    } else {
      pt.keys({"point", "case", "h", "t", "reference"});
      if (!pt["case"].is_null()) pt.text("case");
      pt.number("h", std::numeric_limits<double>::min(), std::numeric_limits<double>::max(), false);
      if (!pt["t"].is_array() || pt["t"].size() != samples) refuse(name, pt.at("t"), "must hold the " + std::to_string(samples) + " sample times");
      for (std::size_t j = 0; j < samples; ++j) {
        const double tj = pt.numberIn(pt["t"][j], pt.at("t") + "[" + std::to_string(j) + "]", -std::numeric_limits<double>::max(),
                                      std::numeric_limits<double>::max(), false);
        if (j > 0 && !(tj > pt["t"][j - 1].get<double>())) refuse(name, pt.at("t") + "[" + std::to_string(j) + "]", "must be later than the time before it");
      }
      const Fields ref(pt["reference"], pt.at("reference"), name);
      ref.keys({"impacts", "energy_error", "steps", "halted"});
      const bool halted = ref.boolean("halted");
      const long long steps = ref.integer("steps", 0, N);
      if (!halted && steps != N) refuse(name, ref.at("steps"), "must be " + std::to_string(N) + " for a reference that did not halt");
      ref.integer("impacts", 0, 2000 * steps);
      ref.number("energy_error", 0.0, std::numeric_limits<double>::max(), true);
    }
    r.points.emplace_back(p, e);
  }
  if (static_cast<long long>(r.members.size()) != r.end - r.first)
    refuse(name, "members", "must list the shard's " + std::to_string(r.end - r.first) + " members, not " + std::to_string(r.members.size()));
  for (Collected& c : r.members) {
    const std::string at = "members[" + std::to_string(c.index) + "]";
    const long long g = r.first + c.index;
    if (c.point != g / r.K || c.member != g % r.K)
      refuse(name, at, "must be member " + std::to_string(g % r.K) + " of point " + std::to_string(g / r.K) + " (the shard's members in order)");
    c.id = g;
    const json& pe = r.points[static_cast<std::size_t>(g / r.K - p0)].second;
    if ((c.stage == Stage::Config) != pe.contains("error"))
      refuse(name, at, c.stage == Stage::Config ? "failed at \"config\", but its point's config ran" : "ran, but its point's config was refused");
    if (c.stage != Stage::Ok) continue;
    const MemberResult& m = c.result;
    if (!m.halted && m.steps != N) refuse(name, at + ".steps", "must be " + std::to_string(N) + " for a member that did not halt");
    if (m.halted && m.steps >= N) refuse(name, at + ".steps", "must be below " + std::to_string(N) + " for a member that halted");
    if (m.err.size() != samples) refuse(name, at + ".err", "must hold Err(t) at the " + std::to_string(samples) + " sample times");
    for (std::size_t j = 0; j < samples; ++j)
      if (!m.halted && std::isnan(m.err[j])) refuse(name, at + ".err[" + std::to_string(j) + "]", "must be a number for a member that did not halt");
    c.result.member = static_cast<int>(c.member);
  }

  // Its digest: SHA-256 of what it says, re-serialized (docs/sweeps.md): integrity, not authenticity.
  if (!top.has("digest")) refuse(name, "digest", "is missing (a part of an older lgvci, or edited)");
  const std::string& digest = top.text("digest");
  const std::string expected = partDigest(top["part"], r.provenance, r.definition, pointsHash.hex(), membersHash.hex());
  if (digest != expected)
    refuse(name, "digest", "does not match the part's contents (" + Fields::shown(top["digest"]) +
                               "): the part was edited or damaged after lgvci wrote it");
  return r;
}

// The merge of the parts, each read from parseOf(i) when its turn comes: one part's reader at a time.
std::string mergeParts(std::size_t count, const std::function<bool(std::size_t, PartReader&)>& parseOf, const std::vector<std::string>& names) {
  if (count == 0) throw InvalidInput("merge", "give at least one part");
  const auto nameOf = [&](std::size_t i) { return "'" + printable(i < names.size() ? names[i] : "part " + std::to_string(i + 1)) + "'"; };
  json provenance, definition;
  SweepSpec spec;
  std::map<long long, std::pair<json, std::size_t>> pointInfo;  // per point: its entry and the part it came from
  std::vector<Collected> all;  // grows with the members read, never with what a part declares
  long long P = 0, K = 0;
  for (std::size_t i = 0; i < count; ++i) {
    ReadPart part = readPart(nameOf(i), [&](PartReader& reader) { return parseOf(i, reader); });
    if (i == 0) {
      provenance = part.provenance;
      definition = part.definition;
      spec = part.spec;
      P = part.P;
      K = part.K;
    } else if (part.provenance != provenance) {
      const std::string key = firstDifference(part.provenance, provenance);
      throw InvalidInput("merge", nameOf(i) + " is from a different sweep or build than " + nameOf(0) + ": provenance." + key + " " +
                                      part.provenance.value(key, json()).dump() + " vs " + provenance.value(key, json()).dump());
    }
    for (auto& [p, entry] : part.points) {
      auto found = pointInfo.find(p);
      if (found == pointInfo.end()) pointInfo.emplace(p, std::make_pair(std::move(entry), i));
      else if (found->second.first != entry)
        throw InvalidInput("merge", "point " + std::to_string(p) + " differs between " + nameOf(found->second.second) + " and " + nameOf(i) +
                                        " (its reference run or sample times)");
    }
    for (Collected& c : part.members) {
      c.part = i;
      all.push_back(std::move(c));
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

  // Per point, its members in member order (all is sorted by p·K + k). Each point's object is written
  // into the text as it is reduced, and its part entry released: no tree of all the points (a sweep
  // may have 10⁶). The keys in nlohmann's (sorted) order, so the text is what one dump of the whole
  // object would be.
  std::string points;
  json failures = json::array();
  for (long long p = 0; p < P; ++p) {
    const auto found = pointInfo.find(p);
    json info = std::move(found->second.first);
    pointInfo.erase(found);
    json values = json::object();
    const std::vector<double> v = pointValues(spec, p);
    for (std::size_t a = 0; a < v.size(); ++a) values[spec.axes[a].path] = v[a];
    std::vector<MemberResult> ok;
    long long failed = 0;
    for (long long k = 0; k < K; ++k) {
      Collected& c = all[static_cast<std::size_t>(p * K + k)];
      if (c.stage != Stage::Ok) {
        ++failed;
        failures.push_back({{"point", p}, {"member", k}, {"stage", c.stage == Stage::Config ? "config" : "start"}, {"message", c.message}});
        continue;
      }
      if (c.result.halted) failures.push_back({{"point", p}, {"member", k}, {"stage", "halted"}, {"message", c.result.message}});
      ok.push_back(std::move(c.result));
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

std::string mergeSweepSources(const std::vector<SweepPartSource>& parts) {
  std::vector<std::string> names;
  for (const SweepPartSource& s : parts) names.push_back(s.name.empty() ? s.path : s.name);
  for (const SweepPartSource& s : parts)  // every file openable before a long merge starts
    if (!s.path.empty() && !std::ifstream(s.path, std::ios::binary).is_open())
      throw InvalidInput("merge", "cannot read '" + printable(s.path) + "'");
  const auto parse = [&](std::size_t i, PartReader& reader) {
    const SweepPartSource& s = parts[i];
    if (s.path.empty()) return json::sax_parse(s.text, &reader);
    std::ifstream in(s.path, std::ios::binary);  // read as it is parsed: the part is never held as text
    if (!in.is_open()) throw InvalidInput("merge", "cannot read '" + printable(s.path) + "'");
    const bool ok = json::sax_parse(in, &reader);
    if (in.bad()) throw InvalidInput("merge", "cannot read '" + printable(s.path) + "'");
    return ok;
  };
  try {
    return mergeParts(parts.size(), parse, names);
  } catch (const std::bad_alloc&) {
    throw std::runtime_error("merge: out of memory holding the parts' members (docs/sweeps.md \"Sizes\")");
  }
}

std::string mergeSweepParts(const std::vector<std::string>& parts, const std::vector<std::string>& names) {
  std::vector<SweepPartSource> sources(parts.size());
  for (std::size_t i = 0; i < parts.size(); ++i) {
    sources[i].text = parts[i];
    sources[i].name = i < names.size() ? names[i] : "part " + std::to_string(i + 1);
  }
  return mergeSweepSources(sources);
}

std::string mergeSweepPartFiles(const std::vector<std::string>& paths) {
  std::vector<SweepPartSource> sources(paths.size());
  for (std::size_t i = 0; i < paths.size(); ++i) sources[i].path = sources[i].name = paths[i];
  return mergeSweepSources(sources);
}

}  // namespace lgvci
