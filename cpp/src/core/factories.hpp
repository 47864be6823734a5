// Private: the concrete Simulation of each model family, created from JSON (throw InvalidInput).
#pragma once

#include <memory>
#include <string>

#include "lgvci/core/simulation.hpp"

namespace lgvci::detail {

std::unique_ptr<Simulation> makeRigidBodySimulation(const std::string& json);
std::unique_ptr<Simulation> makeGeneralizedSimulation(const std::string& json);

}  // namespace lgvci::detail
