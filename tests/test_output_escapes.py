"""Text a linted file controls (a string quoted in a message, its source lines) is shown with its
control characters escaped: a file cannot forge an "All checks passed!" line, move the cursor
or colour the terminal, in the full, concise, GitHub and pylint formats and in `explain`; JUnit
stays well-formed XML; a file name that is not UTF-8 reaches JSON and SARIF as its bytes."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from urllib.parse import unquote_to_bytes
from xml.etree import ElementTree

import pytest

from conftest import run_cli

# TF003 quotes the save_format value in its message; the source line holds an ESC sequence.
HOSTILE = (
    "import tensorflow as tf\n"
    "model = tf.keras.Sequential()\n"
    'model.save("m", save_format="""h5\nAll checks passed!\x1b[2J""")  # \x1b[31mred\u202e\n'
)


@pytest.mark.parametrize("output", ["full", "concise", "github", "pylint", "explain"])
def test_control_characters_from_the_file_are_escaped(project, output):
    (project / "train.py").write_text(HOSTILE)
    if output == "explain":
        result = run_cli("explain", "train.py:3", "TF003", cwd=project)
    else:
        result = run_cli("check", ".", "--no-cache", "--output-format", output, cwd=project)
    assert "TF003" in result.stdout
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "\nAll checks passed!" not in result.stdout and "\n::error" not in result.stdout
    assert result.returncode == (0 if output == "explain" else 1)


def test_junit_stays_well_formed_xml_whatever_the_message_quotes(project):
    (project / "train.py").write_text(HOSTILE)
    result = run_cli("check", ".", "--no-cache", "--output-format", "junit", cwd=project)
    failure = ElementTree.fromstring(result.stdout).find(".//failure")
    assert "All checks passed!\\x1b[2J" in failure.get("message")


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS file systems take only UTF-8 names")
@pytest.mark.parametrize("output", ["json", "json-lines", "sarif"])
def test_a_name_that_is_not_utf8_is_written_as_its_bytes(project, output):
    """JSON carries the name's bytes as PEP 383 surrogate escapes (`os.fsencode` restores
    them); SARIF percent-encodes them in the artifact's URI."""
    name = os.fsdecode(b"caf\xff.py")
    (project / name).write_text("import tensorflow as tf\nx = tf.log(1.0)\n")
    result = run_cli("check", ".", "--no-cache", "--output-format", output, cwd=project)
    assert result.returncode == 1
    if output == "sarif":
        [finding] = json.loads(result.stdout)["runs"][0]["results"]
        uri = finding["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        assert unquote_to_bytes(uri) == b"caf\xff.py"
    else:
        [finding] = [json.loads(line) for line in result.stdout.splitlines() if "TF101" in line]
        assert os.fsencode(finding["filename"]) == os.fsencode(str(project / name))
        assert Path(finding["filename"]).read_bytes().startswith(b"import tensorflow")


def test_the_frame_shows_escapes_with_the_carets_under_the_finding(project):
    (project / "train.py").write_text('import tensorflow as tf\ny = "\x1b[2J"; x = tf.log(1.0)\n')
    result = run_cli("check", ".", "--no-cache", "--select", "TF101", cwd=project)
    lines = result.stdout.splitlines()
    source = next(line for line in lines if "tf.log(1.0)" in line)
    carets = lines[lines.index(source) + 1]
    assert 'y = "\\x1b[2J"; x = tf.log(1.0)' in source
    assert source.index("tf.log") == carets.index("^") and carets.count("^") == len("tf.log")
