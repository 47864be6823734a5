// The Python extension _lgvci's surface, declared once (docs/architecture.md "The bindings: one
// declaration"; docs/python.md): its classes with their constructors, methods and read-only
// properties, its functions and attributes, each with the C++ that implements it, the C++ signature,
// the argument names and defaults and the Python types. The generator (cpp/api/generate.cpp) writes
// from it python/src/module_registrations.inc (the pybind11 .def chain, each implementation checked
// against its declared signature) and python/lgvci/_lgvci.pyi (the extension's stub). The
// implementations are hand-written in python/src/module.cpp; the package lgvci (python/lgvci/__init__.py)
// wraps the extension with dicts, checks and defaults, and keeps its own hand-written stub
// (__init__.pyi, checked by tests/python/test_lgvci.py).
//
// A member is one line: .method(name, implementation, return type, {{argument, type[, default]}, …},
// doc). A C++ type says its Python type (long long, int → int; double → float; bool; std::string → str;
// std::vector<std::string> → List[str]); any other says its own: py("py::list", "List[Dict[str, Any]]").
#pragma once

#include "model.hpp"

namespace lgvci::api {

inline Module pythonModule() {
  Module m{"_lgvci", "LGVCI core (variational collision integrators): the C++ Simulation facade; see the package lgvci.", {}, {}};
  const Type layout = py("py::list", "List[Dict[str, Any]]");
  const Type array = py("py::array_t<double>", "npt.NDArray[np.float64]");
  const Type arrayArg = py("const py::array_t<double, py::array::c_style | py::array::forcecast>&", "npt.ArrayLike");

  m.attribute("__version__", "lgvci::version()", "std::string", "The library's version (lgvci/version.hpp).");
  m.attribute("MAX_STEPS", "kMaxSteps", "long long", "The largest step count a call takes (the CLI's bound on --steps).");

  m.function("preset_names", "&presetNames", "std::vector<std::string>", {}, "The presets of every registered family.");
  m.function("preset_json", "&presetJson", "std::string", {{"name", "const std::string&"}},
             "A preset's config as JSON text (ValueError for an unknown name).");
  m.function("families", "&familyNames", "std::vector<std::string>", {}, "The registered families' names, in the registry's order.");

  m.cls("Simulation", "PySimulation", "One run of a config (JSON text): the C++ Simulation, stepped from Python.")
      .constructor({{"config_json", "const std::string&"}}, "Parses, validates and builds (ValueError with the core's message).")
      .method("step", "&PySimulation::step", "long long", {{"n", "long long", "1"}},
              "n steps (fewer if the run halts), without the GIL; returns the impacts in them. Ctrl-C raises "
              "KeyboardInterrupt between two steps (the steps taken are kept).")
      .method("record", "&simulationRecord", array, {},
              "The state record: a read-only view of the object's own buffer (its base keeps the object alive), "
              "refreshed by step() and record().",
              "py::object")
      .method("clone", "&PySimulation::clone", "PySimulation", {}, "An independent copy of the run as it is now, sharing the constant system.")
      .method("set_state", "&PySimulation::setState", "void", {{"record", arrayArg}},
              "Restarts the run from a whole state record (ValueError naming the field; the run is then unchanged).")
      .method("perturbed_start", "&PySimulation::perturbedStart", "PySimulation", {{"kind", "const std::string&"}, {"delta", "double"}},
              "A new run of the same system from this run's start moved by delta along the perturbation kind.")
      .method("state_fields", "&simulationStateFields", "std::vector<std::string>", {}, "The record fields set_state reads.")
      .method("perturbations", "&simulationPerturbations", py("py::list", "List[Dict[str, Any]]"), {},
              "The directions the start can be perturbed in, the default first: name, description, field, component, op.")
      .method("layout", "&simulationLayout", layout, {}, "The state record's fields: name, offset, size, columns, hashed.")
      .method("impact_layout", "&simulationImpactLayout", layout, {}, "The impact record's fields, as layout().")
      .method("impact_records", "&simulationImpactRecords", py("py::array", "npt.NDArray[np.void]"), {},
              "The impacts since the start, set_state() or the last call, one row each: a structured array with "
              "the impact layout's fields (t, lambda, point, the family's own); the rows are then dropped.",
              "PySimulation&")
      .method("csv_columns", "&simulationCsvColumns", "std::vector<std::string>", {}, "The CLI's --csv columns.")
      .method("energy", "&simulationEnergy", "double", {}, "E (H in generalized coordinates).")
      .method("initial_energy", "&simulationInitialEnergy", "double", {}, "E0, the start's energy.")
      .method("conserved_energy", "&simulationConservedEnergy", "double", {}, "E + the energy the impacts took.")
      .method("state_hash", "&simulationStateHash", "std::string", {}, "FNV-1a 64 of the record's hashed fields: the CLI's state_hash.")
      .method("config_json", "&simulationConfigJson", "std::string", {}, "The fully resolved config as JSON text.")
      .method("final_state_json", "&simulationFinalStateJson", "std::string", {}, "The CLI's JSON \"final\" object as text.")
      .method("counters", "&simulationCounters", py("py::dict", "Dict[str, int]"), {}, "The family's own run counters, by name.")
      .method("jacobian_coordinates", "&simulationJacobianCoordinates", "std::vector<std::string>", {},
              "The canonical chart's coordinates, the rows and columns of the Jacobians (ValueError without exact Jacobians).")
      .method("step_jacobians", "&simulationStepJacobians", array, {{"n", "long long", "1"}},
              "n steps, without the GIL, and each one's exact Jacobian in the canonical chart, shape (n, 2d, 2d) "
              "(docs/jacobians.md); ValueError where the map is not smooth (the steps before it are taken).",
              "PySimulation&")
      .method("run_jacobian", "&simulationRunJacobian", array, {{"n", "long long"}},
              "n steps, without the GIL, and the run's tangent map, the product of their exact Jacobians, shape (2d, 2d).",
              "PySimulation&")
      .method("lyapunov_exponents", "&simulationLyapunovExponents", array, {{"n", "long long"}},
              "n steps, without the GIL, and their finite-time Lyapunov exponents (QR method over the exact Jacobians), "
              "largest first, per unit time (docs/jacobians.md \"Lyapunov exponents\").",
              "PySimulation&")
      .property("time", "&simulationTime", "double", "The time t0 + k h of the last step.")
      .property("h", "&simulationTimeStep", "double", "The time step.")
      .property("steps", "&simulationSteps", "long long", "Steps taken.")
      .property("impacts", "&simulationImpacts", "long long", "Impacts so far.")
      .property("halted", "&simulationHalted", "bool", "The run halted: step() does nothing more.")
      .property("status", "&simulationStatus", "std::string", "The last step's status name (%STATUS_NAMES%).")
      .property("status_message", "&simulationStatusMessage", "std::string", "The last step's status message, '' if ok.")
      .property("model", "&simulationModel", "std::string", "The config's \"model\".")
      .property("family", "&simulationFamily", "std::string", "The registered family.")
      .property("integrator", "&simulationIntegrator", "std::string", "The scheme.")
      .property("case", "&simulationCase", "std::string", "The preset's name, '' for a custom config.");

  m.cls("System", "PySystem", "A config validated once; its runs made without reading it again (lgvci/core/system.hpp).")
      .constructor({{"config_json", "const std::string&"}}, "Parses and validates (ValueError with the core's message).")
      .method("new_run", "&PySystem::newRun", "PySimulation", {}, "A run at the config's start.")
      .method("new_run_at", "&PySystem::newRunAt", "PySimulation", {{"record", arrayArg}}, "A run at a whole state record.")
      .method("new_run_perturbed", "&PySystem::newRunPerturbed", "PySimulation", {{"kind", "const std::string&"}, {"delta", "double"}},
              "A run at the start moved by delta along the perturbation kind.")
      .method("layout", "&systemLayout", layout, {}, "The state record's fields (a run's layout()).")
      .method("state_fields", "&systemStateFields", "std::vector<std::string>", {}, "The record fields a state sets.")
      .method("start_record", "&systemStartRecord", "std::vector<double>", {}, "The record of the config's start.")
      .method("config_json", "&systemConfigJson", "std::string", {}, "The fully resolved config as JSON text.")
      .property("family", "&systemFamily", "std::string", "The registered family.");

  m.function("run_columns", "&runColumns", py("py::tuple", "Tuple[Dict[str, npt.NDArray[np.float64]], str]"),
             {{"config_json", "const std::string&"}, {"steps", "long long"}, {"until_impacts", "long long", "0"}},
             "The CLI's run without the GIL: one array per CSV column (the start, then each step) and the --json summary as text; "
             "ValueError beyond 1 GiB of columns, KeyboardInterrupt on Ctrl-C.");
  m.function("ensemble_json", "&ensembleJson", "std::string",
             {{"config_json", "const std::string&"},
              {"members", "int"},
              {"steps", "long long"},
              {"size", "double"},
              {"kind", "const std::string&"},
              {"seed", "std::uint64_t"},
              {"samples", "int"},
              {"threads", "int"},
              {"with_members", "bool"}},
             "The CLI's --ensemble --json text (members on a thread pool; the numbers do not depend on threads); "
             "KeyboardInterrupt on Ctrl-C.");
  m.function("sweep_json", "&sweepJson", "std::string",
             {{"config_json", "const std::string&"},
              {"axes", "const std::vector<std::string>&"},
              {"members", "int"},
              {"steps", "long long"},
              {"size", "double"},
              {"kind", "const std::string&"},
              {"seed", "std::uint64_t"},
              {"samples", "int"},
              {"threads", "int"},
              {"shard_index", "long long"},
              {"shard_count", "long long"}},
             "The CLI's --sweep --json text: the statistics per point (shard_count 0) or one shard's part; "
             "KeyboardInterrupt on Ctrl-C.");
  m.function("run_batch", "&runBatchArrays",
             py("py::tuple", "Tuple[npt.NDArray[np.float64], npt.NDArray[np.int64], npt.NDArray[np.int64], List[str]]"),
             {{"config_json", "const std::string&"}, {"states", arrayArg}, {"steps", "long long"}, {"threads", "int"}},
             "Runs from the rows of a 2-D array of state records (lgvci/core/batch.hpp), without the GIL, on threads threads "
             "(0: one per core): the final records, each run's impacts and steps, its last status; KeyboardInterrupt on Ctrl-C.");
  m.function("order_study_json", "&orderStudyJsonOf", "std::string", {{"config_json", "const std::string&"}, {"steps", "long long"}},
             "The CLI's --order-study --json object (steps 0: the CLI's default, past the first impact), without the GIL; "
             "KeyboardInterrupt on Ctrl-C.");
  m.function("reverse_check_json", "&reverseCheckJsonOf", "std::string", {{"config_json", "const std::string&"}, {"steps", "long long"}},
             "The CLI's --reverse-check N object: N steps, the momenta negated, N steps back, the distance from the start; "
             "KeyboardInterrupt on Ctrl-C.");
  m.function("symplecticity_json", "&symplecticityJsonOf", "std::string",
             {{"config_json", "const std::string&"}, {"steps", "long long"}, {"samples", "int"}},
             "The CLI's --symplecticity N object over the steps (with the bounce map's loop for a family that has one); "
             "KeyboardInterrupt on Ctrl-C.");
  m.function("momentum_maps_json", "&momentumMapsJsonOf", "std::string", {{"config_json", "const std::string&"}, {"steps", "long long"}},
             "The CLI's --momentum-maps object: the momentum maps' drift over the steps; KeyboardInterrupt on Ctrl-C.");
  m.function("merge_json", "&mergeJson", "std::string",
             {{"parts", py("const std::vector<std::tuple<std::string, std::string, std::string>>&", "List[Tuple[str, bytes, bytes]]")}},
             "lgvci merge: the statistics of a sweep from its shards' parts, each (JSON text, b'' or the path of a file streamed "
             "from, its name in messages); every part verified, Ctrl-C raises KeyboardInterrupt.");
  return m;
}

}  // namespace lgvci::api
