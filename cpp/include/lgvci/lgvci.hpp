// Umbrella header of the core: the façade every family is reached through (createSimulation, the
// Simulation run, its records), the family registry and its schemas, ensembles, the hybrid driver and
// the root finders. A family's own headers are in its package (families/<name>/cpp/include/lgvci/<name>/,
// installed beside these) and are included by name where a program needs a family's internals.
#pragma once

#include "lgvci/core/config_schema.hpp"
#include "lgvci/core/ensemble.hpp"
#include "lgvci/core/extensions.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/hybrid_driver.hpp"
#include "lgvci/core/root_finders.hpp"
#include "lgvci/core/simulation.hpp"
#include "lgvci/core/types.hpp"
#include "lgvci/version.hpp"
