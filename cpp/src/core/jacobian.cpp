// The run's tangent map as the product of its steps' exact Jacobians (docs/jacobians.md).
#include "lgvci/core/jacobian.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/portable_math.hpp"
#include "lgvci/core/types.hpp"

namespace lgvci {
namespace {

using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

Eigen::Map<const RowMajor> asMatrix(const TangentMap& m) { return {m.matrix.data(), m.dimension(), m.dimension()}; }

StepJacobian* stepJacobianOf(Simulation& sim) {
  StepJacobian* jac = sim.extension<StepJacobian>();
  if (!jac)
    throw InvalidInput("jacobian", "the " + sim.info().integrator + " integrator of the " + sim.info().family +
                                       " family has no exact step Jacobian (docs/jacobians.md \"What is covered\")");
  return jac;
}

}  // namespace

TangentMap runTangentMap(Simulation& sim, long long steps, const StepJacobianObserver& afterStep) {
  if (steps < 0) throw InvalidInput("steps", "must be at least 0, got " + std::to_string(steps));
  StepJacobian* jac = stepJacobianOf(sim);
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

LyapunovSpectrum lyapunovExponents(Simulation& sim, long long steps, const StepJacobianObserver& afterStep) {
  if (steps < 1) throw InvalidInput("steps", "must be at least 1, got " + std::to_string(steps));
  LyapunovSpectrum out;
  out.t0 = sim.runStatus().time;
  StepJacobian* jac = stepJacobianOf(sim);
  const auto d = static_cast<Eigen::Index>(jac->jacobianCoordinates().size());
  // The product itself would overflow in a chaotic run; the orthonormal frame Q does not.
  Eigen::MatrixXd Q = Eigen::MatrixXd::Identity(d, d), A(d, d);
  RowMajor J(d, d);
  Eigen::VectorXd sums = Eigen::VectorXd::Zero(d);
  for (long long k = 0; k < steps; ++k) {
    jac->stepWithJacobian(J.data());
    if (afterStep) afterStep(sim, J.data());
    A.noalias() = J * Q;
    const Eigen::HouseholderQR<Eigen::MatrixXd> qr(A);
    Q = qr.householderQ();
    // pmath::log, not the C library's: the same exponents natively and in WebAssembly (portable_math.hpp).
    for (Eigen::Index i = 0; i < d; ++i) sums(i) += pmath::log(std::abs(qr.matrixQR()(i, i)));
  }
  out.t = sim.runStatus().time;
  out.steps = steps;
  out.exponents.assign(sums.data(), sums.data() + sums.size());
  for (double& e : out.exponents) e /= out.t - out.t0;
  std::sort(out.exponents.begin(), out.exponents.end(), [](double a, double b) { return a > b; });
  return out;
}

std::string lyapunovJson(const LyapunovSpectrum& spectrum) {
  return nlohmann::json{{"exponents", spectrum.exponents}, {"t", spectrum.t - spectrum.t0}}.dump();
}

}  // namespace lgvci
