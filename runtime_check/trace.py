"""``tf2lint trace [--format text|json] [--html FILE] [--no-lines] -- python SCRIPT [ARGS]``.

Lints the program's folder first, then runs the program in its own interpreter, unchanged, with a
``sitecustomize`` put first on its ``PYTHONPATH``: it installs :mod:`instrument` the moment the
program finishes importing TensorFlow (watching the lines of the findings a run can show) and, at
exit, writes what every ``tf.function`` did. :mod:`observe` then tells, for each finding in the
files the program executed, whether the run showed it, and names the cause of every retrace.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from tf2lint.runtime_check import ci, graphs, observe, signatures

BOOTSTRAP = r"""
import atexit, importlib.util, json, os, runpy, sys, time

def _tf2lint_trace():
    started = time.perf_counter()
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
    instrument.RECORDER.origin = started
    root = os.environ.pop("TF2LINT_TRACE_ROOT", None)
    with open(os.environ.pop("TF2LINT_TRACE_WATCH")) as handle:
        watch = json.load(handle)
    with open(os.environ.pop("TF2LINT_TRACE_OPTIONS")) as handle:
        options = json.load(handle)
    progress = float(os.environ.pop("TF2LINT_TRACE_PROGRESS", "0") or 0)
    state = {"tensorflow": None}
    script = os.path.abspath(sys.argv[0]) if sys.argv and sys.argv[0] else None

    class Finder:
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
                instrument.install(sync=False, user_root=root, watch=watch)
                state["tensorflow"] = getattr(module, "__version__", "?")
                if options.get("outputs"):
                    wanted = options["outputs"]
                    instrument.RECORDER.outputs = instrument.OutputLog(
                        None if wanted == "*" else wanted
                    )
                if options.get("eager"):
                    instrument.install_eager(options["eager"], root)
                    if options.get("measure"):  # registered after TensorFlow's: runs first
                        atexit.register(instrument.measure_eager)
                if progress > 0:
                    instrument.start_progress(progress)

            found.loader.exec_module = exec_and_instrument
            return found

    sys.meta_path.insert(0, Finder())
    previous_hook = sys.excepthook

    def excepthook(kind, value, tb):
        if state["tensorflow"]:
            instrument.RECORDER.note_error(value)["uncaught"] = True
        previous_hook(kind, value, tb)

    sys.excepthook = excepthook

    def write():
        report = instrument.snapshot(state["tensorflow"], instrument.loaded_files(script))
        with open(out, "w") as handle:
            json.dump(report, handle)

    atexit.register(write)

_tf2lint_trace()
del _tf2lint_trace
"""


def _usage(message: str) -> int:
    print(f"tf2lint trace: error: {message}", file=sys.stderr)
    print(
        "usage: tf2lint trace [--format text|json|concise|sarif|github] [--html FILE] "
        "[--output FILE] [--no-lines] [--root DIR] [--fix] [--measure] -- python SCRIPT [ARGS]",
        file=sys.stderr,
    )
    return 2


def project_root(start: Path) -> Path | None:
    """The nearest folder from ``start`` upwards holding a pyproject.toml or a .git."""
    for folder in (start, *start.parents):
        if (folder / "pyproject.toml").is_file() or (folder / ".git").exists():
            return folder
    return None


def trace_root(script: Path | None, given: Path | None = None) -> Path:
    """The folder whose code is the user's (linted, and its frames told from TensorFlow's):
    ``--root``, else the project around the working folder (its nearest pyproject.toml or
    .git, else the folder itself), as long as the script lies in it; else the script's folder."""
    if given is not None:
        return given.resolve()
    here = Path.cwd().resolve()
    root = project_root(here) or here
    if script is None or script.is_relative_to(root):
        return root
    return script.parent


def command_line(argv: list[str], root: Path | None = None) -> tuple[list[str], Path] | str:
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
            return argv, trace_root(None, root)
        if arg == "-c":
            return "tf2lint trace runs a script or a module (-m), not -c code"
        if arg in ("-W", "-X"):
            next(args, None)
        elif not arg.startswith("-"):
            return argv, trace_root(Path(arg).resolve(), root)
    return "no script to run (expected: python SCRIPT [ARGS])"


@dataclass
class Run:
    """One run of the program under instrumentation."""

    returncode: int
    data: dict | None  # what instrument.snapshot wrote; None: the program left nothing


def run_program(
    program: list[str],
    root: Path,
    watch: dict,
    options: dict,
    progress: bool = False,
    stdout=None,
) -> Run | str:
    """Run ``program`` with every tf.function instrumented (see BOOTSTRAP), or say why not.
    ``options``: ``outputs`` (functions whose results to keep, ``"*"`` for all the user's),
    ``eager`` (candidates to time, see :mod:`graphs`), ``measure`` (time them as graphs)."""
    with tempfile.TemporaryDirectory(prefix="tf2lint-trace-") as folder:
        Path(folder, "sitecustomize.py").write_text(BOOTSTRAP)
        out = Path(folder, "trace.json")
        watch_file = Path(folder, "watch.json")
        watch_file.write_text(json.dumps(watch))
        options_file = Path(folder, "options.json")
        options_file.write_text(json.dumps(options))
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (folder, env.get("PYTHONPATH")) if p)
        env["TF2LINT_TRACE_OUT"] = str(out)
        env["TF2LINT_TRACE_INSTRUMENT"] = str(Path(__file__).with_name("instrument.py"))
        env["TF2LINT_TRACE_ROOT"] = str(root)
        env["TF2LINT_TRACE_WATCH"] = str(watch_file)
        env["TF2LINT_TRACE_OPTIONS"] = str(options_file)
        env["TF2LINT_TRACE_PROGRESS"] = os.environ.get("TF2LINT_TRACE_PROGRESS", "") or (
            "10" if progress else "0"
        )
        try:
            returncode = subprocess.run(program, env=env, stdout=stdout).returncode
        except OSError as error:
            return f"cannot run {program[0]}: {error}"
        data = json.loads(out.read_text()) if out.is_file() else None
    return Run(returncode, data)


def trace_main(
    argv: list[str],
    output_format: str = "text",
    html: Path | None = None,
    output: Path | None = None,
    progress: bool | None = None,
    lines: bool = True,
    root: Path | None = None,
    fix: bool = False,
    measure: bool = False,
) -> int:
    found = command_line(argv, root)
    if isinstance(found, str):
        return _usage(found)
    program, root = found
    linted = lint_folder(root)
    diagnostics = linted.diagnostics
    watch = observe.lines_to_watch(diagnostics) if lines else {}
    candidates = graphs.candidates(linted.files, linted.rules)
    if progress is None:
        progress = sys.stderr.isatty()
    # With the report on stdout, the program's own stdout goes to stderr: stdout stays JSON.
    report_on_stdout = output_format != "text" and output is None
    stdout = sys.stderr if report_on_stdout else None
    options = {
        "outputs": "*" if fix else None,
        "eager": [c.to_dict() for c in candidates if c.excluded is None],
        "measure": measure,
    }
    run = run_program(program, root, watch, options, progress, stdout)
    if isinstance(run, str):
        return _usage(run)
    data, returncode = run.data, run.returncode
    if data is None:
        print(
            "tf2lint trace: the program left no trace data (killed, or os._exit)", file=sys.stderr
        )
        return returncode or 2
    if not data["tensorflow"]:
        print("tf2lint trace: the program never imported TensorFlow", file=sys.stderr)
        return returncode
    if not lines:
        data["line_watch_skipped"] = "turned off (--no-lines)"
    data["watched_lines"] = sum(len(n) for n in watch.values())
    executed = {_resolved(f) for f in data["files"]}
    ran = [d for d in diagnostics if _resolved(d.path) in executed]
    report = observe.compare(data, ran, program=program, root=root, exit_code=returncode)
    if fix and report.proposals:
        fix_and_verify(
            report, data, lambda opts: run_program(program, root, {}, opts, False, stdout)
        )
    if html is not None:
        from tf2lint.runtime_check.html import render_trace

        html.write_text(render_trace(report), encoding="utf-8")
        print(f"tf2lint trace: wrote {html}", file=sys.stderr)
    if output_format == "json":
        output_format = "trace-json"  # `trace --format json` has always been the trace report
    text = ci.render(report, output_format) if output_format != "text" else None
    if text is None:
        text = observe.render_text(report)
    if output is not None:
        output.write_text(text, encoding="utf-8")
    elif report_on_stdout:
        sys.stdout.write(text)
    else:
        sys.stderr.write(text)
    return returncode


def fix_and_verify(report: observe.TraceReport, data: dict, rerun) -> None:
    """Write each shape fix, run the program again (``rerun(options) -> Run``), and keep a
    fix only where that run confirms it: the function's retraces are gone (at most the one
    that generalises the shapes, for ``reduce_retracing``), no call failed to trace, it
    returned the same results call for call, and the program exited as before. A fix the
    run refutes is taken out again, with the reason."""
    written = signatures.apply(report.proposals, report.root)
    applied = [p for w in written for p in w.applied]
    if not applied:
        return
    wanted = [[p.file, p.function] for p in applied]
    again = rerun({"outputs": wanted, "eager": [], "measure": False})
    after = again.data if not isinstance(again, str) else None
    before_outputs = _outputs(data)
    after_outputs = _outputs(after) if after else {}
    for proposal in applied:
        proposal.check = verdict(proposal, report, data, after, before_outputs, after_outputs)
        if isinstance(again, str) or again.returncode != report.exit_code:
            code = again if isinstance(again, str) else f"exited {again.returncode}"
            proposal.check["ok"] = False
            proposal.check["why"] = f"the fixed program {code}, the original {report.exit_code}"
        proposal.status = "verified" if proposal.check["ok"] else "reverted"
        proposal.reason = proposal.check["why"]
    for w in written:
        refuted = [p for p in w.applied if p.status == "reverted"]
        if refuted:
            signatures.restore(w, [p for p in w.applied if p.status == "verified"], report.root)


def _outputs(data: dict | None) -> dict[tuple[str, str], list]:
    return {
        (os.path.realpath(o["file"]), o["name"]): o["results"]
        for o in (data or {}).get("outputs") or []
    }


def verdict(proposal, report, before: dict, after: dict | None, outputs_before, outputs_after):
    """Whether a second run confirms one fix (see :func:`fix_and_verify`)."""
    from tf2lint.runtime_check import values

    key = (os.path.realpath(proposal.file), proposal.function)

    def find(data):
        return next(
            (
                f
                for f in (data or {}).get("functions", [])
                if f["name"] == proposal.function and os.path.realpath(f["file"]) == key[0]
            ),
            None,
        )

    old, new = find(before), find(after)
    check = {"traces_before": old["traces"] if old else None, "retraces_before": proposal.retraces}
    if new is None:
        return dict(check, ok=False, why="the fixed function did not run again")
    check.update(traces_after=new["traces"], retraces_after=new["retraces"])
    allowed = 0 if proposal.change == signatures.INPUT_SIGNATURE else 1
    if new["failed_traces"]:
        return dict(
            check, ok=False, why="a call failed to trace with the fix (a caller it refuses)"
        )
    if new["retraces"] > allowed or new["retraces"] >= proposal.retraces:
        return dict(check, ok=False, why=f"it still retraced {new['retraces']}x")
    first, second = outputs_before.get(key), outputs_after.get(key)
    if first is None or second is None:
        return dict(check, ok=False, why="its results were not recorded")
    check["calls_compared"] = len(first)
    if len(first) != len(second) or not values.same(first, second):
        return dict(check, ok=False, why="it returned other results with the fix")
    left = "no retrace" if not new["retraces"] else "1 retrace (TensorFlow generalising the shapes)"
    return dict(check, ok=True, why=f"{left}, same results in {len(first)} calls")


def _resolved(path: str) -> str:
    try:
        return str(Path(path).resolve())
    except OSError:
        return path


@dataclass
class Linted:
    diagnostics: list  # tf2lint's findings
    files: list[Path]  # the Python files linted
    rules: list  # the rules the project selects


def lint_folder(root: Path) -> Linted:
    """Every finding in the Python files under ``root``, with the project's configuration."""
    from tf2lint.base.config import ConfigError, find_config, load_config
    from tf2lint.linting.plugins import all_rules
    from tf2lint.linting.selection import select_rules
    from tf2lint.run.files import discover
    from tf2lint.run.runner import Settings, run

    try:
        config = load_config(find_config(root))
        rules = select_rules(all_rules(), config.select, config.ignore, config.target_tensorflow)
        exclude, config_root = config.exclude, config.root
    except ConfigError as error:
        print(f"tf2lint trace: {error}; linting with every rule", file=sys.stderr)
        rules, exclude, config_root = list(all_rules()), [], root
    files = [p for p in discover([root], config_root, exclude) if p.suffix == ".py"]
    result = run(files, Settings(rules=rules, root=config_root), cache=False)
    found = [d for d in result.diagnostics if d.rule[:2] == "TF" and d.cell is None]
    return Linted(found, files, rules)
