// Private: convex hull of a small point set by brute force over vertex triples (n ≤ 64).
#pragma once

#include <vector>

#include "lgvci/core/types.hpp"

namespace lgvci::detail {

struct HullFace {
  Vec3 normal;               // outward unit normal
  std::vector<int> polygon;  // vertex indices, counter-clockwise seen from outside
};

struct Hull {
  std::vector<HullFace> faces;  // empty when the points span less than 3 dimensions
  std::vector<int> extreme;     // indices of the hull's corners (all points if degenerate)
};

Hull convexHull(const std::vector<Vec3>& points);

}  // namespace lgvci::detail
