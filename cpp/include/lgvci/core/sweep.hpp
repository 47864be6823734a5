// Sweeps (docs/sweeps.md): an ensemble (lgvci/core/ensemble.hpp) at every point of a grid of config
// values, run whole or in shards on many machines, whose merged statistics are the same bytes for any
// shard count and thread count.
//
// A sweep crosses axes — a numeric config path and its values, "restitution=0:1:11" (11 points from 0
// to 1) or "plane.tilt=0,0.1,0.2" — into points p = 0..P−1 (the last axis varies fastest), and runs K
// members at each. Member (p, k) is point p's config with the ensemble's perturbation size·u_k,
// u_k = memberOffset(seed, k): it depends on (p, k) and the sweep alone, never on the shard, the thread
// or the order of runs, and member k of every point has the same offset (common random numbers: the
// points differ by their values, not by their draws). Its global id is g = p·K + k; shard i of N
// (1 ≤ i ≤ N) runs the ids [⌊(i−1)·T/N⌋, ⌊i·T/N⌋), T = P·K.
//
// A part (one shard's output) lists every member's result with full precision and ends with its
// digest (SHA-256 of what it says); the merge reads each part within bounds, checks every field against
// what runSweepPart writes, the program version against its own and the digest, that the parts are one
// sweep, that no member is missing or given twice, and reduces each point's members in member order. The unsharded run is the merge of its one part, so the two are the same computation.
// Generic over families: any family whose capabilities declare ensembles.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lgvci/core/ensemble.hpp"

namespace lgvci {

inline constexpr long long kMaxSweepAxisPoints = 1000000;   // values of one axis
inline constexpr long long kMaxSweepPoints = 1000000;       // P, the product over the axes
inline constexpr long long kMaxSweepMembers = 100000000;    // T = P·K
inline constexpr long long kMaxSweepShards = 1000000000;    // N
inline constexpr long long kMaxSweepAxes = 256;             // axes crossed
/// What one process holds of a sweep's members while it runs a part (a shard, or the whole sweep):
/// at most 10⁶ members and 2·10⁷ samples of Err(t) (members × (samples + 1)), about 2 GB, and 2·10⁵
/// points (each point's statistics and output, measured ≈ 7.5 kB a point: 1.5 GB); a larger sweep is
/// refused with the number of shards it needs (docs/sweeps.md "Bounds").
inline constexpr long long kMaxRunMembers = 1000000;
inline constexpr long long kMaxRunSamples = 20000000;
inline constexpr long long kMaxRunPoints = 200000;

/// One axis: a config path ("plane.tilt"; an entry of a vector as "x0.2") and its values.
struct SweepAxis {
  std::string path;
  std::vector<double> values;
};

/// "PATH=A:B:N" (N ≥ 2 points from A to B inclusive) or "PATH=V1,V2,…" (decimal numbers); throws
/// InvalidInput("sweep", "<rule> (got '…')"). The path is checked against a config by SweepSpec.
SweepAxis parseSweepAxis(const std::string& text);

/// The N points of A:B:N: x_0 = A, x_{N−1} = B, x_i = A + ((B − A)·i)/(N − 1) otherwise — each from
/// i alone, no accumulated increments (0:1:11 gives the doubles nearest 0, 0.1, …, 1, exactly).
std::vector<double> sweepRange(double a, double b, long long n);

/// "i/N" with 1 ≤ i ≤ N ≤ 10⁹ in decimal digits; throws InvalidInput("shard", …).
struct Shard {
  long long index = 1, count = 1;
};
Shard parseShard(const std::string& text);

struct SweepSpec {
  std::string config;            // the base config (JSON text) the axes' values are written into
  std::vector<SweepAxis> axes;   // at least one
  EnsembleSpec ensemble;         // members (K, per point), kind, size, seed, steps, samples; its config is unused
};

/// Checks the spec: the ensemble's bounds, a base config of a family with ensembles (else
/// "config: a sweep perturbs …"), each path a number of that family's schema (or an entry of a
/// vector of it) and given once, P ≤ 10⁶ and P·K ≤ 10⁸, and at least one point whose config the
/// family accepts (else point 0's "field: rule … (at every point of the sweep)"). Throws InvalidInput.
void validateSweep(const SweepSpec& spec);

/// The config of point p (JSON text): the base with the axes' values merged in (RFC 7386, as the
/// CLI's options are). Not validated: a point may be refused by the family (e.g. restitution 2).
std::string sweepPointConfig(const SweepSpec& spec, long long point);

/// Shard `shard`'s members on `threads` threads (1..kMaxEnsembleThreads): the part, as JSON text
/// (docs/sweeps.md "Parts"). A member that cannot start (its point's config refused, its perturbed
/// start invalid) is listed with its message; one that halts keeps its result and its message. A
/// shard beyond kMaxRunMembers or kMaxRunSamples is refused (InvalidInput "shard", or "sweep" for the
/// whole sweep, with the number of shards it needs) before anything runs.
std::string runSweepPart(const SweepSpec& spec, Shard shard, int threads);

/// The statistics of a sweep from its parts (JSON texts; names for messages): per point the
/// ensemble's statistics (docs/ensembles.md) of its members in member order, and every failure by
/// (point, member) with its message. Throws InvalidInput("merge", "'name': field: rule") for a part
/// that is not what this program's runSweepPart writes (docs/sweeps.md "What the merge verifies": the
/// text's bounds, each field's type and range, unknown keys, the version, the digest), parts of
/// different sweeps or builds, a member given twice, or members missing.
std::string mergeSweepParts(const std::vector<std::string>& parts, const std::vector<std::string>& names);

/// mergeSweepParts of the files at `paths` (named by their paths), each streamed from its file as it is
/// parsed; InvalidInput("merge", "cannot read …").
std::string mergeSweepPartFiles(const std::vector<std::string>& paths);

/// A part given as text, or (path non-empty) as the file to stream it from; `name` names it in messages.
struct SweepPartSource {
  std::string text;
  std::string path;
  std::string name;
};
/// The merge of parts given either way (the Python module's: dicts and texts, and pathlib.Paths).
std::string mergeSweepSources(const std::vector<SweepPartSource>& parts);

/// The whole sweep: mergeSweepParts of runSweepPart(spec, 1/1, threads) — the same bytes as the
/// merge of any shards' parts.
std::string runSweep(const SweepSpec& spec, int threads);

/// A short table of merged statistics (one line per point) for the CLI's text output.
std::string sweepSummaryText(const std::string& statisticsJson);

}  // namespace lgvci
