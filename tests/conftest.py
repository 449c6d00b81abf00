from __future__ import annotations

import ast
import inspect
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

from tf2lint.linting.engine import lint_module
from tf2lint.linting.plugins import all_rules

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
# Projects the tests run as a user would (tests/data/harness_project has its own tests and
# conftest.py, run by `pytest --tf2lint` in a copy): never collected as this suite's tests.
collect_ignore = ["data"]

# Property tests draw the same examples on every run and keep no example database: a failure
# reproduces, and a pass does not depend on what an earlier run found. What hypothesis still
# caches goes to the temporary folder, never into the checkout.
settings.register_profile("tf2lint", derandomize=True, database=None)
settings.load_profile("tf2lint")
set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "tf2lint-hypothesis")


def lint(source: str, select: list[str] | None = None, path: str = "t.py"):
    """Diagnostics for ``source`` (dedented) with the selected rules (default: all)."""
    rules = [r for r in all_rules() if select is None or any(r.id.startswith(s) for s in select)]
    return lint_module(textwrap.dedent(source), path, rules).diagnostics


def rule_ids(source: str, select: list[str] | None = None) -> list[str]:
    return [d.rule for d in lint(source, select)]


def run_cli(*args: str, cwd: Path | None = None, env: dict | None = None):
    return subprocess.run(
        [sys.executable, "-m", "tf2lint", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """An empty project folder with its own pyproject.toml (so the repo's config is not used)."""
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    return tmp_path


def copy_repository(target: Path, with_tests: bool = False) -> Path:
    """The repository's files (tracked and untracked, not ignored) copied to ``target``: what a
    clone of the working tree holds, for tests that install tf2lint as a user would."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file() and (with_tests or not name.startswith("tests/")):
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def pypi_reachable() -> bool:
    try:
        socket.create_connection(("pypi.org", 443), timeout=5).close()
    except OSError:
        return False
    return True


def json_findings(stdout: str, cwd: Path) -> list[dict]:
    """``tf2lint check --output-format json``'s findings (ruff's schema), each with the short
    names tests read beside ruff's: ``path`` (relative to ``cwd``, where the command ran, as
    the text output shows it), ``rule``, ``line``, ``column``, ``end_line``, ``end_column``."""
    base = os.path.realpath(cwd)
    return [
        {
            **d,
            "path": d["filename"] if d["filename"] == "-" else os.path.relpath(d["filename"], base),
            "rule": d["code"],
            "line": d["location"]["row"],
            "column": d["location"]["column"],
            "end_line": d["end_location"]["row"],
            "end_column": d["end_location"]["column"],
        }
        for d in json.loads(stdout)
    ]


# Tests that run TensorFlow (import it, or run the harness that does) carry the `tensorflow`
# marker, so that an everyday run can leave them out: `pytest -m "not tensorflow"`. A test is
# marked when its module says so (`pytestmark`, the harness's own tests), when its module imports
# TensorFlow, Keras or tf-keras at its top, or when its function's own code, or a fixture's it
# uses, has such an import statement or a `pytest.importorskip` of one (read with `ast`: code in
# strings is not an import).
# A run without them fails at the end if TensorFlow was imported all the same.
_TENSORFLOW_MODULES = frozenset({"tensorflow", "tf_keras", "keras"})


def _imports_tensorflow(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "importorskip"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            names = [str(node.args[0].value)]
        else:
            continue
        if any(name.split(".")[0] in _TENSORFLOW_MODULES for name in names):
            return True
    return False


def _module_imports_tensorflow(module) -> bool:
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError, SyntaxError):
        return False
    top = ast.Module(body=[n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))])
    return _imports_tensorflow(top) or any(
        isinstance(n, ast.Assign)
        and isinstance(n.value, ast.Call)
        and _imports_tensorflow(ast.Expression(body=n.value))
        for n in tree.body
    )


def _function_imports_tensorflow(function) -> bool:
    try:
        return _imports_tensorflow(ast.parse(textwrap.dedent(inspect.getsource(function))))
    except (OSError, TypeError, SyntaxError):
        return False


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", 'tensorflow: runs TensorFlow (leave them out with -m "not tensorflow")'
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    modules: dict[str, bool] = {}
    for item in items:
        module = getattr(item, "module", None)
        function = getattr(item, "function", None)
        if module is None or function is None or item.get_closest_marker("tensorflow"):
            continue
        if module.__name__ not in modules:
            modules[module.__name__] = _module_imports_tensorflow(module)
        fixtures = [
            definition.func
            for definitions in item._fixtureinfo.name2fixturedefs.values()
            for definition in definitions
        ]
        if modules[module.__name__] or any(
            _function_imports_tensorflow(f) for f in (function, *fixtures)
        ):
            item.add_marker(pytest.mark.tensorflow)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    expression = session.config.getoption("markexpr", "") or ""
    if "not tensorflow" in expression and "tensorflow" in sys.modules:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        print(
            "\nconftest: TensorFlow was imported in a run without the tensorflow tests: mark the "
            "test that imports it (see conftest.py)",
            file=sys.stderr,
        )


# Programs that show, each under TF 2.21, a form of a traced-state pitfall a rule reports and
# its fix (tests/data/state_forms, in the real-world suite's format; `tf2lint verify --suite
# tests/data/state_forms --record tests/data/state_forms/verified.json` confirms them).
STATE_FORMS = ROOT / "tests" / "data" / "state_forms"


def state_forms(*rules: str) -> list[str]:
    """The names of the programs in tests/data/state_forms whose expected rule is one of
    ``rules``."""
    from tf2lint.runtime_check import realworld  # the harness package: only tests import it

    return [
        p.name
        for p in realworld.load_suite(STATE_FORMS)
        if any(e.label in rules for e in p.expectations)
    ]


def check_state_form(name: str) -> None:
    """The program's bad version is reported on each expected line by the expected rule, by
    default; its clean twin gets no finding; the committed record confirms both under
    TensorFlow as they are now."""
    from tf2lint.runtime_check import realworld

    program = realworld.read_program(STATE_FORMS / name)
    bad = lint_module(program.bad.read_text(), str(program.bad), all_rules()).diagnostics
    shown = [(d.rule, d.line) for d in bad if not d.preview]
    for expectation in program.expectations:
        assert (expectation.label, expectation.line) in shown, (name, shown)
    clean = lint_module(program.clean.read_text(), str(program.clean), all_rules()).diagnostics
    assert [(d.rule, d.line) for d in clean if not d.preview] == []
    record = json.loads((STATE_FORMS / "verified.json").read_text())
    entry = next(e for e in record["programs"] if e["name"] == name)
    assert entry["digest"] == program.digest(), f"{name} changed since it was verified"
    assert entry["status"] == realworld.CONFIRMED, entry
