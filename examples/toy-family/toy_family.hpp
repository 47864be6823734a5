// A model family defined outside the library (toy_family.cpp): registerToyFamily() adds "toy_ball" to
// the registry, after which createSimulation, System, ensembles and the rest serve it as any family.
#pragma once

namespace toy {

/// Registers the family "toy_ball" (preset "toy_drop"); once, before any thread runs simulations.
void registerToyFamily();

}  // namespace toy
