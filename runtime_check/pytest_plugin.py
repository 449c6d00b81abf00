"""``pytest --tf2lint``: the user's test session under ``tf2lint trace``'s instrumentation.

Off unless asked, by ``--tf2lint`` or by a ``[tool.tf2lint.trace]`` table in the pyproject.toml of
pytest's root folder (``[trace]`` in its ``tf2lint.toml`` or ``.tf2lint.toml``); ``--no-tf2lint``
turns it off again. Off, this module is all that pytest loads of tf2lint: it imports only the
standard library, and neither TensorFlow nor the harness.

On, the session (see :mod:`session`) lints the project first, instruments every ``tf.function``
once TensorFlow is imported, and at the end reports, per tf.function of the project's code, its
traces, retraces with their causes, tracing time, the Python effects that ran only while
tracing, variables created on a later trace and the static finding each confirms; the shape fix
of each shape-retracing function (written and verified with ``--tf2lint-fix``); and the eager
functions a graph would speed up (measured with ``--tf2lint-measure``). Thresholds fail the
session (exit status 1) when they are exceeded.

Settings (the command line wins over the file)::

    [tool.tf2lint.trace]
    max-retraces = 2              # per tf.function
    max-trace-seconds = 5.0       # per tf.function
    max-total-retraces = 10
    max-total-trace-seconds = 30.0
    format = "text"               # text, concise, json, sarif, github, trace-json
    output = "tf2lint-trace.sarif"   # default: the terminal
    fix = false                   # --tf2lint-fix
    measure = false               # --tf2lint-measure
    lines = true                  # false (--tf2lint-no-lines): tracing unslowed, no line counts
    root = "."                    # the project's code (default: pytest's root folder)
    enabled = true                # false: only --tf2lint turns it on
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

FORMATS = ("text", "concise", "json", "sarif", "github", "trace-json")
LIMITS = ("max-retraces", "max-trace-seconds", "max-total-retraces", "max-total-trace-seconds")
KEYS = {
    "max-retraces": int,
    "max-trace-seconds": (int, float),
    "max-total-retraces": int,
    "max-total-trace-seconds": (int, float),
    "format": str,
    "output": str,
    "fix": bool,
    "measure": bool,
    "lines": bool,
    "root": str,
    "enabled": bool,
}
_SESSION = pytest.StashKey()
_OUTCOME = pytest.StashKey()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tf2lint", "tf2lint: tf.function retracing and tracing in the tests")
    group.addoption(
        "--tf2lint",
        action="store_true",
        default=None,
        help="run the session under tf2lint's tf.function instrumentation and report "
        "retraces, their causes and tracing time ([tool.tf2lint.trace] turns it on too)",
    )
    group.addoption("--no-tf2lint", action="store_false", dest="tf2lint", help="turn --tf2lint off")
    group.addoption(
        "--tf2lint-format",
        choices=FORMATS,
        default=None,
        help="the report's format (default: text): check's concise, json, sarif and github, "
        "or trace-json (tf2lint trace --format json)",
    )
    group.addoption("--tf2lint-output", default=None, help="write the report to this file")
    for limit in LIMITS:
        group.addoption(
            f"--tf2lint-{limit}",
            type=float if "seconds" in limit else int,
            default=None,
            help=f"fail the session above this many {'seconds of tracing' if 'seconds' in limit else 'retraces'}"
            + (" in all" if "total" in limit else " of one tf.function"),
        )
    group.addoption(
        "--tf2lint-fix",
        action="store_true",
        default=None,
        help="write each shape-retracing tf.function's fix (an input_signature or "
        "reduce_retracing; unsafe), run the session again, keep what that run confirms",
    )
    group.addoption(
        "--tf2lint-measure",
        action="store_true",
        default=None,
        help="time the functions that ran eagerly and often as tf.functions too",
    )
    group.addoption(
        "--tf2lint-no-lines",
        action="store_false",
        dest="tf2lint_lines",
        default=None,
        help="do not count the lines of findings while graphs are built (sys.settrace slows "
        "tracing): no trace-time-only effects observed, tracing times alone",
    )
    group.addoption("--tf2lint-root", default=None, help="the folder of the project's code")


def _read_table(root: Path) -> tuple[dict | None, Path | None]:
    """The ``[tool.tf2lint.trace]`` table of pytest's root folder, and the file it is in."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    for name in (".tf2lint.toml", "tf2lint.toml", "pyproject.toml"):
        path = root / name
        if not path.is_file():
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            raise pytest.UsageError(f"tf2lint: {path}: {error}") from error
        if name == "pyproject.toml":
            data = data.get("tool", {}).get("tf2lint", {})
        table = data.get("trace") if isinstance(data, dict) else None
        if table is None:
            continue
        if not isinstance(table, dict):
            raise pytest.UsageError(f"tf2lint: {path}: `trace` must be a table")
        for key, value in table.items():
            kind = KEYS.get(key)
            if kind is None:
                raise pytest.UsageError(
                    f"tf2lint: {path}: [tool.tf2lint.trace] unknown key `{key}` "
                    f"(known: {', '.join(sorted(KEYS))})"
                )
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise pytest.UsageError(
                    f"tf2lint: {path}: [tool.tf2lint.trace] `{key}` has the wrong type"
                )
        if table.get("format", "text") not in FORMATS:
            raise pytest.UsageError(
                f"tf2lint: {path}: [tool.tf2lint.trace] `format` must be one of "
                f"{', '.join(FORMATS)}"
            )
        return table, path
    return None, None


def _option(config: pytest.Config, name: str):
    namespace = getattr(config, "known_args_namespace", None)
    value = getattr(config.option, name, None)
    if value is None and namespace is not None:
        value = getattr(namespace, name, None)
    return value


def _settings(config: pytest.Config):
    """The session's settings, or None when the harness is off."""
    rootpath = Path(config.rootpath)
    table, path = _read_table(rootpath)
    asked = _option(config, "tf2lint")
    enabled = asked if asked is not None else (table is not None and table.get("enabled", True))
    if not enabled:
        return None
    table = table or {}
    base = path.parent if path else rootpath

    def pick(option: str, key: str):
        value = _option(config, option)
        return value if value is not None else table.get(key)

    from tf2lint.runtime_check import ci, session

    limits = ci.Thresholds(
        *(pick(f"tf2lint_{k.replace('-', '_')}", k) for k in LIMITS)  # in the dataclass's order
    )
    # A file named on the command line is relative to where pytest started; one in the
    # configuration, to the configuration's folder.
    invocation = Path(config.invocation_params.dir)
    output = _option(config, "tf2lint_output")
    output = (
        invocation / output if output else (base / table["output"] if "output" in table else None)
    )
    root = pick("tf2lint_root", "root")
    args = [a for a in config.invocation_params.args if a != "--tf2lint-fix"]
    return session.Settings(
        root=(base / root).resolve() if root else rootpath.resolve(),
        output_format=pick("tf2lint_format", "format") or "text",
        output=output,
        limits=limits,
        fix=bool(pick("tf2lint_fix", "fix")),
        measure=bool(pick("tf2lint_measure", "measure")),
        lines=pick("tf2lint_lines", "lines") is not False,
        rerun=[sys.executable, "-m", "pytest", *args, "--tf2lint"],
        cwd=invocation,
    )


def _start(config: pytest.Config) -> None:
    if _SESSION in config.stash:
        return
    settings = _settings(config)
    if settings is None:
        config.stash[_SESSION] = None
        return
    from tf2lint.runtime_check.session import Session

    harness = Session(settings)
    config.stash[_SESSION] = harness
    harness.start()


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, parser, args) -> None:
    # Before the project's conftest.py files import TensorFlow and define tf.functions.
    _start(early_config)


def pytest_configure(config: pytest.Config) -> None:
    _start(config)  # a plugin loaded too late for the hook above (-p, pytest_plugins)


def pytest_runtest_setup(item: pytest.Item) -> None:
    harness = item.config.stash.get(_SESSION, None)
    if harness is not None:
        harness.scan()


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    harness = session.config.stash.get(_SESSION, None)
    if harness is None:
        return
    outcome = harness.finish(int(exitstatus))
    session.config.stash[_OUTCOME] = outcome
    if outcome.breaches and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    outcome = config.stash.get(_OUTCOME, None)
    if outcome is None or not (outcome.text or outcome.summary):
        return
    terminalreporter.write_sep("=", "tf2lint")
    if outcome.text:
        terminalreporter.write(outcome.text)
    elif outcome.summary:
        terminalreporter.write_line(outcome.summary)
    terminalreporter.write_line(
        f"tf2lint: the harness's own work took {outcome.harness_seconds:.2f} s"
    )
