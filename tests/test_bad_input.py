"""Bad input gets a clear finding naming the file and line, and never stops the other files."""

from __future__ import annotations

import json

from conftest import run_cli

BAD_PRINT = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n"


def test_folder_of_bad_files_reports_each_and_lints_the_rest(project):
    (project / "broken.py").write_text("def f(:\n    pass\n")
    (project / "x.py").write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00binary")
    (project / "latin.py").write_bytes("# café\nname = 'caf\xe9'\n".encode("latin-1"))
    (project / "empty.py").write_bytes(b"")
    (project / "py2.py").write_text('print "hello"\n')
    (project / "good_latin.py").write_bytes(
        "# -*- coding: latin-1 -*-\nname = 'caf\xe9'\n".encode("latin-1")
    )
    (project / "train.py").write_text(BAD_PRINT)
    result = run_cli("check", "--format", "json", cwd=project)
    assert result.returncode == 1
    found = {
        (d["path"], d["rule"], d["line"]): d["message"]
        for d in json.loads(result.stdout)["diagnostics"]
    }
    assert ("broken.py", "syntax-error", 1) in found
    assert ("x.py", "read-error", 1) in found and "null bytes" in found[("x.py", "read-error", 1)]
    latin = found[("latin.py", "read-error", 1)]
    assert "invalid utf-8 byte 0xe9" in latin and "coding cookie" in latin
    assert "Python 2" in found[("py2.py", "syntax-error", 1)]
    assert ("train.py", "TF201", 5) in found
    assert not [k for k in found if k[0] in ("empty.py", "good_latin.py")]
    assert json.loads(result.stdout)["summary"]["files_checked"] == 7


def test_text_output_names_file_and_line_for_syntax_errors(project):
    (project / "broken.py").write_text("x = 1\ny = (\n")
    result = run_cli("check", cwd=project)
    assert result.returncode == 1
    assert result.stdout.startswith("broken.py:")
    assert "syntax-error cannot parse" in result.stdout


def test_missing_path_is_reported_not_fatal(project):
    (project / "train.py").write_text(BAD_PRINT)
    result = run_cli("check", "train.py", "gone.py", cwd=project)
    assert result.returncode == 1
    assert "gone.py:1:1: read-error file not found" in result.stdout
    assert "train.py:5:5: TF201" in result.stdout
