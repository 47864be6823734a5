// The rigid body's state (x, R, γ, Π) of §5.1.2 (Tran & Leok), with the contact phase it is in.
#pragma once

#include <algorithm>
#include <array>

#include "lgvci/core/types.hpp"

namespace lgvci {

/// The active contacts of the persistent-contact phase (docs/rigid-body.md "Persistent contact"): the body's
/// contact features (Shape::featureCount) held on the plane by the constraint φ_f = 0. Empty in flight.
struct ContactSet {
  static constexpr int kMax = 8;  // a face of up to 8 vertices; more is refused by add()
  int count = 0;
  std::array<int, kMax> feature{};
  bool contains(int f) const { return std::find(feature.begin(), feature.begin() + count, f) != feature.begin() + count; }
  bool add(int f) {
    if (contains(f)) return true;
    if (count == kMax) return false;
    feature[static_cast<size_t>(count++)] = f;
    return true;
  }
  void remove(int index) {  // by position
    for (int i = index; i + 1 < count; ++i) feature[static_cast<size_t>(i)] = feature[static_cast<size_t>(i + 1)];
    --count;
  }
};

/// State (x, R, γ, Π) of §5.1.2: centre of mass, attitude (body→inertial), linear momentum,
/// body-frame angular momentum; t is the time it belongs to. `contact` and `normalForce` describe
/// the contact phase (empty and 0 in flight); they are bookkeeping, not part of the paper's state.
struct RigidBodyState {
  double t = 0.0;
  Vec3 x = Vec3::Zero();
  Mat3 R = Mat3::Identity();
  Vec3 gamma = Vec3::Zero();
  Vec3 Pi = Vec3::Zero();
  ContactSet contact;
  /// The rounding residuals of the flight's compensated sums (lgvci/core/compensated.hpp, docs/method.md
  /// "Round-off without drift"): (5.9a–b) carries e3·x + xLow and e3·γ + gammaLow, gravity's components,
  /// the ones the energy's potential and its kick see. Not in the record: zero in a state built from
  /// numbers (a config's start, setState's record, a chart's coordinates); an impact restarts gammaLow
  /// and a contact step both.
  double xLow = 0.0;
  double gammaLow = 0.0;
  double normalForce = 0.0;  // Σ of the contact multipliers over the last step (mean of λ_k, λ_{k+1}), N
};

}  // namespace lgvci
