// pybind11 bindings (docs/python.md): a thin shell over the core's Simulation façade
// (lgvci/core/simulation.hpp), the run loop the CLI uses (lgvci/core/run.hpp) and the ensembles
// (lgvci/core/ensemble.hpp), for every registered family. No physics here, and no family or case
// named: layouts, presets and counters come from the core's registry. Bad input is InvalidInput, a
// std::invalid_argument, which pybind11 raises as ValueError with its "field: rule" message.
// The Python package lgvci (python/lgvci/__init__.py) turns configs into JSON text and JSON results
// into dicts; this extension module speaks JSON text and NumPy arrays. What it exports is declared once in
// cpp/api/python.hpp; the registrations (module_registrations.inc) and the stub python/lgvci/_lgvci.pyi
// are generated from it (docs/architecture.md "The bindings: one declaration"); this file keeps the
// implementations. Long calls can be stopped with Ctrl-C (docs/python.md "Interrupting a call"): they
// check for signals between steps and raise KeyboardInterrupt.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "lgvci/core/extensions.hpp"
#include "lgvci/claims/momentum_maps.hpp"
#include "lgvci/claims/order_study.hpp"
#include "lgvci/claims/symplecticity.hpp"
#include "lgvci/core/batch.hpp"
#include "lgvci/core/ensemble.hpp"
#include "lgvci/core/ensemble_threads.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/jacobian.hpp"
#include "lgvci/core/interrupt.hpp"
#include "lgvci/core/run.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/sweep.hpp"
#include "lgvci/core/system.hpp"
#include "lgvci/core/types.hpp"
#include "lgvci/version.hpp"
#include "api/signature.hpp"

namespace py = pybind11;
using namespace lgvci;

namespace {

// The CLI's bound on --steps (cpp/cli/main.cpp parseSteps): an integer in [0, 1e9].
constexpr long long kMaxSteps = 1000000000LL;

// The impact rows a run keeps for impact_records(): 2^27 doubles (1 GiB), e.g. 13 million rows of the
// common 10-number impact record; a step() that would keep more stops at the step boundary before it.
constexpr std::size_t kMaxImpactDoubles = std::size_t{1} << 27;

void checkSteps(long long n, const char* field) {
  if (n < 0 || n > kMaxSteps) throw InvalidInput(field, "must be an integer in [0, 1e9], got " + std::to_string(n));
}

// run() keeps every row: at most this many bytes of columns (docs/python.md); longer runs step a
// Simulation in blocks.
constexpr long long kMaxRunColumnBytes = 1LL << 30;

// Signals are looked at between steps once this many work units (lgvci/core/work.hpp, ≈ 10–20 ms
// natively) have been spent since the last look: never more often than that costs, never much later.
constexpr long long kSignalPollWork = 1LL << 20;

// Whether Python has a signal to deliver (Ctrl-C: KeyboardInterrupt is then set), asked with the GIL
// held from a thread that released it.
bool signalPending() {
  py::gil_scoped_acquire held;
  return PyErr_CheckSignals() != 0;
}

// work() on a thread of its own (its interrupt flag the one below, handed on to its pool), while the
// calling thread, the GIL released, checks for signals every 50 ms; on one the work is asked to stop at
// its next step boundary, and the signal's exception is raised once it has. The work's own exceptions
// are raised here as they are (InvalidInput: ValueError).
template <class Result>
Result interruptible(const std::function<Result()>& work) {
  std::atomic<bool> stop{false};
  std::optional<Result> result;
  std::exception_ptr failure;
  std::mutex lock;
  std::condition_variable finished;
  bool done = false, signalled = false;
  {
    py::gil_scoped_release unlocked;
    std::thread worker([&] {
      const InterruptScope scope(&stop);
      try {
        result.emplace(work());
      } catch (...) {
        failure = std::current_exception();
      }
      std::lock_guard<std::mutex> g(lock);
      done = true;
      finished.notify_one();
    });
    std::unique_lock<std::mutex> g(lock);
    while (!finished.wait_for(g, std::chrono::milliseconds(50), [&] { return done; })) {
      g.unlock();
      signalled = signalPending();
      g.lock();
      if (signalled) {
        stop = true;
        break;
      }
    }
    g.unlock();
    worker.join();
  }
  if (signalled) throw py::error_already_set();  // KeyboardInterrupt (or what the handler raised)
  if (failure) std::rethrow_exception(failure);
  return std::move(*result);
}

std::unique_ptr<Simulation> create(const std::string& json) {
  SimulationResult r = createSimulation(json);
  if (!r.ok()) throw InvalidInput(r.error.field, r.error.message.substr(r.error.message.find(": ") + 2));
  return std::move(r.simulation);
}

py::list layoutList(const RecordLayout& layout) {
  py::list out;
  for (const RecordField& f : layout.fields) {
    py::dict d;
    d["name"] = f.name;
    d["offset"] = f.offset;
    d["size"] = f.size;
    d["columns"] = f.columns;
    d["hashed"] = f.hashed;
    out.append(std::move(d));
  }
  return out;
}

// One run of a config, stepped from Python. The state record lives in a buffer the object owns:
// record() hands out a read-only NumPy view of it (its base is this object, which it keeps alive),
// refreshed by every step() and record().
class PySimulation {
 public:
  explicit PySimulation(const std::string& json) : sim_(create(json)), rec_(static_cast<std::size_t>(sim_->layout().size)) {
    refresh();
  }
  explicit PySimulation(std::unique_ptr<Simulation> sim) : sim_(std::move(sim)), rec_(static_cast<std::size_t>(sim_->layout().size)) {
    refresh();
  }
  PySimulation clone() const {
    PySimulation out(sim_->clone());
    out.impacts_ = impacts_;
    return out;
  }
  /// Simulation::setState from a float64 array of the record's size (a copy; the run is unchanged on a refusal).
  void setState(const py::array_t<double, py::array::c_style | py::array::forcecast>& record) {
    if (record.ndim() != 1)
      throw InvalidInput("record", "must be a 1-D array of " + std::to_string(rec_.size()) + " numbers (this run's layout)");
    sim_->setState(record.data(), static_cast<std::size_t>(record.size()));
    impacts_.clear();  // a new start: no impacts yet
    refresh();
  }
  PySimulation perturbedStart(const std::string& kind, double delta) const { return PySimulation(sim_->perturbedStart(kind, delta)); }

  long long step(long long n) {
    checkSteps(n, "n");
    const long long before = sim_->runStatus().impacts;
    bool full = false, signalled = false;
    {
      py::gil_scoped_release unlocked;
      const std::size_t width = static_cast<std::size_t>(sim_->impactLayout().size);
      long long nextPoll = sim_->runStatus().workUnits + kSignalPollWork;
      for (long long k = 0; k < n && !sim_->runStatus().halted; ++k) {
        if (impacts_.size() + width * kMaxImpactRowsPerStep > kMaxImpactDoubles) {
          refresh();
          full = true;
          break;
        }
        sim_->step();
        // The step's impulses as impact records (impact_records()), then the core's log is cleared:
        // the rows are kept here, where impact_records() drains them.
        for (const ImpactEvent& e : sim_->impactLog()) {
          impacts_.resize(impacts_.size() + width);
          sim_->writeImpactRecord(e, impacts_.data() + impacts_.size() - width);
        }
        sim_->clearImpactLog();
        const long long work = sim_->runStatus().workUnits;
        if (work >= nextPoll) {  // Ctrl-C stops it here, between two steps
          if ((signalled = signalPending())) break;
          nextPoll = work + kSignalPollWork;
        }
      }
      refresh();
    }
    if (signalled) throw py::error_already_set();  // the steps taken are kept; the record shows them
    if (full)
      throw std::length_error("impact_records: " + std::to_string(impacts_.size() / std::max<std::size_t>(1, static_cast<std::size_t>(sim_->impactLayout().size))) +
                              " impacts are waiting (the bound is 1 GiB of records); call impact_records() to drain them, then step on "
                              "(the run stopped at step " + std::to_string(sim_->runStatus().steps) + ")");
    return sim_->runStatus().impacts - before;
  }

  /// n steps with their exact Jacobians (docs/jacobians.md; lgvci/core/jacobian.hpp), without the GIL:
  /// the run's tangent map, and each step's Jacobian appended to `perStep` when given. The steps' impacts
  /// are kept for impact_records() as step() keeps them; a refusal (a run without the extension, a step
  /// where the map is not smooth) raises ValueError with the steps before it taken.
  TangentMap tangentMap(long long n, std::vector<double>* perStep) {
    TangentMap m;
    withJacobians(n, [&](const StepJacobianObserver& keep) {
      m = runTangentMap(*sim_, n, [&](const Simulation& run, const double* J) {
        keep(run, J);
        if (perStep) {
          const std::size_t d = static_cast<std::size_t>(sim_->extension<StepJacobian>()->jacobianCoordinates().size());
          perStep->insert(perStep->end(), J, J + d * d);
        }
      });
    });
    return m;
  }
  /// n steps and their finite-time Lyapunov exponents (lgvci/core/jacobian.hpp), as tangentMap().
  LyapunovSpectrum lyapunov(long long n) {
    if (n < 1) throw InvalidInput("n", "must be an integer of at least 1, got " + std::to_string(n));
    LyapunovSpectrum l;
    withJacobians(n, [&](const StepJacobianObserver& keep) { l = lyapunovExponents(*sim_, n, keep); });
    return l;
  }
  /// Runs `work` without the GIL with an observer that keeps each step's impacts for impact_records(),
  /// and refreshes the record however it ends.
  void withJacobians(long long n, const std::function<void(const StepJacobianObserver&)>& work) {
    checkSteps(n, "n");
    const std::size_t width = static_cast<std::size_t>(sim_->impactLayout().size);
    py::gil_scoped_release unlocked;
    try {
      work([&](const Simulation& run, const double*) {
        for (const ImpactEvent& e : run.impactLog()) {
          impacts_.resize(impacts_.size() + width);
          run.writeImpactRecord(e, impacts_.data() + impacts_.size() - width);
        }
        sim_->clearImpactLog();
      });
    } catch (...) {
      refresh();
      throw;
    }
    refresh();
  }

  /// The impact records kept since the start, set_state() or the last call, as rows of the layout's
  /// numbers (rows × impactLayout().size); the kept rows are then dropped.
  std::vector<double> takeImpacts() { return std::exchange(impacts_, {}); }

  const Simulation& sim() const { return *sim_; }
  Simulation& sim() { return *sim_; }
  void refresh() { sim_->writeRecord(rec_.data()); }
  double* buffer() { return rec_.data(); }
  py::ssize_t size() const { return static_cast<py::ssize_t>(rec_.size()); }

 private:
  // Room checked before each step: a step resolves at most max_impacts_per_step impacts
  // (kMaxImpactsPerStepLimit = 1000), each a few impulses (a chain of simultaneous contacts).
  static constexpr std::size_t kMaxImpactRowsPerStep = 1u << 16;
  std::unique_ptr<Simulation> sim_;
  std::vector<double> rec_;
  std::vector<double> impacts_;  // impact records not yet taken by impact_records()
};

// lgvci.System: a config validated once, its runs made without reading it again (lgvci/core/system.hpp).
class PySystem {
 public:
  explicit PySystem(const std::string& json) {
    SystemResult r = System::create(json);
    if (!r.ok()) throw InvalidInput(r.error.field, r.error.message.substr(r.error.message.find(": ") + 2));
    sys_ = std::move(r.system);
  }
  explicit PySystem(std::shared_ptr<const System> sys) : sys_(std::move(sys)) {}
  const System& sys() const { return *sys_; }
  PySimulation newRun() const { return PySimulation(sys_->newRun()); }
  PySimulation newRunAt(const py::array_t<double, py::array::c_style | py::array::forcecast>& record) const {
    if (record.ndim() != 1) throw InvalidInput("record", "must be a 1-D array of the layout's size");
    return PySimulation(sys_->newRun(std::vector<double>(record.data(), record.data() + record.size())));
  }
  PySimulation newRunPerturbed(const std::string& kind, double delta) const {
    return PySimulation(sys_->newRun(sys_->perturbation(kind), delta));
  }

 private:
  std::shared_ptr<const System> sys_;
};

// lgvci.run: the CLI's loop (runSteps) with every CSV row kept, returned as one contiguous NumPy
// array per CSV column (rows: the start, then each step), and the --json summary as JSON text.
py::tuple runColumns(const std::string& json, long long steps, long long untilImpacts) {
  checkSteps(steps, "steps");
  checkSteps(untilImpacts, "until_impacts");
  std::unique_ptr<Simulation> sim = create(json);
  const RecordLayout& layout = sim->layout();
  const std::vector<std::string> names = layout.csvColumns();
  const std::size_t cols = names.size();
  // Every row is kept: refused up front beyond the bound, rather than failing (or swapping) later.
  const double bytes = 8.0 * static_cast<double>(cols) * (static_cast<double>(steps) + 1.0);
  if (bytes > static_cast<double>(kMaxRunColumnBytes)) {
    char size[32];
    std::snprintf(size, sizeof size, "%.3g", bytes / 1e9);
    throw InvalidInput("steps", "run() keeps every row in memory: 8 bytes x " + std::to_string(cols) + " columns x (" + std::to_string(steps) +
                                    " + 1) rows is " + size + " GB, beyond its bound of 1 GiB (at most " +
                                    std::to_string(kMaxRunColumnBytes / (8 * static_cast<long long>(cols)) - 1) +
                                    " steps of this config); step a Simulation in blocks with step(n) and read record() (docs/python.md)");
  }
  // One growing column each, handed to NumPy one at a time: the rows are never held twice.
  std::vector<std::vector<double>> columnData(cols);
  std::vector<double> rec(static_cast<std::size_t>(layout.size)), row(cols);
  std::atomic<bool> stop{false};
  long long nextPoll = sim->runStatus().workUnits + kSignalPollWork;
  auto keep = [&](const Simulation& s) {
    s.writeRecord(rec.data());
    writeCsvValues(layout, rec.data(), row.data());
    for (std::size_t c = 0; c < cols; ++c) columnData[c].push_back(row[c]);
    const long long work = s.runStatus().workUnits;
    if (work >= nextPoll) {  // Ctrl-C: the run stops before its next step (runSteps reads the flag)
      if (signalPending()) stop = true;
      nextPoll = work + kSignalPollWork;
    }
  };
  std::string summary;
  {
    py::gil_scoped_release unlocked;
    const InterruptScope scope(&stop);
    keep(*sim);
    const RunSummary run = runSteps(*sim, steps, untilImpacts, keep);
    summary = runSummaryJson(*sim, run);
  }
  if (stop) throw py::error_already_set();  // KeyboardInterrupt; nothing is returned
  py::dict columns;
  for (std::size_t c = 0; c < cols; ++c) {
    std::vector<double>& data = columnData[c];
    py::array_t<double> a(static_cast<py::ssize_t>(data.size()));
    std::copy(data.begin(), data.end(), a.mutable_data());
    std::vector<double>().swap(data);
    columns[py::str(names[c])] = std::move(a);
  }
  return py::make_tuple(std::move(columns), summary);
}

// lgvci.ensemble: the CLI's --ensemble (members on a std::thread pool; the statistics do not depend
// on the thread count, docs/ensembles.md), as the JSON text the CLI prints with --json.
std::string ensembleJson(const std::string& config, int members, long long steps, double size, const std::string& kind,
                         std::uint64_t seed, int samples, int threads, bool withMembers) {
  EnsembleSpec spec;
  spec.config = config;
  spec.members = members;
  spec.steps = steps;
  spec.size = size;
  spec.kind = kind;
  spec.seed = seed;
  spec.samples = samples;
  validateEnsembleSpec(spec);
  if (threads < 0 || threads > kMaxEnsembleThreads) throw InvalidInput("threads", "must be an integer in [1, 256]");
  return interruptible<std::string>([&] {
    const Ensemble ens(std::move(spec));
    const unsigned hw = std::thread::hardware_concurrency();
    const int used = threads > 0 ? threads : static_cast<int>(hw > 0 ? std::min<unsigned>(hw, kMaxEnsembleThreads) : 1);
    const std::vector<MemberResult> results = runEnsembleThreads(ens, used);
    return ensembleStatisticsJson(ens, ensembleStatistics(ens, results), withMembers ? &results : nullptr);
  });
}

// lgvci.sweep: the CLI's --sweep (shard 0/0: the whole sweep's statistics; else that shard's part),
// as the JSON text it prints (docs/sweeps.md).
std::string sweepJson(const std::string& config, const std::vector<std::string>& axes, int members, long long steps, double size,
                      const std::string& kind, std::uint64_t seed, int samples, int threads, long long shardIndex, long long shardCount) {
  SweepSpec spec;
  spec.config = config;
  for (const std::string& a : axes) spec.axes.push_back(parseSweepAxis(a));
  spec.ensemble.members = members;
  spec.ensemble.steps = steps;
  spec.ensemble.size = size;
  spec.ensemble.kind = kind;
  spec.ensemble.seed = seed;
  spec.ensemble.samples = samples;
  validateSweep(spec);
  if (threads < 0 || threads > kMaxEnsembleThreads) throw InvalidInput("threads", "must be an integer in [1, 256]");
  return interruptible<std::string>([&] {
    const unsigned hw = std::thread::hardware_concurrency();
    const int used = threads > 0 ? threads : static_cast<int>(hw > 0 ? std::min<unsigned>(hw, kMaxEnsembleThreads) : 1);
    return shardCount == 0 ? runSweep(spec, used) : runSweepPart(spec, Shard{shardIndex, shardCount}, used);
  });
}

// ---- What the registrations bind besides the classes' own members: each one reading of the object
// (the declaration, cpp/api/python.hpp, names them; docs/architecture.md "The bindings: one declaration"). ----

std::vector<std::string> familyNames() {
  std::vector<std::string> names;
  for (const FamilyInfo& f : families()) names.push_back(f.name);
  return names;
}

py::array_t<double> simulationRecord(py::object self) {
  PySimulation& s = self.cast<PySimulation&>();
  s.refresh();
  py::array_t<double> view({s.size()}, {static_cast<py::ssize_t>(sizeof(double))}, s.buffer(), self);
  py::detail::array_proxy(view.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return view;
}

py::list simulationPerturbations(const PySimulation& s) {
  py::list out;
  for (const Perturbation& p : s.sim().perturbations()) {
    py::dict d;
    d["name"] = p.name;
    d["description"] = p.description;
    d["field"] = p.field;
    d["component"] = p.component;
    d["op"] = p.op == Perturbation::Op::Shift ? "shift" : "turn";
    out.append(d);
  }
  return out;
}

py::dict simulationCounters(const PySimulation& s) {
  py::dict d;
  const FamilyCounters* c = s.sim().extension<FamilyCounters>();  // none: a family without counters of its own
  if (!c) return d;
  const CounterLayout& l = c->counterLayout();
  std::vector<double> v(static_cast<std::size_t>(l.size()));
  c->writeCounters(v.data());
  for (std::size_t k = 0; k < v.size(); ++k) d[py::str(l.fields[k].name)] = static_cast<long long>(v[k]);
  return d;
}

// The exact Jacobians (docs/jacobians.md) as NumPy arrays: each step's, (n, 2n, 2n), and the run's, (2n, 2n).
py::array_t<double> simulationStepJacobians(PySimulation& s, long long n) {
  std::vector<double> per;
  const TangentMap m = s.tangentMap(n, &per);
  const auto d = static_cast<py::ssize_t>(m.dimension());
  py::array_t<double> a({static_cast<py::ssize_t>(n), d, d});
  std::copy(per.begin(), per.end(), a.mutable_data());
  return a;
}
py::array_t<double> simulationRunJacobian(PySimulation& s, long long n) {
  const TangentMap m = s.tangentMap(n, nullptr);
  const auto d = static_cast<py::ssize_t>(m.dimension());
  py::array_t<double> a({d, d});
  std::copy(m.matrix.begin(), m.matrix.end(), a.mutable_data());
  return a;
}
py::array_t<double> simulationLyapunovExponents(PySimulation& s, long long n) {
  const LyapunovSpectrum l = s.lyapunov(n);
  py::array_t<double> a(static_cast<py::ssize_t>(l.exponents.size()));
  std::copy(l.exponents.begin(), l.exponents.end(), a.mutable_data());
  return a;
}
std::vector<std::string> simulationJacobianCoordinates(const PySimulation& s) {
  const StepJacobian* j = s.sim().extension<StepJacobian>();
  if (!j)
    throw InvalidInput("jacobian", "the " + s.sim().info().integrator + " integrator of the " + s.sim().info().family +
                                       " family has no exact step Jacobian (docs/jacobians.md \"What is covered\")");
  return j->jacobianCoordinates();
}

std::vector<std::string> simulationStateFields(const PySimulation& s) { return s.sim().stateFields(); }
py::list simulationLayout(const PySimulation& s) { return layoutList(s.sim().layout()); }
py::list simulationImpactLayout(const PySimulation& s) { return layoutList(s.sim().impactLayout()); }
std::vector<std::string> simulationCsvColumns(const PySimulation& s) { return s.sim().layout().csvColumns(); }
double simulationEnergy(const PySimulation& s) { return s.sim().energies().energy; }
double simulationInitialEnergy(const PySimulation& s) { return s.sim().energies().initial; }
double simulationConservedEnergy(const PySimulation& s) { return s.sim().energies().conserved; }
std::string simulationStateHash(const PySimulation& s) { return s.sim().stateHashHex(); }
std::string simulationConfigJson(const PySimulation& s) { return s.sim().configJson(); }
std::string simulationFinalStateJson(const PySimulation& s) { return s.sim().finalStateJson(); }
double simulationTime(const PySimulation& s) { return s.sim().runStatus().time; }
double simulationTimeStep(const PySimulation& s) { return s.sim().info().h; }
long long simulationSteps(const PySimulation& s) { return s.sim().runStatus().steps; }
long long simulationImpacts(const PySimulation& s) { return s.sim().runStatus().impacts; }
bool simulationHalted(const PySimulation& s) { return s.sim().runStatus().halted; }
std::string simulationStatus(const PySimulation& s) { return statusName(s.sim().runStatus().status); }
std::string simulationStatusMessage(const PySimulation& s) { return s.sim().runStatus().message; }
std::string simulationModel(const PySimulation& s) { return s.sim().info().model; }
std::string simulationFamily(const PySimulation& s) { return s.sim().info().family; }
std::string simulationIntegrator(const PySimulation& s) { return s.sim().info().integrator; }
std::string simulationCase(const PySimulation& s) { return s.sim().info().caseName; }

// A structured NumPy dtype with one float64 field (or a (size,) sub-array) per field of `layout`, at the
// layout's offsets: a record buffer of that layout reads as one row.
py::dtype recordDtype(const RecordLayout& layout) {
  py::list names, formats, offsets;
  for (const RecordField& f : layout.fields) {
    names.append(f.name);
    formats.append(f.size == 1 ? std::string("<f8") : "(" + std::to_string(f.size) + ",)<f8");
    offsets.append(f.offset * static_cast<int>(sizeof(double)));
  }
  py::dict d;
  d["names"] = names;
  d["formats"] = formats;
  d["offsets"] = offsets;
  d["itemsize"] = layout.size * static_cast<int>(sizeof(double));
  return py::dtype::from_args(d);
}

py::array simulationImpactRecords(PySimulation& s) {
  const RecordLayout& layout = s.sim().impactLayout();
  std::vector<double> rows = s.takeImpacts();
  const py::ssize_t n = static_cast<py::ssize_t>(rows.size() / static_cast<std::size_t>(layout.size));
  py::array out(recordDtype(layout), std::vector<py::ssize_t>{n});
  if (n > 0) std::memcpy(out.mutable_data(), rows.data(), rows.size() * sizeof(double));
  return out;
}

// lgvci.run_batch: runBatch (lgvci/core/batch.hpp) over the rows of a 2-D array of state records,
// without the GIL; the final records (rows × record size), the impacts and steps of each run and its
// last status's name.
py::tuple runBatchArrays(const std::string& config, const py::array_t<double, py::array::c_style | py::array::forcecast>& states,
                         long long steps, int threads) {
  SystemResult made = System::create(config);
  if (!made.ok()) throw InvalidInput(made.error.field, made.error.message.substr(made.error.message.find(": ") + 2));
  const System& sys = *made.system;
  const py::ssize_t size = sys.layout().size;
  if (states.ndim() != 2 || states.shape(1) != size)
    throw InvalidInput("states", "must be a 2-D array of state records, one per row, " + std::to_string(size) +
                                     " numbers each (the system's layout), got shape " +
                                     (states.ndim() == 2 ? "(" + std::to_string(states.shape(0)) + ", " + std::to_string(states.shape(1)) + ")"
                                                         : std::to_string(states.ndim()) + "-D"));
  if (threads < 0 || threads > kMaxEnsembleThreads) throw InvalidInput("threads", "must be an integer in [1, 256] (0: one per core)");
  const unsigned hw = std::thread::hardware_concurrency();
  const int used = threads > 0 ? threads : static_cast<int>(hw > 0 ? std::min<unsigned>(hw, kMaxEnsembleThreads) : 1);
  std::vector<double> in(states.data(), states.data() + states.size());
  // On a thread of its own, Ctrl-C stopping every run at its next step (KeyboardInterrupt, no result).
  const BatchResult r = interruptible<BatchResult>([&] { return runBatch(sys, in, steps, used); });
  py::array_t<double> records({static_cast<py::ssize_t>(r.rows), size});
  std::memcpy(records.mutable_data(), r.records.data(), r.records.size() * sizeof(double));
  py::array_t<long long> impacts(static_cast<py::ssize_t>(r.rows)), taken(static_cast<py::ssize_t>(r.rows));
  std::memcpy(impacts.mutable_data(), r.impacts.data(), r.impacts.size() * sizeof(long long));
  std::memcpy(taken.mutable_data(), r.steps.data(), r.steps.size() * sizeof(long long));
  py::list status;
  for (StepStatus st : r.status) status.append(statusName(st));
  return py::make_tuple(std::move(records), std::move(impacts), std::move(taken), std::move(status));
}

// The CLI's claims (docs/order-study.md, docs/symplecticity.md, docs/momentum-maps.md, the reverse
// check of docs/cli.md): each the JSON object the CLI prints under its key, from the same library call,
// without the GIL.
std::string orderStudyJsonOf(const std::string& config, long long steps) {
  checkSteps(steps, "steps");
  return interruptible<std::string>([&] { return orderStudyJson(runOrderStudy(config, steps)); });
}

std::string reverseCheckJsonOf(const std::string& config, long long steps) {
  if (steps < 1 || steps > 100000000LL) throw InvalidInput("steps", "must be an integer in [1, 1e8], got " + std::to_string(steps));
  std::unique_ptr<Simulation> sim = create(config);
  return interruptible<std::string>([&] { return reverseCheckJson(runReverseCheck(*sim, steps)); });
}

std::string symplecticityJsonOf(const std::string& config, long long steps, int samples) {
  checkSteps(steps, "steps");
  if (samples < 1 || samples > 1000) throw InvalidInput("samples", "must be an integer in [1, 1000], got " + std::to_string(samples));
  std::unique_ptr<Simulation> sim = create(config);
  return interruptible<std::string>([&] { return symplecticityClaimJson(*sim, steps, samples); });
}

std::string momentumMapsJsonOf(const std::string& config, long long steps) {
  checkSteps(steps, "steps");
  std::unique_ptr<Simulation> sim = create(config);
  return interruptible<std::string>([&] { return momentumMapDriftJson(measureMomentumMapDrift(*sim, steps)); });
}

py::list systemLayout(const PySystem& s) { return layoutList(s.sys().layout()); }
std::vector<std::string> systemStateFields(const PySystem& s) { return s.sys().stateFields(); }
std::vector<double> systemStartRecord(const PySystem& s) { return s.sys().startRecord(); }
std::string systemConfigJson(const PySystem& s) { return s.sys().configJson(); }
std::string systemFamily(const PySystem& s) { return s.sys().family().name; }

// Each part: (text, path, name); a path (bytes, as os.fsencode gives it) is streamed from its file.
std::string mergeJson(const std::vector<std::tuple<std::string, std::string, std::string>>& parts) {
  std::vector<SweepPartSource> sources;
  for (const auto& [text, path, name] : parts) sources.push_back({text, path, name});
  return interruptible<std::string>([&] { return mergeSweepSources(sources); });
}

}  // namespace

// The extension's classes, functions and attributes, registered from the declaration
// (cpp/api/python.hpp) by the generated chain; each implementation is checked against its declared
// signature, and python/lgvci/_lgvci.pyi is generated from the same declaration.
PYBIND11_MODULE(_lgvci, m) {
#include "module_registrations.inc"
}
