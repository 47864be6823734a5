// The generalized-coordinates package (Fetecau et al.'s VCI; Seghete & Murphey's cradle, a case of it):
// its config and presets, constraints, the model with its impact policies, and its naive baseline. A
// program that needs only runs includes lgvci/lgvci.hpp and creates them from a config.
#pragma once

#include "lgvci/generalized/constraints.hpp"
#include "lgvci/generalized/cradle.hpp"
#include "lgvci/generalized/generalized_config.hpp"
#include "lgvci/generalized/generalized_model.hpp"
#include "lgvci/generalized/naive_generalized.hpp"
#include "lgvci/generalized/simultaneous_impacts.hpp"
#include "lgvci/vci/energy_jump.hpp"
#include "lgvci/vci/potential.hpp"
#include "lgvci/vci/verlet_flow.hpp"
