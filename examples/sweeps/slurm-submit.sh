#!/usr/bin/env bash
# Submits the sweep's array (slurm.sbatch, one shard per task) and a merge job that runs when every
# task has succeeded, writing merged.json (docs/sweeps.md "Slurm"). Arguments go to the array's sbatch
# (e.g. --array=1-10 with LGVCI_SHARDS=10); LGVCI, LGVCI_SWEEP and LGVCI_SHARDS reach the jobs through
# the environment sbatch exports.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LGVCI=${LGVCI:-lgvci}
jobid=$(sbatch --parsable "$@" "$here/slurm.sbatch")
sbatch --dependency="afterok:${jobid%%;*}" --job-name=lgvci-merge --output=lgvci-merge-%j.log \
  --wrap "$(printf '%q' "$LGVCI") merge parts/part-*.json --json > merged.json"
echo "slurm-submit.sh: array $jobid, then the merge into merged.json"
