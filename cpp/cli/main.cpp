// lgvci: run one of the paper's experiments (or a JSON config) with the native core.
// Exit codes: 0 ok, 1 the integrator reported a problem (Newton failure), 2 bad input.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "lgvci/lgvci.hpp"

namespace {

using nlohmann::json;
using namespace lgvci;

const char* kUsage = R"(usage: lgvci (--case I|II|III|IV | --config FILE) [options]

Runs Algorithm 5.2 of Tran & Leok (Lie group variational collision integrator) for a rigid body
falling onto a plane and prints a summary.

  --case NAME          the paper's experiment (Section 7): I, II, III or IV
  --config FILE        a JSON configuration (README "Configuration"); options below override it
  --steps N            number of steps of size h (default 1000)
  --json               print one JSON object instead of the text summary
  --csv FILE           write one row per step: t, x, R (row-major), gamma, Pi, E, TPE, RE, impacts
  --h X                time step (default 0.01)
  --retraction R       cayley (default) or exp: the retraction of Appendix D used by Newton
  --root-finder F      fast (Illinois, default) or bisection (the paper's); both to --tol
  --tol X              impact-time and Newton tolerance (default 1e-15)
  --x0 A,B,C           initial centre of mass
  --gamma0 A,B,C       initial linear momentum
  --Pi0 A,B,C          initial body-frame angular momentum
  --tilt DEG           plane tilt in degrees, 0 <= tilt < 90
  --azimuth DEG        direction the plane tilts towards, degrees from +x (default 0)
  --epsilon X          rounding radius of a cube or polyhedron body
  --max-impacts N      Zeno guard: maximum impacts per step (default 64)
  --help               this text
)";

struct Usage : std::runtime_error {
  using std::runtime_error::runtime_error;
};

double parseDouble(const std::string& flag, const std::string& s) {
  try {
    size_t used = 0;
    const double v = std::stod(s, &used);
    if (used != s.size() || !std::isfinite(v)) throw std::invalid_argument(s);
    return v;
  } catch (const std::exception&) {
    throw Usage(flag + ": expected a finite number, got '" + s + "'");
  }
}

json parseTriple(const std::string& flag, const std::string& s) {
  std::vector<double> v;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) v.push_back(parseDouble(flag, item));
  if (v.size() != 3) throw Usage(flag + ": expected three comma-separated numbers, got '" + s + "'");
  return json::array({v[0], v[1], v[2]});
}

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Usage("--config: cannot read '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

json rowJson(const Mat3& R) {
  json rows = json::array();
  for (int r = 0; r < 3; ++r) rows.push_back({R(r, 0), R(r, 1), R(r, 2)});
  return rows;
}
json vecJson(const Vec3& v) { return {v.x(), v.y(), v.z()}; }

void writeCsvRow(std::FILE* f, const HybridIntegrator& sim, int impacts) {
  const State& s = sim.state();
  const Energy e = sim.energy();
  std::fprintf(f, "%.17g", s.t);
  for (int i = 0; i < 3; ++i) std::fprintf(f, ",%.17g", s.x(i));
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) std::fprintf(f, ",%.17g", s.R(r, c));
  for (int i = 0; i < 3; ++i) std::fprintf(f, ",%.17g", s.gamma(i));
  for (int i = 0; i < 3; ++i) std::fprintf(f, ",%.17g", s.Pi(i));
  std::fprintf(f, ",%.17g,%.17g,%.17g,%d\n", e.total, e.translationalPotential, e.rotational, impacts);
}

int run(int argc, char** argv) {
  std::string caseName, configPath, csvPath;
  long long steps = 1000;
  bool asJson = false;
  json patch = json::object();
  double tiltDeg = NAN, azimuthDeg = NAN;
  bool epsilonGiven = false;
  double epsilon = 0.0;

  std::vector<std::string> args(argv + 1, argv + argc);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw Usage(a + ": missing value");
      return args[++i];
    };
    if (a == "--help" || a == "-h") { std::cout << kUsage; return 0; }
    else if (a == "--case") caseName = value();
    else if (a == "--config") configPath = value();
    else if (a == "--steps") {
      const double v = parseDouble(a, value());
      if (v < 0 || v != std::floor(v) || v > 1e9) throw Usage("--steps: expected an integer in [0, 1e9]");
      steps = static_cast<long long>(v);
    }
    else if (a == "--json") asJson = true;
    else if (a == "--csv") csvPath = value();
    else if (a == "--h") patch["h"] = parseDouble(a, value());
    else if (a == "--retraction") patch["retraction"] = value();
    else if (a == "--root-finder") patch["root_finder"] = value();
    else if (a == "--tol") patch["tolerance"] = parseDouble(a, value());
    else if (a == "--x0") patch["x0"] = parseTriple(a, value());
    else if (a == "--gamma0") patch["gamma0"] = parseTriple(a, value());
    else if (a == "--Pi0") patch["Pi0"] = parseTriple(a, value());
    else if (a == "--tilt") tiltDeg = parseDouble(a, value());
    else if (a == "--azimuth") azimuthDeg = parseDouble(a, value());
    else if (a == "--epsilon") { epsilon = parseDouble(a, value()); epsilonGiven = true; }
    else if (a == "--max-impacts") patch["max_impacts_per_step"] = parseDouble(a, value());
    else throw Usage("unknown option '" + a + "' (see --help)");
  }
  if (caseName.empty() == configPath.empty()) throw Usage("give exactly one of --case or --config");

  json base = caseName.empty() ? json::parse(readFile(configPath), nullptr, false) : json{{"case", caseName}};
  if (base.is_discarded()) throw InvalidInput("config", "is not valid JSON");
  if (!std::isnan(tiltDeg) || !std::isnan(azimuthDeg)) {
    const double deg = M_PI / 180.0;
    patch["plane"] = {{"tilt", (std::isnan(tiltDeg) ? 0.0 : tiltDeg) * deg},
                      {"azimuth", (std::isnan(azimuthDeg) ? 0.0 : azimuthDeg) * deg}};
    if (base.is_object() && base.contains("plane")) base.erase("plane");
  }
  base.merge_patch(patch);
  if (epsilonGiven) {
    // Resolve the body first so --epsilon applies to whatever body the case or config has.
    json body = json::parse(toJson(parseConfig(base.dump())))["body"];
    if (body["type"] != "cube" && body["type"] != "polyhedron")
      throw InvalidInput("epsilon", "applies only to a cube or polyhedron body");
    body["epsilon"] = epsilon;
    base["body"] = body;
  }
  const SimulationDef def = parseConfig(base.dump());
  HybridIntegrator sim = makeIntegrator(def);

  std::FILE* csv = nullptr;
  if (!csvPath.empty()) {
    csv = std::fopen(csvPath.c_str(), "w");
    if (!csv) throw Usage("--csv: cannot write '" + csvPath + "'");
    std::fprintf(csv, "t,x1,x2,x3,R11,R12,R13,R21,R22,R23,R31,R32,R33,gamma1,gamma2,gamma3,Pi1,Pi2,Pi3,E,TPE,RE,impacts\n");
    writeCsvRow(csv, sim, 0);
  }

  const double E0 = sim.energy().total;
  double maxErr = 0.0;
  std::vector<double> impactTimes;
  const auto start = std::chrono::steady_clock::now();
  long long done = 0;
  for (; done < steps; ++done) {
    const StepReport r = sim.step();
    if (r.status == StepStatus::NewtonFailed) break;
    for (const auto& ev : sim.impactLog())
      if (impactTimes.size() < 20) impactTimes.push_back(ev.t);
    sim.clearImpactLog();
    maxErr = std::max(maxErr, std::abs(sim.energy().total - E0));
    if (csv) writeCsvRow(csv, sim, r.impacts);
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (csv) std::fclose(csv);

  const State& s = sim.state();
  const double E = sim.energy().total;
  const char* status = sim.status() == StepStatus::Ok ? "ok" : sim.status() == StepStatus::ZenoGuard ? "zeno_guard" : "newton_failed";
  if (asJson) {
    json out;
    out["case"] = def.caseName.empty() ? json(nullptr) : json(def.caseName);
    out["steps"] = done;
    out["h"] = def.integrator.h;
    out["impacts"] = sim.totalImpacts();
    out["energy_initial"] = E0;
    out["energy_final"] = E;
    out["max_abs_energy_error"] = maxErr;
    out["final"] = {{"t", s.t}, {"x", vecJson(s.x)}, {"R", rowJson(s.R)}, {"gamma", vecJson(s.gamma)}, {"Pi", vecJson(s.Pi)}};
    out["impact_times"] = impactTimes;
    out["status"] = status;
    out["status_message"] = sim.statusMessage();
    out["wall_seconds"] = wall;
    std::cout << out.dump() << "\n";
  } else {
    std::printf("case %s: %lld steps of h = %g, t = %.6f\n", def.caseName.empty() ? "(config)" : def.caseName.c_str(), done, def.integrator.h, s.t);
    std::printf("impacts            %lld\n", sim.totalImpacts());
    std::printf("energy initial     %.17g\n", E0);
    std::printf("energy final       %.17g\n", E);
    std::printf("max |E - E0| / E0  %.3e\n", maxErr / std::abs(E0));
    std::printf("x                  (%.12g, %.12g, %.12g)\n", s.x.x(), s.x.y(), s.x.z());
    std::printf("status             %s %s\n", status, sim.statusMessage().c_str());
    std::printf("wall time          %.3f s\n", wall);
  }
  return sim.status() == StepStatus::NewtonFailed ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const Usage& e) {
    std::cerr << "lgvci: " << e.what() << "\n";
    return 2;
  } catch (const lgvci::InvalidInput& e) {
    std::cerr << "lgvci: invalid input: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "lgvci: " << e.what() << "\n";
    return 2;
  }
}
