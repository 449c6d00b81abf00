"""TF000 unused-suppression (ruff's RUF100): what it reports, how selection controls it, and its
safe fix, which edits the suppression comment and no other byte, in every way tf2lint is run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_lsp import _actions, _diagnostics, _edited, _open, client, folder  # noqa: F401

from conftest import json_findings, run_cli
from tf2lint.linting.suppress import without_ids


def check(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tf2lint", "check", "--no-cache", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=300,
    )


def findings(project: Path, *args: str) -> list[tuple[str, int, str]]:
    result = check(project, "--output-format", "json", *args)
    return [(d["rule"], d["line"], d["message"]) for d in json_findings(result.stdout, project)]


@pytest.mark.parametrize(
    ("comment", "drop", "expected"),
    [
        ("# noqa: TF201, TF999", {"TF999"}, "# noqa: TF201"),
        ("# noqa: TF999, TF201,TF202", {"TF999"}, "# noqa: TF201,TF202"),  # separators kept
        ("# noqa: TF201 TF999 TF202", {"TF999"}, "# noqa: TF201 TF202"),
        ("# noqa:TF999,E501", {"TF999"}, "# noqa:E501"),  # another tool's code stays
        ("# noqa: TF999", {"TF999"}, ""),  # never a bare noqa: that would silence everything
        ("# tf2lint: noqa: TF999", {"TF999"}, ""),  # nor a file-wide one
        (
            "# tf2lint: disable=TF999,side-effect  reason",
            {"TF999"},
            "# tf2lint: disable=side-effect  reason",
        ),
        ("# tf2lint: disable=TF999 the reason", {"TF999"}, ""),  # the reason goes with it
        ("# noqa: TF999  # type: ignore", {"TF999"}, "# type: ignore"),  # another comment stays
        ("# type: ignore  # noqa: TF999", {"TF999"}, "# type: ignore"),
        ("# noqa", {"TF999"}, None),  # a bare noqa names nothing to take out
        ("# a plain comment", {"TF999"}, None),
    ],
)
def test_without_ids_takes_out_only_the_given_ids(comment, drop, expected):
    assert without_ids(comment, drop) == expected


# Each line a case; after --fix, EXPECTED (the same bytes, CRLF kept, but for the comments).
SOURCE = (
    "import tensorflow as tf\r\n"
    "# tf2lint: disable=TF9999\r\n"  # alone on its line, unknown: the line goes
    "@tf.function\r\n"
    "def step(x):  # noqa: TF9998\r\n"  # a block's header
    "    print(x)  # noqa: E501, TF201, TF401  # keep me\r\n"  # TF401 unused; TF201 used
    "    y = (x,  # tf2lint: disable=TF999,TF202\r\n"  # inside brackets: TF202 unused
    "         x)\r\n"
    "    z = 1  # noqa: TF906\r\n"  # TF906 is off by default: reported, kept
    "    return y  # type: ignore  # noqa: TF301 why\r\n"
)
EXPECTED = (
    "import tensorflow as tf\r\n"
    "@tf.function\r\n"
    "def step(x):\r\n"
    "    print(x)  # noqa: E501, TF201  # keep me\r\n"
    "    y = (x,\r\n"
    "         x)\r\n"
    "    z = 1  # noqa: TF906\r\n"
    "    return y  # type: ignore\r\n"
)


def test_by_default_only_ids_that_name_no_rule_are_reported(project):
    (project / "train.py").write_bytes(SOURCE.encode())
    assert findings(project) == [
        ("TF000", 2, "suppression of unknown TF9999: not a rule id, id prefix, name or category"),
        ("TF000", 4, "suppression of unknown TF9998: not a rule id, id prefix, name or category"),
        ("TF000", 6, "suppression of unknown TF999: not a rule id, id prefix, name or category"),
    ]


def test_report_unused_suppressions_widens_it_to_unused_and_not_enabled_ids(project):
    (project / "train.py").write_bytes(SOURCE.encode())
    assert [
        (line, message) for _, line, message in findings(project, "--report-unused-suppressions")
    ] == [
        (2, "suppression of unknown TF9999: not a rule id, id prefix, name or category"),
        (4, "suppression of unknown TF9998: not a rule id, id prefix, name or category"),
        (5, "suppression of TF401 matches no finding"),
        (
            6,
            "suppression of TF202 matches no finding; suppression of unknown TF999: not a rule "
            "id, id prefix, name or category",
        ),
        (8, "suppression of TF906: not enabled"),
        (9, "suppression of TF301 matches no finding"),
    ]


def test_fix_edits_the_comments_and_no_other_byte_crlf_kept(project):
    path = project / "train.py"
    path.write_bytes(SOURCE.encode())
    result = check(project, "--report-unused-suppressions", "--fix")
    assert path.read_bytes() == EXPECTED.encode()
    assert "Found 6 errors (5 fixed, 1 remaining)." in result.stdout  # TF906's stays
    assert findings(project, "--report-unused-suppressions") == [
        ("TF000", 7, "suppression of TF906: not enabled")
    ]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_the_same_comment_on_several_lines_is_fixed_on_each(project, newline):
    lines = [
        "# tf2lint: disable=TF9999",  # alone on its line, then the same at a line's end
        "x = 1",
        "y = 2  # tf2lint: disable=TF9999",
        "def f():  # tf2lint: disable=TF9999",
        "    return 3  # tf2lint: disable=TF9999",
    ]
    path = project / "train.py"
    path.write_bytes(newline.join(lines).encode() + newline.encode())
    result = check(project, "--fix")
    assert "Found 4 errors (4 fixed, 0 remaining)." in result.stdout, result.stdout
    fixed = ["x = 1", "y = 2", "def f():", "    return 3"]
    assert path.read_bytes() == newline.join(fixed).encode() + newline.encode()


def test_json_output_carries_the_edit_of_a_partial_fix(project):
    (project / "train.py").write_text("x = 1  # noqa: TF9999, E501\n")
    result = check(project, "--output-format", "json")
    (finding,) = json_findings(result.stdout, project)
    assert finding["fix"] == {
        "applicability": "safe",
        "message": "remove TF9999 from the suppression",
        "edits": [
            {
                "content": "# noqa: E501",
                "location": {"row": 1, "column": 8},
                "end_location": {"row": 1, "column": 28},
            }
        ],
    }


def test_diff_shows_the_fix_and_writes_nothing(project):
    path = project / "train.py"
    path.write_text("x = 1  # noqa: TF9999, E501\n")
    result = check(project, "--diff")
    assert result.returncode == 1
    assert "-x = 1  # noqa: TF9999, E501\n+x = 1  # noqa: E501\n" in result.stdout
    assert path.read_text() == "x = 1  # noqa: TF9999, E501\n"


@pytest.mark.parametrize(
    ("args", "config", "reported"),
    [
        ((), "", True),
        (("--ignore", "TF000"), "", False),
        (("--ignore", "unused-suppression"), "", False),
        (("--select", "TF2"), "", False),  # a select that leaves it out turns it off
        (("--select", "TF2", "--extend-select", "TF000"), "", True),
        ((), 'ignore = ["suppression"]\n', False),
        ((), '[tool.tf2lint.per-file-ignores]\n"train.py" = ["TF000"]\n', False),
        (("--select", "TF000"), "", True),
    ],
)
def test_selection_controls_it_as_any_rule(project, args, config, reported):
    (project / "pyproject.toml").write_text("[tool.tf2lint]\n" + config)
    (project / "train.py").write_text("x = 1  # tf2lint: disable=TF9999\n")
    assert bool(findings(project, *args)) == reported


def test_a_notebook_is_fixed_in_its_cell_and_nowhere_else(project):
    notebook = {
        "cells": [
            {"cell_type": "markdown", "id": "m", "metadata": {}, "source": ["# noqa: TF9999\n"]},
            {
                "cell_type": "code",
                "execution_count": 3,
                "id": "c",
                "metadata": {"tags": ["x"]},
                "outputs": [{"output_type": "stream", "name": "stdout", "text": "1\n"}],
                "source": ["x = 1  # noqa: TF9999, E501\n", "y = 2  # tf2lint: disable=TF9998"],
            },
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = project / "book.ipynb"
    text = json.dumps(notebook, indent=1) + "\n"
    path.write_text(text)
    result = check(project, "--fix")
    assert "Found 2 errors (2 fixed, 0 remaining)." in result.stdout, result.stdout
    # the markdown cell is not code: its text is never a suppression
    assert path.read_text() == text.replace("  # noqa: TF9999, E501", "  # noqa: E501").replace(
        '"y = 2  # tf2lint: disable=TF9998"', '"y = 2"'
    )


def test_add_noqa_never_suppresses_an_unused_suppression(project):
    path = project / "train.py"
    path.write_text("x = 1  # tf2lint: disable=TF9999\n")
    run_cli("check", "--no-cache", "--add-noqa", cwd=project)
    assert path.read_text() == "x = 1  # tf2lint: disable=TF9999\n"


@pytest.mark.asyncio
async def test_the_editor_quick_fix_removes_the_unknown_id(client, folder):  # noqa: F811
    text = "import tensorflow as tf\r\n\r\nx = tf.constant(1)  # noqa: TF9999, E501\r\n"
    uri = (folder / "train.py").as_uri()
    _open(client, uri, text)
    (d,) = await _diagnostics(client, uri, lambda ds: len(ds) == 1)
    assert d.code == "TF000"
    actions = await _actions(client, uri, d, only=["quickfix"])
    # a quick fix of its own, and no "Disable TF000 for this line": that would be unused too
    assert [a.title for a in actions] == ["tf2lint: Remove TF9999 from the suppression"]
    fixed = _edited(text, await client.code_action_resolve_async(actions[0]), uri)
    assert fixed == text.replace("# noqa: TF9999, E501", "# noqa: E501")
