#!/usr/bin/env python3
"""No family or case name in the core's code or comments (docs/architecture.md "How to add a family").

A model family lives in its package, families/<name>/; the core (cpp/: the library, the CLI, the
WebAssembly bindings), the Python module's bindings (python/src) and its notebook code
(python/lgvci/notebook.py, python/lgvci/family_parts/) are generic over the registry.
This test reads every source file there and fails on a line that names a family or a preset — in code
or in a comment — listing each. A reference to a docs page by its file name (docs/rigid-body.md) is a
citation, not a name, and is allowed; so is the generated registry in the build tree, which is not
read. Run: python3 tests/family_names_test.py [ROOT]
"""
import os
import re
import subprocess
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The generic notebook code (python/lgvci/notebook.py and the family_parts package that finds the
# families' own parts in families/<package>/python) too: it draws every family and names none.
SCOPE = ("cpp/", "python/src/", "python/lgvci/notebook.py", "python/lgvci/family_parts/")
EXTENSIONS = (".cpp", ".hpp", ".h", ".inc", ".ts", ".py")

# The built-in families and their presets (the design review's list): a word-bounded, case-blind
# match of the names, the quoted presets, and "Case I".."Case IV".
WORDS = r"rigid_body|rigid|particle|star|cradle|billiard|ellipse|stadium|rocking"
PRESETS = r"I|II|III|IV|rest|slide|rocking|billiard-ellipse|billiard-stadium"
PATTERN = re.compile(rf"\b({WORDS})\b|['\"]({PRESETS})['\"]|\bCase (I|II|III|IV)\b", re.IGNORECASE)
DOC_REFERENCE = re.compile(r"docs/[A-Za-z0-9_./-]+\.md")


def tracked_files():
    out = subprocess.run(["git", "-C", ROOT, "ls-files", *SCOPE], capture_output=True, text=True, check=True).stdout
    return [f for f in out.split() if f.endswith(EXTENSIONS)]


def findings():
    found = []
    for path in tracked_files():
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                m = PATTERN.search(DOC_REFERENCE.sub("", line))
                if m:
                    found.append(f"{path}:{number}: {m.group(0)!r}: {line.strip()}")
    return found


def self_check():
    """The pattern finds what it must and passes what it may (a test that cannot fail is no test)."""
    must = ["// the rigid body's x", "family == \"cradle\"", "case 'IV'", "Case III", "a Billiard table",
            "\"rest\"", "the ellipse"]
    may = ["docs/rigid-body.md \"Restitution\"", "a rigidity", "starts", "the stars' start", "restitution",
           "interest", "IVy"]
    for text in must:
        assert PATTERN.search(DOC_REFERENCE.sub("", text)), f"the pattern misses {text!r}"
    for text in may:
        assert not PATTERN.search(DOC_REFERENCE.sub("", text)), f"the pattern flags {text!r}"


if __name__ == "__main__":
    self_check()
    files = tracked_files()
    assert files, f"no source files under {SCOPE} in {ROOT}"
    found = findings()
    for line in found:
        print(line)
    print(f"family names: {len(found)} line(s) in {len(files)} files of {', '.join(SCOPE)} name a family or a case")
    sys.exit(1 if found else 0)
