// embind bindings: a thin shell over the core's Simulation façade (HybridSimulation, createSimulation)
// and, until the page migrates, the older rigid-body-only Simulation. No physics here. Records and
// impacts are handed to JS as typed-array views into buffers owned by the object (no allocation per
// frame); their layouts come from the core (layout()), never copied by hand.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "lgvci/lgvci.hpp"

namespace {

using namespace lgvci;
using emscripten::val;

// Layouts mirrored in lgvci_wasm.d.ts (StateLayout, ImpactLayout).
namespace S {
constexpr int T = 0, X = 1, R = 4, GAMMA = 13, PI = 16, ENERGY = 19, TPE = 20, RE = 21, SPATIAL_L = 22,
              PHI = 25, IMPACTS = 26, STEPS = 27, STATUS = 28, ENERGY0 = 29, SIZE = 30;
}
namespace I {
constexpr int T = 0, LAMBDA = 1, POINT = 2, BODY_POINT = 5, SIZE = 8;
}
constexpr size_t kMaxPendingImpacts = 4096;

class WasmSimulation {
 public:
  explicit WasmSimulation(const std::string& json) : def_(parseConfig(json)), sim_(makeIntegrator(def_)) {
    energy0_ = sim_.energy().total;
    pending_.reserve(kMaxPendingImpacts * I::SIZE);
    drained_.reserve(kMaxPendingImpacts * I::SIZE);
    refresh();
  }

  int step(int n) {
    int impacts = 0;
    for (int k = 0; k < n; ++k) {
      const StepReport r = sim_.step();
      impacts += r.impacts;
      collectImpacts();
      if (r.status == StepStatus::NewtonFailed) break;
    }
    refresh();
    return impacts;
  }

  void reset() {
    sim_.reset();
    pending_.clear();
    refresh();
  }

  val state() const { return val(emscripten::typed_memory_view(buf_.size(), buf_.data())); }

  val drainImpacts() {
    drained_.assign(pending_.begin(), pending_.end());
    pending_.clear();
    return val(emscripten::typed_memory_view(drained_.size(), drained_.data()));
  }

  std::string statusMessage() const { return sim_.statusMessage(); }
  std::string configJson() const { return toJson(def_); }

 private:
  void collectImpacts() {
    for (const ImpactEvent& e : sim_.impactLog()) {
      if (pending_.size() + I::SIZE > pending_.capacity())  // keep the newest: drop the oldest record
        pending_.erase(pending_.begin(), pending_.begin() + I::SIZE);
      pending_.insert(pending_.end(), {e.t, e.lambda, e.point.x(), e.point.y(), e.point.z(), e.bodyPoint.x(),
                                       e.bodyPoint.y(), e.bodyPoint.z()});
    }
    sim_.clearImpactLog();
  }

  void refresh() {
    const State& s = sim_.state();
    const Energy e = sim_.energy();
    const Vec3 L = sim_.spatialAngularMomentum();
    buf_[S::T] = s.t;
    for (int i = 0; i < 3; ++i) {
      buf_[S::X + i] = s.x(i);
      buf_[S::GAMMA + i] = s.gamma(i);
      buf_[S::PI + i] = s.Pi(i);
      buf_[S::SPATIAL_L + i] = L(i);
      for (int j = 0; j < 3; ++j) buf_[S::R + 3 * i + j] = s.R(i, j);
    }
    buf_[S::ENERGY] = e.total;
    buf_[S::TPE] = e.translationalPotential;
    buf_[S::RE] = e.rotational;
    buf_[S::PHI] = sim_.phi();
    buf_[S::IMPACTS] = static_cast<double>(sim_.totalImpacts());
    buf_[S::STEPS] = static_cast<double>(sim_.steps());
    buf_[S::STATUS] = static_cast<double>(sim_.status());
    buf_[S::ENERGY0] = energy0_;
  }

  SimulationDef def_;
  HybridIntegrator sim_;
  double energy0_ = 0.0;
  std::array<double, S::SIZE> buf_{};
  std::vector<double> pending_, drained_;
};

std::string validateConfig(const std::string& json) {
  try {
    makeIntegrator(parseConfig(json));
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::string presetConfig(const std::string& name) {
  try {
    return toJson(paperCase(name));
  } catch (const std::exception& e) {
    return "";
  }
}

struct StateLayout {
  int T = S::T, X = S::X, R = S::R, GAMMA = S::GAMMA, PI = S::PI, ENERGY = S::ENERGY, TPE = S::TPE, RE = S::RE,
      SPATIAL_L = S::SPATIAL_L, PHI = S::PHI, IMPACTS = S::IMPACTS, STEPS = S::STEPS, STATUS = S::STATUS,
      ENERGY0 = S::ENERGY0, SIZE = S::SIZE;
};
struct ImpactLayout {
  int T = I::T, LAMBDA = I::LAMBDA, POINT = I::POINT, BODY_POINT = I::BODY_POINT, SIZE = I::SIZE;
};

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

class HybridSimulation {
 public:
  explicit HybridSimulation(std::shared_ptr<Simulation> sim) : sim_(std::move(sim)) {
    record_.resize(static_cast<size_t>(sim_->layout().size));
    pending_.reserve(kMaxPendingImpacts * impactLayout().size);
    drained_.reserve(kMaxPendingImpacts * impactLayout().size);
    refresh();
  }

  int step(int n) {
    int impacts = 0;
    for (int k = 0; k < n; ++k) {
      const StepReport r = sim_->step();
      impacts += r.impacts;
      collectImpacts();
      if (r.status == StepStatus::NewtonFailed) break;
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
  val drainImpacts() {
    drained_.assign(pending_.begin(), pending_.end());
    pending_.clear();
    return val(emscripten::typed_memory_view(drained_.size(), drained_.data()));
  }
  val layout() const { return layoutVal(sim_->layout()); }
  std::string stateHash() const { return sim_->stateHashHex(); }
  std::string model() const { return sim_->model(); }
  std::string caseName() const { return sim_->caseName(); }
  std::string configJson() const { return sim_->configJson(); }
  std::string statusMessage() const { return sim_->statusMessage(); }
  int status() const { return static_cast<int>(sim_->status()); }
  double h() const { return sim_->h(); }
  double time() const { return sim_->time(); }
  double energy() const { return sim_->energy(); }
  double initialEnergy() const { return sim_->initialEnergy(); }
  double minPhi() const { return sim_->minPhi(); }
  double totalImpacts() const { return static_cast<double>(sim_->totalImpacts()); }
  double steps() const { return static_cast<double>(sim_->steps()); }
  double multiImpactSteps() const { return static_cast<double>(sim_->multiImpactSteps()); }
  double maxDiscreteEnergyMismatch() const { return sim_->maxDiscreteEnergyMismatch(); }

 private:
  void collectImpacts() {
    const size_t stride = static_cast<size_t>(impactLayout().size);
    double row[16];
    for (const ImpactEvent& e : sim_->impactLog()) {
      if (pending_.size() + stride > pending_.capacity())  // keep the newest: drop the oldest record
        pending_.erase(pending_.begin(), pending_.begin() + static_cast<long>(stride));
      writeImpactRecord(e, row);
      pending_.insert(pending_.end(), row, row + stride);
    }
    sim_->clearImpactLog();
  }
  void refresh() { sim_->writeRecord(record_.data()); }

  std::shared_ptr<Simulation> sim_;
  std::vector<double> record_, pending_, drained_;
};

/// { sim: HybridSimulation, error: null } or { sim: null, error: { field, message } }.
val createSimulationVal(const std::string& json) {
  SimulationResult r = createSimulation(json);
  val out = val::object();
  if (r.ok()) {
    out.set("sim", val(HybridSimulation(std::shared_ptr<Simulation>(std::move(r.simulation)))));
    out.set("error", val::null());
  } else {
    val err = val::object();
    err.set("field", r.error.field);
    err.set("message", r.error.message);
    out.set("sim", val::null());
    out.set("error", err);
  }
  return out;
}

std::string presetJsonOrEmpty(const std::string& name) {
  try {
    return presetJson(name);
  } catch (const std::exception&) {
    return "";
  }
}

val impactLayoutVal() { return layoutVal(impactLayout()); }

}  // namespace

EMSCRIPTEN_BINDINGS(lgvci) {
  emscripten::class_<WasmSimulation>("Simulation")
      .constructor<const std::string&>()
      .function("step", &WasmSimulation::step)
      .function("reset", &WasmSimulation::reset)
      .function("state", &WasmSimulation::state)
      .function("drainImpacts", &WasmSimulation::drainImpacts)
      .function("statusMessage", &WasmSimulation::statusMessage)
      .function("configJson", &WasmSimulation::configJson);
  emscripten::function("validateConfig", &validateConfig);
  emscripten::function("presetConfig", &presetConfig);
  emscripten::value_object<StateLayout>("StateLayout")
      .field("T", &StateLayout::T).field("X", &StateLayout::X).field("R", &StateLayout::R)
      .field("GAMMA", &StateLayout::GAMMA).field("PI", &StateLayout::PI).field("ENERGY", &StateLayout::ENERGY)
      .field("TPE", &StateLayout::TPE).field("RE", &StateLayout::RE).field("SPATIAL_L", &StateLayout::SPATIAL_L)
      .field("PHI", &StateLayout::PHI).field("IMPACTS", &StateLayout::IMPACTS).field("STEPS", &StateLayout::STEPS)
      .field("STATUS", &StateLayout::STATUS).field("ENERGY0", &StateLayout::ENERGY0).field("SIZE", &StateLayout::SIZE);
  emscripten::value_object<ImpactLayout>("ImpactLayout")
      .field("T", &ImpactLayout::T).field("LAMBDA", &ImpactLayout::LAMBDA).field("POINT", &ImpactLayout::POINT)
      .field("BODY_POINT", &ImpactLayout::BODY_POINT).field("SIZE", &ImpactLayout::SIZE);
  emscripten::class_<HybridSimulation>("HybridSimulation")
      .function("step", &HybridSimulation::step)
      .function("reset", &HybridSimulation::reset)
      .function("record", &HybridSimulation::record)
      .function("drainImpacts", &HybridSimulation::drainImpacts)
      .function("layout", &HybridSimulation::layout)
      .function("stateHash", &HybridSimulation::stateHash)
      .function("model", &HybridSimulation::model)
      .function("caseName", &HybridSimulation::caseName)
      .function("configJson", &HybridSimulation::configJson)
      .function("statusMessage", &HybridSimulation::statusMessage)
      .function("status", &HybridSimulation::status)
      .function("h", &HybridSimulation::h)
      .function("time", &HybridSimulation::time)
      .function("energy", &HybridSimulation::energy)
      .function("initialEnergy", &HybridSimulation::initialEnergy)
      .function("minPhi", &HybridSimulation::minPhi)
      .function("totalImpacts", &HybridSimulation::totalImpacts)
      .function("steps", &HybridSimulation::steps)
      .function("multiImpactSteps", &HybridSimulation::multiImpactSteps)
      .function("maxDiscreteEnergyMismatch", &HybridSimulation::maxDiscreteEnergyMismatch);
  emscripten::function("createSimulation", &createSimulationVal);
  emscripten::function("presetJson", &presetJsonOrEmpty);
  emscripten::function("impactLayout", &impactLayoutVal);
  emscripten::constant("STATE", StateLayout{});
  emscripten::constant("IMPACT", ImpactLayout{});
}
