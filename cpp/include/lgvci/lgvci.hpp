// Umbrella header of the LGVCI core.
#pragma once

#include "lgvci/collision.hpp"
#include "lgvci/config.hpp"
#include "lgvci/discrete_flow.hpp"
#include "lgvci/hybrid_integrator.hpp"
#include "lgvci/jump_map.hpp"
#include "lgvci/mass_properties.hpp"
#include "lgvci/presets.hpp"
#include "lgvci/shapes.hpp"
#include "lgvci/so3.hpp"
#include "lgvci/types.hpp"
