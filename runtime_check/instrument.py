"""tf.function instrumentation: every ``Function``, its calls, each trace and why it happened.

Standalone on purpose (standard library only, TensorFlow imported inside :func:`install`): the
``tf2lint trace`` bootstrap loads this file by path into a user's interpreter, and ``tf2lint
check`` never imports it.

What it records, per ``Function`` object (a method's per-instance copy is an object of its own):
outermost calls with their wall time (tracing or steady), and one :class:`TraceEvent` per trace,
seen at TensorFlow's own trace entry point (``tracing_compilation._create_concrete_function``)
and explained after the call from TensorFlow's trace cache: which argument's trace type changed
and how (:mod:`causes`), or that it is the second trace TensorFlow makes on a first call that
created variables (not a retrace in any sense a user means). Optionally it watches given source
lines while a trace runs (:class:`LineWatch`), and it attributes exceptions to the innermost frame
in the user's files, mapping AutoGraph's generated code back to the user's lines.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import importlib.util
import inspect
import os
import re
import site
import sys
import sysconfig
import threading
import time
import traceback
import types
import weakref
from dataclasses import dataclass, field


def _sibling(name: str) -> types.ModuleType:
    """A standalone module beside this one, loaded by path (this file is loaded so into a
    user's interpreter, where tf2lint's package need not be importable)."""
    key = f"_tf2lint_{name}"
    module = sys.modules.get(key)
    if module is None:
        spec = importlib.util.spec_from_file_location(
            key, os.path.join(os.path.dirname(os.path.abspath(__file__)), f"{name}.py")
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return module


if __package__:
    from tf2lint.runtime_check import causes, eager, values
else:  # loaded by path into a user's interpreter: load the sibling modules the same way
    causes = _sibling("causes")
    values = _sibling("values")
    eager = _sibling("eager")

FIRST = "first"  # the first trace of a Python function
RETRACE = "retrace"
VARIABLE_CREATION = "variable-creation"  # TF's second trace on a first call that made variables
FAILED = "failed"  # a trace that raised: no graph was kept

_AUTOGRAPH_FILE = "__autograph_generated_file"
_FRAME_IN_MESSAGE = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


@dataclass
class TraceEvent:
    """One trace: one new graph in a ``Function``'s cache."""

    seq: int  # order among all traces of the process
    started: float  # seconds since RECORDER.origin (the program's start, under trace)
    build_seconds: float = 0.0  # time inside TensorFlow's graph building
    raw_seconds: float | None = None  # the tracing call's time, less nested tracing, per trace
    executes: bool = False  # the call that traced also ran the graph (an outermost call)
    call: int | None = None  # which outermost call of its Function traced (1-based)
    nested: bool = False  # traced by a call made while another function traced
    parent: int | None = None  # seq of the trace running when this one began
    call_site: tuple[str, int] | None = None  # innermost frame in the user's files
    kind: str = FIRST
    cause: list = field(default_factory=list)  # causes.Change
    arguments: dict | None = None  # parameter -> causes.describe(), of the call that traced
    error: str | None = None  # the exception type, when the trace raised
    variables: int = 0  # tf.Variables created (or attempted) while this trace ran

    def to_dict(self, steady: float | None) -> dict:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "started": self.started,
            "seconds": self.seconds(steady),
            "call": self.call,
            "nested": self.nested,
            "parent": self.parent,
            "call_site": list(self.call_site) if self.call_site else None,
            "cause": [c.to_dict() for c in self.cause],
            "error": self.error,
            "variables": self.variables,
            "arguments": self.arguments,
        }

    def seconds(self, steady: float | None) -> float:
        """Tracing time: the call's time less one steady run of the graph, else the build time."""
        if self.raw_seconds is None:
            return self.build_seconds
        return max(0.0, self.raw_seconds - ((steady or 0.0) if self.executes else 0.0))


@dataclass
class Record:
    """One ``Function`` object."""

    name: str
    file: str
    line: int  # first line of the Python function
    end_line: int
    created_at: tuple[str, int] | None = None  # where ``tf.function`` was applied, when known
    owner: str | None = None  # ``Model 0x7f...`` for a method's per-instance copy
    closure: dict = field(default_factory=dict)  # free variable -> causes.describe()
    calls: int = 0  # outermost calls (the ones a user makes)
    nested_calls: int = 0  # calls made while another function traced
    traces: int = 0
    tracing_call_seconds: list[float] = field(default_factory=list)
    steady_call_seconds: list[float] = field(default_factory=list)
    first_call: float | None = None
    last_call: float | None = None
    events: list[TraceEvent] = field(default_factory=list)
    keys: list = field(default_factory=list, repr=False)  # (TF cache key, TraceEvent) per trace

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.file, self.line, self.name)


class _Call:
    """A ``Function`` call in progress on this thread."""

    __slots__ = (
        "args",
        "before",
        "events",
        "first",
        "fn",
        "kwargs",
        "nested_same",
        "nested_seconds",
        "record",
    )

    def __init__(self, fn, record: Record | None, before: int, args, kwargs) -> None:
        self.fn = fn
        self.record = record
        self.before = before
        self.args, self.kwargs = args, kwargs  # described only if the call traces
        self.nested_same = 0  # traces made by nested calls of this same Function
        self.nested_seconds = 0.0  # time of nested calls that traced
        self.events: list[TraceEvent] = []
        self.first = record is not None and record.calls + record.nested_calls == 0


class _ThreadState(threading.local):
    def __init__(self) -> None:
        self.calls: list[_Call] = []
        self.tracing: list[TraceEvent] = []
        self.unrecorded = 0  # >0: the harness's own tf.functions (measurements), not recorded


_thread = _ThreadState()


class LineWatch:
    """Counts runs of chosen source lines while a trace runs, per trace.

    ``sys.settrace`` is on only while TensorFlow builds a graph, and only frames of code objects
    that hold a watched line get a line tracer; AutoGraph's generated code is mapped back to the
    user's lines. It stays off when another tracer (a debugger, coverage) is already installed.
    """

    def __init__(self, lines: dict[str, list[int]]) -> None:
        self.watched = {(os.path.realpath(f), n) for f, ns in lines.items() for n in ns}
        self.files = {f for f, _ in self.watched}
        self.hits: dict[tuple[str, int], dict[int, int]] = {}
        self.skipped: str | None = None
        self._decisions: dict = {}
        self._real: dict[str, str] = {}
        self._depth = 0
        self._tracer = self._global  # bound once: sys.gettrace() is compared by identity
        self._line_tracer = self._local

    def start(self) -> None:
        self._depth += 1
        if self._depth == 1:
            if sys.gettrace() is not None:
                self.skipped = "another tracer (a debugger or coverage) was active"
                return
            sys.settrace(self._tracer)

    def stop(self) -> None:
        self._depth -= 1
        if self._depth == 0 and sys.gettrace() is self._tracer:
            sys.settrace(None)

    def _where(self, filename: str, line: int) -> tuple[str, int]:
        mapped = RECORDER.map_line(filename, line)
        real = self._real.get(mapped[0])
        if real is None:
            real = self._real[mapped[0]] = os.path.realpath(mapped[0])
        return real, mapped[1]

    def _global(self, frame, event, arg):
        code = frame.f_code
        decision = self._decisions.get(code, 0)
        if decision == 0:
            decision = self._line_tracer if self._wants(code) else None
            self._decisions[code] = decision
        return decision

    def _wants(self, code) -> bool:
        filename = code.co_filename
        generated = filename in RECORDER.source_maps
        if not generated and os.path.realpath(filename) not in self.files:
            return False
        lines = {n for _, _, n in code.co_lines() if n}
        return any(self._where(filename, n) in self.watched for n in lines)

    def _local(self, frame, event, arg):
        if event == "line" and _thread.tracing:
            where = self._where(frame.f_code.co_filename, frame.f_lineno)
            if where in self.watched:
                per_trace = self.hits.setdefault(where, {})
                seq = _thread.tracing[-1].seq
                per_trace[seq] = per_trace.get(seq, 0) + 1
        return self._line_tracer

    def to_list(self) -> list[dict]:
        return [
            {"file": f, "line": n, "runs": {str(seq): c for seq, c in sorted(per.items())}}
            for (f, n), per in sorted(self.hits.items())
        ]


class OutputLog:
    """What chosen functions returned, call by call, as plain values: a fix is checked by
    comparing them with those of a run of the fixed code."""

    def __init__(self, wanted: list[list[str]] | None, limit: int = 200) -> None:
        # None: every function of the user's files
        self.wanted = None if wanted is None else {(os.path.realpath(f), n) for f, n in wanted}
        self.limit = limit  # calls kept per function
        self.calls: dict[tuple[str, str], list] = {}
        self._keys: dict[int, tuple[str, str] | None] = {}

    def note(self, record: Record, result) -> None:
        key = self._keys.get(id(record), 0)
        if key == 0:
            key = (os.path.realpath(record.file), record.name)
            if self.wanted is None:
                chosen = RECORDER.is_user_file(record.file)
            else:
                chosen = key in self.wanted
            key = self._keys[id(record)] = key if chosen else None
        if key is None:
            return
        kept = self.calls.setdefault(key, [])
        if len(kept) < self.limit:
            kept.append(values.plain(result))

    def to_list(self) -> list[dict]:
        return [
            {"file": f, "name": name, "results": results}
            for (f, name), results in sorted(self.calls.items())
        ]


class Recorder:
    """Every ``Function`` created since :meth:`reset`, its calls and traces."""

    def __init__(self) -> None:
        self.sync = None  # called before stopping the clock (device synchronisation)
        self.keep = False  # hold Functions strongly (a harness worker: graphs outlive the call)
        self.origin = time.perf_counter()
        self.user_root: str | None = None  # only files under it are the user's (trace)
        self.source_maps: dict[str, dict[int, tuple[str, int]]] = {}  # AutoGraph's
        self.watch: LineWatch | None = None
        self.outputs: OutputLog | None = None  # results of chosen functions (a fix's check)
        self.eager: eager.EagerProbe | None = None  # the user's functions that run eagerly
        self.reset()

    def reset(self) -> None:
        self.functions: list[tuple[weakref.ref | object | None, Record]] = []
        self.groups: dict[tuple[str, int, str], list[Record]] = {}
        self.by_options: dict[int, Record] = {}
        self.errors: list[dict] = []
        self._error_ids: dict[int, dict] = {}
        self.seq = 0
        self._user: dict[str, bool] = {}

    def set_user_root(self, root: str | None) -> None:
        self.user_root = root
        self._user = {}

    def records(self) -> list[Record]:
        return [record for _, record in self.functions]

    def live_functions(self) -> list[object]:
        out = []
        for ref, _ in self.functions:
            fn = ref() if isinstance(ref, weakref.ref) else ref
            if fn is not None:
                out.append(fn)
        return out

    def now(self) -> float:
        return time.perf_counter() - self.origin

    def add(self, fn: object, created_at: tuple[str, int] | None) -> Record:
        python_function = getattr(fn, "_python_function", None) or getattr(
            fn, "python_function", None
        )
        record = self._new_record(python_function, created_at)
        owner = getattr(python_function, "__self__", None)
        if owner is not None and not inspect.ismodule(owner):
            record.owner = f"{type(owner).__name__} {hex(id(owner))}"
        record.closure = _closure(python_function)
        ref: weakref.ref | object = fn
        if not self.keep:
            with contextlib.suppress(TypeError):
                ref = weakref.ref(fn)
        self.functions.append((ref, record))
        fn._tf2lint_record = record  # type: ignore[attr-defined]
        return record

    def _new_record(self, python_function, created_at) -> Record:
        name, file, line, end_line = locate(python_function)
        record = Record(name, file, line, end_line, created_at)
        self.groups.setdefault(record.key, []).append(record)
        return record

    def record_for_options(self, options) -> Record:
        """The record of the ``Function`` whose tracing options these are (a trace made outside
        a call: ``get_concrete_function``, tf.data), or a record of their Python function."""
        record = self.by_options.get(id(options))
        if record is not None:
            return record
        for fn in self.live_functions():
            if _traces_with(fn, options):
                record = fn._tf2lint_record  # type: ignore[attr-defined]
                break
        else:
            record = self._new_record(getattr(options, "python_function", None), _user_site())
            self.functions.append((None, record))
        self.by_options[id(options)] = record
        return record

    def is_user_file(self, path: str) -> bool:
        known = self._user.get(path)
        if known is None:
            known = self._user[path] = _is_user_file(path, self.user_root)
        return known

    def map_line(self, filename: str, line: int) -> tuple[str, int]:
        """A line of AutoGraph's generated code as the user's line it came from."""
        lines = self.source_maps.get(filename)
        if lines is not None:
            return lines.get(line, (filename, line))
        return filename, line

    def user_frames(self, frames) -> list[tuple[str, int, str]]:
        out = []
        for filename, line, name in frames:
            filename, line = self.map_line(filename, line)
            if self.is_user_file(filename):
                out.append((filename, line, name))
        return out

    def note_error(self, error: BaseException, event: TraceEvent | None = None) -> dict:
        """Remember an exception, attributed to the innermost frame in the user's files."""
        frames = self.user_frames(
            (f.filename, f.lineno, f.name) for f in traceback.extract_tb(error.__traceback__)
        )
        known = self._error_ids.get(id(error))
        if known is not None:  # seen again further out: add the outer frames it passed through
            seen = {tuple(f[:2]) for f in known["frames"]}
            outer = [list(f) for f in frames if f[:2] not in seen]
            known["frames"] = outer + known["frames"]
            return known
        # TensorFlow lists where in the user's code a trace failed in the message itself: the
        # innermost of those is where it was raised, whatever the traceback kept.
        in_message = [
            (filename, int(line), name)
            for filename, line, name in _FRAME_IN_MESSAGE.findall(str(error))
            if self.is_user_file(filename)
        ]
        seen = {f[:2] for f in frames}
        frames += [f for f in in_message if f[:2] not in seen]
        innermost = (in_message or frames or [None])[-1]
        entry = {
            "type": type(error).__name__,
            "message": clean_message(error),
            "frames": [list(f) for f in frames],
            "innermost": list(innermost[:2]) if innermost else None,
            "while_tracing": event.seq if event is not None else None,
            "uncaught": False,
        }
        if len(self.errors) < 50:
            self.errors.append(entry)
            self._error_ids[id(error)] = entry
        return entry


RECORDER = Recorder()


def clean_message(error: BaseException) -> str:
    """The exception's own message, whole, on one line: TensorFlow's "in user code" frames and
    Keras's "Arguments received" block left out (they are frames and arguments, not words)."""
    lines = [line.strip() for line in _ANSI.sub("", str(error)).strip().splitlines()]
    prefix = f"{type(error).__name__}: "
    if lines and lines[0].startswith("in user code"):  # TF's frames first, then the message
        starts = [i for i, line in enumerate(lines) if line.startswith(prefix)]
        lines = lines[starts[0] :] if starts else lines[-1:]
    if lines and lines[0].startswith(prefix):
        lines[0] = lines[0][len(prefix) :]
    kept = []
    for line in lines:
        if line.startswith("Arguments received by"):
            break
        if line:
            kept.append(line)
    return " ".join(kept)


def _library_prefixes() -> tuple[str, ...]:
    paths = sysconfig.get_paths()
    prefixes = {paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib") if k in paths}
    try:
        prefixes.update(site.getsitepackages())
        prefixes.add(site.getusersitepackages())
    except AttributeError:  # an embedded or virtualenv-patched site module
        pass
    prefixes.add(os.path.dirname(os.path.abspath(__file__)))  # the harness itself
    return tuple(os.path.realpath(p) + os.sep for p in prefixes if p)


_LIBRARY = _library_prefixes()


def _is_user_file(path: str, root: str | None) -> bool:
    if path.startswith("<") or os.path.basename(path).startswith(_AUTOGRAPH_FILE):
        return False
    real = os.path.realpath(path)
    if root is None:
        return not real.startswith(_LIBRARY)
    root = os.path.realpath(root) + os.sep
    # Under the root, unless in a library folder inside it (a project's .venv); the root itself
    # may lie in site-packages (fixtures of an installed tf2lint).
    inner_libraries = tuple(p for p in _LIBRARY if p.startswith(root))
    return real.startswith(root) and not real.startswith(inner_libraries)


def _user_site(depth: int = 2) -> tuple[str, int] | None:
    """The innermost frame of the caller's stack in the user's files (AutoGraph code mapped)."""
    frame = sys._getframe(depth)
    while frame is not None:
        filename, line = RECORDER.map_line(frame.f_code.co_filename, frame.f_lineno)
        if RECORDER.is_user_file(filename):
            return filename, line
        frame = frame.f_back
    return None


def locate(python_function) -> tuple[str, str, int, int]:
    """Name, file, first and last line of the user's function behind TF's wrappers."""
    target = _unwrap(python_function)
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


def _unwrap(python_function):
    target = python_function
    for _ in range(20):
        decorated = getattr(getattr(target, "_tf_decorator", None), "decorated_target", None)
        nxt = decorated or getattr(target, "__wrapped__", None) or getattr(target, "__func__", None)
        if nxt is None or nxt is target:
            break
        target = nxt
    return target


def _closure(python_function) -> dict:
    """The values a Python function closes over, described (to explain a new tf.function)."""
    target = _unwrap(python_function)
    code, cells = getattr(target, "__code__", None), getattr(target, "__closure__", None)
    if code is None or not cells:
        return {}
    out = {}
    for name, cell in zip(code.co_freevars, cells, strict=False):
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell: the variable is not bound yet
            continue
        if inspect.isfunction(value) or inspect.isclass(value) or inspect.ismodule(value):
            continue  # code, not data: a new inner function object is no reason to retrace
        out[name] = causes.describe(value)
    return out


def _without_own_frames(tb: types.TracebackType | None) -> types.TracebackType | None:
    """``tb`` without the frames of this file (the wrapper a re-raise passes through)."""
    kept = []
    while tb is not None:
        if tb.tb_frame.f_code.co_filename != __file__:
            kept.append(tb)
        tb = tb.tb_next
    rebuilt = None
    for entry in reversed(kept):
        rebuilt = types.TracebackType(rebuilt, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
    return rebuilt


def _hide_own_frames() -> None:
    """The user's uncaught exception is printed without this harness's frames (as TF hides
    its own), in the exception and in those it was raised from or during."""
    shown = sys.excepthook
    if getattr(shown, "_tf2lint", False):
        return

    def excepthook(kind, error, tb):
        tb = _without_own_frames(tb)
        seen = set()
        link = error
        while isinstance(link, BaseException) and id(link) not in seen:
            seen.add(id(link))  # Python prints each exception's own __traceback__
            link.__traceback__ = tb if link is error else _without_own_frames(link.__traceback__)
            link = link.__cause__ or link.__context__
        shown(kind, error, tb)

    excepthook._tf2lint = True
    sys.excepthook = excepthook


def install(
    sync: bool = False, user_root: str | None = None, watch: dict[str, list[int]] | None = None
) -> None:
    """Patch ``tf.function``, the ``Function`` class and TF's trace entry point. Idempotent.

    ``sync``: synchronise the devices before stopping each call's clock (needed on a GPU, whose
    kernels run asynchronously; cheap on a CPU). ``user_root``: only files under it count as
    the user's. ``watch``: source lines (file -> lines) to count while traces run.
    """
    import tensorflow as tf
    from tensorflow.python.eager.polymorphic_function import polymorphic_function as pf

    RECORDER.sync = _device_sync(tf) if sync else None
    RECORDER.set_user_root(user_root)
    if watch:
        RECORDER.watch = LineWatch(watch)
    if getattr(pf.Function, "_tf2lint_patched", False):
        return
    _patch_source_maps()
    _patch_trace_entry()
    _hide_own_frames()
    try:  # TF's traceback filter also hides this harness's frames from the user's tracebacks
        from tensorflow.python.util import traceback_utils

        traceback_utils._EXCLUDED_PATHS += (os.path.dirname(os.path.abspath(__file__)),)
    except (ImportError, AttributeError, TypeError):
        pass

    original_init = pf.Function.__init__
    original_call = pf.Function.__call__

    @functools.wraps(original_init)
    def init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        if not _thread.unrecorded:
            RECORDER.add(self, getattr(_thread, "created_at", None))

    @functools.wraps(original_call)
    def call(self, *args, **kwargs):
        record = getattr(self, "_tf2lint_record", None)
        if record is None and _thread.unrecorded:  # the harness's own measurement
            return original_call(self, *args, **kwargs)
        calls = _thread.calls
        outermost = not calls
        this = _Call(
            self, record, self.experimental_get_tracing_count() if record else 0, args, kwargs
        )
        calls.append(this)
        start = time.perf_counter()
        failed = False
        try:
            result = original_call(self, *args, **kwargs)
            if outermost and RECORDER.sync is not None:
                RECORDER.sync(result)
            if outermost and record is not None and RECORDER.outputs is not None:
                RECORDER.outputs.note(record, result)
            return result
        except BaseException as error:
            failed = True
            if outermost:
                RECORDER.note_error(error)
            if error.__traceback__ is not None and _filtering_tracebacks():
                # Hide this frame, as TF hides its own; the same object keeps its cause/context.
                raise error.with_traceback(error.__traceback__.tb_next)  # noqa: B904
            raise
        finally:
            elapsed = time.perf_counter() - start
            calls.pop()
            if record is not None:
                _finish_call(this, args, kwargs, elapsed, outermost, failed)

    original_function = tf.function

    @functools.wraps(original_function)
    def function(*args, **kwargs):
        _thread.created_at = _user_site()
        try:
            made = original_function(*args, **kwargs)
        finally:
            _thread.created_at = None
        if isinstance(made, pf.Function):
            return made

        @functools.wraps(made)
        def decorator(func):
            _thread.created_at = _user_site()
            try:
                return made(func)
            finally:
                _thread.created_at = None

        return decorator

    pf.Function.__init__ = init
    pf.Function.__call__ = call
    pf.Function._tf2lint_patched = True
    tf.function = function
    _patch_variable_creation()


def _patch_variable_creation() -> None:
    """Count the ``tf.Variable(...)`` calls each trace makes (TensorFlow refuses one on a later
    trace only inside the constructor). Only the public constructor counts: reading an
    assignment's result also builds a Variable object, but no new variable."""
    try:
        from tensorflow.python.ops import variables
    except ImportError:  # private API moved: no counts, the rest still works
        return
    meta, public = variables.VariableMetaclass, variables.Variable
    original = meta.__call__

    @functools.wraps(original)
    def construct(cls, *args, **kwargs):
        if cls is public and _thread.tracing:
            _thread.tracing[-1].variables += 1
        return original(cls, *args, **kwargs)

    meta.__call__ = construct


@contextlib.contextmanager
def unrecorded():
    """The harness's own tf.functions (a measurement on the program's inputs): not recorded,
    never counted among the program's."""
    _thread.unrecorded += 1
    try:
        yield
    finally:
        _thread.unrecorded -= 1


def _patch_source_maps() -> None:
    """Keep AutoGraph's map from generated code to the user's lines, as it converts code."""
    try:
        from tensorflow.python.autograph.pyct import origin_info
    except ImportError:  # a TensorFlow without AutoGraph here: generated lines stay unmapped
        return
    original = origin_info.create_source_map

    @functools.wraps(original)
    def create_source_map(nodes, code, filepath):
        source_map = original(nodes, code, filepath)
        for location, origin in source_map.items():
            if origin.loc.filename:
                lines = RECORDER.source_maps.setdefault(location.filename, {})
                lines[location.lineno] = (origin.loc.filename, origin.loc.lineno)
        return source_map

    origin_info.create_source_map = create_source_map


def _patch_trace_entry() -> None:
    """See every trace as TensorFlow makes it: its time, the function, lines run during it."""
    try:
        from tensorflow.python.eager.polymorphic_function import tracing_compilation
    except ImportError:  # private API moved: traces are still counted from the cache size
        return
    original = tracing_compilation._create_concrete_function

    @functools.wraps(original)
    def create_concrete_function(function_type, type_context, func_graph, tracing_options):
        if _thread.unrecorded:  # the harness's own measurement: not the program's trace
            return original(function_type, type_context, func_graph, tracing_options)
        RECORDER.seq += 1
        event = TraceEvent(RECORDER.seq, RECORDER.now())
        if _thread.tracing:
            event.parent = _thread.tracing[-1].seq
        calls = _thread.calls
        top = calls[-1] if calls else None
        if top is not None and _traces_with(top.fn, tracing_options):
            top.events.append(event)
        else:  # traced outside a call of its Function: get_concrete_function, tf.data
            _orphan_trace(RECORDER.record_for_options(tracing_options), event)
        _thread.tracing.append(event)
        watch = RECORDER.watch
        if watch is not None:
            watch.start()
        start = time.perf_counter()
        try:
            return original(function_type, type_context, func_graph, tracing_options)
        except BaseException as error:
            event.error = type(error).__name__
            RECORDER.note_error(error, event)
            raise
        finally:
            event.build_seconds = time.perf_counter() - start
            if watch is not None:
                watch.stop()
            _thread.tracing.pop()

    tracing_compilation._create_concrete_function = create_concrete_function


def _filtering_tracebacks() -> bool:
    """Whether TensorFlow filters its own frames out of tracebacks (it does by default)."""
    try:
        from tensorflow.python.util import traceback_utils
    except ImportError:
        return False
    return traceback_utils.is_traceback_filtering_enabled()


def _traces_with(fn, options) -> bool:
    """Whether these tracing options are one of this ``Function``'s two (by identity)."""
    return any(
        getattr(fn, name, None) is options
        for name in ("_variable_creation_config", "_no_variable_creation_config")
    )


def _orphan_trace(record: Record, event: TraceEvent) -> None:
    """A trace made outside a call of its Function (``get_concrete_function``, tf.data)."""
    record.traces += 1
    if record.events:
        event.kind = RETRACE
        event.cause = [
            causes.Change(causes.UNKNOWN, "", "traced before", "traced again outside a call")
        ]
    else:
        others = [r for r in RECORDER.groups.get(record.key, []) if r is not record and r.events]
        if others:
            event.kind, event.cause = RETRACE, _new_function_cause(record, others[-1])
    event.call_site = _user_site()
    record.events.append(event)


def _finish_call(this: _Call, args, kwargs, elapsed: float, outermost: bool, failed: bool) -> None:
    fn, record = this.fn, this.record
    total = fn.experimental_get_tracing_count() - this.before
    own = max(0, total - this.nested_same)
    parent = next((c for c in reversed(_thread.calls) if c.fn is fn), None)
    if parent is not None:
        parent.nested_same += total
    if (own or this.nested_seconds) and _thread.calls:
        _thread.calls[-1].nested_seconds += elapsed
    now = RECORDER.now()
    if outermost:
        record.calls += 1
        if record.first_call is None:
            record.first_call = now - elapsed
        record.last_call = now
        if not failed:  # a call that raised is no measure of tracing or of a steady call
            (record.tracing_call_seconds if own else record.steady_call_seconds).append(elapsed)
    else:
        record.nested_calls += 1
    if not (own or this.events):  # a steady call: nothing more to record
        return
    site = _user_site(3)
    for event in this.events:
        if event.error is not None:  # the trace raised: TF kept no graph, nothing to explain
            event.kind, event.call_site = FAILED, site
            event.call = record.calls if outermost else None
            event.nested = not outermost
            record.events.append(event)
    if not own:
        return
    record.traces += own
    events = [e for e in this.events if e.error is None][-own:]
    while len(events) < own:  # TF's trace entry point was not patched: still count the trace
        RECORDER.seq += 1
        events.insert(0, TraceEvent(RECORDER.seq, now - elapsed))
    per_trace = max(0.0, elapsed - this.nested_seconds) / own
    for event in events:
        event.raw_seconds = per_trace
        event.executes = outermost
        event.call = record.calls if outermost else None
        event.nested = not outermost
        event.call_site = site
    _explain(this, events, args, kwargs)
    record.events += events


def _explain(this: _Call, events: list[TraceEvent], args, kwargs) -> None:
    """Name each new trace's cause by comparing TF's cache keys and the calls' arguments."""
    fn, record = this.fn, this.record
    try:
        keys = list(fn._function_cache._primary.keys())[-len(events) :]
    except Exception:  # private API moved: causes are unknown, counts still right
        keys = []
    keys = [None] * (len(events) - len(keys)) + keys
    arguments = _arguments(fn, args, kwargs)
    for event, key in zip(events, keys, strict=True):
        event.arguments = arguments
        event.kind, event.cause = _cause(this, event, key, arguments)
        record.keys.append((key, event))


def _arguments(fn, args, kwargs) -> dict:
    try:
        function_type = fn._function_type
        bound = function_type.bind(*args, **kwargs).arguments
        kinds = {name: p.kind for name, p in function_type.parameters.items()}
    except Exception:  # no signature to bind: describe the arguments by position
        bound = {f"args[{i}]": a for i, a in enumerate(args)} | dict(kwargs)
        kinds = {}
    out = {}
    for name, value in bound.items():
        kind = kinds.get(name)
        if kind == inspect.Parameter.VAR_POSITIONAL:
            out.update({f"{name}[{i}]": causes.describe(v) for i, v in enumerate(value)})
        elif kind == inspect.Parameter.VAR_KEYWORD:
            out.update({k: causes.describe(v) for k, v in value.items()})
        else:
            out[name] = causes.describe(value)
    return out


def _cause(this: _Call, event: TraceEvent, key, arguments: dict) -> tuple[str, list]:
    record = this.record
    caller = next((c for c in reversed(_thread.calls) if c.fn is this.fn), None)
    if caller is not None:  # called itself while tracing: the caller's trace came first
        before = _arguments(caller.fn, caller.args, caller.kwargs)
        changes = causes.compare_arguments(before, arguments)
        return RETRACE, changes or [
            causes.Change(causes.UNKNOWN, "", "traced by its caller", "traced again")
        ]
    # Traces that began earlier (a recursive call's traces end first but begin later).
    earlier = [(k, e) for k, e in record.keys if e.seq < event.seq]
    if not earlier:  # this Function object's first trace
        others = [
            r
            for r in RECORDER.groups.get(record.key, [])
            if r is not record and any(e.seq < event.seq for e in r.events)
        ]
        if not others:
            return FIRST, []
        return RETRACE, _new_function_cause(record, others[-1])
    if key is None:
        return RETRACE, [causes.Change(causes.UNKNOWN, "", "traced before", "traced again")]
    previous_key, previous = min(earlier, key=lambda item: (_distance(item[0], key), -item[1].seq))
    changes = _key_changes(previous_key, key, previous.arguments or {}, arguments)
    if not changes and this.first and getattr(this.fn, "_created_variables", None):
        # TF traces a first call that created variables once more, without creating them.
        return VARIABLE_CREATION, []
    if not changes:
        changes = [causes.Change(causes.UNKNOWN, "", "same argument types", "traced again anyway")]
    return RETRACE, changes


def _new_function_cause(record: Record, other: Record) -> list:
    if record.owner and other.owner and record.owner != other.owner:
        return [causes.Change(causes.NEW_INSTANCE, "self", other.owner, f"a new {record.owner}")]
    closure = causes.compare_arguments(other.closure, record.closure)
    if closure:
        return [
            causes.Change(causes.CLOSURE, f"closure variable {c.argument}", c.before, c.after)
            for c in closure
        ]
    before = "a tf.function" + (
        f" made at {_site_text(other.created_at)}" if other.created_at else ""
    )
    after = "a new tf.function" + (
        " made there again"
        if record.created_at == other.created_at
        else f" made at {_site_text(record.created_at)}"
    )
    return [causes.Change(causes.NEW_FUNCTION, "", before, after)]


def _site_text(site: tuple[str, int] | None) -> str:
    return f"{os.path.basename(site[0])}:{site[1]}" if site else "?"


def _parameters(key) -> dict:
    try:
        return {name: p.type_constraint for name, p in key[1].parameters.items()}
    except Exception:
        return {}


def _distance(a, b) -> int:
    if a is None or b is None:
        return 1 << 20
    pa, pb = _parameters(a), _parameters(b)
    differing = sum(pa.get(n) != pb.get(n) for n in set(pa) | set(pb))
    return differing + (_context(a) != _context(b)) + (_captures(a) != _captures(b))


def _context(key):
    return getattr(key[0], "context", None)


def _captures(key) -> dict:
    try:
        return dict(key[1].captures)
    except Exception:
        return {}


def _key_changes(before, after, before_args: dict, after_args: dict) -> list:
    """What differs between two TF cache keys, in the words of the calls' real arguments."""
    changes = []
    pb, pa = _parameters(before), _parameters(after)
    for name in list(pa) + [n for n in pb if n not in pa]:
        if pb.get(name) == pa.get(name):
            continue
        found = []
        if name in before_args and name in after_args:
            found = causes.differences(before_args[name], after_args[name], name)
            if not found:
                identity = causes.new_object(before_args[name], after_args[name], name)
                found = [identity] if identity else []
        changes += found or [
            causes.Change(causes.UNKNOWN, name, repr(pb.get(name)), repr(pa.get(name)))
        ]
    cb, ca = _captures(before), _captures(after)
    for name in list(ca) + [n for n in cb if n not in ca]:
        if cb.get(name) != ca.get(name):
            changes.append(
                causes.Change(
                    causes.CAPTURE, f"capture {name}", repr(cb.get(name)), repr(ca.get(name))
                )
            )
    xb, xa = _context(before), _context(after)
    if xb != xa:
        fields_b = xb._asdict() if hasattr(xb, "_asdict") else {"context": xb}
        fields_a = xa._asdict() if hasattr(xa, "_asdict") else {"context": xa}
        for name in fields_a:
            if fields_b.get(name) != fields_a[name]:
                changes.append(
                    causes.Change(
                        causes.CONTEXT, name, _short(fields_b.get(name)), _short(fields_a[name])
                    )
                )
    return changes


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _device_sync(tf):
    sync_devices = getattr(getattr(tf.test, "experimental", None), "sync_devices", None)

    def sync(result) -> None:
        if not tf.executing_eagerly():
            # Called while some graph is built (Keras traces a decorated `call` in its own
            # scratch graph): no device work ran, and sync_devices would raise there.
            return
        if sync_devices is not None:
            sync_devices()
            return
        for value in tf.nest.flatten(result):  # older TF: force every result to the host
            if hasattr(value, "numpy"):
                value.numpy()

    return sync


def median(values: list[float]) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def aggregate(records: list[Record]) -> list[dict]:
    """One summary per Python function (a method's per-instance copies and the tf.functions made
    again from one ``def`` merged), traced or called ones only, in order of first trace."""
    groups: dict[tuple[str, int, str], list[Record]] = {}
    for record in records:
        if record.calls or record.traces:
            groups.setdefault(record.key, []).append(record)
    summaries = [_summarise(group) for group in groups.values()]
    return sorted(summaries, key=lambda s: s["events"][0]["seq"] if s["events"] else 1 << 60)


def _late_variables(group: list[Record]) -> int:
    """tf.Variables created on a trace after the first: on a Function object's later trace
    (TensorFlow refuses them), or on the first trace of a tf.function made again per call
    (new variables every time). A new instance's own first trace makes its own, rightly."""
    late = 0
    for record in group:
        events = sorted(record.events, key=lambda e: e.seq)
        for position, event in enumerate(events):
            if not event.variables:
                continue
            kinds = {c.kind for c in event.cause}
            if position or (event.kind == RETRACE and causes.NEW_INSTANCE not in kinds):
                late += event.variables
    return late


def _summarise(group: list[Record]) -> dict:
    first = group[0]
    steady = median([s for r in group for s in r.steady_call_seconds])
    events = sorted((e for r in group for e in r.events), key=lambda e: e.seq)
    shown = [e.to_dict(steady) for e in events]
    firsts = [r.first_call for r in group if r.first_call is not None]
    lasts = [r.last_call for r in group if r.last_call is not None]
    return {
        "name": first.name,
        "file": first.file,
        "line": first.line,
        "end_line": first.end_line,
        "created_at": list(first.created_at) if first.created_at else None,
        "objects": len(group),
        "calls": sum(r.calls for r in group),
        "nested_calls": sum(r.nested_calls for r in group),
        "traces": sum(r.traces for r in group),
        "retraces": sum(e.kind == RETRACE for e in events),
        "variable_creation_traces": sum(e.kind == VARIABLE_CREATION for e in events),
        "failed_traces": sum(e.kind == FAILED for e in events),
        "late_variables": _late_variables(group),
        "trace_seconds": sum(e["seconds"] for e in shown),
        "steady_call_seconds": steady,
        "call_seconds": sum(
            sum(r.tracing_call_seconds) + sum(r.steady_call_seconds) for r in group
        ),
        "first_call": min(firsts) if firsts else None,
        "last_call": max(lasts) if lasts else None,
        "events": shown,
    }


def snapshot(tensorflow: str | None, files: set[str]) -> dict:
    """What the run did, as the JSON ``tf2lint trace`` reads (see :mod:`observe`): every
    tf.function's summary, the files the program ran (``files``, and those of the functions),
    exceptions, watched lines, chosen functions' results, eager functions' times."""
    recorder = RECORDER
    functions = aggregate(recorder.records())
    files = set(files) | {f["file"] for f in functions if os.path.isfile(f["file"])}
    watching = recorder.watch
    return {
        "tensorflow": tensorflow,
        "seconds": recorder.now(),
        "functions": functions,
        "files": sorted(files),
        "errors": recorder.errors,
        "lines": watching.to_list() if watching else [],
        "line_watch_skipped": watching.skipped if watching else None,
        "outputs": recorder.outputs.to_list() if recorder.outputs is not None else None,
        "eager": (
            [s.to_dict() for s in recorder.eager.stats.values()]
            if recorder.eager is not None
            else None
        ),
    }


def loaded_files(script: str | None = None) -> set[str]:
    """The Python files of every loaded module (and the script run as ``__main__``)."""
    files = {script} if script and os.path.isfile(script) else set()
    for module in list(sys.modules.values()):
        name = getattr(module, "__file__", None)
        if isinstance(name, str) and name.endswith(".py"):
            files.add(os.path.abspath(name))
    return files


def install_eager(candidates: list[dict], user_root: str) -> eager.EagerProbe:
    """Time the candidates' eager calls (see :mod:`eager`). After :func:`install`."""
    from tensorflow.python.eager import context

    def eager_now() -> bool:
        return not _thread.tracing and context.executing_eagerly()

    probe = eager.EagerProbe(candidates, user_root, eager_now, unrecorded)
    RECORDER.eager = probe
    probe.start()
    return probe


def measure_eager() -> None:
    """Time the hot eager candidates as tf.functions too (``--measure``)."""
    if RECORDER.eager is None:
        return
    import tensorflow as tf

    RECORDER.eager.measure(tf, values)


class Progress:
    """The progress line: how long the program has run, its tf.functions, traces, retraces
    and calls so far; written when something changed since the last one."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.last: tuple | None = None
        self.lock = threading.Lock()

    def tick(self) -> None:
        with self.lock:
            records = RECORDER.records()
            events = [e for r in records for e in list(r.events)]
            state = (
                len({r.key for r in records if r.traces}),
                len(events),
                sum(e.kind == RETRACE for e in events),
                sum(r.calls for r in records),
            )
            if state == self.last:
                return
            self.last = state
            seconds = sum(e.seconds(None) for e in events)
            functions, traces, retraces, calls = state
            self.stream.write(
                f"tf2lint trace: {RECORDER.now():.0f} s: {functions} "
                f"tf.function{'' if functions == 1 else 's'} traced {traces}x ({retraces} "
                f"retrace{'' if retraces == 1 else 's'}, {seconds:.2f} s), {calls} "
                f"call{'' if calls == 1 else 's'}\n"
            )
            self.stream.flush()


def start_progress(interval: float, stream=None) -> Progress:
    """Every ``interval`` seconds in which something traced or was called, the progress line
    on stderr; and at exit, where the program stood (a run shorter than ``interval`` too)."""
    progress = Progress(stream or sys.__stderr__)

    def report() -> None:
        while True:
            time.sleep(interval)
            progress.tick()

    threading.Thread(target=report, name="tf2lint-trace-progress", daemon=True).start()
    atexit.register(progress.tick)
    return progress


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
