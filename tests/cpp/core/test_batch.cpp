// A batch of one System's runs from many states (lgvci/core/batch.hpp, docs/python.md "Batches"): each
// row's end is the run System::newRun(row) stepped alone would reach, bit for bit, for any thread count.
#include <catch2/catch.hpp>
#include <atomic>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "lgvci/core/batch.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/system.hpp"

namespace test_batch {

using namespace lgvci;

namespace {

std::shared_ptr<const System> systemOf(const std::string& preset) {
  SystemResult r = System::create(presetJson(preset));
  REQUIRE(r.ok());
  return r.system;
}

// Three starts of a preset: its own, and where its run is after 37 and 211 steps.
std::vector<double> threeStates(const System& sys) {
  std::unique_ptr<Simulation> run = sys.newRun();
  std::vector<double> states = run->record();
  for (int target : {37, 211}) {
    while (run->runStatus().steps < target) run->step();
    const std::vector<double> r = run->record();
    states.insert(states.end(), r.begin(), r.end());
  }
  return states;
}

}  // namespace

TEST_CASE("runBatch: every preset's rows end where their runs stepped alone end, at 1 and 3 threads", "[core][batch]") {
  for (const std::string& preset : presetNames()) {
    INFO(preset);
    const std::shared_ptr<const System> sys = systemOf(preset);
    const std::vector<double> states = threeStates(*sys);
    const BatchResult one = runBatch(*sys, states, 150, 1);
    const BatchResult three = runBatch(*sys, states, 150, 3);
    REQUIRE(one.rows == 3);
    CHECK(one.records == three.records);
    CHECK(one.impacts == three.impacts);
    const std::size_t size = one.recordSize;
    for (long long r = 0; r < one.rows; ++r) {
      const auto first = states.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(r) * size);
      std::unique_ptr<Simulation> alone = sys->newRun(std::vector<double>(first, first + static_cast<std::ptrdiff_t>(size)));
      for (int k = 0; k < 150 && !alone->runStatus().halted; ++k) alone->step();
      const std::vector<double> end = alone->record();
      CHECK(std::vector<double>(one.records.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(r) * size),
                                one.records.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(r + 1) * size)) == end);
      CHECK(one.impacts[static_cast<std::size_t>(r)] == alone->runStatus().impacts);
      CHECK(one.steps[static_cast<std::size_t>(r)] == alone->runStatus().steps);
      CHECK(one.status[static_cast<std::size_t>(r)] == alone->runStatus().status);
    }
  }
}

TEST_CASE("runBatch: a refused row is named by its index and field before any run steps", "[core][batch]") {
  const std::shared_ptr<const System> sys = systemOf("IV");
  std::vector<double> states = threeStates(*sys);
  const std::size_t size = static_cast<std::size_t>(sys->layout().size);
  std::vector<double> bad = states;
  bad[size + static_cast<std::size_t>(sys->layout().field("Pi").offset)] = std::nan("");
  CHECK_THROWS_WITH(runBatch(*sys, bad, 10, 2), "states[1].Pi: must be finite numbers");
  CHECK_THROWS_WITH(runBatch(*sys, std::vector<double>(states.begin(), states.end() - 1), 10, 1),
                    Catch::StartsWith("states: must hold a whole number (at least one) of " + std::to_string(size) + "-number state records"));
  CHECK_THROWS_WITH(runBatch(*sys, {}, 10, 1), Catch::StartsWith("states: must hold a whole number"));
  CHECK_THROWS_WITH(runBatch(*sys, states, -1, 1), "steps: must be an integer in [0, 1e9], got -1");
  CHECK_THROWS_WITH(runBatch(*sys, states, 10, 0), "threads: must be an integer in [1, 256], got 0");
  CHECK_THROWS_WITH(runBatch(*sys, std::vector<double>(kMaxBatchDoubles / size * size + size, 0.0), 10, 1),
                    Catch::Contains("in one batch") && Catch::Contains("split it"));
}

TEST_CASE("runBatch: a set stop flag ends every run at a step boundary, reporting the steps taken", "[core][batch]") {
  const std::shared_ptr<const System> sys = systemOf("particle");
  const std::vector<double> states = threeStates(*sys);
  std::atomic<bool> stop{true};
  const BatchResult r = runBatch(*sys, states, 1000, 2, &stop);
  const std::size_t size = r.recordSize;
  for (long long k = 0; k < r.rows; ++k) {
    CHECK(r.steps[static_cast<std::size_t>(k)] == 0);
    const auto first = states.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(k) * size);
    const std::vector<double> start = sys->newRun(std::vector<double>(first, first + static_cast<std::ptrdiff_t>(size)))->record();
    CHECK(std::vector<double>(r.records.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(k) * size),
                              r.records.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(k + 1) * size)) == start);
  }
}

}  // namespace test_batch
