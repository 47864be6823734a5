// The rigid body's own values of an impact (docs/rigid-body.md, docs/architecture.md "Records"): the
// slots of ImpactEvent::extra it fills, named once here and in its impact schema (the façade's
// "body_point", "contacts" columns).
#pragma once

#include "lgvci/core/hybrid_driver.hpp"

namespace lgvci::rigid_impact {

constexpr int kBodyPoint = 0;  // extra[0..3): the contact point in the body frame (barycentre if several)
constexpr int kContacts = 3;   // extra[3]: the points touching together
constexpr int kJump = 4;       // extra[4]: the jump that gave the impulse (JumpUsed)
static_assert(kJump < ImpactEvent::kExtraSlots, "the rigid body's impact slots fit ImpactEvent::extra");

/// Which law gave an impulse (docs/rigid-body.md "The variational jump"): Corollary 4.4 (the config's
/// "jump": "energy", and every link but the last of a chain of simultaneous contacts); (5.16a), the
/// discrete energy balance ("jump": "variational"); Corollary 4.4 where (5.16a) was asked for but has no
/// bounce root (a grazing impact) or the sub-step before the impact was one of the contact phase (whose
/// step has no discrete energy (5.12)); the plastic impact that starts persistent contact.
enum class JumpUsed { Corollary44 = 0, DiscreteBalance = 1, NoBounceRoot = 2, AfterContactStep = 3, Plastic = 4 };

inline Vec3 bodyPoint(const ImpactEvent& e) {
  return Vec3(e.extra[kBodyPoint], e.extra[kBodyPoint + 1], e.extra[kBodyPoint + 2]);
}
inline int contacts(const ImpactEvent& e) { return static_cast<int>(e.extra[kContacts]); }

inline void set(ImpactEvent& e, const Vec3& bodyPoint, int contacts) {
  for (int i = 0; i < 3; ++i) e.extra[static_cast<size_t>(kBodyPoint + i)] = bodyPoint(i);
  e.extra[kContacts] = contacts;
}
inline JumpUsed jump(const ImpactEvent& e) { return static_cast<JumpUsed>(static_cast<int>(e.extra[kJump])); }
inline void setJump(ImpactEvent& e, JumpUsed j) { e.extra[kJump] = static_cast<int>(j); }

}  // namespace lgvci::rigid_impact
