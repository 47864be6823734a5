// What a family can do, declared once (docs/glossary.md "Capability"; docs/architecture.md "The bindings:
// one declaration"): one row per capability with its name, C++ type and meaning. The struct
// Capabilities below is expanded from the rows, and so are the bindings' copies of it — the WebAssembly
// module's capabilitiesVal and its TypeScript interface Capabilities, written by the generator
// (cpp/api/generate.cpp) — so a capability added here reaches JavaScript without another edit.
//
// A row is X(name, type, doc): `name` is the C++ member and the JavaScript property, `type` is bool
// (a flag) or std::vector<std::string> (a list of names), and `doc` is one sentence. A flag says what
// the family's scheme and record offer, not what one config of it does (a family with restitution
// dissipates nothing at restitution 1). Every capability defaults to "no": false, or an empty list.
#pragma once

#include <string>
#include <vector>

// clang-format off
#define LGVCI_CAPABILITIES(X)                                                                                      \
  X(reversible, bool,                                                                                              \
    "reverseMomenta() runs the motion backwards with a symmetric scheme: N steps, the momenta negated, N steps "   \
    "return to the start to round-off while no impact intervenes (docs/baselines.md \"Time reversal\").")          \
  X(contactPhase, bool,                                                                                            \
    "A persistent-contact phase: record fields contact_points and normal_force, run counters contact_entries, "    \
    "contact_releases and subdivided_steps (docs/rigid-body.md \"Persistent contact\").")                          \
  X(dissipation, bool,                                                                                             \
    "Impacts may lose energy (restitution e < 1): the record's \"dissipated\" ledger, E + dissipated = E0.")       \
  X(energyJump, bool,                                                                                              \
    "Impacts solve the discrete energy balance (75a): maxDiscreteEnergyMismatch() is meaningful.")                 \
  X(restTruncation, bool,                                                                                          \
    "Simultaneous impacts with a rest truncation: record fields rest_truncations, truncated_momentum (with any "   \
    "impact policy but the sequential one, docs/generalized.md).")                                                 \
  X(shapes, bool, "One body with a shape over a plane: \"body\", \"plane\", the CLI's --epsilon, --tilt, --x0.")   \
  X(baselines, std::vector<std::string>,                                                                           \
    "Non-variational integrators the config's \"integrator\" may select besides the family's own (\"rk4\", "      \
    "\"naive\": docs/baselines.md).")                                                                              \
  X(plots, std::vector<std::string>,                                                                               \
    "The page's plots that make sense (docs/page.md \"Plots\"): \"energy\", \"energy_error\", \"height\", "       \
    "\"divergence\" (the twins' Err(t)), \"angle\" (the far ball's θ_n), \"velocities\" (one per ball), "          \
    "\"bounce_map\".")                                                                                             \
  X(throwable, bool,                                                                                               \
    "A body the page can grab and throw: it restarts from the state it holds with the body moved and, if "        \
    "thrown, a new velocity (the family's web part says how: docs/page.md \"Grabbing and throwing the body\").")
// clang-format on

namespace lgvci {

/// What a family can do (the rows of LGVCI_CAPABILITIES above, in order).
struct Capabilities {
#define LGVCI_CAPABILITY_MEMBER(name, type, doc) type name{};
  LGVCI_CAPABILITIES(LGVCI_CAPABILITY_MEMBER)
#undef LGVCI_CAPABILITY_MEMBER
};

}  // namespace lgvci
