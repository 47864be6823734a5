"""The exact step Jacobians in Python (docs/jacobians.md): NumPy arrays per step and for the run.

The expected values are never the module's own Jacobian: the run's tangent map is checked against the
product of the steps' Jacobians of an identical run, against central differences of the step taken
through set_state (the chart of the generalized families is the record's (q, p) itself), and against
what a symplectic map keeps (det = 1, DᵀJD = J).
Run: PYTHONPATH=build/native/python python3 -m unittest tests/python/test_jacobian.py
"""
import unittest

import numpy as np

import lgvci


def symplectic_form(d):
    n = d // 2
    J = np.zeros((d, d))
    J[:n, n:] = np.eye(n)
    J[n:, :n] = -np.eye(n)
    return J


class StepJacobians(unittest.TestCase):
    def test_run_is_the_product_of_the_steps(self):
        a = lgvci.Simulation({"case": "star"})
        b = lgvci.Simulation({"case": "star"})
        steps = a.step_jacobians(700)
        self.assertEqual(steps.shape, (700, 6, 6))
        run = b.run_jacobian(700)
        self.assertEqual(run.shape, (6, 6))
        product = np.eye(6)
        for J in steps:
            product = J @ product
        self.assertGreater(a.impacts, 0)
        np.testing.assert_allclose(run, product, rtol=1e-12, atol=1e-12 * np.abs(run).max())
        self.assertEqual(a.state_hash(), b.state_hash())
        # The steps were taken as step() takes them: the same state as a plain run's.
        c = lgvci.Simulation({"case": "star"})
        c.step(700)
        self.assertEqual(c.state_hash(), a.state_hash())
        self.assertEqual(len(a.impact_records()), a.impacts)

    def test_symplectic_to_round_off_with_the_variational_jump(self):
        sim = lgvci.Simulation({"case": "billiard-stadium"})
        D = sim.run_jacobian(1000)
        self.assertGreater(sim.impacts, 2)
        self.assertAlmostEqual(np.linalg.det(D), 1.0, delta=1e-9)
        J = symplectic_form(4)
        self.assertLess(np.linalg.norm(D.T @ J @ D - J), 1e-12 * max(1.0, np.sum(D * D)))

    def test_impact_step_against_central_differences(self):
        sim = lgvci.Simulation({"case": "particle"})
        while True:  # to the step before the first impact
            probe = sim.clone()
            if probe.step(1) > 0:
                break
            sim.step(1)
        q, p = sim.field("q").copy(), sim.field("p").copy()
        z0 = np.concatenate([q, p])
        n = len(q)
        exact = sim.clone().step_jacobians(1)[0]
        diff = np.zeros((2 * n, 2 * n))
        delta = 1e-6
        for j in range(2 * n):
            ends = []
            for sign in (1, -1):
                run = sim.clone()
                z = z0.copy()
                z[j] += sign * delta * max(1.0, abs(z0[j]))
                run.set_state({"t": sim.time, "q": z[:n], "p": z[n:]})
                self.assertEqual(run.step(1), 1)
                ends.append(np.concatenate([run.field("q"), run.field("p")]))
            diff[:, j] = (ends[0] - ends[1]) / (2 * delta * max(1.0, abs(z0[j])))
        self.assertLess(np.abs(exact - diff).max() / np.abs(exact).max(), 1e-6)
        # The impact is in it: the normal momentum's response is not the flight's identity.
        self.assertLess(exact[3, 3], 0.0)

    def test_lyapunov_exponents(self):
        particle = lgvci.Simulation({"case": "particle"}).lyapunov_exponents(16000)
        stadium = lgvci.Simulation({"case": "billiard-stadium"}).lyapunov_exponents(20000)
        self.assertEqual(stadium.shape, (4,))
        self.assertGreater(stadium[0], 10 * particle[0])  # chaotic against integrable
        for spectrum in (particle, stadium):
            self.assertLess(abs(spectrum.sum()), 1e-10)  # log det / t = 0: symplectic
            self.assertTrue(np.all(np.diff(spectrum) <= 0))

    def test_coordinates_and_refusals(self):
        self.assertEqual(lgvci.Simulation({"case": "particle"}).jacobian_coordinates(), ["x", "y", "p_x", "p_y"])
        naive = lgvci.Simulation({"case": "particle", "integrator": "naive"})
        with self.assertRaisesRegex(ValueError, "jacobian: the naive integrator"):
            naive.run_jacobian(1)
        with self.assertRaisesRegex(ValueError, "n: must be an integer"):
            lgvci.Simulation({"case": "particle"}).run_jacobian(-1)


if __name__ == "__main__":
    unittest.main()
