// The rigid body's package (Tran & Leok): its config and presets, the shapes and their mass
// properties, the discrete flow (5.9), the collision and jump map (Cor. 4.4), the LGVCI and its RK4 and
// naive baselines. A program that needs only runs includes lgvci/lgvci.hpp and creates them from a config.
#pragma once

#include "lgvci/rigid_body/collision.hpp"
#include "lgvci/rigid_body/config.hpp"
#include "lgvci/rigid_body/discrete_flow.hpp"
#include "lgvci/rigid_body/hybrid_integrator.hpp"
#include "lgvci/rigid_body/jump_map.hpp"
#include "lgvci/rigid_body/mass_properties.hpp"
#include "lgvci/rigid_body/naive_rigid_body.hpp"
#include "lgvci/rigid_body/presets.hpp"
#include "lgvci/rigid_body/rigid_body_model.hpp"
#include "lgvci/rigid_body/rk4_rigid_body.hpp"
#include "lgvci/rigid_body/shapes.hpp"
#include "lgvci/rigid_body/state.hpp"
