"""Notebooks (docs/python.md "Notebooks"): a Simulation and a run()'s result show themselves as
self-contained HTML (no address outside the document: the pictures inline, the player's icons as text)
holding the view of the state or the motion, and lgvci.plot(result) draws each family's plots from the
run's own numbers, for every preset of every family. Needs Debian's python3-matplotlib."""
import base64
import io
import re
import unittest

import numpy as np

import lgvci
from lgvci import notebook

try:
    from matplotlib.figure import Figure
    from matplotlib.image import imread
except ImportError:  # pragma: no cover - setup.sh and python.sh install python3-matplotlib
    Figure = None

PNG = re.compile(r'data:image/png;base64,([A-Za-z0-9+/=]+)')
# An address the document would fetch: a src/href that is not inline data or a fragment, a CSS url(),
# or any http(s) address at all (the player's CDN link must be gone).
EXTERNAL = re.compile(r'''(?:src|href)\s*=\s*["'](?!data:|#)|url\(\s*["']?(?!data:)|https?://''', re.I)


def pngs(html):
    return [base64.b64decode(m) for m in PNG.findall(html)]


def pixels(png):
    return imread(io.BytesIO(png), format="png")


def self_contained(test, html):
    found = EXTERNAL.search(html)
    test.assertIsNone(found, found and html[max(0, found.start() - 80):found.end() + 80])
    test.assertNotIn("<link", html)
    test.assertNotIn("<iframe", html)


@unittest.skipIf(Figure is None, "matplotlib (Debian's python3-matplotlib) is not installed")
class Notebook(unittest.TestCase):
    def test_every_registered_family_has_a_notebook_part(self):
        self.assertLessEqual(set(lgvci.families()), set(notebook.family_parts()))

    def test_a_simulation_shows_its_current_state(self):
        for name in lgvci.presets():
            with self.subTest(name):
                sim = lgvci.Simulation({"case": name})
                start = sim._repr_html_()
                self_contained(self, start)
                images = pngs(start)
                self.assertEqual(len(images), 1)
                w, h = (int(notebook.DPI * s) for s in notebook.FRAME_SIZE)
                self.assertEqual(pixels(images[0]).shape[:2], (h, w))
                self.assertIn(f"<td>{sim.steps}</td>", start)
                # The picture is of the state: the same state draws the same picture, a moved one another.
                self.assertEqual(pngs(lgvci.Simulation({"case": name})._repr_html_()), images)
                sim.step(200)
                moved = pngs(sim._repr_html_())[0]
                self.assertFalse(np.array_equal(pixels(moved), pixels(images[0])), "the view did not follow the state")

    def test_plot_draws_the_run_numbers_for_every_preset(self):
        for name in lgvci.presets():
            with self.subTest(name):
                result = lgvci.run({"case": name}, 300)
                self.assertEqual(result.config, lgvci.Simulation({"case": name}).config())
                sim = lgvci.Simulation({"case": name})
                sim.step(300)
                impacts = sim.impact_records()
                fig = lgvci.plot(result, impacts)
                self.assertIsInstance(fig, Figure)
                axes = [ax for ax in fig.axes if ax.get_visible()]
                titles = [ax.get_title() for ax in axes]
                self.assertEqual(titles[:2], ["energy error", "impacts"])
                self.assertGreater(len(titles), 2, "no plot of the family's own")
                e = result["E"]
                x, y = axes[0].lines[0].get_data()
                np.testing.assert_array_equal(x, result["t"])
                np.testing.assert_array_equal(y, (e - e[0]) / abs(e[0]))
                _, count = axes[1].lines[0].get_data()
                self.assertEqual(count[-1], result["summary"]["impacts"])
                if "s" in impacts.dtype.names:  # the billiard's bounce map: one point per bounce
                    bounce = axes[titles.index("bounce map")]
                    np.testing.assert_array_equal(bounce.collections[0].get_offsets(), np.column_stack([impacts["s"], impacts["p_t"]]))
                    self.assertNotIn("bounce map", [a.get_title() for a in lgvci.plot(result).axes if a.get_visible()])

    def test_the_family_plots(self):
        cases = {"IV": ["energies (Tran & Leok Fig. 7)", "height of the centre of mass", "body angular momentum"],
                 "slide": ["contact force"], "star": ["configuration q", "momenta p"],
                 "cradle": ["angles θᵢ", "angular velocities (Seghete & Murphey Fig. 3)"], "billiard-stadium": ["path"]}
        for name, want in cases.items():
            with self.subTest(name):
                titles = [ax.get_title() for ax in lgvci.plot(lgvci.run({"case": name}, 200)).axes if ax.get_visible()]
                for title in want:
                    self.assertIn(title, titles)
        # Case IV's height is the record's x3: the plotted line is the column.
        result = lgvci.run({"case": "IV"}, 200)
        fig = lgvci.plot(result)
        height = next(ax for ax in fig.axes if ax.get_title() == "height of the centre of mass")
        np.testing.assert_array_equal(height.lines[0].get_data()[1], result["x3"])
        energies = next(ax for ax in fig.axes if ax.get_title().startswith("energies"))
        for line, column in zip(energies.lines, ("E", "TPE", "RE")):  # T.E. = T.P.E. + R.E. (Fig. 7)
            np.testing.assert_array_equal(line.get_data()[1], result[column])
        self.assertNotIn("contact force", [ax.get_title() for ax in fig.axes])  # Case IV flies and bounces
        cradle = lgvci.run({"case": "cradle"}, 200)
        omega = next(ax for ax in lgvci.plot(cradle).axes if ax.get_title().startswith("angular velocities"))
        setup = cradle.config["cradle"]
        np.testing.assert_allclose(omega.lines[0].get_data()[1], cradle["p1"] / (setup["mass"] * setup["length"] ** 2), rtol=1e-15)
        with self.assertRaises(ValueError):
            lgvci.plot(dict(result))  # columns without their config
        self.assertEqual(len(lgvci.plot(dict(result), config={"case": "IV"}).axes), len(fig.axes))

    def test_a_run_shows_its_motion_within_the_frame_bound(self):
        saved = notebook.MAX_FRAMES
        notebook.MAX_FRAMES = 6
        try:
            for name in ("IV", "star", "cradle", "billiard-ellipse"):
                with self.subTest(name):
                    result = lgvci.run({"case": name}, 500)
                    html = result._repr_html_()
                    self_contained(self, html)
                    frames = re.findall(r'frames\[\d+\] = "data:image/png;base64,([A-Za-z0-9+/=\\\n]+)"', html)
                    self.assertEqual(len(frames), 6)
                    first, last = (base64.b64decode(f.replace("\\\n", "")) for f in (frames[0], frames[-1]))
                    self.assertFalse(np.array_equal(pixels(first), pixels(last)), "the frames do not move")
                    self.assertIn(f"{result['summary']['impacts']} impacts", html)
                    # the player's buttons still there, as text: Play and Pause
                    self.assertIn("▶", html)
                    self.assertIn("❚❚", html)
                    self.assertNotIn('class="fa', html)  # every icon of the font replaced
                    short = lgvci.run({"case": name}, 3)._repr_html_()
                    self.assertEqual(len(re.findall(r'frames\[\d+\] = "data:image/png', short)), 4)  # rows 0..3
        finally:
            notebook.MAX_FRAMES = saved

    def test_every_body_type_is_drawn_on_its_surface(self):
        from lgvci.family_parts.rigid_body import faces
        octahedron = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]]
        lens = [{"type": "ellipsoid", "semi_axes": [2, 1, 1]}, {"type": "ellipsoid", "semi_axes": [1, 2, 1]}]
        bodies = {"polyhedron": {"type": "polyhedron", "vertices": octahedron, "epsilon": 0.05},
                  "intersection": {"type": "intersection", "parts": lens},
                  "union": {"type": "union", "parts": [dict(lens[0], center=[0.5, 0, 0]), dict(lens[1], center=[-0.5, 0, 0])]},
                  "cube": {"type": "cube", "side": 2.0, "epsilon": 0.1}}
        for name, body in bodies.items():
            with self.subTest(name):
                polys = faces(body)
                self.assertGreater(len(polys), 0)
                corners = np.concatenate(polys)
                if name == "polyhedron":  # the hull's 8 triangles, their corners the vertices
                    self.assertEqual(len(polys), 8)
                    self.assertTrue(all(any(np.allclose(c, v) for v in octahedron) for c in corners))
                if name == "intersection":  # every face's centre inside both ellipsoids
                    for f in polys:
                        c = f.mean(axis=0)
                        self.assertLessEqual(max((c[0] / 2) ** 2 + c[1] ** 2, c[0] ** 2 + (c[1] / 2) ** 2) + c[2] ** 2, 1 + 1e-9)
                if name == "cube":  # the box of side s + 2ε
                    np.testing.assert_allclose(np.abs(corners).max(axis=0), [1.1, 1.1, 1.1])
                config = {"model": "rigid_body", "body": body, "x0": [0, 0, 5], "inertia": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}
                self_contained(self, lgvci.Simulation(config)._repr_html_())

    def test_a_run_after_set_state_replays_that_state(self):
        sim = lgvci.Simulation({"case": "particle"})
        sim.set_state({"q": [0.0, 2.0], "p": [1.0, 0.0]})
        result = lgvci.run(sim.config(), 100)
        np.testing.assert_array_equal([result["q1"][0], result["q2"][0]], [0.0, 2.0])
        sim.step(100)
        self.assertEqual(result["summary"]["state_hash"], sim.state_hash())


if __name__ == "__main__":
    unittest.main()
