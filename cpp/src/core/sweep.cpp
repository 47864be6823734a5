// Sweeps: axes → points → members (p, k), shards of the global ids and the parts with every member's
// result at full precision (docs/sweeps.md); the merge that reduces each point in member order is
// sweep_merge.cpp, what both use sweep_internal.hpp.
#include "lgvci/core/sweep.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <memory>

#include <nlohmann/json.hpp>

#include "lgvci/core/sha256.hpp"
#include "lgvci/core/json_bounds.hpp"
#include "lgvci/core/ensemble_threads.hpp"
#include "lgvci/core/interrupt.hpp"
#include "lgvci/core/family.hpp"
#include "lgvci/core/text.hpp"
#include "lgvci/version.hpp"
#include "sweep_internal.hpp"

namespace lgvci {

using namespace sweep_internal;

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (true) {  // every item, empty ones included: "1,2," has three
    const std::size_t at = s.find(sep, from);
    out.push_back(s.substr(from, at == std::string::npos ? std::string::npos : at - from));
    if (at == std::string::npos) return out;
    from = at + 1;
  }
}

double axisNumber(const std::string& item, const std::string& axis) {
  if (!isDecimalNumber(item))
    throw InvalidInput("sweep", "expected a decimal number, got '" + printable(item) + "' (in '" + printable(axis) + "')");
  const double v = std::strtod(item.c_str(), nullptr);  // correctly rounded
  if (!std::isfinite(v)) throw InvalidInput("sweep", "'" + printable(item) + "' is beyond the range of a double (in '" + printable(axis) + "')");
  return v;
}

}  // namespace

// ---- Axes and shards ----

std::vector<double> sweepRange(double a, double b, long long n) {
  if (n < 2 || n > kMaxSweepAxisPoints) throw InvalidInput("sweep", "a range's number of points must be an integer in [2, 1000000]");
  std::vector<double> v(static_cast<std::size_t>(n));
  const double span = b - a;
  const double gaps = static_cast<double>(n - 1);
  for (long long i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = a + (span * static_cast<double>(i)) / gaps;
  v.front() = a;
  v.back() = b;
  for (double x : v)
    if (!std::isfinite(x)) throw InvalidInput("sweep", "the range's points are not all finite numbers");
  return v;
}

SweepAxis parseSweepAxis(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw InvalidInput("sweep", "expected PATH=A:B:N or PATH=V1,V2,... (got '" + printable(text) + "')");
  SweepAxis axis;
  axis.path = text.substr(0, eq);
  for (const std::string& name : split(axis.path, '.'))
    if (name.empty() || name.size() > 64 || name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos)
      throw InvalidInput("sweep", "a path is config names (letters, digits, _) joined by '.', as 'plane.tilt' (got '" + printable(axis.path) + "')");
  const std::string spec = text.substr(eq + 1);
  if (spec.find(':') != std::string::npos) {
    const std::vector<std::string> parts = split(spec, ':');
    if (parts.size() != 3)
      throw InvalidInput("sweep", "a range is A:B:N, from A to B in N points (got '" + printable(text) + "')");
    const double a = axisNumber(parts[0], text), b = axisNumber(parts[1], text);
    if (!allDigits(parts[2], 7) || std::stoll(parts[2]) < 2 || std::stoll(parts[2]) > kMaxSweepAxisPoints)
      throw InvalidInput("sweep", "a range's number of points must be an integer in [2, 1000000] (got '" + printable(text) + "')");
    axis.values = sweepRange(a, b, std::stoll(parts[2]));
    return axis;
  }
  const std::vector<std::string> items = split(spec, ',');
  if (static_cast<long long>(items.size()) > kMaxSweepAxisPoints) throw InvalidInput("sweep", "at most 1000000 values per axis");
  for (const std::string& item : items) {
    if (item.empty()) throw InvalidInput("sweep", "expected comma-separated numbers after '=' (got '" + printable(text) + "')");
    axis.values.push_back(axisNumber(item, text));
  }
  return axis;
}

Shard parseShard(const std::string& text) {
  const std::size_t slash = text.find('/');
  const std::string rule = "expected i/N, 1 <= i <= N <= 1000000000, in decimal digits (got '" + printable(text) + "')";
  if (slash == std::string::npos) throw InvalidInput("shard", rule);
  const std::string i = text.substr(0, slash), n = text.substr(slash + 1);
  if (!allDigits(i, 10) || !allDigits(n, 10)) throw InvalidInput("shard", rule);
  Shard s{std::stoll(i), std::stoll(n)};
  if (s.index < 1 || s.count < 1 || s.index > s.count || s.count > kMaxSweepShards) throw InvalidInput("shard", rule);
  return s;
}

void validateSweep(const SweepSpec& spec) { requireAValidPoint(makePlan(spec), spec); }

std::string sweepPointConfig(const SweepSpec& spec, long long point) {
  const Plan plan = makePlan(spec);
  if (point < 0 || point >= plan.P) throw InvalidInput("point", "must be in [0, " + std::to_string(plan.P - 1) + "]");
  return pointConfig(plan, spec, point).dump();
}

// ---- A shard's part ----

std::string runSweepPart(const SweepSpec& spec, Shard shard, int threads) {
  const Plan plan = makePlan(spec);
  const std::string kind = requireAValidPoint(plan, spec);
  if (threads < 1 || threads > kMaxEnsembleThreads) throw InvalidInput("threads", "must be an integer in [1, 256]");
  if (shard.index < 1 || shard.count < 1 || shard.index > shard.count || shard.count > kMaxSweepShards)
    throw InvalidInput("shard", "expected i/N with 1 <= i <= N <= 1000000000");
  const long long T = plan.T, K = plan.K;
  const long long first = (shard.index - 1) * T / shard.count, end = shard.index * T / shard.count;  // ≤ 1e17: no overflow
  const long long p0 = first / K, p1 = end > first ? (end - 1) / K + 1 : p0;
  // What this process will hold (docs/sweeps.md "Bounds"): refused before anything runs, with the cut
  // that fits, rather than failing to allocate it.
  const long long samples = std::min<long long>(spec.ensemble.samples, spec.ensemble.steps) + 1;
  if (end - first > kMaxRunMembers || (end - first) * samples > kMaxRunSamples || p1 - p0 > kMaxRunPoints) {
    const long long perShard = std::min(kMaxRunMembers, kMaxRunSamples / samples);
    // A shard of ⌊T/N⌋ or ⌈T/N⌉ contiguous members touches at most P/N + 1 points.
    const long long need = std::max((T + perShard - 1) / perShard, (plan.P + kMaxRunPoints - 2) / (kMaxRunPoints - 1));
    const std::string size = std::to_string(end - first) + " members (" + std::to_string(p1 - p0) + " points) of " + std::to_string(samples) +
                             " samples of Err(t) each";
    const std::string bound = "one process holds at most " + std::to_string(kMaxRunMembers) + " members, " + std::to_string(kMaxRunSamples) +
                              " samples of Err(t) (about 2 GB) and " + std::to_string(kMaxRunPoints) + " points (about 1.5 GB)";
    if (shard.count == 1)
      throw InvalidInput("sweep", size + " are too many to run unsharded: " + bound + "; cut it with --shard i/N, N >= " + std::to_string(need) +
                                      ", and merge the parts (lgvci merge; docs/sweeps.md)");
    throw InvalidInput("shard", "shard " + std::to_string(shard.index) + "/" + std::to_string(shard.count) + " holds " + size + ": " + bound +
                                    "; cut the sweep into N >= " + std::to_string(need) + " shards");
  }

  // The points a batch at a time (their ensembles hold a start and a reference run each: a shard of
  // 10⁶ one-member points must not hold 10⁶ of them): each point's ensemble (its unperturbed reference
  // run) once, on the pool, then the batch's members, each into its own slot, so the part does not
  // depend on which thread ran what.
  struct PointRun {
    std::unique_ptr<Ensemble> ensemble;
    std::string error;
  };
  struct Slot {
    Stage stage = Stage::Ok;
    std::string message;
    MemberResult result;
  };
  std::vector<Slot> slots(static_cast<std::size_t>(end - first));
  std::string pts;  // the points' objects as text, one after the other (no tree of them all)
  Sha256 pointsHash, membersHash;  // for the part's digest
  const auto addPoint = [&](const json& entry) {
    const std::string text = entry.dump();
    pointsHash.update(text + "\n");
    pts += (pts.empty() ? "" : ",") + text;
  };
  const long long batch = std::min<long long>(4096, std::max<long long>(2LL * threads, (2048 + K - 1) / K));
  for (long long b0 = p0; b0 < p1; b0 += batch) {
    const long long b1 = std::min(p1, b0 + batch);
    std::vector<PointRun> points(static_cast<std::size_t>(b1 - b0));
    forEachOnThreads(b1 - b0, threads, [&](long long i) {
      EnsembleSpec e = spec.ensemble;
      e.kind = kind;
      e.config = pointConfig(plan, spec, b0 + i).dump();
      try {
        points[static_cast<std::size_t>(i)].ensemble = std::make_unique<Ensemble>(std::move(e), false);
      } catch (const InvalidInput& err) {  // the family's "field: rule" for the point's config, without the ensemble's "config: "
        const std::string what = err.what(), rest = what.substr(err.field().size() + 2);
        points[static_cast<std::size_t>(i)].error = err.field() == "config" && rest.find(": ") != std::string::npos ? rest : what;
      }
    });
    const long long g0 = std::max(first, b0 * K), g1 = std::min(end, b1 * K);
    forEachOnThreads(g1 - g0, threads, [&](long long i) {
      const long long g = g0 + i;
      const PointRun& pt = points[static_cast<std::size_t>(g / K - b0)];
      Slot& s = slots[static_cast<std::size_t>(g - first)];
      if (!pt.ensemble) {
        s.stage = Stage::Config;
        s.message = pt.error;
        return;
      }
      try {
        s.result = pt.ensemble->runMember(static_cast<int>(g % K));
      } catch (const InvalidInput& err) {
        s.stage = Stage::Start;
        s.message = err.what();
      }
    });
    for (long long p = b0; p < b1; ++p) {
      const PointRun& pt = points[static_cast<std::size_t>(p - b0)];
      if (!pt.ensemble) {
        addPoint({{"point", p}, {"error", pt.error}});
        continue;
      }
      const Ensemble& e = *pt.ensemble;
      const MemberResult& ref = e.reference();
      json t = json::array();
      for (double x : e.sampleTimes()) t.push_back(number(x));
      addPoint({{"point", p},
                     {"case", e.caseName().empty() ? json(nullptr) : json(e.caseName())},
                     {"h", e.h()},
                     {"t", t},
                     {"reference", {{"impacts", ref.impacts}, {"energy_error", number(ref.energyError)}, {"steps", ref.steps}, {"halted", ref.halted}}}});
    }
  }

  const json definition = definitionOf(plan, spec, kind);
  json out;
  out["provenance"] = provenanceOf(definition);
  out["sweep"] = definition;
  out["part"] = {{"shard", shard.index}, {"shards", shard.count}, {"first", first}, {"end", end}};
  // The points and then the members, written one at a time into the text (no tree of them all: a part
  // may hold 10⁵ members, or as many points).
  std::string text = out.dump();
  text.pop_back();  // the closing brace
  text += ",\"points\":[" + pts + "],\"members\":[";
  for (long long i = 0; i < end - first; ++i) {
    const long long g = first + i;
    const Slot& s = slots[static_cast<std::size_t>(i)];
    json m = s.stage == Stage::Ok ? memberJson(s.result)
                                  : json{{"failed", s.stage == Stage::Config ? "config" : "start"}, {"message", s.message}};
    m["point"] = g / K;
    m["member"] = g % K;
    const std::string entry = m.dump();
    membersHash.update(entry + "\n");
    if (i > 0) text += ',';
    text += entry;
  }
  text += "],\"digest\":" + json(partDigest(out["part"], out["provenance"], out["sweep"], pointsHash.hex(), membersHash.hex())).dump() + "}";
  return text;
}


std::string runSweep(const SweepSpec& spec, int threads) {
  return mergeSweepParts({runSweepPart(spec, Shard{}, threads)}, {"the run"});
}

std::string sweepSummaryText(const std::string& statisticsJson) {
  const json j = json::parse(statisticsJson);
  const json& d = j.at("sweep");
  std::string s;
  char line[512];
  std::snprintf(line, sizeof line, "sweep of %lld points x %lld %s-perturbed members (size %g, seed %llu), %lld steps; config hash %s\n",
                d.at("points").get<long long>(), d.at("members").get<long long>(), d.at("kind").get<std::string>().c_str(),
                d.at("size").get<double>(), d.at("seed").get<unsigned long long>(), d.at("steps").get<long long>(),
                j.at("provenance").at("config_hash").get<std::string>().c_str());
  s += line;
  for (const json& p : j.at("points")) {
    std::string values;
    for (const auto& item : p.at("values").items()) values += (values.empty() ? "" : " ") + item.key() + "=" + formatNumber(item.value().get<double>());
    if (p.at("members").get<long long>() == 0) {
      std::snprintf(line, sizeof line, "  %-28s no member ran (%lld failed)\n", values.c_str(), p.at("failed").get<long long>());
    } else {
      const json& im = p.at("impacts");
      const json& en = p.at("energy_error");
      std::snprintf(line, sizeof line, "  %-28s impacts median %g mean %.2f [%lld, %lld]; |E-E0|/|E0| median %.3e; halted %lld; failed %lld\n",
                    values.c_str(), im.at("median").get<double>(), im.at("mean").get<double>(), im.at("min").get<long long>(),
                    im.at("max").get<long long>(), en.at("median").is_null() ? kNaN : en.at("median").get<double>(),
                    p.at("halted").get<long long>(), p.at("failed").get<long long>());
    }
    s += line;
  }
  const json& f = j.at("failures");
  std::size_t shown = 0;
  for (const json& x : f) {
    if (++shown > 10) break;
    s += "  member " + std::to_string(x.at("member").get<long long>()) + " of point " + std::to_string(x.at("point").get<long long>()) + " " +
         x.at("stage").get<std::string>() + ": " + x.at("message").get<std::string>() + "\n";
  }
  if (f.size() > 10) s += "  ... and " + std::to_string(f.size() - 10) + " more failures (see --json)\n";
  return s;
}

}  // namespace lgvci
