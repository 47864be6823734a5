// The one interface the CLI and the WebAssembly bindings use, for every model: a type-erased
// Simulation created from a JSON config (errors returned as a value), with its record layout
// (named fields, offsets, sizes, CSV columns) defined here once.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "lgvci/core/family.hpp"
#include "lgvci/core/hybrid_driver.hpp"

namespace lgvci {

template <class Source>
class RecordSchema;

/// One named field of a record of doubles: [offset, offset + size). `columns` are its CSV column
/// names (empty when the field is not written to the CSV).
struct RecordField {
  std::string name;
  int offset = 0;
  int size = 1;
  std::vector<std::string> columns;
  /// Part of stateHash(). A ledger kept beside the state (e.g. "dissipated", the energy restitution took) is not, so
  /// that adding it left the golden hashes of every earlier run unchanged.
  bool hashed = true;
};

struct RecordLayout {
  std::vector<RecordField> fields;
  int size = 0;
  /// Appends a field; `csv` names its columns: a scalar gets `name`, a vector name1..namek, and a
  /// 3×3 matrix (size 9, matrixColumns) name11..name33.
  RecordLayout& add(const std::string& name, int size, bool csv, bool matrix = false);
  /// Marks the last field added as not part of stateHash().
  RecordLayout& unhashed();
  const RecordField& field(const std::string& name) const;  // throws std::out_of_range
  const RecordField* find(const std::string& name) const;   // nullptr when there is none
  std::vector<std::string> csvColumns() const;
  std::string toJson() const;
};

/// One run counter of a family (FamilyCounters::counterLayout(), lgvci/core/extensions.hpp): its name — the CLI's JSON key, the
/// binding's — and a few words on what it counts (the CLI's text output).
struct CounterField {
  std::string name;
  std::string description;
};
/// A family's run counters, in the order FamilyCounters::writeCounters() writes them.
struct CounterLayout {
  std::vector<CounterField> fields;
  int size() const { return static_cast<int>(fields.size()); }
  /// The position of counter `name` (throws std::out_of_range).
  int index(const std::string& name) const;
};

/// One momentum map of a run (MomentumMaps::momentumMapLayout(), docs/momentum-maps.md): a quantity the
/// symmetry of the system's Lagrangian and of its admissible set conserves (discrete Noether: the
/// variational schemes keep it through every impact), its name and what it is.
struct MomentumMapField {
  std::string name;
  std::string description;
};
/// A run's momentum maps, in the order MomentumMaps::writeMomentumMaps() writes them. They depend on the
/// config (a tilted plane, gravity, a circular table), so each simulation has its own; none is empty.
struct MomentumMapLayout {
  std::vector<MomentumMapField> fields;
  int size() const { return static_cast<int>(fields.size()); }
};

/// The common impact record (one row per impulse): t, lambda, point, the fields every family fills. A
/// family appends its own columns (Simulation::impactLayout()), declared once as a
/// RecordSchema<ImpactEvent> that starts with impactSchema() (docs/architecture.md "Records").
const RecordLayout& impactLayout();
void writeImpactRecord(const ImpactEvent& e, double* out);

/// A direction in which a run's start can be perturbed (docs/ensembles.md "Perturbations"): the
/// sensitivity twins, ensemble members and sweeps start from the state record moved by δ along it. A
/// Shift moves one entry of a state field, a ← a + δ (a coordinate or a momentum); a Turn rotates a 3×3
/// attitude field about one of its body axes, R ← R·R_axis(δ) (right multiplication, as Tran & Leok's
/// δR in §7.4), computed with the portable sin/cos and each entry summed in m order, Σ_m R_rm (R_axis)_mc,
/// so that it is the same bits natively and in WebAssembly.
struct Perturbation {
  enum class Op { Shift, Turn };
  std::string name;         // what the ensemble's "kind", the CLI's --kind and the page call it
  std::string description;  // a few words for the usage and the page
  std::string field;        // a state field of the record (Simulation::stateFields())
  int component = 0;        // Shift: the entry of the field; Turn: the body axis, 0, 1 or 2
  Op op = Op::Shift;
};
/// Moves the state record `record` of `layout` by δ along `p` (throws std::out_of_range when the layout
/// has no such field).
void applyPerturbation(const RecordLayout& layout, const Perturbation& p, double delta, double* record);

/// For a family's Simulation::setState: throws InvalidInput("record", …) unless `size` is layout.size.
void requireRecordSize(const RecordLayout& layout, std::size_t size);
/// For a family's Simulation::setState, whose restart validates the state as a config's start: the
/// refusal `e` with its field renamed from the config's start to the record's, by prefix ("x0" → "x",
/// "q0[1]" → "q[1]"), or `e` itself when no name matches.
InvalidInput asRecordField(const InvalidInput& e, const std::vector<std::pair<std::string, std::string>>& configToRecord);

/// The bookkeeping of a run, in one value (Simulation::runStatus()): its time, the counts every family
/// keeps and the last step's status. Copied out of the driver on each call; a few words and numbers.
struct RunStatus {
  double time = 0.0;                   // t0 + k h of the last step
  long long steps = 0;                 // steps taken since the start
  long long impacts = 0;               // impacts so far
  long long multiImpactSteps = 0;      // steps with more than one impact
  /// Steps in which the Zeno guard fired (resolved or halting) and the time of the first one's last
  /// impact before the guard (NaN when none): kept when later steps are clean.
  long long zenoGuardEvents = 0;
  double firstZenoGuardTime = std::numeric_limits<double>::quiet_NaN();
  /// Flow evaluations so far (trial steps, impact-location and detection samples, sub-steps): the run's
  /// work count, at most HybridDriver::kMaxFlowsPerStep per step.
  long long flowEvaluations = 0;
  /// Work units so far (lgvci/core/work.hpp: flow evaluations and a composite body's support points), at
  /// most kStepWorkBudget per step; the same count natively and in WebAssembly.
  long long workUnits = 0;
  StepStatus status = StepStatus::Ok;  // the last step's
  /// The run is halted (a Newton failure, the work limit, or a Zeno cascade that could not be resolved):
  /// step() returns at once, time stays at the last grid time t0 + k h.
  bool halted = false;
  std::string message;                 // what the last step's status means, "" when ok
};

/// What a run is (Simulation::info()): constant over the run.
struct RunInfo {
  std::string model;       // the config's "model" (FamilyInfo::model): the factory that built it
  /// The registered family (FamilyInfo::name): model or, for a case with capabilities of its own, that
  /// case's family.
  std::string family;
  /// The scheme: "lgvci" (Tran & Leok), "vci" (Fetecau et al.), or a baseline the family declares
  /// (Capabilities::baselines): "rk4", "naive" (docs/baselines.md).
  std::string integrator;
  std::string caseName;    // the preset, "" for a custom set-up
  double h = 0.0;          // the time step
};

/// The energies of a run (Simulation::energies()).
struct Energies {
  /// E on SE(3) (Tran & Leok §7.2); H = ½pᵀM⁻¹p + V(q) in generalized coordinates.
  double energy = 0.0;
  double initial = 0.0;  // E0, the start's
  /// E + the energy the impacts took so far (Σ ImpactEvent::dissipated: restitution e < 1, the start of
  /// a persistent contact) — the balance the scheme keeps at E0; `energy` itself for a run whose impacts
  /// are elastic. The amount lost is the state record's "dissipated" ledger, in the families that
  /// declare the dissipation capability (docs/rigid-body.md "Restitution").
  double conserved = 0.0;
};

/// The base of a family-specific interface a run may offer beside the generic Simulation
/// (lgvci/core/extensions.hpp: momentum maps, canonical charts, the bounce map, the family's counters,
/// the discrete energy balance). A caller asks for one by type, Simulation::extension<E>(), and gets
/// nullptr when the run has none (docs/architecture.md "Model and data").
class Extension {
 protected:
  ~Extension() = default;
};

/// A run of a model (docs/architecture.md "Model and data"): the family's constant, validated system
/// is shared by reference between copies; the run state (the driver's state, time, counters, scratch
/// and the model's statistics) is the simulation's own, so clone() is a copy of that state only.
///
/// The interface is what every family has: stepping and restarting, what the run is and its config,
/// its bookkeeping, energies and φ, the state and impact records. What only some families have is an
/// extension (lgvci/core/extensions.hpp), found with extension<E>().
class Simulation {
 public:
  virtual ~Simulation() = default;

  /// An independent copy of this run as it is now (state, time, counters, impact log), sharing the
  /// constant system: stepping either leaves the other unchanged, and both continue bit for bit alike.
  virtual std::unique_ptr<Simulation> clone() const = 0;
  /// Restarts this run from the state in `record` (layout().size values, e.g. another run's record()):
  /// its stateFields() are read, the rest is ignored. The run is then what a config whose start is
  /// that state would give — the same system, settings and integrator, time t, counters, impact log and
  /// ledgers from zero, E0 that state's energy, and reset() returning there — bit for bit. Validated as a
  /// config's start is (throws InvalidInput naming the record field, e.g. "x: the initial state
  /// penetrates the plane …", or "record" for a wrong size); on a throw the run is unchanged.
  virtual void setState(const double* record, std::size_t size) = 0;
  void setState(const std::vector<double>& record) { setState(record.data(), record.size()); }
  /// The record fields setState() reads: "t" and the family's reversal fields (its configuration and
  /// momenta: x, R, gamma, Pi for a body on SE(3); q, p in generalized coordinates).
  std::vector<std::string> stateFields() const;
  /// The directions this run's start can be perturbed in (docs/ensembles.md "Perturbations"); the first
  /// is the default of ensembles and twins. By default one Shift per entry of each of the family's
  /// configuration and momentum fields, named after the field ("q2", "p1"; a scalar field by its own
  /// name), and a Turn about each body axis of a rotation field ("R1", "R2", "R3"); a family may name
  /// and order them otherwise.
  virtual std::vector<Perturbation> perturbations() const;
  /// The perturbation called `name` (throws InvalidInput("kind", "must be one of …")).
  Perturbation perturbation(const std::string& name) const;
  /// A new run of the same system from this run's start (reset()'s state) moved by δ along `p`,
  /// validated as a config's start (throws InvalidInput, e.g. "x: the initial state penetrates the
  /// plane …", or "delta" for a non-finite δ). No JSON is parsed or written.
  std::unique_ptr<Simulation> perturbedStart(const Perturbation& p, double delta) const;
  std::unique_ptr<Simulation> perturbedStart(const std::string& name, double delta) const {
    return perturbedStart(perturbation(name), delta);
  }

  /// One step. Throws Interrupted, before it starts, when this thread's interrupt flag is set
  /// (lgvci/core/interrupt.hpp: only a computation that installed one, the CLI's or Python's).
  virtual StepReport step() = 0;
  virtual void reset() = 0;
  /// Time reversal: negate the momenta of the current state (γ, Π on SE(3); p for
  /// generalized models) and continue from there; step() then runs the motion backwards.
  virtual void reverseMomenta() = 0;

  /// Its model, family, integrator, preset and time step.
  virtual RunInfo info() const = 0;
  /// The declared capabilities of info().family (lgvci/core/family.hpp); none for an unregistered family.
  const Capabilities& capabilities() const;
  virtual std::string configJson() const = 0;  // fully resolved, replays exactly

  /// Time, counts and the last step's status.
  virtual RunStatus runStatus() const = 0;
  virtual Energies energies() const = 0;
  /// min_k φ_k of the current state (≥ 0: admissible).
  virtual double minPhi() const = 0;

  /// The impacts since the start, the last setState() or clearImpactLog().
  virtual const std::vector<ImpactEvent>& impactLog() const = 0;
  virtual void clearImpactLog() = 0;

  /// The state record (layout().size doubles; its "impacts" field counts the last step's impacts).
  virtual const RecordLayout& layout() const = 0;
  virtual void writeRecord(double* out) const = 0;
  /// The impact record's table (lgvci/core/record_schema.hpp): the common impactSchema(), or that
  /// followed by the family's own columns, from ImpactEvent's dissipated, energyMismatch and the extra
  /// slots the family fills (docs/architecture.md "Records"). One table gives both of:
  virtual const RecordSchema<ImpactEvent>& impactSchema() const = 0;
  /// The impact record's layout (impactSchema()'s).
  const RecordLayout& impactLayout() const;
  /// Writes impactLayout().size doubles for an event of impactLog() (before clearImpactLog()).
  void writeImpactRecord(const ImpactEvent& e, double* out) const;
  /// The final-state object of the CLI's JSON ("final"), as JSON text.
  virtual std::string finalStateJson() const = 0;

  std::vector<double> record() const;
  /// FNV-1a 64 over the bytes (little-endian IEEE 754) of the state record's hashed fields: golden
  /// determinism hashes.
  std::uint64_t stateHash() const;
  std::string stateHashHex() const;

  /// The extension `E` of this run (an interface of lgvci/core/extensions.hpp, or a family's own
  /// derived from Extension), or nullptr when the run has none: `if (auto* m = sim.extension<MomentumMaps>())`.
  /// Found by type, as Jolt finds a body's shape by its sub-type; a family may offer one for some configs only.
  template <class E>
  const E* extension() const {
    static_assert(std::is_base_of_v<Extension, E>, "an extension derives from lgvci::Extension");
    return static_cast<const E*>(findExtension(typeid(E)));
  }
  /// The same for a run that may be changed through its extension (StepJacobian steps the run).
  template <class E>
  E* extension() {
    return const_cast<E*>(static_cast<const Simulation&>(*this).extension<E>());
  }
  /// The value of the family's run counter `name` (FamilyCounters; throws std::out_of_range when the
  /// run has none of that name).
  long long counter(const std::string& name) const;

 protected:
  /// The extension of type `type` this run offers, as the Extension base of that interface (so that
  /// extension<E>() casts it back), or nullptr (the default: none).
  virtual const Extension* findExtension(const std::type_info& type) const;
};

/// One distance of a reverse check (docs/baselines.md "Time reversal").
struct ReturnDistance {
  std::string name;  // a record field of the family's FamilyInfo::reversal
  double value = 0.0;
};

/// How far the current state of `sim` is from the time-reversed image of `start` (a record() of the
/// same simulation), over its family's FamilyInfo::reversal fields: |x − x0|, ‖R − R0‖₂ (spectral
/// norm), |γ + γ0|, |Π + Π0| on SE(3); |q − q0|, |p + p0| in generalized coordinates. Throws
/// std::invalid_argument for an unregistered family.
std::vector<ReturnDistance> reversalDistances(const Simulation& sim, const std::vector<double>& start);

/// N steps, the momenta negated, N steps more, and the distances from the reversed start.
struct ReverseCheck {
  long long steps = 0;            // N
  long long impactsForward = 0;   // impacts of the first N steps
  long long impactsBack = 0;      // impacts of the last N steps
  double energyError = 0.0;       // |E − E(start)| at the end
  std::vector<ReturnDistance> distances;
  StepStatus status = StepStatus::Ok;  // a halting status: the check stopped early (distances then at that state)
};
/// Runs the check from the current state of `sim` (which it advances by 2N steps).
ReverseCheck runReverseCheck(Simulation& sim, long long steps);
/// {"steps": N, "x": …, "R": …, "gamma": …, "Pi": …, "impacts_forward": …, "impacts_back": …,
///  "energy_error": …, "status": …} (the family's reversal fields: "x", "R", "gamma", "Pi"; "q", "p").
std::string reverseCheckJson(const ReverseCheck& check);

struct SimulationError {
  std::string field;
  std::string message;  // "<field>: <rule>", as InvalidInput::what()
};

/// Either a simulation or the reason there is none.
struct SimulationResult {
  std::unique_ptr<Simulation> simulation;
  SimulationError error;
  bool ok() const { return simulation != nullptr; }
};

/// Parse and validate a JSON config (docs/cli.md "Configuration (JSON)"): "case" (one of presetNames()) or
/// "model" selects the registered family (familyOfConfig), whose factory builds it. Never throws for
/// bad input.
SimulationResult createSimulation(const std::string& json);
/// A typed field update (docs/architecture.md "The walk of h"): a new simulation of `sim`'s resolved
/// config (configJson()) with the number row `path` ("h", "restitution") set to `value`, built by its
/// family's factory from the start. The row's rule is the family's schema's (checkNumber): the field's
/// one check. An error value (field `path`, or the row across fields that refuses it) when refused;
/// the caller reads the resolved value back from the new simulation (h()), not from its JSON.
SimulationResult withField(const Simulation& sim, const std::string& path, double value);
/// The config JSON of a preset (one of presetNames()); throws InvalidInput("case", …).
std::string presetJson(const std::string& name);
/// FNV-1a 64 of raw bytes.
std::uint64_t fnv1a64(const void* data, std::size_t bytes, std::uint64_t seed = 14695981039346656037ull);

}  // namespace lgvci
