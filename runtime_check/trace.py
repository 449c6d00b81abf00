"""``tf2lint trace -- python SCRIPT [ARGS]``: run a program with tf.function instrumented.

The program runs in its own interpreter, unchanged, with a ``sitecustomize`` put first on its
``PYTHONPATH``: it installs :mod:`instrument` the moment the program finishes importing TensorFlow
and, at exit, writes what every ``tf.function`` did. This process then lints the program's files
(those under the script's folder that it executed) and compares: which static findings were
observed at run time, which were not, and which functions retraced with no rule predicting it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

BOOTSTRAP = r"""
import atexit, importlib.abc, importlib.util, json, os, runpy, sys, traceback

def _tf2lint_trace():
    out = os.environ.pop("TF2LINT_TRACE_OUT", None)
    here = os.path.dirname(os.path.abspath(__file__))
    for entry in sys.path:  # chain to the sitecustomize this one shadows, if any
        candidate = os.path.join(entry or ".", "sitecustomize.py")
        if os.path.abspath(entry or ".") != here and os.path.isfile(candidate):
            runpy.run_path(candidate)
            break
    if not out:
        return
    spec = importlib.util.spec_from_file_location(
        "_tf2lint_instrument", os.environ.pop("TF2LINT_TRACE_INSTRUMENT")
    )
    instrument = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = instrument
    spec.loader.exec_module(instrument)
    state = {"tensorflow": False, "exception": None}
    script = os.path.abspath(sys.argv[0]) if sys.argv and sys.argv[0] else None

    class Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name != "tensorflow":
                return None
            sys.meta_path.remove(self)
            found = importlib.util.find_spec(name)
            if found is None or found.loader is None:
                return found
            exec_module = found.loader.exec_module

            def exec_and_instrument(module):
                exec_module(module)
                instrument.install(sync=False)
                state["tensorflow"] = True

            found.loader.exec_module = exec_and_instrument
            return found

    sys.meta_path.insert(0, Finder())
    previous_hook = sys.excepthook

    def excepthook(kind, value, tb):
        frames = [(f.filename, f.lineno) for f in traceback.extract_tb(tb)]
        state["exception"] = {"type": kind.__name__, "message": str(value), "frames": frames}
        previous_hook(kind, value, tb)

    sys.excepthook = excepthook

    def write():
        files = {script} if script and os.path.isfile(script) else set()
        for module in list(sys.modules.values()):
            name = getattr(module, "__file__", None)
            if isinstance(name, str) and name.endswith(".py"):
                files.add(os.path.abspath(name))
        functions = instrument.aggregate(instrument.RECORDER.records())
        files.update(f["file"] for f in functions if os.path.isfile(f["file"]))
        report = {
            "tensorflow": state["tensorflow"],
            "functions": functions,
            "files": sorted(files),
            "exception": state["exception"],
        }
        with open(out, "w") as handle:
            json.dump(report, handle)

    atexit.register(write)

_tf2lint_trace()
del _tf2lint_trace
"""

CHECKED_BY_TRACES = {"retracing"}
CHECKED_BY_CALLS = {"side-effect", "stale-capture"}  # Python ran at trace time only
CHECKED_BY_ERRORS = {"leaked-tensor", "variable-creation", "graph-incompatible"}


@dataclass
class Comparison:
    functions: list[dict]
    observed: list[tuple] = field(default_factory=list)  # (diagnostic, evidence)
    not_observed: list[tuple] = field(default_factory=list)
    not_checkable: list = field(default_factory=list)
    unpredicted: list[dict] = field(default_factory=list)


def _usage(message: str) -> int:
    print(f"tf2lint trace: error: {message}", file=sys.stderr)
    print("usage: tf2lint trace -- python SCRIPT [ARGS]", file=sys.stderr)
    return 2


def command_line(argv: list[str]) -> tuple[list[str], Path] | str:
    """The program's argv and the folder whose files are linted, or an error message."""
    if argv and argv[0] == "--":
        argv = argv[1:]
    if not argv:
        return "no program given"
    if argv[0].endswith(".py"):
        argv = [sys.executable, *argv]
    args = iter(enumerate(argv[1:], start=1))
    for _, arg in args:
        if arg == "-m":
            return argv, Path.cwd()
        if arg == "-c":
            return "tf2lint trace runs a script or a module (-m), not -c code"
        if arg in ("-W", "-X"):
            next(args, None)
        elif not arg.startswith("-"):
            return argv, Path(arg).resolve().parent
    return "no script to run (expected: python SCRIPT [ARGS])"


def trace_main(argv: list[str]) -> int:
    found = command_line(argv)
    if isinstance(found, str):
        return _usage(found)
    program, root = found
    with tempfile.TemporaryDirectory(prefix="tf2lint-trace-") as folder:
        Path(folder, "sitecustomize.py").write_text(BOOTSTRAP)
        out = Path(folder, "trace.json")
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (folder, env.get("PYTHONPATH")) if p)
        env["TF2LINT_TRACE_OUT"] = str(out)
        env["TF2LINT_TRACE_INSTRUMENT"] = str(Path(__file__).with_name("instrument.py"))
        try:
            returncode = subprocess.run(program, env=env).returncode
        except OSError as error:
            return _usage(f"cannot run {program[0]}: {error}")
        data = json.loads(out.read_text()) if out.is_file() else None
    if data is None:
        print(
            "tf2lint trace: the program left no trace data (killed, or os._exit)", file=sys.stderr
        )
        return returncode or 2
    if not data["tensorflow"]:
        print("tf2lint trace: the program never imported TensorFlow", file=sys.stderr)
        return returncode
    files = [Path(f) for f in data["files"] if _under(Path(f), root)]
    comparison = compare(data, lint_files(files))
    sys.stderr.write(render(comparison, root))
    return returncode


def _under(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
    except ValueError:
        return False
    return True


def lint_files(files: list[Path]) -> list:
    from tf2lint.engine import lint_module
    from tf2lint.plugins import all_rules

    rules = list(all_rules())
    found = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        found += [d for d in lint_module(text, str(path), rules).diagnostics if d.rule[:2] == "TF"]
    return found


def _same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return a == b


def _enclosing(functions: list[dict], path: str, line: int) -> dict | None:
    inside = [
        f for f in functions if _same_file(f["file"], path) and f["line"] <= line <= f["end_line"]
    ]
    return min(inside, key=lambda f: f["end_line"] - f["line"], default=None)


def _retraced_at(functions: list[dict], path: str, line: int) -> dict | None:
    for f in functions:
        if any(_same_file(site[0], path) and site[1] == line for site in f["retrace_sites"]):
            return f
    return None


def _error_hits(exception: dict | None, path: str, first: int, last: int) -> bool:
    if not exception:
        return False
    for file, line in exception["frames"]:
        if _same_file(file, path) and first <= line <= last:
            return True
    resolved = str(Path(path).resolve())
    return any(
        f'"{name}", line {n}' in exception["message"]
        for name in {path, resolved}
        for n in range(first, last + 1)
    )


def _counts(f: dict) -> str:
    return f"{f['name']} traced {f['traces']}x in {f['calls']} calls"


def compare(data: dict, diagnostics: list) -> Comparison:
    functions = data["functions"]
    result = Comparison(functions)
    predicted: set[tuple] = set()
    for d in diagnostics:
        fn = _enclosing(functions, d.path, d.line)
        if d.category in CHECKED_BY_TRACES:
            site = _retraced_at(functions, d.path, d.line)
            hit = site or (fn if fn and fn["traces"] > 1 else None)
            if hit:
                predicted.add((hit["file"], hit["line"], hit["name"]))
                result.observed.append((d, _counts(hit)))
            else:
                why = _counts(fn) if fn else "no retrace here at run time"
                result.not_observed.append((d, why))
        elif d.category in CHECKED_BY_CALLS:
            if fn and fn["calls"] > fn["traces"]:
                result.observed.append(
                    (d, f"{fn['name']} ran its Python body {fn['traces']}x for {fn['calls']} calls")
                )
            else:
                why = _counts(fn) if fn else "never ran inside a traced function"
                result.not_observed.append((d, why))
        elif d.category in CHECKED_BY_ERRORS:
            first, last = (fn["line"], fn["end_line"]) if fn else (d.line, d.line)
            exception = data.get("exception")
            if _error_hits(exception, d.path, first, last):
                result.observed.append((d, f"raised {exception['type']}"))
            else:
                result.not_observed.append((d, "no error raised from this code"))
        else:
            result.not_checkable.append(d)
    result.unpredicted = [
        f
        for f in functions
        if f["traces"] > 1 and (f["file"], f["line"], f["name"]) not in predicted
    ]
    return result


def _where(path: str, line: int, root: Path) -> str:
    try:
        shown = Path(path).resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        shown = path
    return f"{shown}:{line}"


def render(c: Comparison, root: Path) -> str:
    from tf2lint.runtime_check.report import seconds

    traced = [f for f in c.functions if f["traces"]]
    total = sum(f["trace_seconds"] for f in traced)
    lines = [
        "",
        f"tf2lint trace: {len(traced)} tf.functions traced "
        f"{sum(f['traces'] for f in traced)} times, {seconds(total)} tracing",
    ]
    for f in sorted(traced, key=lambda f: -f["trace_seconds"]):
        mark = "  RETRACED" if f["traces"] > 1 else ""
        lines.append(
            f"  {_where(f['file'], f['line'], root)} {f['name']}: {f['traces']} traces in "
            f"{f['calls']} calls, {seconds(f['trace_seconds'])} tracing, steady call "
            f"{seconds(f['steady_call_seconds'])}{mark}"
        )

    def finding(d, evidence: str) -> str:
        return f"  {_where(d.path, d.line, root)}:{d.column} {d.rule} {d.name}: {evidence}"

    lines.append(f"Static findings observed at run time ({len(c.observed)}):")
    lines += [finding(d, e) for d, e in c.observed]
    lines.append(f"Static findings not observed at run time ({len(c.not_observed)}):")
    lines += [finding(d, e) for d, e in c.not_observed]
    if c.not_checkable:
        lines.append(f"Static findings a run cannot show ({len(c.not_checkable)}):")
        lines += [finding(d, d.category) for d in c.not_checkable]
    lines.append(f"Retraces no static rule predicted ({len(c.unpredicted)}):")
    for f in c.unpredicted:
        sites = ", ".join(sorted({_where(s[0], s[1], root) for s in f["retrace_sites"]}))
        lines.append(
            f"  {_where(f['file'], f['line'], root)} {_counts(f)}, "
            f"{seconds(f['trace_seconds'])} tracing"
            + (f" (retraced from {sites})" if sites else "")
        )
    return "\n".join(lines) + "\n"
