#!/usr/bin/env python3
"""`lgvci --help` lists every flag the program takes, each with its description, and exactly the flags
docs/cli.md lists (its help listing, and every flag its text names): docs/cli.md "How the command line
is parsed". A flag declared without a text, one the docs name that the program does not take, or a
listing left stale fails here."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import check, finish, run  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
COLUMN = 23  # where each flag's text starts (cpp/cli/help.cpp)
FLAG = re.compile(r"^  (-{1,2}[A-Za-z][\w-]*)(?: (\S+))?")


def flags_of(lines):
    """{flag: (value name, description)} of the help lines that start with a flag."""
    out = {}
    for i, line in enumerate(lines):
        m = FLAG.match(line)
        if not m:
            continue
        text = line[COLUMN:].strip() if len(line) > COLUMN and line[COLUMN - 1] == " " else ""
        if not text and i + 1 < len(lines) and lines[i + 1].startswith(" " * COLUMN):  # the text on the next line
            text = lines[i + 1].strip()
        out[m.group(1)] = (m.group(2), text)
    return out


r = run("--help")
check("--help: exit 0, nothing on stderr", r.returncode == 0 and r.stderr == "", (r.returncode, r.stderr))
helped = flags_of(r.stdout.splitlines())
check("--help lists flags", len(helped) > 30 and "--case" in helped and "--help" in helped, sorted(helped))
for flag, (value, text) in helped.items():
    check(f"--help: {flag} has a description", len(text) > 5, text)
check("--help lists the merge subcommand", re.search(r"^  merge FILE\.\.\. \[--json\]$", r.stdout, re.M) is not None, r.stdout[-400:])

# Every listed flag is one the parser takes: with its value's name as the value it is never unknown.
for flag, (value, _) in helped.items():
    args = [flag] + ([value] if value and not value.startswith("[") else [])
    p = run(*args)
    check(f"{flag} is a flag the parser takes", "unknown option" not in p.stderr and p.returncode in (0, 2), (p.returncode, p.stderr))

# docs/cli.md: its listing (the --help figure) names exactly these flags, and every flag its text names
# (in `code`, not a cmake or other program's command) is one of them.
docs = open(os.path.join(ROOT, "docs", "cli.md"), encoding="utf-8").read()
figure = re.search(r"<!-- figure:cli-help -->\n```\n(.*?)```\n<!-- /figure -->", docs, re.S)
check("docs/cli.md has the --help listing", figure is not None)
if figure:
    listed = flags_of(figure.group(1).splitlines())
    check("docs/cli.md lists every flag --help lists", set(listed) == set(helped),
          (sorted(set(helped) - set(listed)), sorted(set(listed) - set(helped))))
    check("docs/cli.md's listing is the --help output", figure.group(1) == r.stdout, "python3 scripts/figures.py --only cli-help")
prose = re.sub(r"<!-- figure:cli-help -->.*?<!-- /figure -->", "", docs, flags=re.S)
named = set()
for span in re.findall(r"`([^`\n]+)`", prose):
    if re.match(r"\s*(cmake|python3|npm|ctest|git|scripts/)", span):
        continue
    named.update(re.findall(r"(?<![\w-])(--[A-Za-z][\w-]*)", span))
check("docs/cli.md names flags", {"--case", "--csv", "--json"} <= named, sorted(named))
named -= {"--flag", "--name", "--bogus"}  # the placeholders of "How the command line is parsed"
for flag in sorted(named):
    check(f"docs/cli.md's {flag} is in --help", flag in helped, flag)

# The parsing rules docs/cli.md states.
import json  # noqa: E402
a, b = run("--case", "IV", "--steps=5", "--json"), run("--case", "IV", "--steps", "5", "--json")
check("--steps=5 is --steps 5", a.returncode == 0 and json.loads(a.stdout)["state_hash"] == json.loads(b.stdout)["state_hash"]
      and json.loads(a.stdout)["steps"] == 5, (a.returncode, a.stderr))
r = run("--case", "IV", "--json=1")
check("a flag refuses a value", r.returncode == 2 and r.stderr == "lgvci: --json: takes no value\n" and r.stdout == "", r.stderr)
r = run("--case", "IV", "--steps")
check("a value missing at the end", r.returncode == 2 and r.stderr == "lgvci: --steps: missing value\n", r.stderr)
r = run("--case", "particle", "--q0", "-0.5,1", "--steps", "1", "--json")
check("a value may start with '-'", r.returncode == 0 and json.loads(r.stdout)["final"]["q"][0] < 0, (r.returncode, r.stderr))
r = run("--case", "IV", "--steps", "--json")
check("the next argument is the value", r.returncode == 2 and "--steps: expected an integer" in r.stderr and "'--json'" in r.stderr, r.stderr)
for args, first in ((["--steps", "x", "--h", "y"], "--steps"), (["--h", "y", "--steps", "x"], "--h")):
    r = run("--case", "IV", *args)
    check(f"the first bad value in command-line order: {first}", r.returncode == 2 and r.stderr.startswith("lgvci: " + first + ":"), r.stderr)
r = run("--schema", "billiard", "--bogus")
check("--schema acts where it stands", r.returncode == 0 and json.loads(r.stdout)["type"] == "object", (r.returncode, r.stderr))
r = run("--case", "IV", "--steps", "1", "--bogus", "--json")
check("an unknown option", r.returncode == 2 and r.stderr == "lgvci: unknown option '--bogus' (see --help)\n" and r.stdout == "", r.stderr)
r = run("merge", "--help")
check("merge --help", r.returncode == 0 and r.stdout.startswith("usage: lgvci merge FILE... [--json]") and "  --json" in r.stdout, r.stdout)
r = run("--json", "merge")
check("merge only as the first argument", r.returncode == 2 and "unknown option 'merge'" in r.stderr, r.stderr)

finish("help_cli_test")
