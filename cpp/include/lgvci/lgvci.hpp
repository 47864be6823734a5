// Umbrella header of the LGVCI core.
#pragma once

#include "lgvci/rigid_body/collision.hpp"
#include "lgvci/config.hpp"
#include "lgvci/rigid_body/discrete_flow.hpp"
#include "lgvci/rigid_body/hybrid_integrator.hpp"
#include "lgvci/rigid_body/jump_map.hpp"
#include "lgvci/rigid_body/mass_properties.hpp"
#include "lgvci/rigid_body/presets.hpp"
#include "lgvci/rigid_body/shapes.hpp"
#include "lgvci/rigid_body/so3.hpp"
#include "lgvci/core/types.hpp"
