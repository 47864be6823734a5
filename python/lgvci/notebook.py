"""Runs in a notebook (docs/python.md "Notebooks"): a ``Simulation`` and a ``run()``'s result show
themselves as HTML, and ``plot(result)`` draws the papers' plots as a matplotlib Figure.

What a family looks like is its package's: ``families/<package>/python/`` (copied by the build into
``lgvci/family_parts/<package>/``) defines ``PARTS``, a dict from the family's name (``Simulation.family``)
to a :class:`FamilyPart`: how one state of the family is drawn (its view, from the resolved config and the
record's fields by name: the core's own description of the run, no second model of it) and which plots
its records give. This module discovers the packages by importing every module of ``lgvci.family_parts``
and names no family itself.

Everything is self-contained and offline: the pictures are PNG images inlined as ``data:`` URLs, the
animation is matplotlib's ``to_jshtml()`` player with its frames inlined and its one external link (an
icon font from a CDN) replaced by text buttons, so an exported HTML notebook keeps the view with no
network. The animation has at most ``MAX_FRAMES`` frames (the run's rows sampled evenly).
"""
from __future__ import annotations

import base64
import html
import importlib
import io
import pkgutil
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence

import numpy as np

# matplotlib (Debian's python3-matplotlib) is imported when a picture is drawn, not with lgvci: the
# module works without it. The object API on an Agg canvas: no pyplot state, the caller's backend untouched.

MAX_FRAMES = 40
"""The most frames an animation holds: the run's rows are sampled evenly down to this many."""

FRAME_SIZE = (4.8, 3.6)
"""The view's size in inches (at ``DPI``): one frame of the animation, one picture of a state."""

DPI = 72
"""Dots per inch of the pictures."""

Fields = Mapping[str, np.ndarray]


@dataclass
class Panel:
    """One plot of ``plot(result)``: a title and what draws it on a matplotlib Axes from the run's
    fields by name (each an array with one row per step, ``fields["t"]`` the times) and the run's
    impact records (a structured array, or None when none were given)."""

    title: str
    draw: Callable[[Any, Fields, Optional[np.ndarray]], None]
    needs_impacts: bool = False


def _no_panels(config: Dict[str, Any], fields: Fields) -> List[Panel]:
    return []


@dataclass
class FamilyPart:
    """What a family's package tells the notebook: ``view(ax, config, state, path)`` draws one state
    (``state``: the record's fields by name, one row) on a matplotlib Axes, three-dimensional when
    ``three_d``; ``path`` (None for a single state) is the whole run's fields, one row per step: the
    view's extent, fixed over an animation, and the trail up to the state's time ``state["t"]``.
    ``panels(config, fields)`` are the plots its records give beyond the energy error and the impact
    count every family has (``fields``: the run's, one row per step)."""

    view: Callable[[Any, Dict[str, Any], Fields, Optional[Fields]], None]
    three_d: bool = False
    panels: Callable[[Dict[str, Any], Fields], List[Panel]] = field(default_factory=lambda: _no_panels)


_PARTS: Optional[Dict[str, FamilyPart]] = None


def family_parts() -> Dict[str, FamilyPart]:
    """Every family's notebook part, by family name, from the packages under ``lgvci.family_parts``."""
    global _PARTS
    if _PARTS is None:
        from . import family_parts as packages
        found: Dict[str, FamilyPart] = {}
        for info in sorted(pkgutil.iter_modules(packages.__path__), key=lambda m: m.name):
            module = importlib.import_module(f"{packages.__name__}.{info.name}")
            for name, part in getattr(module, "PARTS", {}).items():
                if name in found:
                    raise RuntimeError(f"two family packages draw the family {name!r}")
                found[name] = part
        _PARTS = found
    return _PARTS


def _part(family: str) -> FamilyPart:
    parts = family_parts()
    if family not in parts:
        raise ValueError(f"family: no notebook part draws the family {family!r} (families/<package>/python)")
    return parts[family]


def _figure(size: Sequence[float] = FRAME_SIZE) -> Any:
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # type: ignore[import]  # no stubs in Debian's matplotlib
    from matplotlib.figure import Figure  # type: ignore[import]
    fig = Figure(figsize=tuple(size), dpi=DPI)
    FigureCanvasAgg(fig)
    return fig


def _view_axes(fig: Any, part: FamilyPart) -> Any:
    if part.three_d:
        from mpl_toolkits.mplot3d import Axes3D  # type: ignore[import]  # noqa: F401  registers the projection
        return fig.add_axes((0.0, 0.0, 1.0, 1.0), projection="3d")
    return fig.add_axes((0.1, 0.1, 0.86, 0.84))


def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _img(fig: Any, alt: str) -> str:
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{_png(fig)}"/>'


def fields_of_columns(layout: Sequence[Mapping[str, Any]], columns: Mapping[str, Any]) -> Dict[str, np.ndarray]:
    """A run's CSV columns (``run()``'s arrays) as the record's fields by name: a field of one column is
    that column, a vector field a 2-D array (one row per step), as ``Simulation.field`` gives one state."""
    out: Dict[str, np.ndarray] = {}
    for f in layout:
        cols = f.get("columns") or []
        if cols and all(c in columns for c in cols):
            arrays = [np.asarray(columns[c], dtype=float) for c in cols]
            out[f["name"]] = arrays[0] if f["size"] == 1 and len(cols) == 1 else np.column_stack(arrays)
    return out


def _row(fields: Fields, k: int) -> Dict[str, np.ndarray]:
    return {name: np.atleast_1d(v[k]) for name, v in fields.items()}


def trail(state: Fields, path: Optional[Fields], name: str) -> Optional[np.ndarray]:
    """The rows of field ``name`` of ``path`` up to the time of ``state`` (a view's trail), or None."""
    if path is None or name not in path or "t" not in path:
        return None
    k = int(np.searchsorted(np.asarray(path["t"]), float(state["t"][0]), side="right"))
    return np.asarray(path[name])[:k]


def state_picture(sim: Any) -> Any:
    """The view of a ``Simulation``'s current state as a matplotlib Figure (its family's drawing)."""
    part = _part(sim.family)
    fig = _figure()
    state = {f["name"]: np.array(sim.field(f["name"])) for f in sim.layout()}
    part.view(_view_axes(fig, part), sim.config(), state, None)
    return fig


def simulation_html(sim: Any) -> str:
    """A ``Simulation`` as HTML: its current state's view and its clock, energy and impacts."""
    name = sim.case or sim.model
    e0, e = sim.initial_energy(), sim.energy()
    error = abs(e - e0) / abs(e0) if e0 != 0 else abs(e - e0)
    rows = [("family", sim.family), ("t", f"{sim.time:.6g}"), ("steps", str(sim.steps)), ("impacts", str(sim.impacts)),
            ("E", f"{e:.10g}"), ("|E − E₀|/|E₀|" if e0 != 0 else "|E − E₀|", f"{error:.3g}"), ("status", sim.status)]
    table = "".join(f"<tr><th style='text-align:left'>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
    picture = _img(state_picture(sim), f"{name} at t = {sim.time:.6g}")
    return (f"<div class='lgvci-simulation'><b>lgvci.Simulation {html.escape(name)}</b>"
            f"<div style='display:flex;gap:1em;align-items:flex-start'>{picture}<table>{table}</table></div></div>")


def _frames(n: int, most: int) -> List[int]:
    """At most `most` row indices of n, evenly spaced, the first and the last included."""
    if n <= most:
        return list(range(n))
    return sorted({int(round(k)) for k in np.linspace(0, n - 1, most)})


# matplotlib's player (matplotlib/_animation_data.py) links Font Awesome from a CDN for its buttons'
# icons: the link is dropped and each icon becomes a character, so that the player works offline.
# Characters that common fonts have (Chromium on Debian draws ⏮/⏭ as empty boxes).
_ICONS = {"fa-minus": "−", "fa-fast-backward": "«", "fa-step-backward": "‹", "fa-play fa-flip-horizontal": "◀",
          "fa-pause": "❚❚", "fa-play": "▶", "fa-step-forward": "›", "fa-fast-forward": "»", "fa-plus": "+"}
_LINK = re.compile(r"<link rel=\"stylesheet\"\s+href=\"https?://[^\"]*\">")
_ICON = re.compile(r"<i class=\"fa ([a-z -]+)\"></i>")


def _offline(player: str) -> str:
    player = _LINK.sub("", player)
    return _ICON.sub(lambda m: _ICONS.get(m.group(1), m.group(1)), player)


def animation_html(config: Mapping[str, Any], columns: Mapping[str, Any], frames: Optional[int] = None) -> str:
    """The motion of a run (``run()``'s columns of ``config``) as a self-contained HTML player: matplotlib's
    ``to_jshtml()`` with at most ``frames`` frames (None: ``MAX_FRAMES``), the rows sampled evenly, inlined as PNG."""
    frames = MAX_FRAMES if frames is None else frames
    from matplotlib.animation import FuncAnimation  # type: ignore[import]
    from . import Simulation
    sim = Simulation(config)
    part = _part(sim.family)
    resolved = sim.config()
    fields = fields_of_columns(sim.layout(), columns)
    n = len(np.asarray(columns["t"]))
    rows = _frames(n, max(1, int(frames)))
    fig = _figure()
    ax = _view_axes(fig, part)

    def draw(k: int) -> List[Any]:
        ax.cla()
        part.view(ax, resolved, _row(fields, k), fields)
        return []

    anim = FuncAnimation(fig, draw, frames=rows, interval=100, blit=False, cache_frame_data=False)
    return _offline(anim.to_jshtml(default_mode="loop"))


def _energy_error(ax: Any, fields: Fields, impacts: Optional[np.ndarray]) -> None:
    t, e = fields["t"], fields["E"]
    scale = abs(e[0]) if e[0] != 0 else 1.0
    ax.plot(t, (e - e[0]) / scale, lw=0.8)
    ax.set_xlabel("t")
    ax.set_ylabel("(E − E₀)/|E₀|" if e[0] != 0 else "E − E₀")


def _impact_count(ax: Any, fields: Fields, impacts: Optional[np.ndarray]) -> None:
    ax.step(fields["t"], np.cumsum(fields["impacts"]), where="post", lw=0.8)
    ax.set_xlabel("t")
    ax.set_ylabel("impacts")


COMMON_PANELS = [Panel("energy error", _energy_error), Panel("impacts", _impact_count)]
"""The plots of every family: the relative energy error and the impact count against t."""


def plot(result: Mapping[str, Any], impacts: Optional[np.ndarray] = None, *,
         config: Optional[Mapping[str, Any]] = None) -> Any:
    """The papers' plots of a run as a matplotlib Figure: the energy error and the impact count against t,
    then the family's own (``FamilyPart.panels``); a panel that needs the impact records (a
    bounce map) is drawn when ``impacts`` (``Simulation.impact_records()`` of the same run) is given.
    ``result`` is what ``run()`` returns (it knows its config) or its columns with ``config``."""
    from . import Simulation
    if config is None:
        config = getattr(result, "config", None)
    if config is None:
        raise ValueError("config: plot() needs the run's config (run() results carry it; else pass config=)")
    sim = Simulation(config)
    resolved = sim.config()
    fields = fields_of_columns(sim.layout(), result)
    for needed in ("t", "E", "impacts"):
        if needed not in result:
            raise ValueError(f"result: has no column {needed!r} (expected run()'s columns)")
    fields = dict(fields, t=np.asarray(result["t"], dtype=float), E=np.asarray(result["E"], dtype=float),
                  impacts=np.asarray(result["impacts"], dtype=float))
    panels = COMMON_PANELS + _part(sim.family).panels(resolved, fields)
    panels = [p for p in panels if not p.needs_impacts or impacts is not None]
    cols = 2
    rows = -(-len(panels) // cols)
    fig = _figure((9.0, 2.6 * rows))  # two panels a row
    axes = fig.subplots(rows, cols, squeeze=False)
    for ax, panel in zip(axes.flat, panels):
        panel.draw(ax, fields, impacts)
        ax.set_title(panel.title, fontsize=10)
    for ax in list(axes.flat)[len(panels):]:
        ax.set_visible(False)
    name = sim.case or sim.model
    fig.suptitle(f"{name}: {len(fields['t']) - 1} steps of h = {sim.h:g}", fontsize=11)
    height = 2.6 * rows  # inches: the suptitle and the panels' titles and labels take fixed inches
    fig.subplots_adjust(left=0.09, right=0.98, bottom=0.5 / height, top=1 - 0.6 / height, wspace=0.3, hspace=0.75)
    return fig


def run_html(result: Mapping[str, Any], config: Mapping[str, Any], frames: Optional[int] = None) -> str:
    """A ``run()``'s result as HTML: a line of its summary, the motion (at most ``frames`` frames, None:
    ``MAX_FRAMES``) and its plots."""
    frames = MAX_FRAMES if frames is None else frames
    s = result["summary"]
    e0 = s.get("energy_initial", 0.0)
    err = s.get("max_abs_energy_error", 0.0) / (abs(e0) if e0 else 1.0)
    name = s.get("case") or s.get("model", "")
    head = (f"<b>lgvci.run {html.escape(str(name))}</b>: {s.get('steps')} steps, t = {float(result['t'][-1]):.6g}, "
            f"{s.get('impacts')} impacts, max |E − E₀|/|E₀| = {err:.3g}, status {html.escape(str(s.get('status')))}; "
            f"the motion in {min(len(result['t']), frames)} frames")
    motion = animation_html(config, result, frames)
    plots = _img(plot(result, config=config), f"plots of {name}")
    return f"<div class='lgvci-run'><p>{head}</p>{motion}{plots}</div>"
