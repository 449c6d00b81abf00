"""A module is named from the folders it is linted in, as Python would import it: two scripts'
folders never share a module, and an ``__init__.py`` added or removed renames modules, cached
results included."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run_cli

HELPER = "import tensorflow as tf\n\ndef helper(x):\n    print(x)\n    return x\n"
TRACES_HELPER = (
    "import tensorflow as tf\nfrom {module} import helper\n\n@tf.function\n"
    "def f(x):\n    return helper(x)\n"
)


def concise(project: Path, *args: str) -> list[str]:
    result = run_cli("check", ".", "-q", "--output-format", "concise", *args, cwd=project)
    return [line.split(" ")[0] + " " + line.split(" ")[1] for line in result.stdout.splitlines()]


def test_two_script_folders_with_a_utils_module_are_two_modules(project):
    for folder in ("a", "b"):
        (project / folder).mkdir()
        (project / folder / "utils.py").write_text(HELPER)
    (project / "b" / "main.py").write_text(TRACES_HELPER.format(module="utils"))
    (project / "a" / "run.py").write_text("import utils\n\ndef g(x):\n    return utils.helper(x)\n")
    # b/main.py traces b/utils.py's helper, as `python b/main.py` would import it; a's is not
    assert concise(project, "--no-cache") == ["b/utils.py:4:5: TF201"]
    assert concise(project) == ["b/utils.py:4:5: TF201"]


def test_unsafe_fixes_never_reach_another_scripts_module(project):
    for folder in ("a", "b"):
        (project / folder).mkdir()
        (project / folder / "utils.py").write_text(HELPER)
    (project / "b" / "main.py").write_text(TRACES_HELPER.format(module="utils"))
    run_cli("check", ".", "--fix", "--unsafe-fixes", "--no-cache", cwd=project)
    assert (project / "a" / "utils.py").read_text() == HELPER
    assert "tf.print(x)" in (project / "b" / "utils.py").read_text()


@pytest.mark.parametrize("cache", [True, False])
def test_adding_and_removing_an_init_renames_modules_warm_as_cold(project, cache):
    pkg = project / "pkg"
    pkg.mkdir()
    (pkg / "b.py").write_text(HELPER)
    (pkg / "a.py").write_text(TRACES_HELPER.format(module="pkg.b"))
    flags = [] if cache else ["--no-cache"]
    assert concise(project, *flags) == []  # no package: `pkg.b` is no linted module
    (pkg / "__init__.py").write_text("")
    assert concise(project, *flags) == ["pkg/b.py:4:5: TF201"]
    (pkg / "__init__.py").unlink()
    assert concise(project, *flags) == []
