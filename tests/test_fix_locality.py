"""A fix is proven local: outside its nodes, Python reads the same code and the bytes are equal.

libcst misreads a few valid files (a line holding only ``\\``, some form feeds): printed, its tree
is not the file. Such a file gets no fix, and says so, rather than a fix that moves code.
"""

from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import json_findings, run_cli
from tf2lint.linting.fixes import reads_as_python
from tf2lint.linting.plugins import all_rules
from tf2lint.run.runner import Settings, lint_and_fix

RENAMES = [r for r in all_rules() if r.id == "TF101"]  # tf.log -> tf.math.log, a safe fix


def fix(text: str):
    settings = Settings(rules=RENAMES, root=Path("."), fix=True)
    return lint_and_fix(text, "t.py", RENAMES, settings)


BACKSLASH_LINE = (
    "import threading\nimport tensorflow as tf\nlock = threading.Lock()\n"
    "with lock:\n    x = tf.log(1.0)\n\\\ny = 2\n"
)
# libcst drops these form feeds when it prints the tree
FORM_FEED_LINES = [
    "import tensorflow as tf\nx = tf.log(1.0)\n\x0cy = 2\n",
    "import tensorflow as tf\nif True:\n    x = tf.log(1.0)\n\x0c    y = 2\n",
]


def test_a_file_libcst_misreads_gets_no_fix_and_says_why():
    assert not reads_as_python(cst.parse_module(BACKSLASH_LINE), BACKSLASH_LINE)
    fixed = fix(BACKSLASH_LINE)
    assert fixed.text == BACKSLASH_LINE and fixed.count == 0
    (withdrawn,) = fixed.rejected
    assert "cannot be proven local" in withdrawn.message


@pytest.mark.parametrize("text", FORM_FEED_LINES)
def test_form_feeds_libcst_drops_are_kept_and_the_fix_applied(text):
    """libcst drops a form feed that stands before a statement; Python reads it as blank. The
    fix is made on what libcst prints and the form feeds put back where they were."""
    assert not reads_as_python(cst.parse_module(text), text)
    fixed = fix(text)
    assert fixed.count == 1 and not fixed.rejected
    assert fixed.text == text.replace("tf.log", "tf.math.log")


def test_a_form_feed_on_the_fixed_line_stays_and_the_run_exits_as_usual(project):
    code = project / "t.py"
    text = "import tensorflow as tf\n\x0cx = tf.log(1.0)\n\x0c\x0cz = tf.log(2.0)  # noqa: TF999\n"
    code.write_text(text)
    result = run_cli("check", "t.py", "--fix", "--no-cache", cwd=project)
    assert result.returncode == 0, result.stdout
    assert code.read_text() == text.replace("tf.log", "tf.math.log").replace("  # noqa: TF999", "")


def test_the_backslash_line_file_is_left_alone_by_fix_and_diff_says_why(project):
    code = project / "t.py"
    code.write_text(BACKSLASH_LINE)
    result = run_cli("check", "t.py", "--fix", "--no-cache", cwd=project)
    assert code.read_text() == BACKSLASH_LINE
    assert "cannot be proven local" in result.stdout
    result = run_cli("check", "t.py", "--diff", "--no-cache", cwd=project)
    assert result.stdout == "" and "cannot be proven local" in result.stderr
    assert result.returncode == 2


@pytest.mark.parametrize("codec", ["hex", "rot13", "zlib", "base64", "no-such-codec"])
def test_a_cookie_naming_a_non_text_codec_is_a_read_error(project, codec):
    (project / "t.py").write_text(f"# coding: {codec}\nimport tensorflow as tf\n")
    result = run_cli("check", "t.py", "--no-cache", "--format", "json", cwd=project)
    (finding,) = json_findings(result.stdout, project)
    assert finding["rule"] == "read-error" and "bad coding cookie" in finding["message"]
    assert result.returncode == 1


def test_a_codec_that_cannot_write_the_file_back_gets_no_fix(project):
    original = b"# coding: unicode_escape\nimport tensorflow as tf\nx = tf.log(1.0)\n"
    (project / "t.py").write_bytes(original)
    result = run_cli("check", "t.py", "--fix", "--no-cache", "--format", "json", cwd=project)
    assert (project / "t.py").read_bytes() == original
    found = {d["rule"]: d for d in json_findings(result.stdout, project)}
    assert "unicode_escape" in found["write-error"]["message"] and "TF101" in found


# --- the property: over generated valid files, nothing outside a fix changes ----------------

_SPACE = st.sampled_from([" ", "  ", "\t", " \x0c", "\x0c", " \\\n  ", "  # c\n"])
_LINE_END = st.sampled_from(["\n", "\r\n", "\r"])


@st.composite
def odd_files(draw) -> str:
    """A valid module with tf.log calls amid odd whitespace: tabs, form feeds, continuation
    lines, comments, blocks, lone backslash lines, each in one line-end style."""
    end = draw(_LINE_END)
    lines = ["import tensorflow as tf"]
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["call", "block", "plain", "blank", "backslash", "paren"]))
        space = draw(_SPACE).replace("\n", end)
        if kind == "call":
            lines.append(f"x ={space.replace(chr(12), ' ')}tf.log(1.0)")
        elif kind == "block":
            lines += ["if x:", f"    y = tf.log({draw(st.integers(0, 9))})"]
            if draw(st.booleans()):
                lines.append(draw(st.sampled_from(["\x0c    z = 1", "\\", "    \x0cz = 1"])))
        elif kind == "plain":
            lines.append(f"z = 1{space if '#' in space else ''}")
        elif kind == "blank":
            lines.append(draw(st.sampled_from(["", "\x0c", "   ", "\t"])))
        elif kind == "backslash":
            lines.append("\\")
        else:
            lines.append(f"w = (tf.log(2.0) +{end}\x0c    tf.log(3.0))")
        lines.append("x = 0")  # ends any block and makes a dangling backslash valid
    return end.join(lines) + end


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(odd_files(), st.sampled_from(["utf-8", "latin-1", "utf-8-sig"]))
def test_fixes_change_nothing_outside_their_spans(text, encoding):
    try:
        expected = ast.dump(ast.parse(text))
    except SyntaxError:
        return  # the generator made invalid code: nothing to prove
    decoded = text.encode(encoding).decode(encoding)
    fixed = fix(decoded)
    # The only fix renames tf.log: undone, the file must be byte for byte the original.
    assert fixed.text.replace("tf.math.log", "tf.log") == decoded
    assert ast.dump(ast.parse(fixed.text.replace("tf.math.log", "tf.log"))) == expected
    if fixed.count == 0:
        assert fixed.text == decoded


TAB_FIRST_LINE = (
    "import tensorflow as tf\n\n@tf.function\ndef f(x):\n  if x:\n\t  print(x)\n"
    "  y = tf.log(x)\n  return x\n"
)


def test_a_tab_at_the_start_of_a_blocks_first_line_is_linted_not_a_syntax_error(project):
    """Python accepts it; libcst's tokenizer does not: the file is linted with its indentation
    written as spaces, findings on the original columns, and no fix is written."""
    (project / "t.py").write_text(TAB_FIRST_LINE)
    result = run_cli(
        "check", ".", "--no-cache", "--fix", "--unsafe-fixes", "--format", "json", cwd=project
    )
    found = [(d["rule"], d["line"], d["column"]) for d in json_findings(result.stdout, project)]
    assert found == [("TF201", 6, 4), ("TF101", 7, 7)]
    assert (project / "t.py").read_text() == TAB_FIRST_LINE


def test_a_fullwidth_name_is_the_name_python_reads(project):
    """Python reads identifiers NFKC-normalised: `\uff54f.log` is `tf.log`."""
    text = "import tensorflow as tf\nx = \uff54f.log(1.0)\n"
    (project / "t.py").write_text(text)
    result = run_cli("check", ".", "--no-cache", "--fix", "--format", "json", cwd=project)
    found = [(d["rule"], d["line"], d["column"]) for d in json_findings(result.stdout, project)]
    assert found == [("TF101", 2, 5)]
    assert (project / "t.py").read_text() == text  # no fix: it would respell the name
