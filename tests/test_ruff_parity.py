"""tf2lint's text formats, summary wording, --diff and exit codes follow the installed ruff
(a test dependency, pinned to the 0.17 series): both run on files with a safe and an unsafe
fix each, and their outputs must have the same outline, line for line, once codes, messages,
paths, numbers and the source lines of frames are set aside."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    subprocess.run([sys.executable, "-m", "ruff", "--version"], capture_output=True).returncode,
    reason="ruff is not installed (it is in the test extra)",
)

# Each tool's own file, with a finding whose fix is safe, then one whose fix is unsafe (ruff: an
# unused import, an unused local; tf2lint: a TF1 rename, a print in traced code).
FILES = {
    "ruff": "import os\n\n\ndef f():\n    x = 1\n    return 2\n",
    "tf2lint": "import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n"
    "    y = tf.log(x)\n    print(y)\n    return y\n",
}
SELECT = {"ruff": "F401,F841", "tf2lint": "TF101,TF201"}
FRAME = re.compile(r"^\s*(\d+\s*)?\|( .*)?$|^\s*-\s|^\s*\d+ \+ ")  # source lines and their marks


def _run(tool: str, folder: Path, *args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", tool, "check", "--no-cache", "--select", SELECT[tool], *args]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=300)


def _both(folders: dict[str, Path], *args: str) -> tuple[subprocess.CompletedProcess, ...]:
    return tuple(_run(tool, folders[tool], *args) for tool in ("ruff", "tf2lint"))


def _outline(text: str) -> list[str]:
    """A report with its particulars set aside: frames' source lines, codes, file names, numbers
    and what a code's message or a help says."""
    out = []
    for line in text.splitlines():
        if not line.strip() or FRAME.match(line):
            continue
        line = re.sub(r"\b(?:TF|F)\d{3}\b", "CODE", line)
        line = re.sub(r"\S*code\.py", "FILE", line)
        line = re.sub(r"\d+", "N", line)
        line = re.sub(r"(CODE(?: \[\*\])?) .*$", r"\1 MESSAGE", line)
        line = re.sub(r"^(help|note): .*$", r"\1: TEXT", line)
        line = re.sub(r"\t(\[[* -]\]) [\w-]+$", r"\t\1 NAME", line)  # --statistics' rule names
        line = re.sub(r"\](.*)$", "]MESSAGE", line) if line.startswith("##vso") else line
        out.append(line)
    return out


@pytest.fixture
def folders(tmp_path: Path) -> dict[str, Path]:
    made = {}
    for tool, text in FILES.items():
        made[tool] = tmp_path / tool
        made[tool].mkdir()
        (made[tool] / "pyproject.toml").write_text("[tool.tf2lint]\n[tool.ruff]\n")
        (made[tool] / "code.py").write_text(text)
    return made


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--unsafe-fixes"],
        ["--output-format", "concise"],
        ["--output-format", "grouped"],
        ["--output-format", "azure"],
        ["--statistics"],
    ],
    ids=["full", "full-unsafe", "concise", "grouped", "azure", "statistics"],
)
def test_reports_have_ruffs_outline_summary_and_exit_code(folders, args):
    ruff, tf2lint = _both(folders, *args)
    assert tf2lint.returncode == ruff.returncode == 1
    assert _outline(tf2lint.stdout) == _outline(ruff.stdout), tf2lint.stdout


@pytest.mark.parametrize("args", [["--diff"], ["--diff", "--unsafe-fixes"]])
def test_diff_has_ruffs_headers_summary_stream_and_exit_code(folders, args):
    ruff, tf2lint = _both(folders, *args)
    assert tf2lint.returncode == ruff.returncode == 1
    for done in (ruff, tf2lint):
        lines = done.stdout.splitlines()
        assert lines[:2] == ["--- code.py", "+++ code.py"]
        assert lines[-2] == "" and lines[-1].startswith("Would fix ")
    assert _outline(tf2lint.stdout)[-1] == _outline(ruff.stdout)[-1]


def test_a_clean_file_and_exit_zero_exit_as_ruffs(folders):
    for folder in folders.values():
        (folder / "clean.py").write_text("x = 1\n")
    ruff, tf2lint = _both(folders, "clean.py")
    assert tf2lint.returncode == ruff.returncode == 0
    assert tf2lint.stdout == ruff.stdout == "All checks passed!\n"
    ruff, tf2lint = _both(folders, "--exit-zero")
    assert tf2lint.returncode == ruff.returncode == 0


def test_ruffs_unused_noqa_rule_leaves_tf2lint_codes_alone(tmp_path):
    """What the README says of RUF100 beside tf2lint, checked with the installed ruff."""
    source = "import os  # noqa: F401, TF201\nx = 1  # noqa: TF201\n"
    (tmp_path / "pyproject.toml").write_text('[tool.ruff.lint]\nselect = ["F401", "RUF100"]\n')
    (tmp_path / "code.py").write_text(source)
    done = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--fix", "--no-cache", "code.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout
    assert (tmp_path / "code.py").read_text() == source


def test_json_names_ruffs_fields_as_ruff_does(folders):
    """Every field of ruff's JSON findings is in tf2lint's, of the same JSON type."""
    ruff, tf2lint = _both(folders, "--output-format", "json")
    theirs, ours = json.loads(ruff.stdout)[0], json.loads(tf2lint.stdout)[0]
    assert set(theirs) <= set(ours)
    for key, value in theirs.items():
        assert type(ours[key]) is type(value) or value is None or ours[key] is None, key
