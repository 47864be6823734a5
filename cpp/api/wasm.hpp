// The WebAssembly module's surface, declared once (docs/architecture.md "The bindings: one
// declaration"): every class the module hands out with its methods (JavaScript name, C++ signature,
// TypeScript types, doc comment), every module function, and the values they return. The generator
// (cpp/api/generate.cpp) writes from it cpp/wasm/bindings_registrations.inc (the EMSCRIPTEN_BINDINGS
// block, each implementation checked against its declared C++ signature), cpp/wasm/bindings_values.inc
// (the builders of the declared Capabilities and FamilyInfo), cpp/wasm/lgvci_wasm.d.ts (the module's
// TypeScript declarations) and cpp/wasm/lgvci_api.ts (the same lists as TypeScript values, for tests).
// The implementations are hand-written in cpp/wasm/bindings.cpp.
//
// A method is one line: .method(name, return type, {{argument, type}, …}, doc), implemented by the
// wrapper's member of that name. A C++ type says its TypeScript type (int, double → number, bool →
// boolean, std::string → string); an emscripten::val says its own: val("Float64Array"), or
// valArg(…) for a const emscripten::val& argument.
#pragma once

#include "model.hpp"

namespace lgvci::api {

inline Module wasmModule() {
  Module m{"LgvciModule",
           "The module: createLgvci() resolves to it. Build: `scripts/build-wasm.sh` writes build/wasm/lgvci_wasm.mjs, an "
           "ES6 module, and lgvci_wasm.wasm beside it, default export createLgvci (options such as wasmBinary or "
           "locateFile). Every layout comes from the core (the state and impact records are declared once in C++, "
           "cpp/include/lgvci/core/simulation.hpp).",
           {},
           {}};

  m.section("Records and the simulation (cpp/include/lgvci/core/simulation.hpp)");
  m.interface("RecordField", "One named field of a record of doubles: indices [offset, offset + size).")
      .field("name", "string")
      .field("offset", "number")
      .field("size", "number")
      .field("columns", "readonly string[]", "Its CSV column names ([] when the field is not a CSV column).");
  m.interface("RecordLayout", "Layout of a record (Float64Array) returned by the module.")
      .field("size", "number")
      .field("fields", "readonly RecordField[]")
      .field("csvColumns", "readonly string[]",
             "The CSV header of `lgvci --csv` for this model, in order (the CSV fields come first in the record).");
  m.interface("CounterField",
              "One run counter a family declares (the core's CounterField): its name (the CLI's JSON key, e.g. "
              "\"contact_entries\") and a few words on what it counts.")
      .field("name", "string")
      .field("description", "string");

  m.cls("HybridSimulation", "HybridSimulation", "One simulation of any model family (the core's type-erased Simulation façade).")
      .method("step", "int", {{"n", "int"}},
              "Advance n fixed steps of size h (Algorithm 5.2). Returns the number of impacts in these steps. Stops early "
              "when the run halts (halted()). The record view is refreshed when the call returns.")
      .method("reset", "void", {}, "Back to the initial state of the config.")
      .method("record", val("Float64Array"), {},
              "The state record (layout()), a view into WASM memory: same buffer every call, detached if WASM memory "
              "grows, so take a fresh view after each step() rather than caching it.")
      .method("counters", val("Float64Array"), {},
              "The family's run counters beside the ones every family has (e.g. contact_entries, contact_releases, "
              "subdivided_steps of a family with a contact phase), in counterLayout()'s order: a view into WASM memory "
              "refreshed with record(), whole numbers.")
      .method("counterLayout", val("CounterField[]"), {},
              "Names and descriptions of counters() (a new array on each call: read it once per simulation).")
      .method("drainImpacts", val("Float64Array"), {},
              "Impacts since the previous call (records of this simulation's impactLayout()); valid until the next call.")
      .method("layout", val("RecordLayout"), {}, "The record's layout (a new object on each call: read it once per simulation).")
      .method("impactLayout", val("RecordLayout"), {},
              "The layout of drainImpacts()'s rows: the module's common impactLayout() (%COMMON_IMPACT%) followed by the "
              "family's own columns, only those it fills (docs/api.md \"Impact records\"); read them by name.")
      .method("stateHash", "std::string", {}, "FNV-1a 64 of the state record's bytes, as 16 hex digits (golden determinism hashes).")
      .method("model", "std::string", {}, "The config's \"model\": the factory that built it (FamilyInfo.model).")
      .method("family", "std::string", {}, "The registered family (FamilyInfo.name): model(), or a case with capabilities of its own.")
      .method("capabilities", val("Capabilities"), {}, "The declared capabilities of family() (a new object on each call).")
      .method("caseName", "std::string", {}, "The preset it came from, '' for a custom set-up.")
      .method("configJson", "std::string", {},
              "The fully resolved config as JSON; replays exactly through createSimulation and `lgvci --config`.")
      .method("statusMessage", "std::string", {},
              "Human-readable message of the last step's status (Newton failure, Zeno guard, work limit), '' if ok.")
      .method("status", "int", {},
              "The last step's status (statusCodes(): %STATUS_CODES%): ok; newton_failed (halted); zeno_guard: the step "
              "used up its impact budget — either the cascade's limit was taken (a persistent contact phase) and the step "
              "still ended on the grid, or the run is halted (halted() tells which); work_limit: the step needed more flow "
              "evaluations than the bound (halted). A halted run stays at its last grid time.")
      .method("halted", "bool", {},
              "The run is halted (newton_failed, work_limit, or zeno_guard when the cascade could not be resolved): step() "
              "does nothing more.")
      .method("zenoGuardEvents", "double", {}, "Steps in which the Zeno guard fired so far (kept when later steps are clean).")
      .method("firstZenoGuardTime", "double", {}, "The time of the first Zeno-guard step's last impact before the guard; NaN when none.")
      .method("flowEvaluations", "double", {}, "Flow evaluations so far (the run's work count; bounded per step).")
      .method("h", "double", {}, "The time step.")
      .method("time", "double", {}, "The time t0 + k h of the last step.")
      .method("energy", "double", {}, "E on SE(3) (Tran & Leok §7.2); H = ½pᵀM⁻¹p + V(q) in generalized coordinates.")
      .method("initialEnergy", "double", {}, "E₀, the start's energy.")
      .method("minPhi", "double", {}, "min_k φ_k of the current state (≥ 0: admissible).")
      .method("totalImpacts", "double", {}, "Impacts so far.")
      .method("steps", "double", {}, "Steps taken so far.")
      .method("multiImpactSteps", "double", {}, "Steps with more than one impact.")
      .method("maxDiscreteEnergyMismatch", "double", {},
              "The largest relative (75a) mismatch of a jump so far (meaningful with the energyJump capability).")
      .method("integrator", "std::string", {}, "The scheme: \"lgvci\" (Tran & Leok), \"vci\" (Fetecau et al.), or a baseline (\"rk4\", \"naive\").")
      .method("reverseMomenta", "void", {},
              "Time reversal: negate the momenta of the current state (γ, Π; generalized: p); the next steps run the "
              "motion backwards. The record view is refreshed.")
      .method("perturbedStart", val("CreateResult"), {{"kind", "const std::string&"}, {"delta", "double"}},
              "A new simulation of the same system (shared, not re-parsed) from this one's initial state moved by δ "
              "along the perturbation `kind`, one of perturbations()'s names (docs/ensembles.md \"Perturbations\": a "
              "shift of a coordinate or momentum, or a turn R0·R_axis(δ) of an attitude; an ensemble member is the same "
              "with δ = size·u_k). An error value (field \"kind\", \"delta\", or the record field the start breaks, e.g. "
              "\"x\" when it penetrates the plane) when refused. The caller deletes the new simulation.")
      .method("withField", val("CreateResult"), {{"path", "const std::string&"}, {"value", "double"}},
              "A typed field update (docs/architecture.md \"The walk of h\"): a new simulation of this one's resolved "
              "config with the number row `path` (\"h\", \"restitution\"; lgvci --schema) set to `value`, from the "
              "start; its row's rule is checked once, by the core. Read the resolved value back from the new simulation "
              "(h()). An error value naming the field when refused. The caller deletes the new simulation.")
      .method("setState", val("SimulationError | null"), {{"record", valArg("Float64Array | readonly number[]")}},
              "Restarts the run from a state record (layout().size numbers, e.g. another run's record() copy): what a "
              "config whose start is that state gives, bit for bit (counters, impacts and ledgers from zero; reset() "
              "returns there). null, or the refusal naming the record field (the run unchanged).")
      .method("perturbations", val("Perturbation[]"), {},
              "The directions the start can be perturbed in, the default first (a new array on each call).")
      .method("returnDistances", val("DistancesResult"), {{"start", valArg("Float64Array | readonly number[]")}},
              "Distances of the current state from the time-reversed image of `start` (a copy of record() taken earlier): "
              "|x − x0|, ‖R − R0‖₂, |γ + γ0|, |Π + Π0| (generalized: |q − q0|, |p + p0|): the family's reversal fields "
              "(FamilyInfo.reversal). An error value when `start` is not a record of this simulation's layout.")
      .method("runJacobian", val("JacobianResult"), {{"n", "int"}},
              "n steps and the run's tangent map, the product of their exact Jacobians in the canonical chart "
              "(docs/jacobians.md); the steps' impacts go to drainImpacts() as step()'s. An error value (field \"jacobian\") "
              "for a run without exact Jacobians or at a step where the map is not smooth (the steps before it taken).")
      .method("momentumMapLayout", val("MomentumMapField[]"), {},
              "The momentum maps of this run's symmetries (docs/momentum-maps.md): each with its name and what it is; [] "
              "for a set-up without symmetries (a new array on each call: read it once).")
      .method("momentumMaps", val("Float64Array"), {},
              "Their values now, in momentumMapLayout()'s order: a view into WASM memory written on each call.")
      .method("stepRecords", "int", {{"n", "int"}},
              "Up to n steps in one call (the page's frame, docs/page.md \"The frame loop\"); returns the steps taken. "
              "batchBuffer() then holds a header [header size H, per-step fields M, halted (0/1), steps since the "
              "start] and, for step i, at H + i·(M + record size): [impacts, impact rows in impactBuffer() after it, "
              "status, time] followed by the state record after it. The batch stops after a step that halts the run or "
              "ends with a non-ok status, and once impactBuffer() is half full. impactBuffer() holds the batch's impact "
              "records (drainImpacts()'s rows; emptied at the call's start).")
      .method("batchBuffer", val("Float64Array"), {},
              "The buffer of stepRecords(): a view of all of it, valid until it grows (a larger n) or the heap does.")
      .method("impactBuffer", val("Float64Array"), {},
              "The impact buffer of stepRecords(): a view of its whole fixed capacity, valid until the heap grows.");

  m.interface("Perturbation",
              "A direction of perturbedStart (the core's Perturbation): a shift of one entry of a state field, or a turn "
              "of an attitude about a body axis.")
      .field("name", "string")
      .field("description", "string")
      .field("field", "string", "The state record field it moves.")
      .field("component", "number", "The entry shifted, or the body axis turned about.")
      .field("op", "'shift' | 'turn'");
  m.interface("MomentumMapField", "One momentum map (the core's MomentumMapField): its name and what it is (with the basis it uses).")
      .field("name", "string")
      .field("description", "string");
  m.capabilities("Capabilities",
                 "What a family can do, declared once in the core (cpp/include/lgvci/api/capabilities.hpp, a row per "
                 "capability): the page shows or hides features by these, not by family name.",
                 "capabilitiesVal");
  m.built("FamilyInfo", "One registered family (the core's FamilyInfo, cpp/include/lgvci/core/family.hpp).", "familyInfoVal",
          "const FamilyInfo& f")
      .field("name", "string", "What HybridSimulation.family() reports.", "f.name")
      .field("model", "string", "The config's \"model\" that selects its factory (a case shares its model's).", "f.model")
      .field("summary", "string", "One line: what it simulates, and after whom.", "f.summary")
      .field("presets", "readonly { readonly name: string; readonly json: string }[]",
             "Its presets with their config JSON (as presetJson(name)), in the order they are listed.", "presetsVal(f)")
      .field("reversal", "readonly string[]", "The record fields of its reversal distances (returnDistances), in order.",
             "reversalFieldsVal(f)")
      .field("capabilities", "Capabilities", "", "capabilitiesVal(f.capabilities)");
  m.statusNames("StepStatusName", "The name of a step status (the core's StepStatus, statusName): the keys of statusCodes().");
  m.interface("SimulationError", "A refusal: the field at fault and the core's message.")
      .field("field", "string")
      .field("message", "string", "\"<field>: <rule>\".");
  m.result("CreateResult", "sim", "HybridSimulation",
           "createSimulation's answer: the simulation (the caller must delete() it) or the reason there is none.");
  m.alias("ReturnDistances", "Readonly<Record<string, number>>",
          "Named return distances, one per reversal field of the family (x, R, gamma, Pi; q, p).");
  m.result("DistancesResult", "distances", "ReturnDistances", "returnDistances' answer.");
  m.interface("TangentMap", "The core's TangentMap: ∂z(t)/∂z(t0) in the canonical chart (docs/jacobians.md).")
      .field("coordinates", "readonly string[]", "The 2d coordinates, the q's then their p's: the rows' and columns' order.")
      .field("matrix", "Float64Array", "Row-major, (2d)² (a copy).")
      .field("steps", "number")
      .field("t0", "number")
      .field("t", "number");
  m.result("JacobianResult", "jacobian", "TangentMap", "runJacobian's answer.");
  m.interface("ReverseCheck", "The core's runReverseCheck: N steps, momenta negated, N steps, distances from the reversed start.")
      .field("steps", "number")
      .field("distances", "ReturnDistances")
      .field("impactsForward", "number")
      .field("impactsBack", "number")
      .field("energyError", "number", "|E − E(start)| at the end.")
      .field("status", "number", "statusCodes().ok, or the status of the step at which the check stopped early (halted).");
  m.result("ReverseCheckResult", "check", "ReverseCheck", "reverseCheck's answer.");

  m.section("Ensembles (cpp/include/lgvci/core/ensemble.hpp)");
  m.interface("EnsembleMemberResult", "One member's result (the core's MemberResult).")
      .field("member", "number")
      .field("steps", "number", "Steps taken (fewer than N if the integrator halted).")
      .field("impacts", "number")
      .field("energyError", "number", "|E_N − E₀| / |E₀| at the end.")
      .field("halted", "boolean")
      .field("err", "Float64Array", "Err at the sampleCount() sample steps (a copy); NaN after a halt.");
  m.cls("EnsembleRunner", "EnsembleRunner", "One ensemble (spec validated, every member's start checked, the reference already run).")
      .method("members", "int", {}, "K, the members.")
      .method("sampleCount", "int", {}, "M + 1: Err(t) is sampled at steps j·N/M, j = 0..M.")
      .method("steps", "double", {}, "N, the steps of each member.")
      .method("memberConfig", "std::string", {{"k", "int"}}, "Member k's resolved config JSON (k = −1: the reference); '' out of range.")
      .method("referenceImpacts", "double", {}, "The reference run's impacts.")
      .method("runMember", val("EnsembleMemberResult | null"), {{"k", "int"}}, "Run member k to the end on this thread; null out of range.")
      .method("begin", "bool", {{"k", "int"}}, "Start member k (replacing one in progress); false out of range.")
      .method("advance", "bool", {{"n", "int"}}, "Up to n more steps of the member begun; true when it is finished.")
      .method("stepsDone", "double", {}, "Steps of the member begun so far.")
      .method("result", val("EnsembleMemberResult | null"), {}, "The result of the member begun (null if none).")
      .method("statistics", "std::string",
              {{"impacts", valArg("Float64Array")},
               {"steps", valArg("Float64Array")},
               {"energyErrors", valArg("Float64Array")},
               {"halted", valArg("Float64Array")},
               {"err", valArg("Float64Array")}},
              "The statistics JSON (as `lgvci --ensemble K --json`, without threads and wall_seconds) of all K results "
              "given in member order; err is K × sampleCount(), member-major. '' if the sizes do not fit.")
      .method("runAll", "std::string", {}, "Every member on this thread, then statistics(): what a pool of workers must reproduce.");
  m.result("CreateEnsembleResult", "ensemble", "EnsembleRunner", "createEnsemble's answer.");

  m.section("The order study through impacts (cpp/include/lgvci/claims/order_study.hpp, docs/order-study.md)");
  m.interface("AdvanceResult", "advanceReference's answer: done when the reference has reached T; an error when it halted.")
      .field("done", "boolean")
      .field("error", "SimulationError | null");
  m.result("LevelResult", "stateError", "number", "runLevel's answer: the norm of the level's state difference at T.");
  m.cls("OrderStudyRunner", "OrderStudyRunner",
        "One study: the levels h/2^k, k = 0..levels()-1, against a reference at h/2^8, run a piece at a time.")
      .method("levels", "int", {}, "6: h, h/2, ..., h/32.")
      .method("h", "double", {{"k", "int"}}, "h/2^k (k = 8: the reference's step).")
      .method("stepsAt", "double", {{"k", "int"}}, "N·2^k, the steps of level k to T.")
      .method("T", "double", {}, "The end time t0 + N h.")
      .method("steps", "double", {}, "N.")
      .method("integrator", "std::string", {}, "The scheme of the config.")
      .method("referenceSteps", "double", {}, "N·2^8.")
      .method("referenceStepsDone", "double", {}, "The reference's steps so far.")
      .method("advanceReference", val("AdvanceResult"), {{"n", "double"}},
              "Up to n more steps of the reference; done when it has reached T. An error value when it halted.")
      .method("runLevel", val("LevelResult"), {{"k", "int"}},
              "Level k (after the reference, run now if needed): the norm of its state's difference at T.")
      .method("resultJson", "std::string", {},
              "The JSON text of `lgvci --order-study --json`'s \"order_study\" object over the levels run so far.");
  m.result("CreateOrderStudyResult", "study", "OrderStudyRunner", "createOrderStudy's answer.");

  m.section("Symplecticity (cpp/include/lgvci/claims/symplecticity.hpp, docs/symplecticity.md)");
  m.interface("SymplecticityReport", "The core's SymplecticityReport; arrays are copies the caller owns.")
      .field("measure", "'loop_area' | 'defect'")
      .field("family", "string")
      .field("integrator", "string")
      .field("coordinates", "string[]", "The canonical chart's coordinate names, the q's then the p's.")
      .field("steps", "Float64Array", "Loop: steps since the start at each sample; defect: the step measured starts there.")
      .field("t", "Float64Array")
      .field("haltedRuns", "number", "Loop or differencing runs that halted (the measure is then suspect).")
      .optional("pair", "string[]", "Loop: the canonical pair the starts lie in, e.g. ['y', 'p_y'].")
      .optional("startArea", "number", "Loop: A_0 = ∮ Σ p dq of the start loop (signed).")
      .optional("area", "Float64Array", "Loop: A_T at each sample.")
      .optional("areaRelChange", "Float64Array", "Loop: (A_T − A_0)/A_0 at each sample.")
      .optional("loopPoints", "Float64Array", "Loop: points on the image at each sample (after adaptive refinement).")
      .optional("refinementCapped", "boolean")
      .optional("startQ", "Float64Array", "Loop: the start loop and its image at the last sample, in the pair's plane.")
      .optional("startP", "Float64Array")
      .optional("imageQ", "Float64Array")
      .optional("imageP", "Float64Array")
      .optional("bounces", "Float64Array[]",
                "Loop, a family with a bounce map: bounce k (k = 1..K) of every loop point as (s, p_t) pairs, loop order.")
      .optional("delta", "number", "Defect: the differencing step.")
      .optional("defect", "Float64Array", "Defect: ‖DΦᵀ𝕁DΦ − 𝕁‖_F of the one-step map at each sample.")
      .optional("floor", "Float64Array", "Defect: its differencing floor.")
      .optional("impacts", "Float64Array", "Defect: impacts in the step measured.");
  m.result("SymplecticityResult", "report", "SymplecticityReport", "symplecticity's answer.");
  m.interface("BounceMapReport", "The core's BounceMapReport; arrays are copies the caller owns.")
      .field("family", "string")
      .field("integrator", "string")
      .field("perimeter", "number")
      .field("maxMomentum", "number", "The largest |p| at the wall at the run's energy (the scale of p_t).")
      .field("s0", "number", "The run's next bounce (the loop's centre): its arc length s.")
      .field("pt0", "number", "Its tangential momentum p_t.")
      .field("t0", "number", "Its time.")
      .field("s", "Float64Array[]", "The loop of starts (k = 0) and of k-th bounces (k = 1..K), loop order; s continuous along each loop.")
      .field("pt", "Float64Array[]")
      .field("area", "Float64Array", "Shoelace areas k = 0..K.")
      .field("areaRelChange", "Float64Array", "(A_k − A_1)/A_1 for k = 1..K.")
      .field("maxEdge", "Float64Array", "Each loop's largest edge in loop radii.")
      .field("resolved", "number", "Bounces 1..resolved have loops resolved by their points (maxEdge ≤ 2).")
      .field("haltedRuns", "number")
      .field("shortRuns", "number");
  m.result("BounceMapResult", "report", "BounceMapReport", "bounceMap's answer.");

  // The module's functions, implemented in cpp/wasm/bindings.cpp.
  m.function("createSimulation", "&createSimulationVal", val("CreateResult"), {{"configJson", "const std::string&"}},
             "Parse, validate and build; never throws for bad input.");
  m.function("presetJson", "&presetJsonOrEmpty", "std::string", {{"caseName", "const std::string&"}},
             "The config JSON of a preset (one of presetNames()); '' for any other name.");
  m.function("families", "&familiesVal", val("FamilyInfo[]"), {}, "The family registry, family by family (a new array on each call).");
  m.function("configSchema", "&configSchemaOrEmpty", "std::string", {{"name", "const std::string&"}},
             "The config schema of family `name` (FamilyInfo.name) as JSON-Schema-like text (docs/config.md): {family, "
             "model, type: 'object', properties, required}; '' for an unknown family.");
  m.function("presetNames", "&presetNamesVal", val("string[]"), {}, "Every preset name, family by family.");
  m.function("statusCodes", "&statusCodesVal", val("Readonly<Record<string, number>>"), {},
             "The step statuses, name → code (%STATUS_CODES%): StepStatusName → its code.");
  m.function("reverseCheck", "&reverseCheckVal", val("ReverseCheckResult"), {{"configJson", "const std::string&"}, {"steps", "double"}},
             "The reverse check of `lgvci --reverse-check N` on a fresh simulation of `configJson` (same core function, "
             "same numbers). Never throws for bad input: steps must be an integer in [1, 1e7].");
  m.function("impactLayout", "&impactLayoutVal", val("RecordLayout"), {},
             "The common impact record: %COMMON_IMPACT%, the fields every family fills (a simulation's impactLayout() "
             "starts with them).");
  m.function("heapBytesInUse", "&heapBytesInUse", "double", {}, "Bytes of the WASM heap currently allocated by malloc (for leak tests).");
  m.function("createEnsemble", "&createEnsembleVal", val("CreateEnsembleResult"), {{"specJson", "const std::string&"}},
             "An ensemble from the JSON text of {config (JSON text), kind (one of the config's perturbations), size, "
             "seed, steps, samples, members} (docs/ensembles.md); never throws for bad input. Runs the reference before "
             "returning.");
  m.function("createOrderStudy", "&createOrderStudyVal", val("CreateOrderStudyResult"),
             {{"configJson", "const std::string&"}, {"steps", "double"}},
             "The order study of `configJson` to T = t0 + N h: `steps` N >= 1, or 0 to choose N = ceil(1.5 k1) from the "
             "step k1 of the first impact (docs/order-study.md). Never throws for bad input (\"steps\" beyond the cap, no "
             "impact to choose from, the config's own errors). The caller deletes the study.");
  m.function("symplecticity", "&symplecticityVal", val("SymplecticityResult"),
             {{"configJson", "const std::string&"}, {"steps", "double"}, {"samples", "double"}, {"measure", "const std::string&"}},
             "Symplecticity, measured (docs/symplecticity.md): the core's measureSymplecticity, as `lgvci "
             "--symplecticity N` runs it, on a fresh simulation of `configJson` over `steps` steps (an integer in [1, "
             "1e7]) at `samples` samples ([1, 1000]); `measure` '' (the family's: the loop for a chart with a 2-D slice, "
             "else the defect), 'loop' or 'defect'. Never throws for bad input.");
  m.function("bounceMap", "&bounceMapVal", val("BounceMapResult"), {{"configJson", "const std::string&"}, {"bounces", "double"}},
             "The bounce map's symplecticity (docs/symplecticity.md \"The bounce map\"): the core's measureBounceMap on a "
             "fresh simulation of `configJson`, a loop of 200 starts around its next bounce followed for `bounces` "
             "bounces (an integer in [2, 1000]). An error value for a family without a bounce map.");
  return m;
}

}  // namespace lgvci::api
