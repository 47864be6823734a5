// The one interface the CLI and the WebAssembly bindings use, for every model: a type-erased
// Simulation created from a JSON config (errors returned as a value), with its record layout
// (named fields, offsets, sizes, CSV columns) defined here once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lgvci/core/canonical_chart.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/hybrid_driver.hpp"

namespace lgvci {

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

/// One run counter of a family (Simulation::counterLayout()): its name — the CLI's JSON key, the
/// binding's — and a few words on what it counts (the CLI's text output).
struct CounterField {
  std::string name;
  std::string description;
};
/// A family's run counters, in the order Simulation::writeCounters() writes them.
struct CounterLayout {
  std::vector<CounterField> fields;
  int size() const { return static_cast<int>(fields.size()); }
  /// The position of counter `name` (throws std::out_of_range).
  int index(const std::string& name) const;
};

/// One momentum map of a run (Simulation::momentumMapLayout(), docs/momentum-maps.md): a quantity the
/// symmetry of the system's Lagrangian and of its admissible set conserves (discrete Noether: the
/// variational schemes keep it through every impact), its name and what it is.
struct MomentumMapField {
  std::string name;
  std::string description;
};
/// A run's momentum maps, in the order Simulation::writeMomentumMaps() writes them. They depend on the
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

/// A run of a model (docs/architecture.md "Model and data"): the family's constant, validated system
/// is shared by reference between copies; the run state (the driver's state, time, counters, scratch
/// and the model's statistics) is the simulation's own, so clone() is a copy of that state only.
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

  virtual StepReport step() = 0;
  virtual void reset() = 0;

  /// The config's "model" (FamilyInfo::model): the factory that built it.
  virtual std::string model() const = 0;
  /// The registered family (FamilyInfo::name): model() or, for a case with capabilities of its own,
  /// that case's family.
  virtual std::string family() const { return model(); }
  /// The declared capabilities of family() (lgvci/core/family.hpp); none for an unregistered family.
  const Capabilities& capabilities() const;
  /// The scheme: "lgvci" (Tran & Leok), "vci" (Fetecau et al.), or a baseline the family declares
  /// (Capabilities::baselines): "rk4", "naive" (docs/baselines.md).
  virtual std::string integrator() const = 0;
  /// Time reversal: negate the momenta of the current state (γ, Π on SE(3); p for
  /// generalized models) and continue from there; step() then runs the motion backwards.
  virtual void reverseMomenta() = 0;
  virtual std::string caseName() const = 0;   // "" for a custom set-up
  virtual std::string configJson() const = 0; // fully resolved, replays exactly
  virtual double h() const = 0;
  virtual double time() const = 0;
  /// E on SE(3) (Tran & Leok §7.2); H = ½pᵀM⁻¹p + V(q) in generalized coordinates.
  virtual double energy() const = 0;
  virtual double initialEnergy() const = 0;
  virtual double minPhi() const = 0;
  virtual long long totalImpacts() const = 0;
  virtual long long steps() const = 0;
  virtual long long multiImpactSteps() const = 0;
  virtual StepStatus status() const = 0;
  virtual const std::string& statusMessage() const = 0;
  /// The run is halted (a Newton failure, the work limit, or a Zeno cascade that could not be
  /// resolved): step() returns at once, time stays at the last grid time t0 + k h.
  virtual bool halted() const = 0;
  /// Steps in which the Zeno guard fired (resolved or halting) and the time of the first one's last
  /// impact before the guard (NaN when none): kept when later steps are clean.
  virtual long long zenoGuardEvents() const = 0;
  virtual double firstZenoGuardTime() const = 0;
  /// Flow evaluations so far (trial steps, impact-location and detection samples, sub-steps): the
  /// run's work count, at most HybridDriver::kMaxFlowsPerStep per step.
  virtual long long flowEvaluations() const = 0;
  virtual const std::vector<ImpactEvent>& impactLog() const = 0;
  virtual void clearImpactLog() = 0;
  /// max over the run's impacts of |E_d after − E_d before| / |E_d| (75a); 0 for a family whose jump does not solve it.
  virtual double maxDiscreteEnergyMismatch() const = 0;
  /// E + the energy the impacts took so far (Σ ImpactEvent::dissipated: restitution e < 1, the start
  /// of a persistent contact) — the balance the scheme keeps at initialEnergy(); energy() itself for a
  /// run whose impacts are elastic. The amount lost is the state record's "dissipated" ledger, in the
  /// families that declare the dissipation capability (docs/rigid-body.md "Restitution").
  virtual double conservedEnergy() const = 0;

  /// The run counters the family keeps beside the ones every family has (steps(), totalImpacts(),
  /// multiImpactSteps(), zenoGuardEvents(), flowEvaluations()): whole numbers counted since the start,
  /// each with its name and what it counts (docs/architecture.md "Records"). None by default.
  virtual const CounterLayout& counterLayout() const;
  /// Writes counterLayout().size() values, in its order (each a whole number, exact in a double).
  virtual void writeCounters(double* out) const;
  /// The value of counter `name` (throws std::out_of_range when the family declares none of that name).
  long long counter(const std::string& name) const;

  /// The state record (layout().size doubles; its "impacts" field counts the last step's impacts).
  virtual const RecordLayout& layout() const = 0;
  virtual void writeRecord(double* out) const = 0;
  /// The impact record of this simulation: the common lgvci::impactLayout() (the default), or that
  /// followed by the family's own columns, from ImpactEvent's dissipated, energyMismatch and the extra
  /// slots the family fills (docs/architecture.md "Records").
  virtual const RecordLayout& impactLayout() const { return lgvci::impactLayout(); }
  /// Writes impactLayout().size doubles for an event of impactLog() (before clearImpactLog()).
  virtual void writeImpactRecord(const ImpactEvent& e, double* out) const { lgvci::writeImpactRecord(e, out); }
  /// The final-state object of the CLI's JSON ("final"), as JSON text.
  virtual std::string finalStateJson() const = 0;

  std::vector<double> record() const;
  /// FNV-1a 64 over the bytes (little-endian IEEE 754) of the state record's hashed fields: golden
  /// determinism hashes.
  std::uint64_t stateHash() const;
  std::string stateHashHex() const;

  /// The momentum maps of this run's symmetries (docs/momentum-maps.md), declared by the family from
  /// its config; none by default.
  virtual const MomentumMapLayout& momentumMapLayout() const;
  /// Writes momentumMapLayout().size() values of the current state, in its order (no allocation).
  virtual void writeMomentumMaps(double* out) const;
  /// The family's canonical chart of phase space centred at this run's current state
  /// (lgvci/core/canonical_chart.hpp, docs/symplecticity.md "The charts"); nullptr when the family
  /// declares none (the default).
  virtual std::shared_ptr<const CanonicalChart> canonicalChart() const;
  /// The family's Birkhoff chart of its bounce map at this run's energy (lgvci/core/canonical_chart.hpp,
  /// docs/symplecticity.md "The bounce map"); nullptr when the family has no bounce map (the default).
  virtual std::shared_ptr<const BounceChart> bounceChart() const;
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
/// The config JSON of a preset (one of presetNames()); throws InvalidInput("case", …).
std::string presetJson(const std::string& name);
/// FNV-1a 64 of raw bytes.
std::uint64_t fnv1a64(const void* data, std::size_t bytes, std::uint64_t seed = 14695981039346656037ull);

}  // namespace lgvci
