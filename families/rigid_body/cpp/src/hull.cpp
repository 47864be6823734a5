#include "hull.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Dense>

namespace lgvci::detail {

Hull convexHull(const std::vector<Vec3>& p) {
  const int n = static_cast<int>(p.size());
  Hull hull;
  double scale = 0.0;
  for (const auto& v : p) scale = std::max(scale, v.cwiseAbs().maxCoeff());
  for (int i = 1; i < n; ++i) scale = std::max(scale, (p[i] - p[0]).norm());
  const double tol = 1e-10 * std::max(scale, 1e-300);

  struct PlaneRec { Vec3 normal; double offset; };
  std::vector<PlaneRec> planes;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      for (int k = j + 1; k < n; ++k) {
        Vec3 N = (p[j] - p[i]).cross(p[k] - p[i]);
        const double len = N.norm();
        if (len <= tol * scale) continue;
        N /= len;
        bool below = true, above = true;
        for (int q = 0; q < n && (below || above); ++q) {
          const double d = N.dot(p[q] - p[i]);
          if (d > tol) below = false;
          if (d < -tol) above = false;
        }
        if (!below && !above) continue;
        if (below && above) continue;  // all coplanar: no volume
        if (!below) N = -N;
        const double off = N.dot(p[i]);
        const bool seen = std::any_of(planes.begin(), planes.end(), [&](const PlaneRec& r) {
          return (r.normal - N).norm() < 1e-9 && std::abs(r.offset - off) <= tol;
        });
        if (!seen) planes.push_back({N, off});
      }

  if (planes.size() < 4) {  // degenerate (flat or collinear): every point may touch
    for (int i = 0; i < n; ++i) hull.extreme.push_back(i);
    return hull;
  }

  std::vector<std::vector<Vec3>> normalsAt(n);
  for (const auto& pl : planes) {
    HullFace face;
    face.normal = pl.normal;
    Vec3 c = Vec3::Zero();
    for (int q = 0; q < n; ++q)
      if (std::abs(pl.normal.dot(p[q]) - pl.offset) <= tol) {
        face.polygon.push_back(q);
        c += p[q];
        normalsAt[q].push_back(pl.normal);
      }
    c /= static_cast<double>(face.polygon.size());
    const Vec3 e1 = (p[face.polygon[0]] - c).normalized();
    const Vec3 e2 = pl.normal.cross(e1);
    std::sort(face.polygon.begin(), face.polygon.end(), [&](int a, int b) {
      return std::atan2(e2.dot(p[a] - c), e1.dot(p[a] - c)) <
             std::atan2(e2.dot(p[b] - c), e1.dot(p[b] - c));
    });
    hull.faces.push_back(std::move(face));
  }
  // A corner lies on at least three faces whose normals span R^3; a point inside an edge or a face
  // does not.
  for (int q = 0; q < n; ++q) {
    if (normalsAt[q].size() < 3) continue;
    Eigen::MatrixXd M(3, normalsAt[q].size());
    for (size_t c = 0; c < normalsAt[q].size(); ++c) M.col(static_cast<Eigen::Index>(c)) = normalsAt[q][c];
    Eigen::FullPivLU<Eigen::MatrixXd> lu(M);
    lu.setThreshold(1e-9);
    if (lu.rank() == 3) hull.extreme.push_back(q);
  }
  return hull;
}

}  // namespace lgvci::detail
