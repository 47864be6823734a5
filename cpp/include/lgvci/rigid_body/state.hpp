// The rigid body's state (x, R, γ, Π) of §5.1.2 (Tran & Leok).
#pragma once

#include "lgvci/core/types.hpp"

namespace lgvci {

/// State (x, R, γ, Π) of §5.1.2: centre of mass, attitude (body→inertial), linear momentum,
/// body-frame angular momentum; t is the time it belongs to.
struct State {
  double t = 0.0;
  Vec3 x = Vec3::Zero();
  Mat3 R = Mat3::Identity();
  Vec3 gamma = Vec3::Zero();
  Vec3 Pi = Vec3::Zero();
};

}  // namespace lgvci
