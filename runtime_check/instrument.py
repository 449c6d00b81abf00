"""tf.function instrumentation: records every ``Function``, its traces, calls and tracing time.

Standalone on purpose (standard library only, TensorFlow imported inside :func:`install`): the
``tf2lint trace`` bootstrap loads this file by path into a user's interpreter, and ``tf2lint
check`` never imports it.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import sys
import threading
import time
import weakref
from dataclasses import dataclass, field

_state = threading.local()


@dataclass
class Record:
    """One ``Function`` object (a method's per-instance copy is a record of its own)."""

    name: str
    file: str
    line: int  # first line of the Python function
    end_line: int
    created_at: tuple[str, int] | None = None  # where ``tf.function`` was applied, when known
    calls: int = 0  # outermost calls (the ones a user makes)
    traces: int = 0
    trace_seconds: float = 0.0  # wall time of calls that traced, minus a steady call each
    tracing_call_seconds: list[float] = field(default_factory=list)
    steady_call_seconds: list[float] = field(default_factory=list)
    retrace_sites: list[tuple[str, int]] = field(default_factory=list)  # caller of each retrace

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.file, self.line, self.name)


class Recorder:
    """Every ``Function`` created since :meth:`reset`, with call timings split tracing/steady."""

    def __init__(self) -> None:
        self.functions: list[tuple[weakref.ref | object, Record]] = []
        self.sync = None  # called before stopping the clock (device synchronisation)
        self.keep = False  # hold Functions strongly (a harness worker: graphs outlive the call)

    def reset(self) -> None:
        self.functions = []

    def records(self) -> list[Record]:
        return [record for _, record in self.functions]

    def live_functions(self) -> list[object]:
        out = []
        for ref, _ in self.functions:
            fn = ref() if isinstance(ref, weakref.ref) else ref
            if fn is not None:
                out.append(fn)
        return out

    def add(self, fn: object, created_at: tuple[str, int] | None) -> Record:
        python_function = getattr(fn, "_python_function", None) or getattr(
            fn, "python_function", None
        )
        name, file, line, end_line = describe(python_function)
        record = Record(name, file, line, end_line, created_at)
        ref: weakref.ref | object = fn
        if not self.keep:
            with contextlib.suppress(TypeError):
                ref = weakref.ref(fn)
        self.functions.append((ref, record))
        fn._tf2lint_record = record  # type: ignore[attr-defined]
        return record


RECORDER = Recorder()


def describe(python_function) -> tuple[str, str, int, int]:
    """Name, file, first and last line of the user's function behind TF's wrappers."""
    target = python_function
    for _ in range(20):
        decorated = getattr(getattr(target, "_tf_decorator", None), "decorated_target", None)
        nxt = decorated or getattr(target, "__wrapped__", None) or getattr(target, "__func__", None)
        if nxt is None or nxt is target:
            break
        target = nxt
    code = getattr(target, "__code__", None)
    name = getattr(target, "__qualname__", None) or getattr(target, "__name__", None) or "?"
    if code is None:
        return name, "?", 0, 0
    try:
        lines, first = inspect.getsourcelines(target)
        last = first + len(lines) - 1
    except (OSError, TypeError):
        first = last = code.co_firstlineno
    return name, code.co_filename, first, last


def _user_frame(skip_prefixes: tuple[str, ...]) -> tuple[str, int] | None:
    frame = sys._getframe(2)
    while frame is not None:
        filename = frame.f_code.co_filename
        if not filename.startswith(skip_prefixes) and filename != __file__:
            return filename, frame.f_lineno
        frame = frame.f_back
    return None


def install(sync: bool = False) -> None:
    """Patch ``tf.function`` and the ``Function`` class. Idempotent.

    ``sync``: synchronise the devices before stopping each call's clock (needed on a GPU, whose
    kernels run asynchronously; cheap on a CPU).
    """
    import tensorflow as tf
    from tensorflow.python.eager.polymorphic_function import polymorphic_function as pf

    RECORDER.sync = _device_sync(tf) if sync else None
    if getattr(pf.Function, "_tf2lint_patched", False):
        return
    tf_root = tf.__file__.rsplit("/", 1)[0].rsplit("/", 1)[0]
    skip = (tf_root, "<")

    original_init = pf.Function.__init__
    original_call = pf.Function.__call__

    @functools.wraps(original_init)
    def init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        RECORDER.add(self, getattr(_state, "created_at", None))

    @functools.wraps(original_call)
    def call(self, *args, **kwargs):
        record = getattr(self, "_tf2lint_record", None)
        depth = getattr(_state, "depth", 0)
        if record is None or depth:  # nested in another Function's trace: not a user's call
            _state.depth = depth + 1
            try:
                return original_call(self, *args, **kwargs)
            finally:
                _state.depth = depth
        before = self.experimental_get_tracing_count()
        _state.depth = 1
        start = time.perf_counter()
        try:
            result = original_call(self, *args, **kwargs)
            if RECORDER.sync is not None:
                RECORDER.sync(result)
            return result
        finally:
            elapsed = time.perf_counter() - start
            _state.depth = 0
            record.calls += 1
            traced = self.experimental_get_tracing_count() - before
            if traced > 0:
                record.traces += traced
                record.tracing_call_seconds.append(elapsed)
                if record.traces > 1:
                    site = _user_frame(skip)
                    if site is not None:
                        record.retrace_sites.append(site)
            else:
                record.steady_call_seconds.append(elapsed)

    original_function = tf.function

    @functools.wraps(original_function)
    def function(*args, **kwargs):
        _state.created_at = _user_frame(skip)
        try:
            made = original_function(*args, **kwargs)
        finally:
            _state.created_at = None
        if isinstance(made, pf.Function):
            return made

        @functools.wraps(made)
        def decorator(func):
            _state.created_at = _user_frame(skip)
            try:
                return made(func)
            finally:
                _state.created_at = None

        return decorator

    pf.Function.__init__ = init
    pf.Function.__call__ = call
    pf.Function._tf2lint_patched = True
    tf.function = function


def _device_sync(tf):
    sync_devices = getattr(getattr(tf.test, "experimental", None), "sync_devices", None)

    def sync(result) -> None:
        if sync_devices is not None:
            sync_devices()
            return
        for value in tf.nest.flatten(result):  # older TF: force every result to the host
            if hasattr(value, "numpy"):
                value.numpy()

    return sync


def summarise(record: Record) -> dict:
    """Trace seconds (tracing calls minus a steady call each) and steady seconds per call."""
    steady = median(record.steady_call_seconds)
    trace_seconds = sum(max(0.0, s - (steady or 0.0)) for s in record.tracing_call_seconds)
    return {
        "name": record.name,
        "file": record.file,
        "line": record.line,
        "end_line": record.end_line,
        "calls": record.calls,
        "traces": record.traces,
        "trace_seconds": trace_seconds,
        "steady_call_seconds": steady,
        "call_seconds": sum(record.tracing_call_seconds) + sum(record.steady_call_seconds),
        "retrace_sites": sorted(set(record.retrace_sites)),
    }


def aggregate(records: list[Record]) -> list[dict]:
    """Summaries per Python function (a method's per-instance copies merged), traced ones only."""
    merged: dict[tuple[str, int, str], Record] = {}
    for record in records:
        if not (record.calls or record.traces):
            continue
        into = merged.get(record.key)
        if into is None:
            merged[record.key] = into = Record(
                record.name, record.file, record.line, record.end_line, record.created_at
            )
        into.calls += record.calls
        into.traces += record.traces
        into.tracing_call_seconds += record.tracing_call_seconds
        into.steady_call_seconds += record.steady_call_seconds
        into.retrace_sites += record.retrace_sites
    return [summarise(r) for r in merged.values()]


def median(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def concrete_functions(functions: list[object]) -> list[object]:
    """Every concrete function (graph) these Functions have traced so far."""
    out = []
    for fn in functions:
        try:
            out.extend(fn._function_cache.values())  # type: ignore[attr-defined]
        except Exception:  # a private API that moved: no graphs, the rest still works
            continue
    return out


def count_bytes(concrete) -> int:
    """Serialized size of a traced graph: grows when Python data is folded in as constants."""
    return concrete.graph.as_graph_def().ByteSize()


def count_nodes(concrete) -> int:
    """Nodes of a traced graph, with the bodies of the functions it calls (loops, conds)."""
    graph_def = concrete.graph.as_graph_def()
    return len(graph_def.node) + sum(len(f.node_def) for f in graph_def.library.function)
