// The generalized models' own values of an impact (docs/generalized.md, docs/architecture.md "Records"):
// the slots of ImpactEvent::extra they fill, named once here and in the façade's impact schema (the
// "contacts" and "constraint" columns; "energy_mismatch" is ImpactEvent::energyMismatch).
#pragma once

#include "lgvci/core/hybrid_driver.hpp"

namespace lgvci::generalized_impact {

constexpr int kContacts = 0;    // extra[0]: constraints approaching together (a chain: its links)
constexpr int kConstraint = 1;  // extra[1]: the index k of the constraint φ_k that fired
static_assert(kConstraint < ImpactEvent::kExtraSlots, "the generalized models' impact slots fit ImpactEvent::extra");

inline int contacts(const ImpactEvent& e) { return static_cast<int>(e.extra[kContacts]); }
inline int constraint(const ImpactEvent& e) { return static_cast<int>(e.extra[kConstraint]); }
inline void setContacts(ImpactEvent& e, int contacts) { e.extra[kContacts] = contacts; }
inline void setConstraint(ImpactEvent& e, int k) { e.extra[kConstraint] = k; }

}  // namespace lgvci::generalized_impact
