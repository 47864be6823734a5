// A run restarted from a state (Simulation::setState) and started from a perturbed state
// (perturbations, perturbedStart), for every preset of every registered family: what a config whose
// start is that state gives, bit for bit (docs/ensembles.md "Perturbations", docs/api.md).
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/core/ensemble.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/system.hpp"
#include "make_simulation.hpp"

namespace test_set_state {

using namespace lgvci;
using lgvci_test::makeSimulation;

namespace {

// Steps `sim` n times (a halt fails the test).
void advance(Simulation& sim, int n) {
  for (int k = 0; k < n; ++k) {
    sim.step();
    REQUIRE_FALSE(sim.runStatus().halted);
  }
}

// The record's state fields only (what setState reads): two runs at the same state agree on these
// even where a ledger (the rigid body's dissipated) or a counter differs.
std::vector<double> stateOf(const Simulation& sim) {
  const std::vector<double> rec = sim.record();
  std::vector<double> out;
  for (const std::string& name : sim.stateFields()) {
    const RecordField& f = sim.layout().field(name);
    out.insert(out.end(), rec.begin() + f.offset, rec.begin() + f.offset + f.size);
  }
  return out;
}

}  // namespace

TEST_CASE("setState: every preset restarted from its state after 300 steps runs as the config of that state, bit for bit", "[core][set_state]") {
  for (const std::string& preset : presetNames()) {
    INFO(preset);
    auto sim = makeSimulation(presetJson(preset));
    advance(*sim, 300);
    const std::vector<double> rec = sim->record();
    auto restarted = makeSimulation(presetJson(preset));  // another run of the same system
    restarted->setState(rec);
    CHECK(restarted->runStatus().steps == 0);
    CHECK(restarted->runStatus().impacts == 0);
    CHECK(restarted->impactLog().empty());
    CHECK(restarted->runStatus().time == sim->runStatus().time);
    CHECK(stateOf(*restarted) == stateOf(*sim));
    CHECK(restarted->energies().initial == restarted->energies().energy);
    // The config that replays it is the config of that start: the same record after 700 more steps.
    auto fromConfig = makeSimulation(restarted->configJson());
    CHECK(fromConfig->record() == restarted->record());
    advance(*restarted, 700);
    advance(*fromConfig, 700);
    CHECK(restarted->record() == fromConfig->record());
    CHECK(restarted->runStatus().impacts == fromConfig->runStatus().impacts);
    // reset() returns to the set state.
    restarted->reset();
    CHECK(stateOf(*restarted) == stateOf(*fromConfig->perturbedStart(fromConfig->perturbations().front(), 0.0)));
  }
}

TEST_CASE("setState: a refused state names the record's field and leaves the run unchanged", "[core][set_state]") {
  auto iv = makeSimulation(presetJson("IV"));
  advance(*iv, 50);
  const std::vector<double> good = iv->record();
  const std::string hash = iv->stateHashHex();
  const RecordLayout& L = iv->layout();
  std::vector<double> inside = good;
  inside[static_cast<std::size_t>(L.field("x").offset + 2)] = -5.0;  // the cube's centre below the plane
  CHECK_THROWS_WITH(iv->setState(inside), Catch::StartsWith("x: the initial state penetrates the plane"));
  std::vector<double> skew = good;
  skew[static_cast<std::size_t>(L.field("R").offset)] += 1e-3;  // R no longer a rotation
  CHECK_THROWS_WITH(iv->setState(skew), Catch::StartsWith("R: must be a rotation matrix"));
  std::vector<double> nan = good;
  nan[static_cast<std::size_t>(L.field("Pi").offset)] = std::nan("");
  CHECK_THROWS_WITH(iv->setState(nan), "Pi: must be finite numbers");
  CHECK_THROWS_WITH(iv->setState(std::vector<double>(3, 0.0)),
                    "record: must have " + std::to_string(L.size) + " numbers (this run's layout), got 3");
  CHECK(iv->stateHashHex() == hash);

  auto star = makeSimulation(presetJson("star"));
  std::vector<double> low = star->record();
  low[static_cast<std::size_t>(star->layout().field("q").offset + 1)] = 0.1;  // y below the tips' reach
  CHECK_THROWS_WITH(star->setState(low), Catch::StartsWith("q: the initial state violates constraint"));

  auto billiard = makeSimulation(presetJson("billiard-stadium"));
  std::vector<double> out = billiard->record();
  out[static_cast<std::size_t>(billiard->layout().field("q").offset)] = 10.0;  // outside the table
  CHECK_THROWS_WITH(billiard->setState(out), Catch::StartsWith("q: must lie strictly inside the table"));
}

TEST_CASE("perturbations: each family's directions, the default first, a shift moves one entry, a turn right-multiplies", "[core][set_state]") {
  const auto names = [](const Simulation& sim) {
    std::vector<std::string> out;
    for (const Perturbation& p : sim.perturbations()) out.push_back(p.name);
    return out;
  };
  CHECK(names(*makeSimulation(presetJson("IV"))) ==
        std::vector<std::string>{"position", "attitude", "x1", "x2", "x3", "R1", "R2", "R3", "gamma1", "gamma2", "gamma3", "Pi1", "Pi2", "Pi3"});
  CHECK(names(*makeSimulation(presetJson("particle"))) == std::vector<std::string>{"y", "x", "p_y", "p_x"});
  CHECK(names(*makeSimulation(presetJson("star"))) == std::vector<std::string>{"y", "x", "theta", "p_y", "p_x", "p_theta"});
  CHECK(names(*makeSimulation(presetJson("cradle"))) ==
        std::vector<std::string>{"theta1", "theta2", "theta3", "p_theta1", "p_theta2", "p_theta3"});
  CHECK(names(*makeSimulation(presetJson("billiard-ellipse"))) == std::vector<std::string>{"x", "y", "p_x", "p_y"});

  // "attitude" and "R2" are the same turn R0·R_y(δ); "x3" and "position" the same shift.
  auto iv = makeSimulation(presetJson("IV"));
  CHECK(iv->perturbedStart("attitude", 0.2)->record() == iv->perturbedStart("R2", 0.2)->record());
  CHECK(iv->perturbedStart("position", 1e-3)->record() == iv->perturbedStart("x3", 1e-3)->record());
  // A turn about body axis 1 and 3 against the closed form R0·R_x(δ), R0·R_z(δ).
  const RecordLayout& L = iv->layout();
  const std::vector<double> r0 = iv->record();
  const int oR = L.field("R").offset;
  Mat3 R0;
  for (int i = 0; i < 9; ++i) R0(i / 3, i % 3) = r0[static_cast<std::size_t>(oR + i)];
  const double d = 0.3;
  for (int axis : {0, 2}) {
    const std::vector<double> r = iv->perturbedStart("R" + std::to_string(axis + 1), d)->record();
    const Mat3 want = R0 * Eigen::AngleAxisd(d, axis == 0 ? Vec3::UnitX() : Vec3::UnitZ()).toRotationMatrix();
    for (int i = 0; i < 9; ++i) CHECK(std::abs(r[static_cast<std::size_t>(oR + i)] - want(i / 3, i % 3)) <= 1e-15);
  }
  // A shift of a generalized coordinate: exactly q_i + δ, the rest of the start untouched.
  auto star = makeSimulation(presetJson("star"));
  const std::vector<double> s0 = star->record();
  const std::vector<double> s1 = star->perturbedStart("theta", 0.125)->record();
  const int oq = star->layout().field("q").offset;
  const int op = star->layout().field("p").offset;
  CHECK(s1[static_cast<std::size_t>(oq + 2)] == s0[static_cast<std::size_t>(oq + 2)] + 0.125);
  for (int i = 0; i < 3; ++i) CHECK(s1[static_cast<std::size_t>(op + i)] == s0[static_cast<std::size_t>(op + i)]);
  CHECK(s1[static_cast<std::size_t>(oq)] == s0[static_cast<std::size_t>(oq)]);
  CHECK(s1[static_cast<std::size_t>(oq + 1)] == s0[static_cast<std::size_t>(oq + 1)]);
}

TEST_CASE("ensembles for every family: the default perturbation, Err over the configuration fields, the same statistics at any thread count", "[core][set_state][ensemble]") {
  for (const char* preset : {"particle", "star", "cradle", "billiard-stadium"}) {
    INFO(preset);
    EnsembleSpec spec;
    spec.config = nlohmann::json{{"case", preset}}.dump();
    spec.members = 8;
    spec.steps = 400;
    spec.samples = 4;
    spec.size = 1e-6;
    const Ensemble ens(spec);
    auto start = makeSimulation(spec.config);
    CHECK(ens.spec().kind == start->perturbations().front().name);
    CHECK(ens.configurationFields().size() == 1);  // q
    CHECK(ens.configurationSize() == start->layout().field("q").size);
    const std::vector<MemberResult> results = runEnsemble(ens);
    // Err at the start is |δ| up to the rounding of q + δ: the members differ from the reference by
    // size·u_k in one entry (|q| ≤ 4 in these presets).
    for (const MemberResult& m : results) {
      REQUIRE_FALSE(m.halted);
      CHECK(std::abs(m.err.front() - std::abs(spec.size * memberOffset(spec.seed, m.member))) <= 4.0 * 4.0 * 2.220446049250313e-16);
    }
    // Member k is the reference's start moved by size·u_k: its run is perturbedStart's.
    auto member = start->perturbedStart(ens.perturbation(), spec.size * memberOffset(spec.seed, 3));
    advance(*member, static_cast<int>(spec.steps));
    CHECK(member->runStatus().impacts == results[3].impacts);
  }
}

}  // namespace test_set_state

namespace test_set_state {

TEST_CASE("System: one config, validated once, shared by runs made on several threads, the same runs as createSimulation", "[core][set_state][system]") {
  SystemResult made = System::create(presetJson("cradle"));
  REQUIRE(made.ok());
  const System& sys = *made.system;
  CHECK(sys.family().name == "cradle");
  CHECK(sys.caseName() == "cradle");
  CHECK(sys.stateFields() == std::vector<std::string>{"t", "q", "p"});
  auto direct = makeSimulation(presetJson("cradle"));
  CHECK(sys.startRecord() == direct->record());
  // Runs from the system on four threads at once: each is the config's run, bit for bit.
  advance(*direct, 2000);
  std::vector<std::vector<double>> records(4);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < records.size(); ++i)
    threads.emplace_back([&, i] {
      std::unique_ptr<Simulation> run = sys.newRun();
      for (int k = 0; k < 2000; ++k) run->step();
      records[i] = run->record();
    });
  for (std::thread& t : threads) t.join();
  for (const std::vector<double>& r : records) CHECK(r == direct->record());
  // A run at a state, and at a perturbed start, are setState's and perturbedStart's.
  auto at = sys.newRun(direct->record());
  CHECK(at->runStatus().time == direct->runStatus().time);
  CHECK(at->runStatus().steps == 0);
  CHECK(sys.newRun(sys.perturbation("theta1"), -1e-3)->record() == direct->perturbedStart("theta1", -1e-3)->record());
  // System::of(run): the run's config with its start, whatever the run did since.
  const std::shared_ptr<const System> of = System::of(*direct);
  CHECK(of->startRecord() == sys.startRecord());
  // Bad input is a value.
  const SystemResult bad = System::create(R"({"case":"cradle","cradle":{"balls":9}})");
  CHECK_FALSE(bad.ok());
  CHECK(bad.error.field == "cradle.balls");
}

}  // namespace test_set_state
