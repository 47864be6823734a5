#!/usr/bin/env python3
"""Checks the example notebook after `jupyter nbconvert --execute` and its HTML export (docs/python.md
"Notebooks"; scripts/test.sh's stage "notebook"):

- every code cell ran, in order, with no error output and no traceback on stderr;
- the Simulation's cells show its view (text/html with an inline PNG), the run's cell its motion (the
  player with MAX_FRAMES embedded PNG frames, or one per row of a shorter run) and the plot cell a PNG;
- the impacts were read as a structured array (the printed field names hold "t" and "point");
- the particle's run tangent map from its steps' exact Jacobians has det 1 and is symplectic to 1e-9, the
  stadium's largest Lyapunov exponent is above 0.1;
- no output of lgvci holds an address outside the document (the same rule as tests/python/test_notebook.py);
- the exported HTML keeps every view (the pictures and the frames, byte for byte as in the notebook) and
  fetches nothing that the same notebook without outputs does not (nbconvert's own template).

Run: check_notebook.py EXECUTED.ipynb EXPORTED.html EXPORTED-WITHOUT-OUTPUTS.html
"""
import re
import sys

import nbformat

EXTERNAL = re.compile(r'''(?:src|href)\s*=\s*["'](?!data:|#)|url\(\s*["']?(?!data:)|https?://''', re.I)
PNG = re.compile(r'data:image/png;base64,([A-Za-z0-9+/=]{200,})')
FRAME = re.compile(r'frames\[\d+\] = "data:image/png;base64,')
ADDRESS = re.compile(r'''(?:src|href)\s*=\s*["']((?:https?:)?//[^"']+)''', re.I)


def main(executed, exported, empty):
    problems = []
    nb = nbformat.read(executed, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    counts = [c.get("execution_count") for c in code]
    if counts != list(range(1, len(code) + 1)):
        problems.append(f"the code cells did not all run in order: execution counts {counts}")
    html_outputs, pngs, frames, printed = [], [], 0, ""
    for n, cell in enumerate(code, 1):
        for out in cell.outputs:
            if out.output_type == "error":
                problems.append(f"cell {n}: error {out.get('ename')}: {out.get('evalue')}")
            if out.output_type == "stream":
                printed += out.text
                if out.name == "stderr" and "Traceback" in out.text:
                    problems.append(f"cell {n}: a traceback on stderr: {out.text[:300]}")
            data = out.get("data", {})
            if "text/html" in data:
                html = data["text/html"]
                html_outputs.append((n, html))
                found = EXTERNAL.search(html)
                if found:
                    problems.append(f"cell {n}: its HTML output fetches from outside: {html[max(0, found.start() - 60):found.end() + 60]!r}")
            if "image/png" in data:
                pngs.append(data["image/png"].replace("\n", ""))
    # The derivatives' cell: the run's tangent map symplectic to round-off, the stadium's spectrum chaotic.
    tangent = re.search(r"det (\S+) defect (\S+)", printed)
    if not tangent or abs(float(tangent.group(1)) - 1) > 1e-9 or float(tangent.group(2)) > 1e-9:
        problems.append(f"the particle's tangent map is not det 1 and symplectic to round-off: {tangent.group(0) if tangent else 'not printed'}")
    spectrum = re.search(r"Lyapunov exponents of the stadium: \[\s*(\S+)", printed)
    if not spectrum or not float(spectrum.group(1)) > 0.1:
        problems.append(f"the stadium's largest Lyapunov exponent is not above 0.1: {spectrum.group(0) if spectrum else 'not printed'}")
    states = [h for _, h in html_outputs if "lgvci-simulation" in h and PNG.search(h)]
    runs = [h for _, h in html_outputs if "lgvci-run" in h]
    if len(states) < 2:
        problems.append(f"expected the Simulation's view in two outputs (text/html with an inline PNG), found {len(states)}")
    if len(runs) != 1:
        problems.append(f"expected one run's motion (text/html of lgvci.Run), found {len(runs)}")
    else:
        frames = len(FRAME.findall(runs[0]))
        if frames != 40:  # lgvci.notebook.MAX_FRAMES of the notebook's 601 rows
            problems.append(f"the run's player holds {frames} frames, expected 40 (MAX_FRAMES)")
    if not pngs:
        problems.append("no image/png output: the plot cell shows no figure")
    if "'t'" not in printed or "'point'" not in printed:
        problems.append(f"the impact records' fields were not printed: {printed[:200]!r}")

    with open(exported, encoding="utf-8") as f:
        page = f.read()
    with open(empty, encoding="utf-8") as f:
        template = f.read()
    for picture in [m for _, h in html_outputs for m in PNG.findall(h)] + pngs:
        if picture not in page:
            problems.append("the exported HTML lost a picture of the notebook's outputs")
            break
    if runs and len(FRAME.findall(page)) != frames:
        problems.append(f"the exported HTML holds {len(FRAME.findall(page))} frames of the motion, the notebook {frames}")
    extra = set(ADDRESS.findall(page)) - set(ADDRESS.findall(template))
    if extra:
        problems.append(f"the exported HTML fetches what the template alone does not: {sorted(extra)}")

    for p in problems:
        print(f"check_notebook: {p}", file=sys.stderr)
    print(f"check_notebook: {len(code)} code cells; {len(states)} state views, {frames} frames of the motion, "
          f"{len(pngs)} plot(s); the HTML export ({len(page)} bytes) keeps them: "
          + ("ok" if not problems else f"{len(problems)} problem(s)"))
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
