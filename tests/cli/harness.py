"""What every black-box CLI test shares: the binary from argv[1], running it, counting checks, and the
closing "N passed, N failed" line with the exit code."""
import os
import subprocess
import sys
import tempfile

LGVCI = sys.argv[1]
TMP = tempfile.mkdtemp()
_counts = {"passed": 0, "failed": 0}


# The program's environment without LGVCI_PROGRESS (docs/cli.md "Long runs"): its lines on stderr are
# asked for by the tests that check them, never inherited from the shell.
ENV = {k: v for k, v in os.environ.items() if k != "LGVCI_PROGRESS"}


def run(*args, timeout=120, env=None):
    return subprocess.run([LGVCI, *args], capture_output=True, text=True, timeout=timeout, env={**ENV, **(env or {})})


def check(name, cond, detail=""):
    if cond:
        _counts["passed"] += 1
    else:
        _counts["failed"] += 1
        print(f"FAIL {name}: {detail}")


def finish(suite):
    print(f"{suite}: {_counts['passed']} passed, {_counts['failed']} failed")
    sys.exit(1 if _counts["failed"] else 0)
