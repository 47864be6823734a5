// embind bindings: a thin shell over lgvci::HybridIntegrator. No physics here. State and impacts are
// handed to JS as typed-array views into buffers owned by the object (no allocation per frame).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <array>
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
  emscripten::constant("STATE", StateLayout{});
  emscripten::constant("IMPACT", ImpactLayout{});
}
