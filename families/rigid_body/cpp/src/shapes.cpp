#include "lgvci/rigid_body/shapes.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "hull.hpp"
#include "lgvci/rigid_body/mass_properties.hpp"
#include "validation.hpp"
#include "lgvci/core/precision.hpp"

namespace lgvci {

SupportPoint Shape::lowestExcept(const Vec3& u, const int* excluded, int count) const {
  for (int i = 0; i < count; ++i)
    if (excluded[i] == 0) return {Vec3::Zero(), std::numeric_limits<double>::infinity(), -1};
  return lowest(u);
}

namespace {

// Ellipsoid: the closest point is ρ_C = c − I_E² u / ‖I_E u‖ and min u·ρ = u·c − ‖I_E u‖ (2.16, 6.4).
class Ellipsoid final : public Shape {
 public:
  Ellipsoid(const Vec3& axes, const Vec3& center) : axes_(axes), center_(center) {}
  SupportPoint lowest(const Vec3& u) const override {
    const Vec3 w = axes_.cwiseProduct(u);
    const double len = w.norm();
    return {center_ - axes_.cwiseProduct(w) / len, u.dot(center_) - len};
  }
  void lowestSet(const Vec3& u, double, std::vector<SupportPoint>& out) const override {
    out.push_back(lowest(u));
  }
  double boundingRadius() const override { return center_.norm() + axes_.maxCoeff(); }
  std::optional<BodyMass> massProperties(double mass, MassConvention) const override {
    return BodyMass{center_, ellipsoidMass(mass, axes_).J, axes_.maxCoeff()};
  }
  const Vec3& axes() const { return axes_; }
  const Vec3& center() const { return center_; }

 private:
  Vec3 axes_, center_;
};

// Intersection of ellipsoids E_i = {ρ : ‖A_i(ρ − c_i)‖ ≤ 1}, A_i = diag(1/a, 1/b, 1/c). The paper's
// max rule (6.17) is for the point-wise signed distance ψ; the lowest point of the intersection is a
// small convex program, min u·ρ over ∩E_i, solved exactly through its concave dual
//   d(μ) = min_ρ u·ρ + ½ Σ μ_i (‖A_i(ρ − c_i)‖² − 1),  ρ(μ) = M⁻¹(Σ μ_i A_i² c_i − u), M = Σ μ_i A_i²,
// by enumerating active sets: one part in closed form, larger sets by damped Newton on d.
class EllipsoidIntersection final : public Shape {
 public:
  struct Part { Vec3 a2; Vec3 c; };  // A_i² (diagonal) and centre
  /// At most 6 parts (checked where an intersection is made, below); the dual solve's vectors are sized
  /// by it, so the support-point solve allocates nothing (it runs in every flow evaluation of a step).
  static constexpr int kMaxParts = 6;
  explicit EllipsoidIntersection(std::vector<Part> parts) : parts_(std::move(parts)) {}

  SupportPoint lowest(const Vec3& u) const override {
    SupportPoint best;
    if (!solve(u, best)) best = {Vec3::Constant(std::numeric_limits<double>::quiet_NaN()), std::numeric_limits<double>::quiet_NaN()};
    return best;
  }
  void lowestSet(const Vec3& u, double, std::vector<SupportPoint>& out) const override { out.push_back(lowest(u)); }
  double boundingRadius() const override {
    double r = std::numeric_limits<double>::infinity();
    for (const auto& p : parts_) r = std::min(r, p.c.norm() + 1.0 / std::sqrt(p.a2.minCoeff()));
    return r;
  }
  /// False when no active set satisfies the optimality conditions (the parts do not intersect).
  bool solve(const Vec3& u, SupportPoint& out) const {
    const int k = static_cast<int>(parts_.size());
    bool found = false;
    for (int size = 1; size <= k && !found; ++size)
      for (unsigned mask = 1; mask < (1u << k); ++mask) {
        if (__builtin_popcount(mask) != size) continue;
        SupportPoint cand;
        if (solveActive(u, mask, cand) && (!found || cand.value < out.value)) { out = cand; found = true; }
      }
    return found;
  }

 private:
  double violation(int i, const Vec3& rho) const {  // ‖A_i(ρ − c_i)‖² − 1
    const Vec3 d = rho - parts_[static_cast<size_t>(i)].c;
    return d.dot(parts_[static_cast<size_t>(i)].a2.cwiseProduct(d)) - 1.0;
  }
  using Active = std::array<int, kMaxParts>;
  using Mu = std::array<double, kMaxParts>;
  using VecP = Eigen::Matrix<double, Eigen::Dynamic, 1, 0, kMaxParts, 1>;  // no heap: at most kMaxParts
  using MatP = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, 0, kMaxParts, kMaxParts>;
  Vec3 rhoOf(const Active& S, size_t n, const Mu& mu, const Vec3& u) const {
    Vec3 M = Vec3::Zero(), rhs = -u;
    for (size_t s = 0; s < n; ++s) {
      const Part& p = parts_[static_cast<size_t>(S[s])];
      M += mu[s] * p.a2;
      rhs += mu[s] * p.a2.cwiseProduct(p.c);
    }
    return rhs.cwiseQuotient(M);
  }
  double dual(const Active& S, size_t n, const Mu& mu, const Vec3& u) const {
    const Vec3 rho = rhoOf(S, n, mu, u);
    double d = u.dot(rho);
    for (size_t s = 0; s < n; ++s) d += 0.5 * mu[s] * violation(S[s], rho);
    return d;
  }
  bool solveActive(const Vec3& u, unsigned mask, SupportPoint& out) const {
    Active S{};
    size_t n = 0;
    for (int i = 0; i < static_cast<int>(parts_.size()); ++i)
      if (mask & (1u << i)) S[n++] = i;
    Mu mu{};
    for (size_t s = 0; s < n; ++s)  // the single-part optimum: μ = ‖A⁻¹u‖
      mu[s] = std::sqrt(u.cwiseQuotient(parts_[static_cast<size_t>(S[s])].a2).dot(u)) / static_cast<double>(n);
    Vec3 rho = rhoOf(S, n, mu, u);
    if (n > 1) {
      // Ascent on the concave d over μ > 0. The pure Newton direction is only good near the
      // optimum: from the single-part start it often points out of the orthant, and a line search
      // that merely stays feasible then crawls to μ_i → 0 and stalls there, which used to pass as
      // "converged" (tiny step) and reject the right active set (Φ = NaN for ~0.7 % of directions
      // of two offset balls). So a Newton step must give a sufficient (Armijo) increase with at
      // least a 2⁻⁸ step; otherwise the step is the affine-scaled gradient μ_i ∂d/∂μ_i, which
      // keeps μ > 0 and still ascends. Only a full Newton step below round-off counts as converged.
      bool converged = false;
      const auto index = [](size_t s) { return static_cast<Eigen::Index>(s); };
      for (int it = 0; it < 200 && !converged; ++it) {
        VecP grad(index(n));
        MatP H(index(n), index(n));
        Vec3 M = Vec3::Zero();
        for (size_t s = 0; s < n; ++s) M += mu[s] * parts_[static_cast<size_t>(S[s])].a2;
        std::array<Vec3, kMaxParts> g;
        for (size_t s = 0; s < n; ++s) {
          const Part& p = parts_[static_cast<size_t>(S[s])];
          g[s] = p.a2.cwiseProduct(rho - p.c);
          grad(index(s)) = 0.5 * violation(S[s], rho);  // ∂d/∂μ_s
        }
        for (size_t r = 0; r < n; ++r)
          for (size_t c = 0; c < n; ++c) H(index(r), index(c)) = -g[r].dot(g[c].cwiseQuotient(M));
        if (!grad.allFinite()) return false;
        if (grad.cwiseAbs().maxCoeff() <= 1e-15) { converged = true; break; }
        const double d0 = dual(S, n, mu, u);
        Mu next{};
        // Backtracking from t = 1 along `dir`: μ + t·dir > 0 and d increases by ≥ 1e-4·t·dir·∇d.
        auto search = [&](const VecP& dir, int maxHalvings, double& t) {
          const double slope = dir.dot(grad);
          if (!dir.allFinite() || !(slope > 0.0)) return false;
          t = 1.0;
          for (int ls = 0; ls <= maxHalvings; ++ls, t *= 0.5) {
            bool positive = true;
            for (size_t s = 0; s < n; ++s) {
              next[s] = mu[s] + t * dir(index(s));
              positive = positive && next[s] > 0.0;
            }
            // An increase below d's rounding (near the optimum) cannot be tested: take the step.
            if (positive && (t * slope <= 64.0 * kMachineEps * std::abs(d0) || dual(S, n, next, u) >= d0 + 1e-4 * t * slope))
              return true;
          }
          return false;
        };
        const VecP newton = H.ldlt().solve(-grad);
        double t = 0.0;
        if (search(newton, 8, t)) {
          double scale = 0.0;
          for (size_t s = 0; s < n; ++s) scale = std::max(scale, mu[s]);
          converged = t == 1.0 && newton.cwiseAbs().maxCoeff() <= 1e-15 * scale;
        } else {
          VecP scaled(index(n));
          const double gmax = grad.cwiseAbs().maxCoeff();
          for (size_t s = 0; s < n; ++s) scaled(index(s)) = mu[s] * grad(index(s)) / gmax;  // |Δμ_s| ≤ μ_s
          if (!search(scaled, 60, t)) {
            // No ascent left at round-off level: this is the optimum if the constraints hold.
            break;
          }
        }
        mu = next;
        rho = rhoOf(S, n, mu, u);
      }
      for (size_t s = 0; s < n; ++s)
        if (std::abs(violation(S[s], rho)) > 1e-9) return false;
    }
    for (int j = 0; j < static_cast<int>(parts_.size()); ++j)  // the other parts must contain ρ
      if (!(mask & (1u << j)) && violation(j, rho) > 1e-12) return false;
    out = {rho, u.dot(rho)};
    return true;
  }

  std::vector<Part> parts_;
};

// ε-rounded convex polyhedron: closest vertex v*, ρ_C = v* − εu (6.12), min u·ρ = u·v* − ε (6.13).
class Polyhedron final : public Shape {
 public:
  /// `input`: the vertices as given (the mass properties integrate their hull); a cube (`cubeSide`
  /// > 0) uses the closed form J = m s²/6 I about `cubeCenter`.
  Polyhedron(std::vector<Vec3> corners, double eps, std::vector<Vec3> input, double cubeSide = 0.0,
             const Vec3& cubeCenter = Vec3::Zero())
      : v_(std::move(corners)), eps_(eps), input_(std::move(input)), cubeSide_(cubeSide), cubeCenter_(cubeCenter) {}
  SupportPoint lowest(const Vec3& u) const override {
    size_t best = 0;
    double bestVal = u.dot(v_[0]);
    for (size_t i = 1; i < v_.size(); ++i) {
      const double d = u.dot(v_[i]);
      if (d < bestVal) { bestVal = d; best = i; }
    }
    return {v_[best] - eps_ * u, bestVal - eps_, static_cast<int>(best)};
  }
  void lowestSet(const Vec3& u, double delta, std::vector<SupportPoint>& out) const override {
    const SupportPoint first = lowest(u);
    out.push_back(first);
    for (size_t i = 0; i < v_.size(); ++i) {
      const Vec3 rho = v_[i] - eps_ * u;
      if (rho != first.rho && u.dot(v_[i]) - eps_ <= first.value + delta)
        out.push_back({rho, u.dot(v_[i]) - eps_, static_cast<int>(i)});
    }
  }
  // Feature i is the ball of radius ε about vertex v_i: ρ = v_i − εu, u·ρ = u·v_i − ε (6.12–6.13).
  int featureCount() const override { return static_cast<int>(v_.size()); }
  SupportPoint featureLowest(int feature, const Vec3& u) const override {
    const Vec3& v = v_[static_cast<size_t>(feature)];
    return {v - eps_ * u, u.dot(v) - eps_, feature};
  }
  SupportPoint lowestExcept(const Vec3& u, const int* excluded, int count) const override {
    SupportPoint best{Vec3::Zero(), std::numeric_limits<double>::infinity(), -1};
    for (size_t i = 0; i < v_.size(); ++i) {
      if (std::find(excluded, excluded + count, static_cast<int>(i)) != excluded + count) continue;
      const double d = u.dot(v_[i]) - eps_;
      if (d < best.value) best = {v_[i] - eps_ * u, d, static_cast<int>(i)};
    }
    return best;
  }
  double boundingRadius() const override {
    double r = 0.0;
    for (const auto& v : v_) r = std::max(r, v.norm());
    return r + eps_;
  }
  // Sharp: the polyhedron's own (the paper's convention, with the cube's closed form m s²/6 I).
  // Rounded (default, ε > 0): the Minkowski sum with the ball of radius ε that is drawn and collided.
  std::optional<BodyMass> massProperties(double mass, MassConvention convention) const override {
    double size = 0.0;
    for (const auto& v : input_) size = std::max(size, v.norm());
    if (convention == MassConvention::Rounded && eps_ > 0.0) {
      const PolyhedronMass pm = roundedPolyhedronMass(mass, input_, eps_);
      return BodyMass{pm.centroid, pm.J, cubeSide_ > 0.0 ? cubeSide_ : size + eps_};
    }
    if (cubeSide_ > 0.0) return BodyMass{cubeCenter_, cubeMass(mass, cubeSide_).J, cubeSide_};
    const PolyhedronMass pm = polyhedronMass(mass, input_);
    return BodyMass{pm.centroid, pm.J, size};
  }

 private:
  std::vector<Vec3> v_;
  double eps_;
  std::vector<Vec3> input_;
  double cubeSide_;
  Vec3 cubeCenter_;
};

// Union (min, 6.15) of convex parts; the gradient is the active part's (6.16).
class Union final : public Shape {
 public:
  explicit Union(std::vector<ShapePtr> parts) : parts_(std::move(parts)) {
    int offset = 0;
    for (const auto& p : parts_) {
      offsets_.push_back(offset);
      offset += p->featureCount();
    }
    features_ = offset;
  }
  SupportPoint lowest(const Vec3& u) const override {
    SupportPoint best = parts_[0]->lowest(u);
    for (size_t i = 1; i < parts_.size(); ++i) {
      SupportPoint s = parts_[i]->lowest(u);
      s.feature += offsets_[i];
      if (s.value < best.value) best = s;
    }
    return best;
  }
  void lowestSet(const Vec3& u, double delta, std::vector<SupportPoint>& out) const override {
    const double target = lowest(u).value;
    const size_t start = out.size();
    for (size_t i = 0; i < parts_.size(); ++i) {
      if (parts_[i]->lowest(u).value > target + delta) continue;
      const size_t from = out.size();
      parts_[i]->lowestSet(u, delta, out);
      for (size_t k = from; k < out.size(); ++k) out[k].feature += offsets_[i];
    }
    // Deterministic order with the active (first-found) minimiser first; drop points beyond delta.
    auto first = out.begin() + static_cast<long>(start);
    auto active = std::find_if(first, out.end(), [&](const SupportPoint& s) { return s.value == target; });
    if (active != out.end()) std::rotate(first, active, active + 1);
    out.erase(std::remove_if(first, out.end(), [&](const SupportPoint& s) { return s.value > target + delta; }), out.end());
  }
  double boundingRadius() const override {
    double r = 0.0;
    for (const auto& p : parts_) r = std::max(r, p->boundingRadius());
    return r;
  }
  // Features are numbered part after part: part i owns [offsets_[i], offsets_[i] + its count).
  int featureCount() const override { return features_; }
  SupportPoint featureLowest(int feature, const Vec3& u) const override {
    const size_t i = partOf(feature);
    SupportPoint s = parts_[i]->featureLowest(feature - offsets_[i], u);
    s.feature = feature;
    return s;
  }
  SupportPoint lowestExcept(const Vec3& u, const int* excluded, int count) const override {
    SupportPoint best{Vec3::Zero(), std::numeric_limits<double>::infinity(), -1};
    int local[kMaxExcluded];
    for (size_t i = 0; i < parts_.size(); ++i) {
      const int lo = offsets_[i], hi = lo + parts_[i]->featureCount();
      int n = 0;
      for (int k = 0; k < count && n < kMaxExcluded; ++k)
        if (excluded[k] >= lo && excluded[k] < hi) local[n++] = excluded[k] - lo;
      SupportPoint s = parts_[i]->lowestExcept(u, local, n);
      if (s.value < best.value) {
        best = s;
        best.feature = s.feature + lo;
      }
    }
    return best;
  }

 private:
  static constexpr int kMaxExcluded = 64;
  size_t partOf(int feature) const {
    size_t i = parts_.size() - 1;
    while (i > 0 && feature < offsets_[i]) --i;
    return i;
  }
  std::vector<ShapePtr> parts_;
  std::vector<int> offsets_;
  int features_ = 0;
};

void requireFinite(const Vec3& v, const std::string& field) {
  if (!v.allFinite()) throw InvalidInput(field, "must be finite numbers");
  validateMagnitude(v, limits::kMaxLength, field);  // |coordinate| ≤ 1e6 (docs/validation.md "Validation and limits")
}

void requireSize(double v, const std::string& field) {
  if (!(v >= limits::kMinSize && v <= limits::kMaxLength))
    throw InvalidInput(field, "must be in [1e-06, 1e+06]");
}

void requireEpsilon(double epsilon) {
  if (!std::isfinite(epsilon) || epsilon < 0.0) throw InvalidInput("epsilon", "must be a finite number >= 0");
  if (!(epsilon <= limits::kMaxLength)) throw InvalidInput("epsilon", "must be <= 1e+06");
}

}  // namespace

ShapePtr makeEllipsoid(const Vec3& semiAxes, const Vec3& center) {
  requireFinite(semiAxes, "semi_axes");
  requireFinite(center, "center");
  if ((semiAxes.array() <= 0.0).any()) throw InvalidInput("semi_axes", "must all be > 0");
  for (int i = 0; i < 3; ++i) requireSize(semiAxes(i), "semi_axes");
  return std::make_shared<Ellipsoid>(semiAxes, center);
}

ShapePtr makePolyhedron(std::vector<Vec3> vertices, double epsilon) {
  if (vertices.empty()) throw InvalidInput("vertices", "must contain at least one vertex");
  if (vertices.size() > 64) throw InvalidInput("vertices", "at most 64 vertices are supported");
  for (const auto& v : vertices) requireFinite(v, "vertices");
  requireEpsilon(epsilon);
  const detail::Hull hull = detail::convexHull(vertices);
  std::vector<Vec3> corners;
  for (int i : hull.extreme) {
    const bool dup = std::any_of(corners.begin(), corners.end(), [&](const Vec3& c) { return c == vertices[static_cast<size_t>(i)]; });
    if (!dup) corners.push_back(vertices[static_cast<size_t>(i)]);
  }
  return std::make_shared<Polyhedron>(std::move(corners), epsilon, std::move(vertices));
}

std::vector<Vec3> cubeVertices(double side, const Vec3& center) {
  const double a = 0.5 * side;
  std::vector<Vec3> v;
  for (int i = 0; i < 8; ++i)
    v.push_back(center + Vec3((i & 1) ? a : -a, (i & 2) ? a : -a, (i & 4) ? a : -a));
  return v;
}

ShapePtr makeCube(double side, double epsilon, const Vec3& center) {
  if (!std::isfinite(side) || side <= 0.0) throw InvalidInput("side", "must be a finite number > 0");
  requireSize(side, "side");
  requireEpsilon(epsilon);
  requireFinite(center, "center");
  return std::make_shared<Polyhedron>(cubeVertices(side, center), epsilon, cubeVertices(side, center), side, center);
}

ShapePtr makeUnion(std::vector<ShapePtr> parts) {
  if (parts.empty()) throw InvalidInput("parts", "a union needs at least one part");
  return std::make_shared<Union>(std::move(parts));
}

ShapePtr makeIntersection(std::vector<ShapePtr> parts) {
  if (parts.empty()) throw InvalidInput("parts", "an intersection needs at least one part");
  std::vector<EllipsoidIntersection::Part> ellipsoids;
  for (const auto& p : parts) {
    if (const auto* e = dynamic_cast<const Ellipsoid*>(p.get())) {
      ellipsoids.push_back({e->axes().cwiseProduct(e->axes()).cwiseInverse(), e->center()});
    } else {
      throw InvalidInput("parts", "an intersection takes ellipsoids (its lowest point is solved exactly only for them)");
    }
  }
  if (ellipsoids.size() > static_cast<size_t>(EllipsoidIntersection::kMaxParts))
    throw InvalidInput("parts", "an intersection takes at most 6 ellipsoids");
  auto shape = std::make_shared<EllipsoidIntersection>(std::move(ellipsoids));
  SupportPoint probe;
  if (!shape->solve(Vec3::UnitZ(), probe) || !shape->solve(-Vec3::UnitZ(), probe))
    throw InvalidInput("parts", "the ellipsoids of an intersection must overlap");
  return shape;
}

}  // namespace lgvci
