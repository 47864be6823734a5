#!/usr/bin/env bash
# A sweep sharded over GNU parallel, then merged (docs/sweeps.md "GNU parallel").
#
#   examples/sweeps/parallel.sh SHARDS OUTDIR [SWEEP OPTIONS...]
#
# runs `lgvci SWEEP OPTIONS --shard i/SHARDS --threads 1 --json > OUTDIR/part-i.json` for i = 1..SHARDS,
# one job per core (GNU parallel's default; add hosts with PARALLEL="--sshlogin host1,host2"), then
# `lgvci merge OUTDIR/part-*.json --json > OUTDIR/merged.json`: the same bytes as the unsharded run.
# Without SWEEP OPTIONS, the 10^6-member sweep of the docs: Case IV, 100 restitutions in [0, 1],
# 10^4 members each, 1000 steps. The binary is $LGVCI (default: lgvci on PATH).
set -euo pipefail
if (($# < 2)); then
  echo "usage: $0 SHARDS OUTDIR [SWEEP OPTIONS...]" >&2
  exit 2
fi
shards=$1 out=$2
shift 2
(($# > 0)) || set -- --case IV --sweep restitution=0:1:100 --ensemble 10000 --steps 1000 --samples 10
LGVCI=${LGVCI:-lgvci}
mkdir -p "$out"
rm -f "$out"/part-*.json "$out/merged.json"
# The command as one shell string, every word quoted; parallel replaces {} by the shard number and
# runs the redirection in the job's shell. --halt: the first shard that fails stops the run.
cmd="$(printf '%q ' "$LGVCI" "$@") --threads 1 --json --shard {}/$shards > $(printf '%q' "$out")/part-{}.json"
parallel --will-cite --halt now,fail=1 "$cmd" ::: $(seq 1 "$shards")
"$LGVCI" merge "$out"/part-*.json --json > "$out/merged.json"
echo "parallel.sh: $shards parts merged into $out/merged.json"
