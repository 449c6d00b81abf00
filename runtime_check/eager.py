"""Where a graph would pay: the program's own functions that run eagerly, timed call by call,
and (asked for) timed again as a ``tf.function`` on inputs the program itself produced.

Standard library only (TensorFlow is handed in): ``tf2lint trace`` loads this file by path into a
user's interpreter (see :mod:`instrument`). The candidates come from tf2lint's static analysis
(:mod:`graphs`): functions of the user's files that are not traced, call TensorFlow, and in
which tf2lint's rules find no trace-time pitfall when the function is linted as a
``tf.function``. Each is found in the modules the program loaded (by file and qualified name)
and every reference to it in the user's modules is replaced by a timing wrapper: the calls
made while TensorFlow executes eagerly are counted and timed; calls made while a graph is
traced pass straight through. The first eager call's arguments are kept, so that a measurement
runs the function only on inputs the program already produced.

A script defines its functions and calls them in the same module frame, often in a loop right
away: a scan on a timer would find them late or never. So, while a user module that defines a
candidate runs (seen at ``exec`` or ``cpython.run_file``, Python's audit events), a profile
function looks at each call into that module's code and wraps what it defines before the next
call; it is off again once the module's candidates are found or its frame returns, and off
inside every timed call. The timer scan remains for names bound elsewhere.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
import time
import types

MIN_CALLS = 10  # fewer eager calls than this: no graph pays for its tracing
MEASURE_SECONDS = 0.4  # per function and way (eager, graph), at the least MIN_RUNS runs each
MIN_RUNS, MAX_RUNS = 5, 200
BLOCK = 10  # runs of one way before the other's
MAX_MEASURED = 10  # functions measured at most, the most eager time first
SCAN_SECONDS = 0.02  # how often new modules and names are looked for


class Stats:
    """One candidate function: its eager calls, their times, the first call's inputs."""

    def __init__(self, candidate: dict) -> None:
        self.candidate = candidate
        self.original = None  # the function object found in the program
        self.calls = 0
        self.seconds = 0.0
        self.times: list[float] = []  # the first MAX_RUNS calls' times
        self.inputs: tuple | None = None  # (args, kwargs) of the first eager call
        self.measured: dict | None = None

    def to_dict(self) -> dict:
        per_call = _median(self.times)
        return {
            "file": self.candidate["file"],
            "line": self.candidate["line"],
            "name": self.candidate["name"],
            "found": self.original is not None,
            "calls": self.calls,
            "eager_seconds": self.seconds,
            "eager_call_seconds": per_call,
            "measured": self.measured,
        }


class EagerProbe:
    """Finds the candidates in the loaded modules, wraps them, and measures them."""

    def __init__(self, candidates: list[dict], user_root: str, eager_now, unrecorded) -> None:
        self.stats: dict[tuple[str, str], Stats] = {}
        self.by_file: dict[str, dict[str, Stats]] = {}
        for candidate in candidates:
            stats = Stats(candidate)
            real = os.path.realpath(candidate["file"])
            self.stats[(real, candidate["name"])] = stats
            self.by_file.setdefault(real, {})[candidate["name"]] = stats
        self.root = os.path.realpath(user_root) + os.sep
        self.eager_now = eager_now  # whether code runs eagerly here (not traced, not a graph)
        self.unrecorded = unrecorded  # a context in which the harness's tf.functions go unseen
        self.wrappers: dict[int, object] = {}  # id(original) -> its wrapper
        self.originals: dict[int, Stats] = {}
        self._seen: dict[str, int] = {}  # module name -> size of its namespace when scanned
        self._real: dict[str, str] = {}  # a module's file -> its real path
        self._modules = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._running: set[str] = set()  # user files with candidates left whose module runs
        self._sizes: dict[int, int] = {}  # id(namespace) -> its size when last looked at

    # --- finding and wrapping -------------------------------------------------------------

    def scan(self) -> None:
        """Wrap the candidates defined since the last scan, and rebind every name in the
        user's modules that still holds one of them."""
        with self._lock:
            modules = list(sys.modules.items())
            changed = len(modules) != self._modules
            self._modules = len(modules)
            for name, module in modules:
                namespace = getattr(module, "__dict__", None)
                path = getattr(module, "__file__", None)
                if namespace is None or not isinstance(path, str):
                    continue
                real = self._user(path)
                if real is None:
                    continue
                size = len(namespace)
                if not changed and self._seen.get(name) == size and name != "__main__":
                    continue
                self._seen[name] = size
                for qualname, stats in self.by_file.get(real, {}).items():
                    if stats.original is None:
                        self._find(namespace, qualname, stats)
                if self.originals:
                    self._rebind(namespace)

    def _user(self, path: str) -> str | None:
        real = self._real.get(path)
        if real is None:
            real = self._real[path] = os.path.realpath(path)
        return real if real.startswith(self.root) else None

    def _find(self, namespace: dict, qualname: str, stats: Stats) -> None:
        *owners, name = qualname.split(".")
        holder: object = None
        for owner in owners:
            holder = (namespace if holder is None else vars(holder)).get(owner)
            if not isinstance(holder, type):
                return
        space = namespace if holder is None else vars(holder)
        value = space.get(name)
        kind = None
        if isinstance(value, staticmethod | classmethod):
            kind, value = type(value), value.__func__
        if not isinstance(value, types.FunctionType) or value.__qualname__ != qualname:
            return
        if os.path.realpath(value.__code__.co_filename) != os.path.realpath(
            stats.candidate["file"]
        ):
            return
        stats.original = value
        wrapper = self._wrapper(value, stats)
        self.wrappers[id(value)] = wrapper
        self.originals[id(value)] = stats
        replacement = wrapper if kind is None else kind(wrapper)
        if holder is None:
            namespace[name] = replacement
        else:
            setattr(holder, name, replacement)

    def _rebind(self, namespace: dict) -> None:
        """``from module import f`` made before ``f`` was wrapped: the name now means the
        wrapper too (and so do class attributes holding it)."""
        for key, value in list(namespace.items()):
            wrapper = self.wrappers.get(id(value))
            if wrapper is not None and self.originals[id(value)].original is value:
                namespace[key] = wrapper

    def _wrapper(self, original, stats: Stats):
        eager_now = self.eager_now

        @functools.wraps(original)
        def timed(*args, **kwargs):
            if not eager_now():
                return original(*args, **kwargs)
            profile = sys.getprofile()  # the module watch below: not part of the call's time
            sys.setprofile(None)
            try:
                start = time.perf_counter()
                result = original(*args, **kwargs)
                elapsed = time.perf_counter() - start
            finally:
                sys.setprofile(profile)
            stats.calls += 1
            stats.seconds += elapsed
            if len(stats.times) < MAX_RUNS:
                stats.times.append(elapsed)
            if stats.inputs is None:
                stats.inputs = (args, kwargs)
            return result

        timed._tf2lint_eager_probe = True  # type: ignore[attr-defined]
        return timed

    # --- a module's own frame: its functions wrapped before their second call ------------

    def _audit(self, event: str, args: tuple) -> None:
        if event == "exec":
            code = args[0]
            path = getattr(code, "co_filename", None)
        elif event == "cpython.run_file":
            path = args[0]
        else:
            return
        if isinstance(path, str) and not self._stop.is_set():
            self._watch(path)

    def _watch(self, path: str) -> None:
        real = self._user(path)
        if real is not None and self._unfound(real):
            self._running.add(real)
            sys.setprofile(self._profile)

    def _unfound(self, real: str) -> bool:
        return any(s.original is None for s in self.by_file.get(real, {}).values())

    def _profile(self, frame, event: str, arg) -> None:
        if event != "call" and event != "return":
            return
        path = frame.f_code.co_filename
        real = self._real.get(path)
        if real is None:
            real = self._real[path] = os.path.realpath(path)
        if real not in self._running:
            return
        namespace = frame.f_globals
        module_done = event == "return" and frame.f_code.co_name == "<module>"
        if module_done or self._sizes.get(id(namespace)) != len(namespace):
            self._sizes[id(namespace)] = len(namespace)
            with self._lock:
                for qualname, stats in self.by_file[real].items():
                    if stats.original is None:
                        self._find(namespace, qualname, stats)
                if self.originals:
                    self._rebind(namespace)
        if module_done or not self._unfound(real):
            self._running.discard(real)
            if not self._running:
                sys.setprofile(None)

    def start(self) -> None:
        """Scan now, watch each user module's own run (see the module's docstring), and scan
        every SCAN_SECONDS on a daemon thread for names bound elsewhere."""
        self.scan()
        frame = sys._getframe()  # the user's modules running now (the probe starts inside
        while frame is not None:  # their `import tensorflow`)
            self._watch(frame.f_code.co_filename)
            frame = frame.f_back
        sys.addaudithook(self._audit)

        def loop() -> None:
            while not self._stop.wait(SCAN_SECONDS):
                try:
                    self.scan()
                except Exception:  # a module mutating its namespace meanwhile: next time
                    continue

        threading.Thread(target=loop, name="tf2lint-eager-probe", daemon=True).start()

    def stop(self) -> None:
        self._stop.set()
        self._running.clear()
        if sys.getprofile() == self._profile:
            sys.setprofile(None)

    # --- measuring ----------------------------------------------------------------------

    def hot(self) -> list[Stats]:
        """The candidates called eagerly often enough for a graph to matter, most time first."""
        found = [s for s in self.stats.values() if s.calls >= MIN_CALLS]
        return sorted(found, key=lambda s: -s.seconds)

    def measure(self, tf, values) -> None:
        """Time each hot candidate eagerly and as a ``tf.function`` on its kept inputs, after
        checking both compute the same thing; ``values``: the :mod:`values` module."""
        self.stop()
        for stats in self.hot()[:MAX_MEASURED]:
            try:
                stats.measured = self._measure(stats, tf, values)
            except Exception as error:  # any failure is a finding, not a crash
                stats.measured = {"status": "failed", "reason": _error(error)}

    def _measure(self, stats: Stats, tf, values) -> dict:
        if stats.inputs is None or stats.original is None:
            return {"status": "no inputs", "reason": "no eager call's inputs were kept"}
        args, kwargs = stats.inputs
        original = stats.original
        with self.unrecorded():
            first = values.plain(original(*args, **kwargs))
            again = values.plain(original(*args, **kwargs))
            if not values.comparable(first):
                return {"status": "not compared", "reason": "it returns objects, not tensors"}
            if not values.same(first, again):
                return {
                    "status": "not compared",
                    "reason": "two eager calls on the same inputs returned different results "
                    "(state or randomness): a graph's results could not be compared",
                }
            graph = tf.function(original)
            try:
                traced = values.plain(graph(*args, **kwargs))
            except Exception as error:  # the graph refused what eager ran: a finding
                return {"status": "fails as a graph", "reason": _error(error)}
            if not values.same(first, traced):
                return {
                    "status": "results differ",
                    "reason": "as a tf.function it returned other results on the same inputs",
                }
            eager_times, graph_times = _alternate(
                lambda: original(*args, **kwargs), lambda: graph(*args, **kwargs)
            )
            retraced = graph.experimental_get_tracing_count() > 1
        eager, graph_call = _median(eager_times), _median(graph_times)
        return {
            "status": "measured",
            "eager_call_seconds": eager,
            "graph_call_seconds": graph_call,
            "speedup": eager / graph_call if eager and graph_call else None,
            "runs": len(eager_times),
            "retraced": retraced,
        }


def _alternate(eager, graph) -> tuple[list[float], list[float]]:
    """Run both ways in turn, BLOCK runs at a time (so that a busy machine slows both alike),
    until each has had MEASURE_SECONDS, with MIN_RUNS to MAX_RUNS runs. One run at a time would
    time a graph with TensorFlow's thread pool gone to sleep after each eager run: on a loaded
    machine that wake-up costs more than the graph itself, and a program that calls a function
    in a loop never pays it."""
    eager_times: list[float] = []
    graph_times: list[float] = []
    while len(eager_times) < MAX_RUNS:
        for run, times in ((eager, eager_times), (graph, graph_times)):
            for _ in range(BLOCK):
                start = time.perf_counter()
                result = run()
                _force(result)
                times.append(time.perf_counter() - start)
        if len(eager_times) >= MIN_RUNS and min(sum(eager_times), sum(graph_times)) > (
            MEASURE_SECONDS
        ):
            break
    return eager_times, graph_times


def _force(result) -> None:
    """Wait for a result's values (a GPU runs kernels asynchronously)."""
    stack = [result]
    while stack:
        value = stack.pop()
        if isinstance(value, list | tuple):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif hasattr(value, "numpy"):
            value.numpy()


def _median(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _error(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text[:300]}"
