"""Closed-form bounce times of a free particle in the billiard's tables (docs/billiard.md), the
reference that families/billiard/tests/cli/billiard_cli_test.py and scripts/figures.py hold the CLI's impact_times to.
Python 3 standard library only; neither uses the program's code.

    ellipse_bounce_times   the ellipse x²/a² + y²/b² = 1, in decimal arithmetic of `digits` digits
    stadium_bounce_times   the stadium (flat walls y = ±r for |x| ≤ ℓ, caps |q − (±ℓ, 0)| = r), in
                           decimal arithmetic of `digits` digits: the stadium is chaotic, so a reference
                           in doubles would carry rounding amplified like the program's own
"""
from __future__ import annotations

import math
from decimal import Decimal, localcontext


def ellipse_bounce_times(a: float, b: float, q: tuple, v: tuple, n: int, digits: int = 50) -> list[float]:
    """The exact bounces in x²/a² + y²/b² = 1: the chord's quadratic, then the mirror reflection, in
    decimal arithmetic of `digits` digits (a reference in doubles drifts by its own rounding, about
    1e-12 over 500 bounces). The floats given are taken at their exact binary values."""
    with localcontext() as ctx:
        ctx.prec = digits
        A2, B2 = Decimal(a) ** 2, Decimal(b) ** 2
        qx, qy = Decimal(q[0]), Decimal(q[1])
        vx, vy = Decimal(v[0]), Decimal(v[1])
        t = Decimal(0)
        times = []
        for _ in range(n):
            qa = vx * vx / A2 + vy * vy / B2
            qb = 2 * (qx * vx / A2 + qy * vy / B2)
            qc = qx * qx / A2 + qy * qy / B2 - 1
            root = (qb * qb - 4 * qa * qc).sqrt()
            dt = (-qb + root) / (2 * qa)  # the positive root: q is inside (qc < 0), the chord ahead
            qx, qy = qx + dt * vx, qy + dt * vy
            t += dt
            times.append(float(t))
            nx, ny = qx / A2, qy / B2
            nn2 = nx * nx + ny * ny
            vn = (vx * nx + vy * ny) / nn2
            vx, vy = vx - 2 * vn * nx, vy - 2 * vn * ny
        return times


def stadium_bounce_times(r: float, l: float, q: tuple, v: tuple, n: int, digits: int = 50) -> list[float]:
    """The exact bounces in the stadium: the nearest hit ahead on a flat wall (|x| ≤ ℓ) or on a cap (the
    right one for x ≥ ℓ, the left one for x ≤ −ℓ), then the mirror reflection about the wall's normal.
    The floats given are taken at their exact binary values (as the CLI parses them)."""
    with localcontext() as ctx:
        ctx.prec = digits
        R, L = Decimal(r), Decimal(l)
        qx, qy = Decimal(q[0]), Decimal(q[1])
        vx, vy = Decimal(v[0]), Decimal(v[1])
        tiny = Decimal(10) ** (-digits // 2)  # the wall the particle leaves: its root is 0 up to rounding
        t = Decimal(0)
        times = []
        for _ in range(n):
            best, nx, ny = None, Decimal(0), Decimal(0)
            for wall in (R, -R):  # flat walls
                if vy == 0:
                    continue
                dt = (wall - qy) / vy
                if dt > tiny and abs(qx + dt * vx) <= L and (best is None or dt < best):
                    best, nx, ny = dt, Decimal(0), Decimal(1 if wall > 0 else -1)
            for side in (1, -1):  # caps
                px, py = qx - side * L, qy
                A, B, C = vx * vx + vy * vy, 2 * (px * vx + py * vy), px * px + py * py - R * R
                disc = B * B - 4 * A * C
                if disc < 0:
                    continue
                for sgn in (1, -1):
                    dt = (-B + sgn * disc.sqrt()) / (2 * A)
                    x = qx + dt * vx
                    if dt > tiny and (x >= L if side > 0 else x <= -L) and (best is None or dt < best):
                        best, nx, ny = dt, (px + dt * vx) / R, (py + dt * vy) / R
            if best is None:
                raise ArithmeticError("stadium_bounce_times: no wall ahead (a start outside the table?)")
            qx, qy = qx + best * vx, qy + best * vy
            t += best
            times.append(float(t))
            vn = vx * nx + vy * ny
            vx, vy = vx - 2 * vn * nx, vy - 2 * vn * ny
        return times
