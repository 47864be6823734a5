// A simulation from a config the test expects the core to accept; the test fails with the core's
// "field: rule" message otherwise.
#pragma once

#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "lgvci/core/simulation.hpp"

namespace lgvci_test {

inline std::unique_ptr<lgvci::Simulation> makeSimulation(const std::string& json) {
  lgvci::SimulationResult r = lgvci::createSimulation(json);
  INFO(json << " -> " << r.error.message);
  REQUIRE(r.ok());
  return std::move(r.simulation);
}

}  // namespace lgvci_test
