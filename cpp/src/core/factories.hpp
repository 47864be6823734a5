// Private: each model family's registry entries (cpp/src/core/families.cpp takes them, once, in order).
#pragma once

#include <vector>

#include "lgvci/core/family.hpp"

namespace lgvci::detail {

/// The rigid body (Tran & Leok): rigid_body_simulation.cpp.
std::vector<FamilyInfo> rigidBodyFamilies();
/// The generalized models (Fetecau et al.) and the cradle, a case of them: generalized_simulation.cpp.
std::vector<FamilyInfo> generalizedFamilies();
/// The billiard (a point particle in a convex table, Fetecau et al.'s VCI): billiard_simulation.cpp.
std::vector<FamilyInfo> billiardFamilies();

}  // namespace lgvci::detail
