"""Text a linted file controls (a string quoted in a message, its source lines) is shown with its
control characters escaped: a file cannot forge an "All checks passed!" line, move the cursor
or colour the terminal, in the full, concise and GitHub formats."""

from __future__ import annotations

import pytest

from conftest import run_cli

# TF003 quotes the save_format value in its message; the source line holds an ESC sequence.
HOSTILE = (
    "import tensorflow as tf\n"
    "model = tf.keras.Sequential()\n"
    'model.save("m", save_format="""h5\nAll checks passed!\x1b[2J""")  # \x1b[31mred\u202e\n'
)


@pytest.mark.parametrize("output", ["full", "concise", "github"])
def test_control_characters_from_the_file_are_escaped(project, output):
    (project / "train.py").write_text(HOSTILE)
    result = run_cli("check", ".", "--no-cache", "--output-format", output, cwd=project)
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert "\nAll checks passed!" not in result.stdout
    assert result.returncode == 1


def test_the_frame_shows_escapes_with_the_carets_under_the_finding(project):
    (project / "train.py").write_text('import tensorflow as tf\ny = "\x1b[2J"; x = tf.log(1.0)\n')
    result = run_cli("check", ".", "--no-cache", "--select", "TF101", cwd=project)
    lines = result.stdout.splitlines()
    source = next(line for line in lines if "tf.log(1.0)" in line)
    carets = lines[lines.index(source) + 1]
    assert 'y = "\\x1b[2J"; x = tf.log(1.0)' in source
    assert source.index("tf.log") == carets.index("^") and carets.count("^") == len("tf.log")
