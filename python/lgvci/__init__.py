"""LGVCI from Python: the C++ core's Simulation facade, its runs and ensembles, with NumPy arrays.

Every family of the core's registry is reachable (its presets, or a config with its "model"); the
results are the native program's bits: ``Simulation.state_hash()`` is the CLI's ``state_hash``,
``run()``'s columns are its ``--csv`` columns, ``ensemble()`` its ``--ensemble --json`` statistics.
Bad input raises ``ValueError`` with the core's "field: rule" message, and every argument is checked
the same way; NumPy numbers and arrays are taken wherever numbers and lists of them are. Long calls
stop on Ctrl-C between steps with ``KeyboardInterrupt``. See docs/python.md.
``python3 -m lgvci.reproduce`` reruns the papers' experiments with this API (docs/reproduce.md).
In a notebook a ``Simulation`` and a ``run()``'s result show themselves (the view, the motion, the
plots) and ``plot(result)`` draws the papers' plots (lgvci.notebook; docs/python.md "Notebooks").
"""
from __future__ import annotations

import json as _json
import math as _math
import numbers as _numbers
import operator as _operator
import os as _os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as _np  # the extension hands out NumPy arrays: NumPy must be importable

from . import _lgvci

__version__: str = _lgvci.__version__
__all__ = ["Simulation", "System", "Run", "presets", "preset", "run", "run_batch", "ensemble", "sweep", "merge", "families",
           "order_study", "reverse_check", "symplecticity", "momentum_maps", "plot", "__version__"]

Config = Union[Mapping[str, Any], str]


def _text(name: str, value: Any) -> str:
    """A text argument the core can read: a str (NumPy's str_ too) that is valid UTF-8, i.e. without
    a lone surrogate, else ValueError("name: rule")."""
    if not isinstance(value, str):
        raise ValueError(f"{name}: expected text, got {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValueError(f"{name}: is not valid UTF-8 text ({e.reason} at position {e.start})") from None
    return str(value)


def _plain(value: Any) -> Any:
    """json.dumps's fallback: NumPy arrays as lists, NumPy scalars as Python numbers (float32 as the
    double it is exactly)."""
    if isinstance(value, _np.ndarray):
        return value.tolist()
    if isinstance(value, _np.generic):
        return value.item()
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _config_text(config: Config) -> str:
    """A config as the JSON text the core reads: a mapping is written by json.dumps (NumPy arrays and
    numbers as JSON lists and numbers), text is kept."""
    if isinstance(config, str):
        return _text("config", config)
    if isinstance(config, Mapping):
        try:
            # allow_nan=False: NaN and infinity are not JSON; the core would refuse the text anyway.
            return _text("config", _json.dumps(config, allow_nan=False, default=_plain, ensure_ascii=False))
        except (TypeError, ValueError, RecursionError) as e:
            if str(e).startswith("config: "):
                raise
            raise ValueError(f"config: cannot be written as JSON ({e})") from None
    raise ValueError(f"config: expected a dict or JSON text, got {type(config).__name__}")


def _whole(name: str, value: Any, lo: int, hi: int) -> int:
    """An integer argument in [lo, hi] — a Python or NumPy integer, not a bool — else
    ValueError("name: rule")."""
    if isinstance(value, (bool, _np.bool_)):
        raise ValueError(f"{name}: must be an integer in [{lo}, {hi}], got {value!r}")
    try:
        whole = _operator.index(value)
    except TypeError:
        raise ValueError(f"{name}: must be an integer in [{lo}, {hi}], got {value!r}") from None
    if not lo <= whole <= hi:
        raise ValueError(f"{name}: must be an integer in [{lo}, {hi}], got {whole}")
    return whole


def _real(name: str, value: Any) -> float:
    """A number argument — a Python or NumPy real, not a bool — as a float, else ValueError."""
    if isinstance(value, (bool, _np.bool_)) or not isinstance(value, _numbers.Real):
        raise ValueError(f"{name}: must be a number, got {value!r}")
    number = float(value)
    if not _math.isfinite(number):
        raise ValueError(f"{name}: must be a finite number, got {value!r}")
    return number


def _number_array(name: str, value: Any) -> "_np.ndarray":
    """A list or array of real numbers (NumPy's included) as float64, else ValueError naming it."""
    if isinstance(value, (str, bytes, Mapping)) or (isinstance(value, _np.ndarray) and value.dtype == _np.bool_):
        raise ValueError(f"{name}: must be a list or array of numbers, got {type(value).__name__}")
    try:
        return _np.asarray(value, dtype=float)
    except (TypeError, ValueError) as e:
        raise ValueError(f"{name}: must be a list or array of numbers ({e})") from None


def _flag(name: str, value: Any) -> bool:
    """A yes/no argument: a Python or NumPy bool, else ValueError."""
    if not isinstance(value, (bool, _np.bool_)):
        raise ValueError(f"{name}: must be True or False, got {value!r}")
    return bool(value)


def presets() -> List[str]:
    """The names of every registered family's presets (the CLI's --case values)."""
    return list(_lgvci.preset_names())


def preset(name: str) -> Dict[str, Any]:
    """A preset's config as a dict (ValueError "case: …" for an unknown name)."""
    return _json.loads(_lgvci.preset_json(_text("case", name)))


def families() -> List[str]:
    """The registered families (lgvci/core/family.hpp)."""
    return list(_lgvci.families())


class Simulation:
    """One run of a config (a dict, or JSON text): the C++ Simulation, stepped from Python.

    ``record()`` is a read-only NumPy view of the simulation's state record (no copy), refreshed by
    every ``step()``; ``layout()`` names its fields.
    """

    __slots__ = ("_sim",)

    def __init__(self, config: Config) -> None:
        self._sim = _lgvci.Simulation(_config_text(config))

    def step(self, n: int = 1) -> int:
        """Advance n steps (fewer if the run halts); returns the number of impacts in them. Ctrl-C
        stops it between two steps with KeyboardInterrupt; the steps taken are kept."""
        return self._sim.step(_whole("n", n, 0, _lgvci.MAX_STEPS))

    def record(self) -> "_np.ndarray":
        """The state record as a read-only float64 view of the simulation's own buffer."""
        return self._sim.record()

    def layout(self) -> List[Dict[str, Any]]:
        """The record's fields: name, offset, size, CSV columns, and whether state_hash() covers it."""
        return self._sim.layout()

    def field(self, name: str) -> "_np.ndarray":
        """One field of the record (a view: ``record()[offset:offset + size]``)."""
        name = _text("name", name)
        for f in self._sim.layout():
            if f["name"] == name:
                return self.record()[f["offset"]:f["offset"] + f["size"]]
        raise KeyError(name)

    def impact_layout(self) -> List[Dict[str, Any]]:
        """The impact record's fields: name, offset, size (the columns of ``impact_records()``)."""
        return self._sim.impact_layout()

    def impact_records(self) -> "_np.ndarray":
        """The impacts since the start, ``set_state()`` or the last call, one row per impulse, as a
        structured NumPy array whose fields are ``impact_layout()``'s (``t``, ``lambda``, ``point`` …
        and the family's own, e.g. the billiard's ``s`` and ``p_t``: its bounce map). The rows are
        then dropped, so a long run is read in blocks. At most 1 GiB of rows wait: a ``step()`` that
        would keep more stops at the step boundary before it and raises ValueError saying so.
        """
        return self._sim.impact_records()

    @classmethod
    def _wrap(cls, sim: Any) -> "Simulation":
        out = cls.__new__(cls)
        out._sim = sim
        return out

    def clone(self) -> "Simulation":
        """An independent copy of this run as it is now (state, time, counters), sharing the constant
        system: stepping either leaves the other unchanged, and both continue bit for bit alike."""
        return Simulation._wrap(self._sim.clone())

    def state_fields(self) -> List[str]:
        """The record fields ``set_state`` reads: "t" and the family's configuration and momenta."""
        return self._sim.state_fields()

    def set_state(self, record: Union["_np.ndarray", Sequence[float], Mapping[str, Any]]) -> None:
        """Restart this run from a state (docs/python.md "Setting a state"): a whole record (an array of
        ``len(record())`` numbers, e.g. another run's ``record()``), or a dict of state fields by name
        (``{"q": [...], "p": [...]}``; the fields not given keep their current values). The run is then
        what a config whose start is that state gives, bit for bit: time t, counters and impacts from
        zero, ``initial_energy()`` that state's energy, and ``config()`` replays it. A refused state
        (e.g. inside an obstacle) raises ValueError naming the record field; the run is then unchanged.
        """
        if isinstance(record, Mapping):
            full = _np.array(self.record(), dtype=float)
            fields = {f["name"]: f for f in self._sim.layout()}
            allowed = self._sim.state_fields()
            for name, value in record.items():
                if name not in allowed:
                    raise ValueError(f"{name}: is not a state field of this run (one of {', '.join(allowed)})")
                f = fields[name]
                v = _number_array(name, value).reshape(-1)
                if v.size != f["size"]:
                    raise ValueError(f"{name}: must have {f['size']} numbers, got {v.size}")
                full[f["offset"]:f["offset"] + f["size"]] = v
            self._sim.set_state(full)
            return
        self._sim.set_state(_number_array("record", record))

    def perturbations(self) -> List[Dict[str, Any]]:
        """The directions the start can be perturbed in, the default of ensembles first: name,
        description, field, component, op ("shift" or "turn") (docs/ensembles.md "Perturbations")."""
        return self._sim.perturbations()

    def perturbed_start(self, kind: str, delta: float) -> "Simulation":
        """A new run of the same system from this run's start moved by ``delta`` along the perturbation
        ``kind`` (a name of ``perturbations()``), as an ensemble member or a sensitivity twin starts."""
        if not isinstance(kind, str):
            raise ValueError(f"kind: must be the name of one of this run's perturbations, got {kind!r}")
        return Simulation._wrap(self._sim.perturbed_start(_text("kind", kind), _real("delta", delta)))

    def csv_columns(self) -> List[str]:
        """The CLI's ``--csv`` columns, in order (``run()``'s keys besides ``"summary"``)."""
        return self._sim.csv_columns()

    def energy(self) -> float:
        """E at the current state (H in generalized coordinates)."""
        return self._sim.energy()

    def initial_energy(self) -> float:
        """E₀: the start's energy (after ``set_state``, that state's)."""
        return self._sim.initial_energy()

    def conserved_energy(self) -> float:
        """E + the energy the impacts took (E itself for elastic impacts)."""
        return self._sim.conserved_energy()

    def state_hash(self) -> str:
        """FNV-1a 64 of the record's hashed fields, as the CLI's ``state_hash`` (16 hex digits)."""
        return self._sim.state_hash()

    def config(self) -> Dict[str, Any]:
        """The fully resolved config: replays this run exactly."""
        return _json.loads(self._sim.config_json())

    def final_state(self) -> Dict[str, Any]:
        """The CLI's JSON "final" object."""
        return _json.loads(self._sim.final_state_json())

    def counters(self) -> Dict[str, int]:
        """The family's own run counters, by name."""
        return self._sim.counters()

    def jacobian_coordinates(self) -> List[str]:
        """The canonical chart's coordinates (q's, then p's): the rows and columns of the Jacobians
        (docs/jacobians.md). ValueError for a run without exact Jacobians (the naive baseline)."""
        return self._sim.jacobian_coordinates()

    def step_jacobians(self, n: int = 1) -> "_np.ndarray":
        """Advance n steps and return each one's exact Jacobian in the canonical chart, shape
        (n, 2d, 2d), the impact time's (saltation) and the jump's derivatives included (docs/jacobians.md).
        ValueError where the one-step map is not smooth; the steps before it are taken."""
        return self._sim.step_jacobians(_whole("n", n, 0, _lgvci.MAX_STEPS))

    def run_jacobian(self, n: int) -> "_np.ndarray":
        """Advance n steps and return the run's tangent map ∂z(t)/∂z(t0), the product of the steps'
        exact Jacobians, shape (2d, 2d) (docs/jacobians.md)."""
        return self._sim.run_jacobian(_whole("n", n, 0, _lgvci.MAX_STEPS))

    def lyapunov_exponents(self, n: int) -> "_np.ndarray":
        """Advance n steps and return their finite-time Lyapunov exponents per unit time, largest
        first (the QR method over the exact Jacobians; docs/jacobians.md "Lyapunov exponents")."""
        return self._sim.lyapunov_exponents(_whole("n", n, 1, _lgvci.MAX_STEPS))

    time = property(lambda self: self._sim.time, doc="The simulation time t.")
    h = property(lambda self: self._sim.h, doc="The time step.")
    steps = property(lambda self: self._sim.steps, doc="Steps taken.")
    impacts = property(lambda self: self._sim.impacts, doc="Impacts so far.")
    halted = property(lambda self: self._sim.halted, doc="The run halted (step() then does nothing).")
    status = property(lambda self: self._sim.status, doc="The last step's status name.")
    status_message = property(lambda self: self._sim.status_message, doc="The last step's status message ('' if ok).")
    model = property(lambda self: self._sim.model, doc='The config\'s "model".')
    family = property(lambda self: self._sim.family, doc="The registered family the config belongs to.")
    integrator = property(lambda self: self._sim.integrator, doc="The scheme (the config's integrator).")
    case = property(lambda self: self._sim.case, doc='The preset\'s name ("" for a custom config).')

    def __repr__(self) -> str:
        name = self.case or self.model
        return f"<lgvci.Simulation {name} t={self.time!r} steps={self.steps} impacts={self.impacts}>"

    def _repr_html_(self) -> str:
        """In a notebook: the current state's view (its family's drawing, an inline PNG) with its clock,
        energy and impacts (lgvci.notebook)."""
        from . import notebook
        return notebook.simulation_html(self)


class System:
    """A config parsed and validated once (docs/python.md "Setting a state"): its runs start at the
    config's start, at a state record, or at the start moved along a perturbation, without reading the
    config again. Every run is independent; the system itself never changes."""

    __slots__ = ("_sys",)

    def __init__(self, config: Config) -> None:
        self._sys = _lgvci.System(_config_text(config))

    def new_run(self, state: Optional[Union["_np.ndarray", Sequence[float]]] = None, *,
                kind: Optional[str] = None, delta: float = 0.0) -> Simulation:
        """A run at the config's start; at ``state`` (a whole state record, as ``Simulation.set_state``);
        or at the start moved by ``delta`` along the perturbation ``kind``."""
        if state is not None and kind is not None:
            raise ValueError("state: give either a state or a perturbation kind, not both")
        if state is not None:
            return Simulation._wrap(self._sys.new_run_at(_number_array("state", state)))
        if kind is not None:
            if not isinstance(kind, str):
                raise ValueError(f"kind: must be the name of one of this system's perturbations, got {kind!r}")
            return Simulation._wrap(self._sys.new_run_perturbed(_text("kind", kind), _real("delta", delta)))
        return Simulation._wrap(self._sys.new_run())

    def layout(self) -> List[Dict[str, Any]]:
        """The state record's fields (a run's ``layout()``)."""
        return self._sys.layout()

    def state_fields(self) -> List[str]:
        """The record fields a state sets (``Simulation.state_fields()``)."""
        return self._sys.state_fields()

    def start_record(self) -> "_np.ndarray":
        """The record of the config's start (a copy)."""
        return _np.array(self._sys.start_record())

    def config(self) -> Dict[str, Any]:
        """The fully resolved config."""
        return _json.loads(self._sys.config_json())

    family = property(lambda self: self._sys.family, doc="The registered family.")

    def __repr__(self) -> str:
        return f"<lgvci.System {self.family}>"


class Run(Dict[str, Any]):
    """What ``run()`` returns: a dict of the CLI's CSV columns as NumPy arrays and ``"summary"``, that
    also knows the run's resolved config (``result.config``, as ``Simulation.config()``). In a notebook it shows the motion (a player of at most
    ``lgvci.notebook.MAX_FRAMES`` frames, the rows sampled evenly) and ``plot()``'s plots, all inline."""

    def __init__(self, columns: Mapping[str, Any], config: Dict[str, Any]) -> None:
        super().__init__(columns)
        self.config: Dict[str, Any] = config  # the resolved config: run(result.config, n) replays the run

    def __repr__(self) -> str:
        s = self.get("summary", {})
        columns = [k for k in self if k != "summary"]
        return (f"<lgvci.Run {s.get('case') or s.get('model', '')}: {s.get('steps')} steps, {s.get('impacts')} impacts; "
                f"columns {', '.join(columns)} and 'summary'>")

    def _repr_html_(self) -> str:
        """In a notebook: the summary, the motion and the plots, self-contained (lgvci.notebook)."""
        from . import notebook
        return notebook.run_html(self, self.config)


def plot(result: Mapping[str, Any], impacts: Optional["_np.ndarray"] = None, *,
         config: Optional[Mapping[str, Any]] = None) -> Any:
    """The papers' plots of a run as a matplotlib Figure (docs/python.md "Notebooks"): the energy error
    and the impact count against t, then its family's own (the rigid body's height and Π, the
    generalized models' q and p, the cradle's angles, the billiard's path and, given ``impacts``, its
    bounce map). ``result`` is ``run()``'s (it knows its config), or columns with ``config=``;
    ``impacts`` the run's ``Simulation.impact_records()``."""
    from . import notebook
    return notebook.plot(result, impacts, config=config)


def run(config: Config, steps: int, until_impacts: int = 0) -> Run:
    """Run ``steps`` steps in C++ (the CLI's loop) and return every CSV column as a NumPy array
    (row 0 the start, then one row per step), plus ``"summary"``: the CLI's ``--json`` object
    (impacts, impact_times, energies, state_hash, status, wall_seconds, …). The per-step column
    ``"impacts"`` counts each step's impacts; ``summary["impacts"]`` is their total. The columns are
    kept in memory, at most 1 GiB of them (8 bytes x columns x (steps + 1)): beyond, ValueError
    ("steps: …"); step a Simulation in blocks instead. Ctrl-C stops it with KeyboardInterrupt.
    The dict is a ``Run``: it carries the resolved config and shows itself in a notebook.
    """
    steps = _whole("steps", steps, 0, _lgvci.MAX_STEPS)
    until_impacts = _whole("until_impacts", until_impacts, 0, _lgvci.MAX_STEPS)
    text = _config_text(config)
    columns, summary = _lgvci.run_columns(text, steps, until_impacts)
    out = Run(columns, _json.loads(_lgvci.Simulation(text).config_json()))
    if "summary" in out:  # a family's CSV column may not take the summary's key
        raise RuntimeError("a CSV column is named 'summary'")
    out["summary"] = _json.loads(summary)
    return out


def run_batch(config: Config, states: Union["_np.ndarray", Sequence[Sequence[float]]], steps: int, *,
              threads: Optional[int] = None) -> Dict[str, Any]:
    """Runs of one system from many states (docs/python.md "Batches"): row r of ``states`` (a 2-D array,
    one whole state record per row, e.g. rows built from ``System(config).start_record()`` or
    ``Simulation.record()``) starts run r, which takes ``steps`` steps (fewer if it halts) on a thread
    pool of ``threads`` (default: the hardware's). Returns ``records`` (the final state records, the
    same shape as ``states``), ``impacts`` and ``steps`` (int64 per row) and ``status`` (the last
    step's status name per row); every number is the same at any thread count. Every row is checked
    before any run: ValueError "states[r].field: rule" names the first one refused.
    """
    steps = _whole("steps", steps, 0, _lgvci.MAX_STEPS)
    used = 0 if threads is None else _whole("threads", threads, 1, 256)
    array = _number_array("states", states)
    if array.ndim == 1:
        array = array.reshape(1, -1)
    records, impacts, taken, status = _lgvci.run_batch(_config_text(config), _np.ascontiguousarray(array), steps, used)
    return {"records": records, "impacts": impacts, "steps": taken, "status": status}


def order_study(config: Config, steps: int = 0) -> Dict[str, Any]:
    """The CLI's ``--order-study --json`` object (docs/order-study.md): the errors at T past the first
    impact for h, h/2, …, h/32 against a fine reference, and the fitted order. ``steps`` 0: the CLI's
    default T. RuntimeError when a run of the study halts (the CLI's exit 1)."""
    steps = _whole("steps", steps, 0, _lgvci.MAX_STEPS)
    return _json.loads(_lgvci.order_study_json(_config_text(config), steps))


def reverse_check(config: Config, steps: int) -> Dict[str, Any]:
    """The CLI's ``--reverse-check N`` object: ``steps`` steps from the start, the momenta negated,
    ``steps`` steps back, and the distance from the reversed start (docs/cli.md)."""
    steps = _whole("steps", steps, 1, 10**8)
    return _json.loads(_lgvci.reverse_check_json(_config_text(config), steps))


def symplecticity(config: Config, steps: int, samples: int = 10) -> Dict[str, Any]:
    """The CLI's ``--symplecticity N`` object over ``steps`` steps at ``samples`` samples
    (docs/symplecticity.md): the loop area's change or the one-step map's defect, and for a family with
    a bounce map its loop (``"bounce_map"``)."""
    steps = _whole("steps", steps, 1, _lgvci.MAX_STEPS)
    samples = _whole("samples", samples, 1, 1000)
    return _json.loads(_lgvci.symplecticity_json(_config_text(config), steps, samples))


def momentum_maps(config: Config, steps: int) -> Dict[str, Any]:
    """The CLI's ``--momentum-maps`` object: each momentum map's largest drift over ``steps`` steps
    (docs/momentum-maps.md)."""
    steps = _whole("steps", steps, 0, _lgvci.MAX_STEPS)
    return _json.loads(_lgvci.momentum_maps_json(_config_text(config), steps))


def _ensemble_args(members: int, steps: int, samples: int, seed: int, threads: Optional[int], size: float,
                   kind: Optional[str]) -> Tuple[int, int, int, int, int, float, str]:
    """The ensemble's arguments checked as the CLI checks its flags; threads None -> 0 (the hardware's)."""
    members = _whole("members", members, 1, 10000)
    steps = _whole("steps", steps, 0, _lgvci.MAX_STEPS)
    samples = _whole("samples", samples, 1, 1000)
    seed = _whole("seed", seed, 0, 2**53 - 1)
    used = 0 if threads is None else _whole("threads", threads, 1, 256)
    size = _real("size", size)
    if kind is not None and not isinstance(kind, str):
        raise ValueError(f"kind: must be None or the name of one of the config's perturbations "
                         f"(Simulation.perturbations()), got {kind!r}")
    return members, steps, samples, seed, used, size, "" if kind is None else _text("kind", kind)


def ensemble(config: Config, members: int, *, steps: int = 1000, threads: Optional[int] = None,
             size: float = 1e-8, kind: Optional[str] = None, seed: int = 1, samples: int = 100,
             include_members: bool = False) -> Dict[str, Any]:
    """K = ``members`` perturbed copies of a config against its unperturbed run, as the CLI's
    ``--ensemble K --json`` (docs/ensembles.md): reference, impacts and energy-error histograms,
    divergence quartiles. ``threads`` (default: the hardware's) does not change any number.
    ``size``, ``kind``, ``seed`` and ``samples`` are the CLI's --perturb, --kind, --seed, --samples;
    ``kind`` None is the family's first perturbation (the rigid body's "position").
    """
    members, steps, samples, seed, used, size, kind = _ensemble_args(members, steps, samples, seed, threads, size, kind)
    with_members = _flag("include_members", include_members)
    text = _lgvci.ensemble_json(_config_text(config), members, steps, size, kind, seed, samples, used, with_members)
    return _json.loads(text)


def _axis_texts(axes: Union[str, Sequence[str], Mapping[str, Sequence[float]]]) -> List[str]:
    """Axes as the CLI's --sweep texts: "path=A:B:N" / "path=V1,V2" strings, or path -> values."""
    if isinstance(axes, str):
        return [_text("sweep", axes)]
    if isinstance(axes, Mapping):
        out = []
        for path, values in axes.items():
            if not isinstance(path, str):
                raise ValueError(f"sweep: a path must be a string, got {path!r}")
            path = _text("sweep", path)
            if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
                raise ValueError(f"sweep: the values of '{path}' must be a list of numbers")
            if isinstance(values, _np.ndarray) and values.ndim != 1:
                raise ValueError(f"sweep: the values of '{path}' must be a list of numbers, got an array of shape {values.shape}")
            items = []
            for v in values:
                if isinstance(v, (bool, _np.bool_)) or not isinstance(v, _numbers.Real):
                    raise ValueError(f"sweep: the values of '{path}' must be numbers, got {v!r}")
                number = float(v)  # a float32 is the double it is exactly
                if not _math.isfinite(number):
                    raise ValueError(f"sweep: the values of '{path}' must be finite numbers, got {v!r}")
                items.append(repr(number))  # repr: the shortest text that reads back as the same double
            out.append(f"{path}={','.join(items)}")
        return out
    if isinstance(axes, Sequence) and all(isinstance(a, str) for a in axes):
        return [_text("sweep", a) for a in axes]
    raise ValueError("sweep: axes must be 'path=A:B:N' or 'path=V1,V2,...' texts, or a dict path -> list of numbers")


def sweep(config: Config, axes: Union[str, Sequence[str], Mapping[str, Sequence[float]]], members: int = 1, *,
          steps: int = 1000, shard: Optional[Tuple[int, int]] = None, threads: Optional[int] = None,
          size: float = 1e-8, kind: Optional[str] = None, seed: int = 1, samples: int = 100) -> Dict[str, Any]:
    """An ensemble of ``members`` at each point of the axes' grid, as the CLI's ``--sweep ... --json``
    (docs/sweeps.md). ``axes``: ``"restitution=0:1:11"`` (11 points from 0 to 1), ``"plane.tilt=0,0.1"``,
    a list of such texts (crossed), or a dict path -> values. Without ``shard`` the statistics per point
    (the same as ``merge()`` of any shards' parts); with ``shard=(i, n)`` (1 <= i <= n) the part of shard i.
    ``threads`` (default: the hardware's) does not change any number.
    """
    texts = _axis_texts(axes)
    members, steps, samples, seed, used, size, kind = _ensemble_args(members, steps, samples, seed, threads, size, kind)
    index, count = 0, 0
    if shard is not None:
        if not isinstance(shard, (tuple, list, _np.ndarray)) or len(shard) != 2:
            raise ValueError(f"shard: expected (i, n) with 1 <= i <= n, got {shard!r}")
        count = _whole("shard", shard[1], 1, 10**9)
        index = _whole("shard", shard[0], 1, count)
    text = _lgvci.sweep_json(_config_text(config), texts, members, steps, size, kind, seed, samples, used, index, count)
    return _json.loads(text)


def merge(parts: Sequence[Union[Mapping[str, Any], str, "_os.PathLike[str]"]]) -> Dict[str, Any]:
    """The statistics of a sweep from its shards' parts (dicts from ``sweep(..., shard=...)``, the JSON
    text of ``lgvci --sweep ... --shard i/N --json``, or the path of a file holding it, as a
    ``pathlib.Path``, read by the core as it parses it), as ``lgvci merge``: the same as the unsharded
    run, with every part verified as ``lgvci merge`` verifies it (docs/sweeps.md "What the merge
    verifies"). ValueError ("merge: ...") naming the part and its field for a part that is not what this
    lgvci wrote, parts of different sweeps, duplicates, missing members.
    """
    if isinstance(parts, (str, bytes, Mapping)) or not hasattr(parts, "__iter__"):
        raise ValueError("merge: expected a list of parts")
    items = []
    for n, part in enumerate(parts):
        name = f"part {n + 1}"
        if isinstance(part, str):
            items.append((_text(f"merge: {name}", part), b"", name.encode()))
        elif isinstance(part, Mapping):
            try:
                text = _json.dumps(part, allow_nan=False, default=_plain)
            except (TypeError, ValueError, RecursionError) as e:
                raise ValueError(f"merge: {name} cannot be written as JSON ({e})") from None
            items.append((text, b"", name.encode()))
        elif isinstance(part, _os.PathLike):
            path = _os.fsencode(part)  # bytes: a name that is not UTF-8 reaches the file as it is
            shown = path.decode("utf-8", "backslashreplace")
            if not _os.path.isfile(path):
                raise ValueError(f"merge: cannot read '{shown}' (no such file)")
            items.append(("", path, path))  # the core names it with its bytes, \xNN for what is not ASCII
        else:
            raise ValueError(f"merge: part {n + 1} is neither a dict, JSON text nor a path, got {type(part).__name__}")
    return _json.loads(_lgvci.merge_json(items))
