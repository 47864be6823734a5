// The Simulation façade: record layouts, FNV-1a 64 state hashes, and creation from JSON by model.
#include "lgvci/core/simulation.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include <Eigen/SVD>
#include <nlohmann/json.hpp>

#include "lgvci/core/extensions.hpp"
#include "lgvci/core/record_schema.hpp"
#include "lgvci/core/types.hpp"

#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/portable_math.hpp"
#include "lgvci/core/text.hpp"

namespace lgvci {

RecordLayout& RecordLayout::add(const std::string& name, int n, bool csv, bool matrix) {
  RecordField f;
  f.name = name;
  f.offset = size;
  f.size = n;
  if (csv) {
    if (n == 1) {
      f.columns.push_back(name);
    } else if (matrix) {
      for (int r = 1; r <= 3; ++r)
        for (int c = 1; c <= 3; ++c) f.columns.push_back(name + std::to_string(r) + std::to_string(c));
    } else {
      for (int i = 1; i <= n; ++i) f.columns.push_back(name + std::to_string(i));
    }
  }
  fields.push_back(std::move(f));
  size += n;
  return *this;
}

RecordLayout& RecordLayout::unhashed() {
  fields.back().hashed = false;
  return *this;
}

const RecordField& RecordLayout::field(const std::string& name) const {
  for (const auto& f : fields)
    if (f.name == name) return f;
  throw std::out_of_range("no record field '" + name + "'");
}

const RecordField* RecordLayout::find(const std::string& name) const {
  for (const auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

std::vector<std::string> RecordLayout::csvColumns() const {
  std::vector<std::string> cols;
  for (const auto& f : fields) cols.insert(cols.end(), f.columns.begin(), f.columns.end());
  return cols;
}

std::string RecordLayout::toJson() const {
  nlohmann::json j;
  j["size"] = size;
  j["fields"] = nlohmann::json::array();
  for (const auto& f : fields)
    j["fields"].push_back({{"name", f.name}, {"offset", f.offset}, {"size", f.size}, {"columns", f.columns}});
  j["csv_columns"] = csvColumns();
  return j.dump();
}

const RecordSchema<ImpactEvent>& impactSchema() {
  using E = const ImpactEvent&;
  constexpr FieldUse csv = FieldUse::Csv;
  static const RecordSchema<ImpactEvent> schema =
      RecordSchema<ImpactEvent>()
          .scalar("t", csv, [](E e, double* o) { o[0] = e.t; })
          .scalar("lambda", csv, [](E e, double* o) { o[0] = e.lambda; })
          .field("point", 3, csv, [](E e, double* o) { put(o, e.point); });
  return schema;
}

const RecordLayout& impactLayout() { return impactSchema().layout(); }

const RecordLayout& Simulation::impactLayout() const { return impactSchema().layout(); }

void Simulation::writeImpactRecord(const ImpactEvent& e, double* out) const { impactSchema().write(e, out); }

void writeImpactRecord(const ImpactEvent& e, double* out) { impactSchema().write(e, out); }

void applyPerturbation(const RecordLayout& layout, const Perturbation& p, double delta, double* record) {
  const RecordField& f = layout.field(p.field);
  if (p.op == Perturbation::Op::Shift) {
    if (p.component < 0 || p.component >= f.size) throw std::out_of_range("perturbation '" + p.name + "': no entry " + std::to_string(p.component));
    record[f.offset + p.component] += delta;
    return;
  }
  if (f.size != 9 || p.component < 0 || p.component > 2) throw std::out_of_range("perturbation '" + p.name + "': not a 3x3 field's axis");
  double s = 0.0, c = 1.0;
  pmath::sincos(delta, s, c);
  // R_axis(δ), row-major: the rotation by δ about body axis `component`.
  double T[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  const int i = (p.component + 1) % 3, j = (p.component + 2) % 3;  // the plane it turns: (i, j) cyclic after the axis
  T[3 * i + i] = c, T[3 * i + j] = -s, T[3 * j + i] = s, T[3 * j + j] = c;
  double* R = record + f.offset;
  double R0[9];
  for (int k = 0; k < 9; ++k) R0[k] = R[k];
  for (int r = 0; r < 3; ++r)
    for (int col = 0; col < 3; ++col) {
      double sum = 0.0;  // R0 · R_axis(δ), summed in m order
      for (int m = 0; m < 3; ++m) sum += R0[3 * r + m] * T[3 * m + col];
      R[3 * r + col] = sum;
    }
}

void requireRecordSize(const RecordLayout& layout, std::size_t size) {
  if (size != static_cast<std::size_t>(layout.size))
    throw InvalidInput("record", "must have " + std::to_string(layout.size) + " numbers (this run's layout), got " + std::to_string(size));
}

InvalidInput asRecordField(const InvalidInput& e, const std::vector<std::pair<std::string, std::string>>& configToRecord) {
  const std::string& f = e.field();
  const std::string rule = std::string(e.what()).substr(f.size() + 2);
  for (const auto& [config, record] : configToRecord)
    if (f.compare(0, config.size(), config) == 0 && (f.size() == config.size() || f[config.size()] == '['))
      return InvalidInput(record + f.substr(config.size()), rule);
  return e;
}

std::vector<std::string> Simulation::stateFields() const {
  std::vector<std::string> out{"t"};
  if (const FamilyInfo* f = findFamily(info().family))
    for (const ReversalField& r : f->reversal) out.push_back(r.field);
  return out;
}

std::vector<Perturbation> Simulation::perturbations() const {
  std::vector<Perturbation> out;
  const FamilyInfo* family = findFamily(info().family);
  if (!family) return out;
  const RecordLayout& L = layout();
  for (const ReversalField& r : family->reversal) {
    const RecordField& f = L.field(r.field);
    if (r.kind == ReversalField::Kind::Rotation) {
      for (int axis = 0; axis < 3; ++axis)
        out.push_back({r.field + std::to_string(axis + 1), "turn " + r.field + " about its body axis " + std::to_string(axis + 1),
                       r.field, axis, Perturbation::Op::Turn});
      continue;
    }
    for (int i = 0; i < f.size; ++i) {
      const std::string name = f.size == 1 ? r.field : r.field + std::to_string(i + 1);
      out.push_back({name, "shift " + name, r.field, i, Perturbation::Op::Shift});
    }
  }
  return out;
}

Perturbation Simulation::perturbation(const std::string& name) const {
  const std::vector<Perturbation> all = perturbations();
  std::string names;
  for (const Perturbation& p : all) {
    if (p.name == name) return p;
    names += (names.empty() ? "" : ", ") + p.name;
  }
  throw InvalidInput("kind", "must be one of " + (names.empty() ? std::string("(none: the family declares no state fields)") : names) +
                                 " (got '" + printable(name) + "')");
}

std::unique_ptr<Simulation> Simulation::perturbedStart(const Perturbation& p, double delta) const {
  if (!std::isfinite(delta)) throw InvalidInput("delta", "must be a finite number");
  std::unique_ptr<Simulation> run = clone();
  run->reset();
  std::vector<double> rec = run->record();
  applyPerturbation(run->layout(), p, delta, rec.data());
  run->setState(rec);
  return run;
}

int CounterLayout::index(const std::string& name) const {
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (fields[i].name == name) return static_cast<int>(i);
  throw std::out_of_range("no run counter '" + name + "'");
}

const Extension* Simulation::findExtension(const std::type_info&) const { return nullptr; }

long long Simulation::counter(const std::string& name) const {
  const FamilyCounters* c = extension<FamilyCounters>();
  if (!c) throw std::out_of_range("no run counter '" + name + "'");
  const int k = c->counterLayout().index(name);
  std::vector<double> values(static_cast<std::size_t>(c->counterLayout().size()));
  c->writeCounters(values.data());
  return static_cast<long long>(values[static_cast<std::size_t>(k)]);
}

std::vector<double> Simulation::record() const {
  std::vector<double> r(static_cast<size_t>(layout().size));
  writeRecord(r.data());
  return r;
}

std::uint64_t fnv1a64(const void* data, std::size_t bytes, std::uint64_t seed) {
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint64_t h = seed;
  for (std::size_t i = 0; i < bytes; ++i) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  return h;
}

std::uint64_t Simulation::stateHash() const {
  const std::vector<double> r = record();
  // Hash the IEEE 754 bits byte by byte, least significant first, whatever the host's byte order.
  std::uint64_t h = 14695981039346656037ull;
  for (const RecordField& f : layout().fields) {
    if (!f.hashed) continue;
    for (int k = f.offset; k < f.offset + f.size; ++k) {
    const double v = r[static_cast<size_t>(k)];
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    unsigned char b[8];
    for (int i = 0; i < 8; ++i) b[i] = static_cast<unsigned char>(bits >> (8 * i));
    h = fnv1a64(b, 8, h);
    }
  }
  return h;
}

std::string Simulation::stateHashHex() const {
  char buf[19];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(stateHash()));
  return buf;
}

std::vector<ReturnDistance> reversalDistances(const Simulation& sim, const std::vector<double>& start) {
  const RecordLayout& l = sim.layout();
  if (start.size() != static_cast<size_t>(l.size)) throw std::invalid_argument("reversalDistances: start is not a record of this simulation");
  const std::vector<double> now = sim.record();
  // sign −1: a configuration (compare x with x0); +1: a momentum (compare γ with −γ0).
  auto vecDistance = [&](const char* name, double sign) {
    const RecordField& f = l.field(name);
    double s2 = 0.0;
    for (int i = f.offset; i < f.offset + f.size; ++i) {
      const double d = now[static_cast<size_t>(i)] + sign * start[static_cast<size_t>(i)];
      s2 += d * d;
    }
    return ReturnDistance{name, std::sqrt(s2)};
  };
  const std::string name = sim.info().family;
  const FamilyInfo* family = findFamily(name);
  if (!family) throw std::invalid_argument("reversalDistances: family '" + name + "' is not registered");
  std::vector<ReturnDistance> out;
  for (const ReversalField& r : family->reversal) {
    if (r.kind != ReversalField::Kind::Rotation) {
      out.push_back(vecDistance(r.field.c_str(), r.kind == ReversalField::Kind::Momentum ? 1.0 : -1.0));
      continue;
    }
    const RecordField& f = l.field(r.field);
    Mat3 D;
    for (int i = 0; i < 3; ++i)
      for (int c = 0; c < 3; ++c) {
        const size_t k = static_cast<size_t>(f.offset + 3 * i + c);
        D(i, c) = now[k] - start[k];
      }
    out.push_back({r.field, Eigen::JacobiSVD<Mat3>(D).singularValues()(0)});  // ‖R − R0‖₂
  }
  return out;
}

ReverseCheck runReverseCheck(Simulation& sim, long long steps) {
  ReverseCheck c;
  c.steps = steps;
  const std::vector<double> start = sim.record();
  const double E0 = sim.energies().energy;  // the start's energy, E(start)
  const long long impacts0 = sim.runStatus().impacts;
  for (long long k = 0; k < steps && !sim.runStatus().halted; ++k) sim.step();
  const long long impacts1 = sim.runStatus().impacts;
  sim.reverseMomenta();
  for (long long k = 0; k < steps && !sim.runStatus().halted; ++k) sim.step();
  c.impactsForward = impacts1 - impacts0;
  c.impactsBack = sim.runStatus().impacts - impacts1;
  c.energyError = std::abs(sim.energies().energy - E0);
  c.distances = reversalDistances(sim, start);
  c.status = sim.runStatus().status;  // the last step's
  return c;
}

std::string reverseCheckJson(const ReverseCheck& c) {
  nlohmann::json j;
  j["steps"] = c.steps;
  for (const ReturnDistance& d : c.distances) j[d.name] = d.value;
  j["impacts_forward"] = c.impactsForward;
  j["impacts_back"] = c.impactsBack;
  j["energy_error"] = c.energyError;
  j["status"] = statusName(c.status);
  return j.dump();
}

namespace {

// "[json.exception.type_error.302] type must be number, but is string" → "type must be number, but is string".
std::string libraryDetail(const std::string& what) {
  const size_t bracket = what.find("] ");
  return printable(what.rfind("[json.exception.", 0) == 0 && bracket != std::string::npos ? what.substr(bracket + 2) : what);
}

}  // namespace

SimulationResult createSimulation(const std::string& json) {
  SimulationResult r;
  try {
    const ConfigDocument config(json);  // one bounded scan and one parse for the whole create
    r.simulation = familyOfConfig(config).create(config);
  } catch (const InvalidInput& e) {
    r.error = {e.field(), e.what()};
  } catch (const nlohmann::json::exception& e) {  // a case the checks above missed: our words, not the library's
    r.error = {"config", "config: could not be read (" + libraryDetail(e.what()) + ")"};
  } catch (const std::exception& e) {  // e.g. std::bad_alloc: still a value, never a throw across the boundary
    r.error = {"config", std::string("config: ") + printable(e.what())};
  }
  return r;
}

SimulationResult withField(const Simulation& sim, const std::string& path, double value) {
  SimulationResult r;
  try {
    const FamilyInfo* family = findFamily(sim.info().family);
    if (!family) throw InvalidInput("config", "the family '" + printable(sim.info().family) + "' is not registered");
    const ConfigField* row = family->schema.find(path);
    if (!row || (row->type != ConfigField::Type::Number && row->type != ConfigField::Type::Integer) || !row->whenKey.empty() ||
        path.find('[') != std::string::npos)
      throw InvalidInput(path, "is not a number row of the " + family->name + " config (lgvci --schema)");
    checkNumber(family->schema, path, value);  // the row's one rule
    if (const auto* typed = sim.extension<TypedFields>())
      if ((r.simulation = typed->withNumber(path, value))) return r;  // the def with the number set: no parse
    nlohmann::json config = nlohmann::json::parse(sim.configJson());
    nlohmann::json* at = &config;
    for (std::size_t from = 0;;) {  // "a.b": key b of object a
      const std::size_t dot = path.find('.', from);
      at = &(*at)[path.substr(from, dot == std::string::npos ? std::string::npos : dot - from)];
      if (dot == std::string::npos) break;
      from = dot + 1;
    }
    if (row->type == ConfigField::Type::Integer) {
      if (value != std::floor(value)) throw InvalidInput(path, concat("must be an integer (got ", value, ")"));
      *at = static_cast<long long>(value);
    } else {
      *at = value;
    }
    r.simulation = family->create(ConfigDocument(config.dump()));  // its family's factory, no routing by name
  } catch (const InvalidInput& e) {
    r.error = {e.field(), e.what()};
  } catch (const nlohmann::json::exception& e) {
    r.error = {"config", "config: could not be read (" + libraryDetail(e.what()) + ")"};
  } catch (const std::exception& e) {
    r.error = {"config", std::string("config: ") + printable(e.what())};
  }
  return r;
}

std::string presetJson(const std::string& name) {
  const FamilyInfo* f = familyOfPreset(name);
  if (!f) {
    std::string names;
    for (const std::string& p : presetNames()) names += (names.empty() ? "" : ", ") + p;
    throw InvalidInput("case", "must be one of " + names + " (got '" + printable(name) + "')");
  }
  return f->presetJson(name);
}

const Capabilities& Simulation::capabilities() const {
  static const Capabilities none;
  const FamilyInfo* f = findFamily(info().family);
  return f ? f->capabilities : none;
}

}  // namespace lgvci
