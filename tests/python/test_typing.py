"""The package's type stubs checked by mypy (Debian's, for /usr/bin/python3; scripts/setup.sh installs
it): the package itself (reproduce.py included) type-checks, a script using every call as docs/python.md
shows type-checks, and the same calls with wrong types are each reported, so the stubs are precise
rather than Any (docs/python.md "Types")."""
import os
import re
import shutil
import subprocess
import tempfile
import textwrap
import unittest

import lgvci

# mypy reads the package from a folder of its own: the package's parent is site-packages when it is
# installed (scripts/python.sh), and there mypy_extensions and the like shadow mypy's own modules.
PACKAGE_COPY = tempfile.TemporaryDirectory(prefix="lgvci-package-")
shutil.copytree(os.path.dirname(os.path.abspath(lgvci.__file__)), os.path.join(PACKAGE_COPY.name, "lgvci"),
                ignore=shutil.ignore_patterns("*.so", "__pycache__"))
PACKAGE_ROOT = PACKAGE_COPY.name
MYPY = ["/usr/bin/python3", "-m", "mypy", "--no-error-summary"]
CACHE = tempfile.TemporaryDirectory(prefix="lgvci-mypy-")  # numpy's stubs analysed once for the three runs

GOOD = """
import numpy as np
import numpy.typing as npt
from typing import Any, Dict, List
import lgvci

sim: lgvci.Simulation = lgvci.Simulation({"case": "particle"})
n: int = sim.step(100)
rec: npt.NDArray[np.float64] = sim.record()
rows: npt.NDArray[np.void] = sim.impact_records()
twin: lgvci.Simulation = sim.clone()
sim.set_state(rec)
sim.set_state({"q": [0.0, 1.0]})
system: lgvci.System = lgvci.System({"case": "particle"})
run: lgvci.Simulation = system.new_run(kind="y", delta=1e-3)
start: npt.NDArray[np.float64] = system.start_record()
out: Dict[str, Any] = lgvci.run_batch({"case": "particle"}, np.stack([start, start]), 10, threads=2)
names: List[str] = lgvci.presets()
t: float = sim.time
halted: bool = sim.halted
result: lgvci.Run = lgvci.run({"case": "particle"}, 10)
columns: npt.NDArray[np.float64] = result["q1"]
config: Dict[str, Any] = result.config
figure = lgvci.plot(result, sim.impact_records())
figure2 = lgvci.plot(dict(result), config={"case": "particle"})
from lgvci import notebook
notebook.MAX_FRAMES = 12
part: notebook.FamilyPart = notebook.family_parts()[sim.family]
html: str = notebook.run_html(result, result.config, frames=8)
"""

# Each line a wrong use the stubs must refuse.
BAD = [
    'lgvci.Simulation({"case": "particle"}).step("10")',
    'x: str = lgvci.Simulation({"case": "particle"}).energy()',
    'lgvci.run_batch({"case": "particle"}, [[0.0]], 10, threads="2")',
    'y: int = lgvci.System({"case": "particle"}).family',
    'lgvci.Simulation({"case": "particle"}).perturbed_start(1, 0.1)',
    'z: bool = lgvci.Simulation({"case": "particle"}).impact_records()',
    'c: str = lgvci.run({"case": "particle"}, 1).config',
    'lgvci.plot(lgvci.run({"case": "particle"}, 1), impacts="all")',
    'from lgvci.notebook import MAX_FRAMES as most; many: str = most',
    'from lgvci.notebook import animation_html; animation_html({"case": "IV"}, {}, frames="all")',
]


def mypy(*args):
    env = dict(os.environ, MYPYPATH=PACKAGE_ROOT)
    return subprocess.run([*MYPY, f"--cache-dir={CACHE.name}", *args], capture_output=True, text=True, env=env, timeout=600)


class Typing(unittest.TestCase):
    def test_the_package_type_checks(self):
        p = mypy("-p", "lgvci")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)

    def test_the_documented_calls_type_check_and_wrong_types_are_each_reported(self):
        with tempfile.TemporaryDirectory() as d:
            good = os.path.join(d, "good.py")
            with open(good, "w") as f:
                f.write(textwrap.dedent(GOOD))
            p = mypy(good)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            bad = os.path.join(d, "bad.py")
            with open(bad, "w") as f:
                f.write("import lgvci\n" + "\n".join(BAD) + "\n")
            p = mypy(bad)
            lines = {int(m.group(1)) for m in re.finditer(r"bad\.py:(\d+): error", p.stdout)}
            self.assertEqual(lines, set(range(2, 2 + len(BAD))), p.stdout + p.stderr)


if __name__ == "__main__":
    unittest.main()
