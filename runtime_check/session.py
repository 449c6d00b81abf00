"""The harness inside the interpreter that runs the user's code: a pytest session (see
:mod:`pytest_plugin`), instrumented as ``tf2lint trace`` instruments a program.

At the start it lints the project (the lines whose findings a run can show, and the eager
candidates of :mod:`graphs`) and arranges for :mod:`instrument` to be installed the moment
TensorFlow finishes importing (at once if it already has). At the end it reads what every
tf.function did, compares it with the findings (:mod:`observe`), fixes shape retraces if asked
(:func:`trace.fix_and_verify`, running the session again), and renders the report in the
chosen format (:mod:`ci`) with the thresholds it broke.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tf2lint.runtime_check import ci, graphs, observe

# A session run again by --tf2lint-fix: it records the fixed functions' results and writes what
# it saw to a file, and neither reports, fixes nor fails on thresholds.
CHILD_OUTPUTS = "TF2LINT_PYTEST_OUTPUTS"
CHILD_SNAPSHOT = "TF2LINT_PYTEST_SNAPSHOT"


@dataclass
class Settings:
    root: Path
    output_format: str = "text"
    output: Path | None = None  # None: the terminal
    limits: ci.Thresholds = field(default_factory=ci.Thresholds)
    fix: bool = False
    measure: bool = False
    lines: bool = True  # count the lines of findings while graphs are built
    rerun: list[str] = field(default_factory=list)  # the command that runs the session again
    cwd: Path | None = None  # where the session was started


@dataclass
class Outcome:
    """What the session's end gives the plugin."""

    text: str  # the report in the chosen format ("" when written to a file)
    summary: str  # one line for the terminal
    breaches: list[ci.Breach]
    report: observe.TraceReport | None
    harness_seconds: float  # the harness's own lint, report and fix time


class Session:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.tensorflow: str | None = None
        self.harness_seconds = 0.0
        self.linted = None
        self.watch: dict = {}
        self.candidates: list[graphs.Candidate] = []
        self.child = bool(os.environ.get(CHILD_SNAPSHOT))

    def start(self) -> None:
        """Lint the project, then instrument TensorFlow as soon as it is imported."""
        started = time.perf_counter()
        from tf2lint.runtime_check.trace import lint_folder

        if not self.child:
            self.linted = lint_folder(self.settings.root)
            if self.settings.lines:
                self.watch = observe.lines_to_watch(self.linted.diagnostics)
            self.candidates = [
                c
                for c in graphs.candidates(self.linted.files, self.linted.rules)
                if c.excluded is None
            ]
        if "tensorflow" in sys.modules:
            self._instrument(sys.modules["tensorflow"])
        else:
            sys.meta_path.insert(0, _TensorFlowFinder(self._instrument))
        self.harness_seconds += time.perf_counter() - started

    def _instrument(self, tensorflow) -> None:
        from tf2lint.runtime_check import instrument

        instrument.install(sync=False, user_root=str(self.settings.root), watch=self.watch)
        self.tensorflow = getattr(tensorflow, "__version__", "?")
        wanted = os.environ.get(CHILD_OUTPUTS)
        if wanted:
            instrument.RECORDER.outputs = instrument.OutputLog(json.loads(wanted))
        elif self.settings.fix:
            instrument.RECORDER.outputs = instrument.OutputLog(None)
        if self.candidates:
            instrument.install_eager(
                [c.to_dict() for c in self.candidates], str(self.settings.root)
            )

    def scan(self) -> None:
        """Before each test: wrap the eager candidates its module defined."""
        if self.tensorflow is None:
            return
        from tf2lint.runtime_check import instrument

        if instrument.RECORDER.eager is not None:
            instrument.RECORDER.eager.scan()

    def finish(self, exit_code: int) -> Outcome:
        started = time.perf_counter()
        try:
            return self._finish(exit_code)
        finally:
            self.harness_seconds += time.perf_counter() - started

    def _finish(self, exit_code: int) -> Outcome:
        settings = self.settings
        if self.tensorflow is None:
            return Outcome("", "tf2lint: the tests never imported TensorFlow", [], None, 0.0)
        from tf2lint.runtime_check import instrument

        if settings.measure and not self.child:
            instrument.measure_eager()
        data = instrument.snapshot(self.tensorflow, instrument.loaded_files())
        if self.child:
            Path(os.environ[CHILD_SNAPSHOT]).write_text(json.dumps(data), encoding="utf-8")
            return Outcome("", "", [], None, 0.0)
        data["watched_lines"] = sum(len(n) for n in self.watch.values())
        executed = {os.path.realpath(f) for f in data["files"]}
        diagnostics = self.linted.diagnostics if self.linted else []
        ran = [d for d in diagnostics if os.path.realpath(d.path) in executed]
        program = ["pytest", *settings.rerun[3:]]
        report = observe.compare(
            data, ran, program=program, root=settings.root, exit_code=exit_code
        )
        if settings.fix and report.proposals:
            from tf2lint.runtime_check.trace import fix_and_verify

            fix_and_verify(report, data, self._rerun)
        text = ci.render(report, settings.output_format, settings.limits, settings.cwd)
        found, broken = ci.diagnostics(report, settings.limits)
        summary = ci.summary_line(report, found, broken)
        if settings.output is not None:  # the file gets the format; the terminal, the text
            settings.output.parent.mkdir(parents=True, exist_ok=True)
            settings.output.write_text(text, encoding="utf-8")
            if settings.output_format != "text":
                text = ci.render(report, "text", settings.limits, settings.cwd)
            text += f"tf2lint: the {settings.output_format} report is in {settings.output}\n"
        return Outcome(text, summary, broken, report, self.harness_seconds)

    def _rerun(self, options: dict):
        """The session again, in a new interpreter, recording the fixed functions' results."""
        from tf2lint.runtime_check.trace import Run

        with tempfile.TemporaryDirectory(prefix="tf2lint-pytest-") as folder:
            snapshot = Path(folder, "snapshot.json")
            env = dict(os.environ)
            env[CHILD_OUTPUTS] = json.dumps(options.get("outputs") or [])
            env[CHILD_SNAPSHOT] = str(snapshot)
            done = subprocess.run(
                self.settings.rerun,
                cwd=self.settings.cwd,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            data = json.loads(snapshot.read_text()) if snapshot.is_file() else None
        return Run(done.returncode, data)


class _TensorFlowFinder:
    """Instruments TensorFlow the moment its import finishes, as ``tf2lint trace`` does."""

    def __init__(self, then) -> None:
        self.then = then

    def find_spec(self, name, path=None, target=None):
        if name != "tensorflow":
            return None
        sys.meta_path.remove(self)
        found = importlib.util.find_spec(name)
        if found is None or found.loader is None:
            return found
        exec_module = found.loader.exec_module
        then = self.then

        def exec_and_instrument(module):
            exec_module(module)
            then(module)

        found.loader.exec_module = exec_and_instrument
        return found
