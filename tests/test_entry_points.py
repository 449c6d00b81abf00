"""One project, however tf2lint is entered: `check .` from any folder of the project, `check
FILES` (pre-commit's way: the staged files only), code on stdin with `--stdin-filename`, and the
language server in a fresh checkout all report the finding that another module's `tf.function`
makes in a helper (trainpkg: `log_step` in logging_utils.py prints, and is called from a traced
step in train.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from pytest_lsp import LanguageClient
from test_lsp import SERVER, _diagnostics, _open, _start

from conftest import ROOT

EXPECTED = ("TF201", 5)  # the helper's print, traced through train.py's step


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    shutil.copytree(ROOT / "tests" / "data" / "trainpkg" / "trainpkg", tmp_path / "trainpkg")
    return tmp_path


def _helper_findings(cwd: Path, *args: str, stdin: str | None = None) -> set[tuple[str, int]]:
    done = subprocess.run(
        [sys.executable, "-m", "tf2lint", "check", "--no-cache", "--output-format", "json",
         "--exit-zero", *args],
        cwd=cwd, input=stdin, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return {
        (d["code"], d["location"]["row"])
        for d in json.loads(done.stdout)
        if Path(d["filename"]).name in ("logging_utils.py", "-")
    }


@pytest.mark.parametrize(
    ("where", "args"),
    [
        (".", ["."]),
        ("trainpkg", ["."]),
        ("trainpkg", ["logging_utils.py"]),  # pre-commit with a helper-only commit
        ("trainpkg", ["logging_utils.py", "train.py"]),
        (".", ["trainpkg/logging_utils.py"]),
        ("..", ["{folder}/trainpkg/logging_utils.py"]),
    ],
)
def test_check_finds_it_from_every_folder_and_any_choice_of_files(folder, where, args):
    cwd = (folder / where).resolve()
    args = [a.format(folder=folder.name) for a in args]
    assert _helper_findings(cwd, *args) == {EXPECTED}


@pytest.mark.parametrize("where", [".", "trainpkg"])
def test_stdin_with_a_file_name_finds_it_too(folder, where):
    helper = folder / "trainpkg" / "logging_utils.py"
    name = "logging_utils.py" if where == "trainpkg" else "trainpkg/logging_utils.py"
    found = _helper_findings(
        folder / where, "--stdin-filename", name, "-", stdin=helper.read_text()
    )
    assert found == {EXPECTED}


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient, folder: Path):
    await _start(lsp_client, folder)
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_the_language_server_finds_it_in_a_fresh_checkout(client, folder):
    helper = (folder / "trainpkg" / "logging_utils.py").resolve()
    _open(client, helper.as_uri(), helper.read_text())
    found = await _diagnostics(client, helper.as_uri(), lambda ds: len(ds) == 1, timeout=120)
    assert {(d.code, d.range.start.line + 1) for d in found} == {EXPECTED}
