// The run's tangent map as the product of its steps' exact Jacobians (docs/jacobians.md).
#include "lgvci/core/jacobian.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {
namespace {

using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

Eigen::Map<const RowMajor> asMatrix(const TangentMap& m) { return {m.matrix.data(), m.dimension(), m.dimension()}; }

}  // namespace

TangentMap runTangentMap(Simulation& sim, long long steps, const StepJacobianObserver& afterStep) {
  if (steps < 0) throw InvalidInput("steps", "must be at least 0, got " + std::to_string(steps));
  StepJacobian* jac = sim.extension<StepJacobian>();
  if (!jac)
    throw InvalidInput("jacobian", "the " + sim.info().integrator + " integrator of the " + sim.info().family +
                                       " family has no exact step Jacobian (docs/jacobians.md \"What is covered\")");
  TangentMap out;
  out.coordinates = jac->jacobianCoordinates();
  const int d = out.dimension();
  out.t0 = sim.runStatus().time;
  RowMajor total = RowMajor::Identity(d, d), step(d, d), next(d, d);
  for (long long k = 0; k < steps; ++k) {
    jac->stepWithJacobian(step.data());
    if (afterStep) afterStep(sim, step.data());
    next.noalias() = step * total;
    total.swap(next);
  }
  out.matrix.assign(total.data(), total.data() + total.size());
  out.steps = steps;
  out.t = sim.runStatus().time;
  return out;
}

double tangentDeterminant(const TangentMap& map) { return asMatrix(map).determinant(); }

double symplecticDefect(const double* rowMajor, int d) {
  const int n = d / 2;
  Eigen::MatrixXd J = Eigen::MatrixXd::Zero(d, d);
  J.topRightCorner(n, n).setIdentity();
  J.bottomLeftCorner(n, n) = -Eigen::MatrixXd::Identity(n, n);
  const Eigen::MatrixXd D = Eigen::Map<const RowMajor>(rowMajor, d, d);
  return (D.transpose() * J * D - J).norm();
}

double tangentSymplecticDefect(const TangentMap& map) { return symplecticDefect(map.matrix.data(), map.dimension()); }

std::string tangentMapJson(const TangentMap& map) {
  nlohmann::json rows = nlohmann::json::array();
  for (int i = 0; i < map.dimension(); ++i) {
    nlohmann::json row = nlohmann::json::array();
    for (int j = 0; j < map.dimension(); ++j) row.push_back(map.at(i, j));
    rows.push_back(std::move(row));
  }
  return nlohmann::json{{"coordinates", map.coordinates}, {"matrix", rows}}.dump();
}

}  // namespace lgvci
