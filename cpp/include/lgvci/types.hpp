// Basic types and the validation error used at every boundary of the library.
#pragma once

#include <Eigen/Dense>
#include <stdexcept>
#include <string>

namespace lgvci {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;

/// Thrown for invalid input. what() is "<field>: <rule>" so the caller can show it next to the field.
class InvalidInput : public std::invalid_argument {
 public:
  InvalidInput(std::string field, const std::string& rule)
      : std::invalid_argument(field + ": " + rule), field_(std::move(field)) {}
  const std::string& field() const noexcept { return field_; }

 private:
  std::string field_;
};

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
