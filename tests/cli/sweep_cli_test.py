#!/usr/bin/env python3
"""Black-box tests of `lgvci --sweep` and `lgvci merge` (docs/sweeps.md): each point's statistics equal
`lgvci --ensemble` run on that point's config, 4 shards (at 1 and 2 threads) merge to the unsharded
run's bytes, a range's values are the decimal literals, failing members are reported by (point,
member) with the message the CLI gives for that config, and the merge refuses what is not one sweep."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import TMP, check, finish, run  # noqa: E402

SWEEP = ["--case", "IV", "--sweep", "restitution=0.8,1", "--sweep", "x0.2=10,10.5", "--ensemble", "5", "--steps", "700",
         "--samples", "6", "--seed", "11"]


def write(name, text):
    path = os.path.join(TMP, name)
    with open(path, "w") as f:
        f.write(text)
    return path


whole = run(*SWEEP, "--json")
check("sweep exit", whole.returncode == 0, whole.stderr)
d = json.loads(whole.stdout)
check("4 points, the last axis fastest", [p["values"] for p in d["points"]] == [
    {"restitution": 0.8, "x0.2": 10.0}, {"restitution": 0.8, "x0.2": 10.5}, {"restitution": 1.0, "x0.2": 10.0},
    {"restitution": 1.0, "x0.2": 10.5}], d["points"])
check("provenance", set(d["provenance"]) >= {"program", "version", "compiler", "build_flags", "seed_rule", "config_hash"}, d["provenance"])
check("no failures", d["failures"] == [], d["failures"])

# Each point is `lgvci --ensemble` of its own config, the same members (u_k from the seed alone).
for p in d["points"]:
    v = p["values"]
    cfg = write(f"point{p['point']}.json", json.dumps({"case": "IV", "restitution": v["restitution"], "x0": [0, 0, v["x0.2"]]}))
    r = run("--config", cfg, "--ensemble", "5", "--steps", "700", "--samples", "6", "--seed", "11", "--json")
    e = json.loads(r.stdout)
    for key in ("impacts", "energy_error", "divergence", "halted", "reference"):
        check(f"point {p['point']} {key} = --ensemble's", p[key] == e[key], (p[key], e[key]))

# Shards: 4 parts, merged, are the unsharded bytes, at any thread count; the parts' order does not matter.
for threads in ("1", "2"):
    parts = []
    for i in range(1, 5):
        r = run(*SWEEP, "--shard", f"{i}/4", "--threads", threads, "--json")
        check(f"shard {i}/4 exit", r.returncode == 0, r.stderr)
        parts.append(write(f"part{i}-{threads}.json", r.stdout))
    m = run("merge", *reversed(parts), "--json")
    check(f"merge of 4 shards at {threads} threads = unsharded bytes", m.returncode == 0 and m.stdout == whole.stdout, m.stderr)
text = run("merge", *parts)
check("merge text summary", text.returncode == 0 and text.stdout.count("restitution=") == 4, text.stdout)

# A range's points are the decimal literals (computed from the index, not by adding 0.1 ten times).
r = run("--case", "IV", "--sweep", "restitution=0:1:11", "--steps", "1", "--samples", "1", "--json")
values = [p["values"]["restitution"] for p in json.loads(r.stdout)["points"]]
check("0:1:11 = 0, 0.1, ..., 1", values == [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0], values)

# A point the family refuses: each of its members reported by id with the CLI's message for that config.
bad = write("bad.json", json.dumps({"case": "IV", "restitution": 1.5}))
own = run("--config", bad, "--steps", "1").stderr.strip().removeprefix("lgvci: invalid input: ")
r = run("--case", "IV", "--sweep", "restitution=0.9,1.5", "--ensemble", "3", "--steps", "50", "--json")
f = json.loads(r.stdout)
check("a refused point does not stop the sweep", r.returncode == 0 and f["points"][0]["members"] == 3, r.stderr)
check("its members reported by id", [(x["point"], x["member"], x["stage"], x["message"]) for x in f["failures"]] ==
      [(1, k, "config", own) for k in range(3)], (f["failures"], own))

# The merge refuses parts that are not one sweep, exit 2 with "merge: ...".
other = write("other.json", run(*SWEEP[:-1], "12", "--shard", "2/4", "--json").stdout)
for args, message in [
    ([parts[0], parts[1], parts[1], parts[2], parts[3]], "is in two parts"),
    ([parts[0], parts[1], parts[3]], "members are missing"),
    ([parts[0], other, parts[2], parts[3]], "is from a different sweep or build"),
    ([write("notjson.json", "{")], "is not JSON"),
    ([write("notpart.json", whole.stdout)], "is not a sweep part"),
    ([os.path.join(TMP, "nonexistent.json")], "cannot read"),
]:
    r = run("merge", *args, "--json")
    check(f"merge refuses: {message}", r.returncode == 2 and "lgvci: invalid input: merge: " in r.stderr and message in r.stderr
          and r.stdout == "", (r.returncode, r.stderr))
r = run("merge")
check("merge without files", r.returncode == 2 and "give the parts" in r.stderr, r.stderr)

# What the merge verifies (docs/sweeps.md): a part nested 75,000 arrays deep (it crashed the merge),
# parts whose results or provenance were edited (they merged, exit 0), each refused naming the part
# and the field.
deep = write("deep.json", '{"part":{},"provenance":{},"points":[],"members":[],"sweep":' + "[" * 75000 + "]" * 75000 + "}")
r = run("merge", deep, "--json")
check("merge: a part 75,000 arrays deep is refused", r.returncode == 2 and "merge: '" + deep + "': sweep[0][0]" in r.stderr
      and "nesting deeper than 34 levels" in r.stderr, (r.returncode, r.stderr[:300]))
first = json.loads(open(parts[0]).read())


def edited(name, edit):
    j = json.loads(json.dumps(first))
    edit(j)
    return write(name, json.dumps(j))


for name, edit, message in [
    ("impacts999.json", lambda j: j["members"][0].update(impacts=999), "': digest: does not match the part's contents"),
    ("impacts-3.json", lambda j: j["members"][0].update(impacts=-3), "': members[0].impacts: must be an integer in [0, "),
    ("energy.json", lambda j: j["members"][0].update(energy_error=1e300), "': digest: does not match"),
    ("steps.json", lambda j: j["members"][0].update(steps=10**9), "': members[0].steps: must be an integer in [0, 10000000]"),
    ("refkey.json", lambda j: j["points"][0]["reference"].update(note="x"), "': points[0].reference.note: is not a key of a sweep part"),
    ("message.json", lambda j: j["members"].__setitem__(0, {"point": 0, "member": 0, "failed": "start", "message": "size: made up"}),
     "': digest: does not match"),
    ("version.json", lambda j: j["provenance"].update(version="9.9.9"), "': provenance.version: is \"9.9.9\", not this program's"),
]:
    r = run("merge", edited(name, edit), *parts[1:], "--json")
    check(f"merge refuses an edited part: {name}", r.returncode == 2 and message in r.stderr and r.stdout == "", (r.returncode, r.stderr[:300]))

# A sweep too large for one process is refused before it runs, with the shards it needs.
r = run("--case", "IV", "--sweep", "restitution=0:1:10000", "--ensemble", "10000", "--steps", "10", "--samples", "1", "--json")
check("an unsharded sweep of 10^8 members is refused with --shard", r.returncode == 2 and "too many to run unsharded" in r.stderr
      and "--shard i/N, N >= 100" in r.stderr, (r.returncode, r.stderr))
# Points count too (≈ 7.5 kB each, docs/sweeps.md "Bounds"): 10^6 one-member points would need ≈ 7.5 GB.
r = run("--case", "IV", "--sweep", "restitution=0:1:1000000", "--ensemble", "1", "--steps", "10", "--json")
check("an unsharded sweep of 10^6 one-member points is refused with --shard", r.returncode == 2 and "(1000000 points)" in r.stderr
      and "and 200000 points (about 1.5 GB)" in r.stderr and "--shard i/N, N >= 6," in r.stderr, (r.returncode, r.stderr))
r = run("--case", "IV", "--sweep", "restitution=0:1:1000000", "--ensemble", "1", "--steps", "10", "--shard", "1/4", "--json")
check("... a shard of 250000 of its points is refused too", r.returncode == 2 and r.stderr.startswith("lgvci: invalid input: shard: shard 1/4 holds 250000 members (250000 points)")
      and "cut the sweep into N >= 6 shards" in r.stderr, (r.returncode, r.stderr[:300]))

for args, message in [
    (["--sweep", "restitution"], "sweep: expected PATH=A:B:N or PATH=V1,V2,..."),
    (["--sweep", "restitution=0:1"], "sweep: a range is A:B:N"),
    (["--sweep", "nothing=1"], "sweep: 'nothing' is not a number of a rigid_body config"),
    (["--sweep", "restitution=2,3"], "lgvci: invalid input: restitution: must be in [0, 1] (at every point of the sweep)"),
    (["--sweep", "h=0.01", "--shard", "1/2"], "--shard: a shard's part is JSON: add --json"),
    (["--sweep", "h=0.01", "--shard", "0/2", "--json"], "shard: expected i/N"),
    (["--shard", "1/2", "--json"], "--shard: applies only with --sweep"),
    (["--sweep", "h=0.01", "--csv", "x.csv"], "--sweep: cannot be combined"),
    (["--sweep", "h=0.01", "--ensemble", "0"], "--ensemble: must be an integer in [1, 10000]"),
]:
    r = run("--case", "IV", *args, "--steps", "10")
    check(f"refused {args}", r.returncode == 2 and message in r.stderr and r.stdout == "", (r.returncode, r.stderr))
# A sweep over a generalized model's field (the cradle's gap): sharded parts merge into the unsharded
# statistics byte for byte, whatever the thread count.
SW = ["--case", "cradle", "--sweep", "cradle.gap=0:0.01:3", "--ensemble", "4", "--steps", "300", "--samples", "3", "--json"]
whole = run(*SW, "--threads", "1")
check("cradle sweep over cradle.gap", whole.returncode == 0, whole.stderr)
parts = []
for i in (1, 2, 3):
    r = run(*SW, "--shard", f"{i}/3", "--threads", "2")
    check(f"cradle sweep shard {i}/3", r.returncode == 0, r.stderr)
    path = os.path.join(TMP, f"cradle-part-{i}.json")
    with open(path, "w") as f:
        f.write(r.stdout)
    parts.append(path)
merged = run("merge", *parts, "--json")
check("cradle sweep: the merged shards equal the unsharded run", merged.returncode == 0 and json.loads(merged.stdout) == json.loads(whole.stdout),
      merged.stderr)
check("cradle sweep: the default kind is theta1", json.loads(whole.stdout)["sweep"]["kind"] == "theta1" if whole.returncode == 0 else False)

finish("sweep CLI")
