// Basic types and the validation error InvalidInput ("<field>: <rule>") used at every boundary.
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

}  // namespace lgvci
