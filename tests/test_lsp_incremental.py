"""Diagnostics after edits, through the real ``tf2lint lsp`` (whose worker parses each edit
incrementally, tf2lint.linting.incremental), equal those of a fresh ``tf2lint check`` of the same text."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from pytest_lsp import LanguageClient
from test_lsp import SERVER, _change, _diagnostics, _open, _start

from tf2lint.linting.incremental import IncrementalParser


def _function(i: int) -> str:
    return (
        f"\n\n# step {i}\n@tf.function\ndef step_{i}(x):\n    y = tf.to_float(x)\n"
        f"    if y is None:\n        return x\n    return y * {i}\n"
    )


MODEL = (
    "\n\nclass Model(tf.keras.Model):\n    def __init__(self):\n        super().__init__()\n"
    "        self.dense = tf.keras.layers.Dense(4)\n\n    @tf.function\n"
    "    def call(self, x):\n        h = self.dense(x)\n        return h\n"
)
DOCUMENT = (
    "import tensorflow as tf\n"
    + "".join(_function(i) for i in range(20))
    + MODEL
    + "".join(_function(i) for i in range(20, 40))
)


def _edits() -> list[str]:
    """Each version differs from the one before in its findings (so that each is waited for)."""
    versions = []
    text = DOCUMENT
    # A print in the class in the middle: re-parse the class, shift what follows.
    text = text.replace(
        "        h = self.dense(x)\n", "        h = self.dense(x)\n        print(h)\n"
    )
    versions.append(text)
    # A traced function gone from the middle: the findings after it move up.
    text = text.replace(_function(10), "")
    versions.append(text)
    # An edit at the top (the first statement) and one near the end at once.
    text = text.replace("import tensorflow as tf\n", "import tensorflow as tf\nimport os\n", 1)
    text = text.replace("    return y * 35\n", "    print(os.getcwd())\n    return y * 35\n")
    versions.append(text)
    # A bracket left open: a syntax error, then closed again further down.
    text = text.replace("    return y * 20\n", "    return (y * 20\n")
    versions.append(text)
    text = text.replace("    return (y * 20\n", "    return (y *\n        20)\n")
    versions.append(text)
    # A string opened in one function and closed in the next (the chunk grows).
    text = text.replace("# step 30\n", 'doc = """\n# step 30\n').replace(
        "# step 31\n", '"""\n# step 31\n'
    )
    versions.append(text)
    # Typing a comment after a statement in the middle, and a new traced function.
    text = text.replace("    return y * 25\n", "    return y * 25  # typed\n") + _function(99)
    versions.append(text)
    return versions


def _check(folder: Path, text: str) -> list[tuple[str, int, int]]:
    """``tf2lint check``'s findings for ``text`` as the file ``train.py`` of its own project."""
    (folder / "train.py").write_text(text)
    out = subprocess.run(
        [sys.executable, "-m", "tf2lint", "check", "train.py", "--output-format", "json",
         "--no-cache", "--exit-zero"],
        cwd=folder, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    return sorted(
        (d["code"], d["location"]["row"], d["location"]["column"]) for d in json.loads(out)
    )


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    """The editor's project and the one ``tf2lint check`` runs in, alike but apart."""
    for name in ("editor", "check"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "pyproject.toml").write_text('[tool.tf2lint]\nselect = ["ALL"]\n')
    return tmp_path / "editor", tmp_path / "check"


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient, folders):
    await _start(lsp_client, folders[0])
    yield
    await lsp_client.shutdown_session()


def _found(diagnostics) -> list[tuple[str, int, int]]:
    return sorted(
        (str(d.code), d.range.start.line + 1, d.range.start.character + 1) for d in diagnostics
    )


@pytest.mark.asyncio
async def test_diagnostics_after_each_edit_equal_a_fresh_check(client, folders):
    editor, checked = folders
    uri = (editor / "train.py").as_uri()
    expected = [_check(checked, DOCUMENT)]
    _open(client, uri, DOCUMENT)
    await _diagnostics(client, uri, lambda ds: _found(ds) == expected[0], timeout=60)
    for version, text in enumerate(_edits(), start=2):
        expected.append(_check(checked, text))
        assert expected[-1] != expected[-2], f"version {version} finds what the last one did"
        _change(client, uri, text, version)
        await _diagnostics(client, uri, lambda ds, want=expected[-1]: _found(ds) == want, 60)


def test_the_edits_above_are_parsed_incrementally():
    """So that the test above is about the incremental path, not a fall back to a full parse."""
    parser = IncrementalParser()
    parser.parse("train.py", DOCUMENT)
    for text in _edits():
        try:
            ast.parse(text)
        except SyntaxError:
            continue  # the engine reports it without parsing
        parser.parse("train.py", text)
        assert parser.last_was_incremental
