// The rigid body's own values of an impact (docs/rigid-body.md, docs/architecture.md "Records"): the
// slots of ImpactEvent::extra it fills, named once here and in its impact schema (the façade's
// "body_point", "contacts" columns).
#pragma once

#include "lgvci/core/hybrid_driver.hpp"

namespace lgvci::rigid_impact {

constexpr int kBodyPoint = 0;  // extra[0..3): the contact point in the body frame (barycentre if several)
constexpr int kContacts = 3;   // extra[3]: the points touching together
static_assert(kContacts < ImpactEvent::kExtraSlots, "the rigid body's impact slots fit ImpactEvent::extra");

inline Vec3 bodyPoint(const ImpactEvent& e) {
  return Vec3(e.extra[kBodyPoint], e.extra[kBodyPoint + 1], e.extra[kBodyPoint + 2]);
}
inline int contacts(const ImpactEvent& e) { return static_cast<int>(e.extra[kContacts]); }

inline void set(ImpactEvent& e, const Vec3& bodyPoint, int contacts) {
  for (int i = 0; i < 3; ++i) e.extra[static_cast<size_t>(kBodyPoint + i)] = bodyPoint(i);
  e.extra[kContacts] = contacts;
}

}  // namespace lgvci::rigid_impact
