// embind bindings: a thin shell over the core's Simulation façade (HybridSimulation, createSimulation),
// for every model family. No physics here. Records and impacts are handed to JS as typed-array views
// into buffers owned by the object (no allocation per frame); their layouts come from the core
// (layout(), the simulation's impactLayout()), never copied by hand. An invalid config is a value, never a throw.
// What the module exports — classes, methods, functions and their TypeScript types — is declared once in
// cpp/api/wasm.hpp; the registrations (bindings_registrations.inc), capabilitiesVal and familyInfoVal
// (bindings_values.inc) and lgvci_wasm.d.ts are generated from it (docs/architecture.md "The bindings:
// one declaration"). This file keeps the implementations.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/jacobian.hpp"
#include "lgvci/claims/momentum_maps.hpp"
#include "lgvci/claims/order_study.hpp"
#include "lgvci/claims/symplecticity.hpp"
#include "lgvci/core/ensemble.hpp"
#include "lgvci/lgvci.hpp"
#include "api/signature.hpp"

namespace {

using namespace lgvci;
using emscripten::val;

constexpr size_t kMaxPendingImpacts = 4096;
/// stepRecords()'s batch buffer: a header of [header size, per-step fields, halted, steps], then per
/// step [impacts, impact rows, status, time] followed by the state record (the header describes itself).
constexpr size_t kBatchHeader = 4;
constexpr size_t kBatchMeta = 4;

// ---- The façade: every model, layouts from the core, errors as values. ----

val layoutVal(const RecordLayout& layout) {
  val fields = val::array();
  for (const RecordField& f : layout.fields) {
    val o = val::object();
    o.set("name", f.name);
    o.set("offset", f.offset);
    o.set("size", f.size);
    val cols = val::array();
    for (const auto& c : f.columns) cols.call<void>("push", c);
    o.set("columns", cols);
    fields.call<void>("push", o);
  }
  val csv = val::array();
  for (const auto& c : layout.csvColumns()) csv.call<void>("push", c);
  val out = val::object();
  out.set("size", layout.size);
  out.set("fields", fields);
  out.set("csvColumns", csv);
  return out;
}

val errorVal(const std::string& field, const std::string& message) {
  val err = val::object();
  err.set("field", field);
  err.set("message", message);
  return err;
}

/// A binding's count argument: true when `v` is an integer in [lo, hi] (`range` as the rule prints
/// it); else out.error is "<field>: must be an integer in <range>".
bool integerArgument(val& out, const char* field, double v, double lo, double hi, const char* range) {
  if (v >= lo && v <= hi && v == std::floor(v)) return true;
  out.set("error", errorVal(field, std::string(field) + ": must be an integer in " + range));
  return false;
}

/// A fresh simulation of `json`, or null with out.error set to the core's error.
std::unique_ptr<Simulation> simulationOrError(val& out, const std::string& json) {
  SimulationResult r = createSimulation(json);
  if (!r.ok()) out.set("error", errorVal(r.error.field, r.error.message));
  return std::move(r.simulation);
}

val stringsVal(const std::vector<std::string>& names) {
  val a = val::array();
  for (const std::string& n : names) a.call<void>("push", n);
  return a;
}

/// A family's presets with their config JSON: [{ name, json }] (FamilyInfo.presets, presetJson).
val presetsVal(const FamilyInfo& f) {
  val presets = val::array();
  for (const std::string& p : f.presets) {
    val preset = val::object();
    preset.set("name", p);
    preset.set("json", f.presetJson(p));
    presets.call<void>("push", preset);
  }
  return presets;
}

/// The record fields of a family's reversal distances, in order (FamilyInfo.reversal).
val reversalFieldsVal(const FamilyInfo& f) {
  std::vector<std::string> fields;
  for (const ReversalField& r : f.reversal) fields.push_back(r.field);
  return stringsVal(fields);
}

// capabilitiesVal and familyInfoVal, generated from the declaration (cpp/api/wasm.hpp, lgvci/api/capabilities.hpp).
#include "bindings_values.inc"

val distancesVal(const std::vector<ReturnDistance>& d) {
  val o = val::object();
  for (const ReturnDistance& r : d) o.set(r.name, r.value);
  return o;
}

/// A SimulationResult as JavaScript sees it: { sim: HybridSimulation, error: null } or { sim: null,
/// error: { field, message } } (createSimulation, a typed field update).
val simulationResultVal(SimulationResult r);

class HybridSimulation {
 public:
  explicit HybridSimulation(std::shared_ptr<Simulation> sim) : sim_(std::move(sim)) {
    record_.resize(static_cast<size_t>(sim_->layout().size));
    counters_.resize(static_cast<size_t>(familyCounters().size()));
    const size_t stride = static_cast<size_t>(sim_->impactLayout().size);
    row_.resize(stride);
    pending_.reserve(kMaxPendingImpacts * stride);
    drained_.reserve(kMaxPendingImpacts * stride);
    refresh();
  }

  int step(int n) {
    int impacts = 0;
    for (int k = 0; k < n; ++k) {
      const StepReport r = sim_->step();
      impacts += r.impacts;
      collectImpacts();
      if (sim_->runStatus().halted) break;
    }
    refresh();
    return impacts;
  }

  void reset() {
    sim_->reset();
    pending_.clear();
    refresh();
  }

  val record() const { return val(emscripten::typed_memory_view(record_.size(), record_.data())); }
  /// The family's run counters, as the record: a view into a buffer the object owns, refreshed with it.
  val counters() const { return val(emscripten::typed_memory_view(counters_.size(), counters_.data())); }
  /// [{ name, description }] of counters(), in order (lgvci/core/simulation.hpp CounterLayout; [] for a
  /// family without the FamilyCounters extension).
  val counterLayout() const {
    val out = val::array();
    for (const CounterField& c : familyCounters().fields) {
      val o = val::object();
      o.set("name", c.name);
      o.set("description", c.description);
      out.call<void>("push", o);
    }
    return out;
  }
  val drainImpacts() {
    drained_.assign(pending_.begin(), pending_.end());
    pending_.clear();
    return val(emscripten::typed_memory_view(drained_.size(), drained_.data()));
  }
  val layout() const { return layoutVal(sim_->layout()); }
  /// The layout of drainImpacts()'s rows: the common impact record and the family's own columns.
  val impactLayout() const { return layoutVal(sim_->impactLayout()); }
  std::string stateHash() const { return sim_->stateHashHex(); }
  // The core's RunInfo, RunStatus and Energies, a method per member as the page reads them.
  std::string model() const { return sim_->info().model; }
  std::string family() const { return sim_->info().family; }
  val capabilities() const { return capabilitiesVal(sim_->capabilities()); }
  std::string caseName() const { return sim_->info().caseName; }
  std::string configJson() const { return sim_->configJson(); }
  std::string statusMessage() const { return sim_->runStatus().message; }
  int status() const { return static_cast<int>(sim_->runStatus().status); }
  bool halted() const { return sim_->runStatus().halted; }
  double zenoGuardEvents() const { return static_cast<double>(sim_->runStatus().zenoGuardEvents); }
  double firstZenoGuardTime() const { return sim_->runStatus().firstZenoGuardTime; }
  double flowEvaluations() const { return static_cast<double>(sim_->runStatus().flowEvaluations); }
  double h() const { return sim_->info().h; }
  double time() const { return sim_->runStatus().time; }
  double energy() const { return sim_->energies().energy; }
  double initialEnergy() const { return sim_->energies().initial; }
  double minPhi() const { return sim_->minPhi(); }
  double totalImpacts() const { return static_cast<double>(sim_->runStatus().impacts); }
  double steps() const { return static_cast<double>(sim_->runStatus().steps); }
  double multiImpactSteps() const { return static_cast<double>(sim_->runStatus().multiImpactSteps); }
  /// The EnergyBalance extension's value, 0 for a run without it.
  double maxDiscreteEnergyMismatch() const { return lgvci::maxDiscreteEnergyMismatch(*sim_); }
  std::string integrator() const { return sim_->info().integrator; }

  /// Time reversal (docs/baselines.md "Time reversal"): negate the current momenta; the record is refreshed.
  void reverseMomenta() {
    sim_->reverseMomenta();
    refresh();
  }

  /// Restarts the run from a state record (Simulation::setState, docs/api.md): `record` is an array or
  /// typed array of layout().size numbers (e.g. another run's record()). null, or { field, message }
  /// when the state is refused (the run is then unchanged). Pending impacts are dropped.
  val setState(const val& record) {
    try {
      const unsigned n = record["length"].as<unsigned>();
      if (n != static_cast<unsigned>(sim_->layout().size))
        throw InvalidInput("record", "must have " + std::to_string(sim_->layout().size) + " numbers (this run's layout), got " + std::to_string(n));
      std::vector<double> values(n);
      for (unsigned i = 0; i < n; ++i) values[i] = record[i].as<double>();
      sim_->setState(values);
    } catch (const InvalidInput& e) {
      return errorVal(e.field(), e.what());
    }
    pending_.clear();
    refresh();
    return val::null();
  }
  /// [{ name, description, field, component, op: 'shift' | 'turn' }]: the directions the start can be
  /// perturbed in (Simulation::perturbations()), the default first.
  val perturbations() const {
    val out = val::array();
    for (const Perturbation& p : sim_->perturbations()) {
      val o = val::object();
      o.set("name", p.name);
      o.set("description", p.description);
      o.set("field", p.field);
      o.set("component", p.component);
      o.set("op", std::string(p.op == Perturbation::Op::Shift ? "shift" : "turn"));
      out.call<void>("push", o);
    }
    return out;
  }

  /// A new simulation of the same system from this one's initial state moved by δ along the
  /// perturbation `kind` (Simulation::perturbations(), docs/ensembles.md "Perturbations"; the page's
  /// twins): { sim, error: null } or { sim: null, error: { field, message } }, as createSimulation. No JSON.
  val perturbedStart(const std::string& kind, double delta) const {
    val out = val::object();
    try {
      std::shared_ptr<Simulation> twin = sim_->perturbedStart(kind, delta);
      out.set("sim", val(HybridSimulation(std::move(twin))));
      out.set("error", val::null());
    } catch (const InvalidInput& e) {
      out.set("sim", val::null());
      out.set("error", errorVal(e.field(), e.what()));
    }
    return out;
  }

  /// A typed field update (withField in lgvci/core/simulation.hpp): { sim, error: null } or { sim: null, error }.
  val withField(const std::string& path, double value) const { return simulationResultVal(lgvci::withField(*sim_, path, value)); }

  /// The core's reversalDistances from `start` (a record() copy of this simulation, taken before
  /// reversing): { distances: { x, R, gamma, Pi } (generalized: q, p), error: null }, or the reason
  /// in `error` when `start` is not a record of this layout. Called once per reversal, not per frame.
  val returnDistances(const val& start) const {
    val out = val::object();
    const std::vector<double> s = emscripten::convertJSArrayToNumberVector<double>(start);
    if (s.size() != record_.size()) {
      out.set("distances", val::null());
      out.set("error", errorVal("start", "start: must be a state record of this simulation (" +
                                             std::to_string(record_.size()) + " numbers)"));
      return out;
    }
    out.set("distances", distancesVal(reversalDistances(*sim_, s)));
    out.set("error", val::null());
    return out;
  }

  /// n steps with their exact Jacobians (docs/jacobians.md): { jacobian: { coordinates, matrix, steps, t0, t },
  /// error: null } or { jacobian: null, error } (a run without the extension; a step where the map is not smooth,
  /// the steps before it taken). The steps' impacts are collected as step() collects them.
  val runJacobian(int n) {
    val out = val::object();
    out.set("jacobian", val::null());
    out.set("error", val::null());
    if (n < 0) {
      out.set("error", errorVal("n", "n: must be an integer of at least 0"));
      return out;
    }
    try {
      const TangentMap m = runTangentMap(*sim_, n, [this](const Simulation&, const double*) { collectImpacts(); });
      val j = val::object();
      val names = val::array();
      for (const std::string& c : m.coordinates) names.call<void>("push", c);
      j.set("coordinates", names);
      j.set("matrix", val::global("Float64Array").new_(val(emscripten::typed_memory_view(m.matrix.size(), m.matrix.data()))));
      j.set("steps", static_cast<double>(m.steps));
      j.set("t0", m.t0);
      j.set("t", m.t);
      out.set("jacobian", j);
    } catch (const InvalidInput& e) {
      out.set("error", errorVal(e.field(), e.what()));
    } catch (const std::domain_error& e) {
      out.set("error", errorVal("jacobian", e.what()));
    }
    refresh();
    return out;
  }

  /// [{ name, description }] of momentumMaps() (docs/momentum-maps.md; the core's MomentumMapLayout):
  /// the symmetries of this run's config, none for a family or set-up without one (no MomentumMaps extension).
  val momentumMapLayout() const {
    val out = val::array();
    const MomentumMaps* maps = sim_->extension<MomentumMaps>();
    if (!maps) return out;
    for (const MomentumMapField& f : maps->momentumMapLayout().fields) {
      val o = val::object();
      o.set("name", f.name);
      o.set("description", f.description);
      out.call<void>("push", o);
    }
    return out;
  }
  /// Up to n steps in one call, the page's frame (docs/page.md "The frame loop"). After step i, row i
  /// of batchBuffer() (from offset kBatchHeader, stride kBatchMeta + the record's size) holds
  /// [impacts, impact rows in impactBuffer() so far, status, time, state record…]; the header holds
  /// [kBatchHeader, kBatchMeta, halted, steps since the start]. The batch stops after a step that halts the run or ends with a
  /// non-ok status (the page reports it at that step) and once impactBuffer() is half full, so no
  /// impact record of the batch is dropped. impactBuffer() is emptied at the start of the call. Both
  /// buffers are the object's own: the batch buffer grows only when n exceeds every earlier n, so a
  /// frame allocates nothing in the steady state. Returns the steps taken.
  int stepRecords(int n) {
    pending_.clear();
    n = std::max(n, 0);
    const size_t stride = kBatchMeta + record_.size();
    const size_t need = kBatchHeader + stride * static_cast<size_t>(n);
    if (batch_.size() < need) batch_.resize(need);
    const size_t impactStride = row_.size();
    int k = 0;
    while (k < n) {
      const StepReport r = sim_->step();
      collectImpacts();
      double* row = batch_.data() + kBatchHeader + stride * static_cast<size_t>(k);
      const RunStatus status = sim_->runStatus();
      row[0] = r.impacts;
      row[1] = static_cast<double>(impactStride == 0 ? 0 : pending_.size() / impactStride);
      row[2] = static_cast<int>(status.status);
      row[3] = status.time;
      sim_->writeRecord(row + kBatchMeta);
      ++k;
      if (status.halted || status.status != StepStatus::Ok || 2 * pending_.size() >= pending_.capacity()) break;
    }
    refresh();
    const RunStatus status = sim_->runStatus();
    batch_[0] = static_cast<double>(kBatchHeader);
    batch_[1] = static_cast<double>(kBatchMeta);
    batch_[2] = status.halted ? 1.0 : 0.0;
    batch_[3] = static_cast<double>(status.steps);
    return k;
  }
  /// The buffer stepRecords() writes (a view of all of it; take a new one when it grew or the heap did).
  val batchBuffer() const { return val(emscripten::typed_memory_view(batch_.size(), batch_.data())); }
  /// The impact records of the last stepRecords() call, drainImpacts()'s rows (a view of its whole
  /// capacity, which never changes; the header's row counts say how many rows are filled).
  val impactBuffer() const { return val(emscripten::typed_memory_view(pending_.capacity(), pending_.data())); }

  /// The momentum maps of the current state: a view into a buffer the object owns (sized once), written
  /// on each call, so a frame allocates nothing.
  val momentumMaps() {
    const MomentumMaps* maps = sim_->extension<MomentumMaps>();
    const auto n = maps ? static_cast<size_t>(maps->momentumMapLayout().size()) : size_t{0};
    if (momentumMaps_.size() != n) momentumMaps_.resize(n);
    if (n > 0) maps->writeMomentumMaps(momentumMaps_.data());
    return val(emscripten::typed_memory_view(momentumMaps_.size(), momentumMaps_.data()));
  }

 private:
  void collectImpacts() {
    const size_t stride = row_.size();
    for (const ImpactEvent& e : sim_->impactLog()) {
      if (pending_.size() + stride > pending_.capacity())  // keep the newest: drop the oldest record
        pending_.erase(pending_.begin(), pending_.begin() + static_cast<long>(stride));
      sim_->writeImpactRecord(e, row_.data());
      pending_.insert(pending_.end(), row_.begin(), row_.end());
    }
    sim_->clearImpactLog();
  }
  void refresh() {
    sim_->writeRecord(record_.data());
    if (const FamilyCounters* c = sim_->extension<FamilyCounters>()) c->writeCounters(counters_.data());
  }
  /// The family's run counters (the FamilyCounters extension), none without it.
  const CounterLayout& familyCounters() const {
    static const CounterLayout none;
    const FamilyCounters* c = sim_->extension<FamilyCounters>();
    return c ? c->counterLayout() : none;
  }

  std::shared_ptr<Simulation> sim_;
  std::vector<double> record_, counters_, pending_, drained_, row_;
  std::vector<double> momentumMaps_;
  std::vector<double> batch_ = {static_cast<double>(kBatchHeader), static_cast<double>(kBatchMeta), 0.0, 0.0};
};

/// The core's runReverseCheck (the one the CLI's --reverse-check runs) on a fresh simulation of
/// `json`: { check: { steps, distances, impactsForward, impactsBack, energyError, status }, error:
/// null } or { check: null, error: { field, message } }. Never throws for bad input.
val reverseCheckVal(const std::string& json, double steps) {
  val out = val::object();
  out.set("check", val::null());
  if (!integerArgument(out, "steps", steps, 1, 1e7, "[1, 1e7]")) return out;
  std::unique_ptr<Simulation> sim = simulationOrError(out, json);
  if (!sim) return out;
  const ReverseCheck c = runReverseCheck(*sim, static_cast<long long>(steps));
  val check = val::object();
  check.set("steps", static_cast<double>(c.steps));
  check.set("distances", distancesVal(c.distances));
  check.set("impactsForward", static_cast<double>(c.impactsForward));
  check.set("impactsBack", static_cast<double>(c.impactsBack));
  check.set("energyError", c.energyError);
  check.set("status", static_cast<int>(c.status));
  out.set("check", check);
  out.set("error", val::null());
  return out;
}

val simulationResultVal(SimulationResult r) {
  val out = val::object();
  if (r.ok()) {
    out.set("sim", val(HybridSimulation(std::shared_ptr<Simulation>(std::move(r.simulation)))));
    out.set("error", val::null());
  } else {
    out.set("sim", val::null());
    out.set("error", errorVal(r.error.field, r.error.message));
  }
  return out;
}

/// { sim: HybridSimulation, error: null } or { sim: null, error: { field, message } }.
val createSimulationVal(const std::string& json) { return simulationResultVal(createSimulation(json)); }

std::string presetJsonOrEmpty(const std::string& name) {
  try {
    return presetJson(name);
  } catch (const std::exception&) {
    return "";
  }
}

// The config schema of a family (lgvci/core/config_schema.hpp), '' for an unknown name.
std::string configSchemaOrEmpty(const std::string& name) {
  const FamilyInfo* f = findFamily(name);
  return f ? configSchemaJson(f->schema) : std::string();
}

val impactLayoutVal() { return layoutVal(impactLayout()); }

/// The registry, family by family (familyInfoVal: FamilyInfo's declared fields).
val familiesVal() {
  val out = val::array();
  for (const FamilyInfo& f : families()) out.call<void>("push", familyInfoVal(f));
  return out;
}

val presetNamesVal() { return stringsVal(presetNames()); }

/// { ok: 0, newton_failed: 1, … } from the core's one declaration (kStepStatuses, statusName).
val statusCodesVal() {
  val o = val::object();
  for (StepStatus s : kStepStatuses) o.set(statusName(s), static_cast<int>(s));
  return o;
}

/// Bytes currently allocated by malloc in the WASM heap (dlmalloc's mallinfo): leak tests compare it
/// before and after many create/delete cycles.
double heapBytesInUse() { return static_cast<double>(mallinfo().uordblks); }

// ---- Ensembles: one ensemble's members, run one at a time or a chunk of steps at a time
// (the page's workers), and the statistics of merged results. Errors are values. ----

val float64Array(const std::vector<double>& v) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(v.size(), v.data()));
}

val memberResultVal(const MemberResult& m) {
  val o = val::object();
  o.set("member", m.member);
  o.set("steps", static_cast<double>(m.steps));
  o.set("impacts", static_cast<double>(m.impacts));
  o.set("energyError", m.energyError);
  o.set("halted", m.halted);
  o.set("err", float64Array(m.err));
  return o;
}

class EnsembleRunner {
 public:
  explicit EnsembleRunner(std::shared_ptr<Ensemble> e) : ens_(std::move(e)) {}
  int members() const { return ens_->spec().members; }
  int sampleCount() const { return static_cast<int>(ens_->sampleSteps().size()); }
  double steps() const { return static_cast<double>(ens_->spec().steps); }
  std::string memberConfig(int k) const { return k >= -1 && k < members() ? ens_->memberConfig(k) : ""; }
  double referenceImpacts() const { return static_cast<double>(ens_->reference().impacts); }
  val runMember(int k) const {
    if (k < 0 || k >= members()) return val::null();
    return memberResultVal(ens_->runMember(k));
  }
  /// Start member k (replacing any member in progress); false for a k out of range.
  bool begin(int k) {
    if (k < 0 || k >= members()) return false;
    run_ = std::make_unique<MemberRun>(*ens_, k);
    return true;
  }
  /// Up to n more steps of the member begun; true when it is finished.
  bool advance(int n) { return run_ ? run_->advance(n) : true; }
  double stepsDone() const { return run_ ? static_cast<double>(run_->stepsDone()) : 0.0; }
  val result() const { return run_ ? memberResultVal(run_->result()) : val::null(); }
  /// Statistics JSON (as `lgvci --ensemble --json` without threads/wall_seconds) of K results given
  /// in member order as arrays (err: K × sampleCount(), member-major); {error} text if they do not fit.
  std::string statistics(const val& impacts, const val& steps, const val& energyErrors, const val& halted, const val& err) const {
    const std::vector<double> imp = emscripten::convertJSArrayToNumberVector<double>(impacts);
    const std::vector<double> st = emscripten::convertJSArrayToNumberVector<double>(steps);
    const std::vector<double> en = emscripten::convertJSArrayToNumberVector<double>(energyErrors);
    const std::vector<double> ha = emscripten::convertJSArrayToNumberVector<double>(halted);
    const std::vector<double> er = emscripten::convertJSArrayToNumberVector<double>(err);
    const size_t K = static_cast<size_t>(members()), S = static_cast<size_t>(sampleCount());
    if (imp.size() != K || st.size() != K || en.size() != K || ha.size() != K || er.size() != K * S) return "";
    std::vector<MemberResult> rs(K);
    for (size_t k = 0; k < K; ++k) {
      rs[k].member = static_cast<int>(k);
      rs[k].impacts = static_cast<long long>(imp[k]);
      rs[k].steps = static_cast<long long>(st[k]);
      rs[k].energyError = en[k];
      rs[k].halted = ha[k] != 0.0;
      rs[k].err.assign(er.begin() + static_cast<long>(k * S), er.begin() + static_cast<long>((k + 1) * S));
    }
    return ensembleStatisticsJson(*ens_, ensembleStatistics(*ens_, rs));
  }
  /// Every member on this thread, then the statistics: what the page's workers must reproduce.
  std::string runAll() const { return ensembleStatisticsJson(*ens_, ensembleStatistics(*ens_, runEnsemble(*ens_))); }

 private:
  std::shared_ptr<Ensemble> ens_;
  std::unique_ptr<MemberRun> run_;
};

/// { ensemble, error: null } or { ensemble: null, error: { field, message } } from a spec object
/// { config (JSON text), kind, size, seed, steps, samples, members } (docs/ensembles.md "Ensembles").
val createEnsembleVal(const std::string& specJson) {
  val out = val::object();
  try {
    EnsembleSpec spec = parseEnsembleSpec(specJson);
    out.set("ensemble", val(EnsembleRunner(std::make_shared<Ensemble>(std::move(spec)))));
    out.set("error", val::null());
  } catch (const InvalidInput& e) {
    val err = val::object();
    err.set("field", e.field());
    err.set("message", std::string(e.what()));
    out.set("ensemble", val::null());
    out.set("error", err);
  } catch (const std::exception& e) {
    val err = val::object();
    err.set("field", std::string("ensemble"));
    err.set("message", std::string("ensemble: ") + e.what());
    out.set("ensemble", val::null());
    out.set("error", err);
  }
  return out;
}

// ---- The order study through impacts (docs/order-study.md), level by level: a worker runs the
// reference in chunks and the levels one at a time, posting progress and stopping between calls. ----

val failureVal(const std::exception& e, const char* field) {
  if (const auto* bad = dynamic_cast<const InvalidInput*>(&e)) return errorVal(bad->field(), bad->what());
  return errorVal(field, std::string(field) + ": " + e.what());
}

class OrderStudyRunner {
 public:
  explicit OrderStudyRunner(std::shared_ptr<OrderStudy> s) : study_(std::move(s)) {}
  int levels() const { return study_->levels(); }
  /// h/2^k (k = 8: the reference's).
  double h(int k) const { return study_->h(k); }
  double stepsAt(int k) const { return static_cast<double>(study_->stepsAt(k)); }
  double T() const { return study_->T(); }
  double steps() const { return static_cast<double>(study_->steps()); }
  std::string integrator() const { return study_->integrator(); }
  double referenceSteps() const { return stepsAt(kOrderStudyReference); }
  double referenceStepsDone() const { return static_cast<double>(study_->referenceStepsDone()); }
  /// Up to n more steps of the reference: { done, error: null }, or { done: false, error } when it halted.
  val advanceReference(double n) {
    val out = val::object();
    try {
      out.set("done", study_->advanceReference(n >= 1 ? static_cast<long long>(std::min(n, 1e15)) : 0));
      out.set("error", val::null());
    } catch (const std::exception& e) {
      out.set("done", false);
      out.set("error", failureVal(e, "order_study"));
    }
    return out;
  }
  /// Level k after the reference (run now if it is not done): { stateError, error: null }, or
  /// { stateError: null, error } for a k out of range or a run that halted.
  val runLevel(int k) {
    val out = val::object();
    out.set("stateError", val::null());
    if (k < 0 || k >= levels()) {
      out.set("error", errorVal("level", "level: must be an integer in [0, " + std::to_string(levels() - 1) + "]"));
      return out;
    }
    try {
      out.set("stateError", study_->runLevel(k));
      out.set("error", val::null());
    } catch (const std::exception& e) {
      out.set("error", failureVal(e, "order_study"));
    }
    return out;
  }
  /// `lgvci --order-study --json`'s "order_study" object over the levels run so far (JSON text).
  std::string resultJson() const { return orderStudyJson(study_->result()); }

 private:
  std::shared_ptr<OrderStudy> study_;
};

/// { study, error: null } or { study: null, error: { field, message } }: the study of `json` to T = t0 + N h
/// (`steps` N ≥ 1), or with N chosen from the first impact (`steps` 0). Never throws for bad input.
val createOrderStudyVal(const std::string& json, double steps) {
  val out = val::object();
  out.set("study", val::null());
  if (!(steps >= 0 && steps <= 1e15 && steps == std::floor(steps))) {
    out.set("error", errorVal("steps", "steps: must be a whole number >= 0"));
    return out;
  }
  try {
    out.set("study", val(OrderStudyRunner(std::make_shared<OrderStudy>(json, static_cast<long long>(steps)))));
    out.set("error", val::null());
  } catch (const std::exception& e) {
    out.set("error", failureVal(e, "order_study"));
  }
  return out;
}

// ---- Symplecticity, measured (lgvci/claims/symplecticity.hpp, docs/symplecticity.md). ----

val float64ArrayVal(const std::vector<double>& v) {  // a copy the caller owns (not a view into the heap)
  return val::global("Float64Array").new_(emscripten::typed_memory_view(v.size(), v.data()));
}

val float64ArraysVal(const std::vector<std::vector<double>>& vs) {  // an array of such copies
  val out = val::array();
  for (const auto& v : vs) out.call<void>("push", float64ArrayVal(v));
  return out;
}

/// The core's measureSymplecticity (the one `lgvci --symplecticity N` runs) on a fresh simulation of
/// `json` over `steps` steps at `samples` samples; `measure`: '' (the family's), 'loop' or 'defect'.
/// { report: {...}, error: null } or { report: null, error: { field, message } }. Never throws for bad input.
val symplecticityVal(const std::string& json, double steps, double samples, const std::string& measure) {
  val out = val::object();
  out.set("report", val::null());
  if (!integerArgument(out, "steps", steps, 1, 1e7, "[1, 1e7]")) return out;
  if (!integerArgument(out, "samples", samples, 1, 1000, "[1, 1000]")) return out;
  std::unique_ptr<Simulation> sim = simulationOrError(out, json);
  if (!sim) return out;
  try {
    SymplecticityOptions o;
    o.measure = measure;
    const SymplecticityReport s = measureSymplecticity(*sim, static_cast<long long>(steps), static_cast<int>(samples), o);
    val rep = val::object();
    rep.set("measure", s.measure);
    rep.set("family", s.family);
    rep.set("integrator", s.integrator);
    rep.set("coordinates", stringsVal(s.coordinates));
    std::vector<double> st(s.sampleSteps.begin(), s.sampleSteps.end());
    rep.set("steps", float64ArrayVal(st));
    rep.set("t", float64ArrayVal(s.sampleTimes));
    rep.set("haltedRuns", s.haltedRuns);
    if (s.measure == "loop_area") {
      rep.set("pair", stringsVal({s.sliceQ, s.sliceP}));
      rep.set("startArea", s.startArea);
      rep.set("area", float64ArrayVal(s.area));
      rep.set("areaRelChange", float64ArrayVal(s.areaRelChange));
      rep.set("loopPoints", float64ArrayVal(std::vector<double>(s.loopPointCount.begin(), s.loopPointCount.end())));
      rep.set("refinementCapped", s.refinementCapped);
      rep.set("startQ", float64ArrayVal(s.startQ));
      rep.set("startP", float64ArrayVal(s.startP));
      rep.set("imageQ", float64ArrayVal(s.imageQ));
      rep.set("imageP", float64ArrayVal(s.imageP));
      rep.set("bounces", float64ArraysVal(s.bounces));
    } else {
      rep.set("delta", s.delta);
      rep.set("defect", float64ArrayVal(s.defect));
      rep.set("floor", float64ArrayVal(s.floor));
      rep.set("impacts", float64ArrayVal(std::vector<double>(s.impacts.begin(), s.impacts.end())));
    }
    out.set("report", rep);
    out.set("error", val::null());
  } catch (const InvalidInput& e) {
    out.set("error", errorVal(e.field(), e.what()));
  }
  return out;
}

/// The core's measureBounceMap (the bounce map's loop, `lgvci --symplecticity` for a family with one) on a
/// fresh simulation of `json`, following `bounces` bounces; { report, error } like symplecticityVal.
val bounceMapVal(const std::string& json, double bounces) {
  val out = val::object();
  out.set("report", val::null());
  if (!integerArgument(out, "bounces", bounces, 2, 1000, "[2, 1000]")) return out;
  std::unique_ptr<Simulation> sim = simulationOrError(out, json);
  if (!sim) return out;
  try {
    BounceMapOptions o;
    o.bounces = static_cast<int>(bounces);
    const BounceMapReport b = measureBounceMap(*sim, o);
    val rep = val::object();
    rep.set("family", b.family);
    rep.set("integrator", b.integrator);
    rep.set("perimeter", b.perimeter);
    rep.set("maxMomentum", b.maxMomentum);
    rep.set("s0", b.s0);
    rep.set("pt0", b.pt0);
    rep.set("t0", b.t0);
    rep.set("s", float64ArraysVal(b.s));
    rep.set("pt", float64ArraysVal(b.pt));
    rep.set("area", float64ArrayVal(b.area));
    rep.set("areaRelChange", float64ArrayVal(b.areaRelChange));
    rep.set("maxEdge", float64ArrayVal(b.maxEdge));
    rep.set("resolved", b.resolved);
    rep.set("haltedRuns", b.haltedRuns);
    rep.set("shortRuns", b.shortRuns);
    out.set("report", rep);
    out.set("error", val::null());
  } catch (const InvalidInput& e) {
    out.set("error", errorVal(e.field(), e.what()));
  }
  return out;
}

}  // namespace

// The module's classes and functions, registered from the declaration (cpp/api/wasm.hpp) by the generated
// block: each implementation above is checked against its declared signature (docs/architecture.md
// "The bindings: one declaration").
#include "bindings_registrations.inc"
