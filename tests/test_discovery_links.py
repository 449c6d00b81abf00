"""A symbolic link to a file of the tree is not linted a second time through the link."""

from __future__ import annotations

from conftest import json_findings, run_cli

BAD = "import tensorflow as tf\nx = tf.log(1.0)\n"


def test_a_symlinked_file_inside_the_tree_is_linted_and_fixed_once(project):
    (project / "real.py").write_text(BAD)
    (project / "link.py").symlink_to("real.py")
    result = run_cli("check", ".", "--no-cache", "--format", "json", cwd=project)
    found = [(d["path"], d["rule"]) for d in json_findings(result.stdout, project)]
    assert found == [("real.py", "TF101")]
    result = run_cli("check", ".", "--no-cache", "--fix", cwd=project)
    assert result.stdout == "Found 1 error (1 fixed, 0 remaining).\n", result.stdout
    assert (project / "real.py").read_text() == BAD.replace("tf.log", "tf.math.log")
    assert (project / "link.py").is_symlink()


def test_a_link_named_on_the_command_line_is_linted(project):
    (project / "real.py").write_text(BAD)
    (project / "link.py").symlink_to("real.py")
    result = run_cli("check", "link.py", "--no-cache", "--format", "json", cwd=project)
    found = [(d["path"], d["rule"]) for d in json_findings(result.stdout, project)]
    assert found == [("link.py", "TF101")]


def test_a_link_to_a_file_outside_the_tree_is_linted(project, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "lib.py"
    outside.write_text(BAD)
    (project / "lib.py").symlink_to(outside)
    result = run_cli("check", ".", "--no-cache", "--format", "json", cwd=project)
    found = [(d["path"], d["rule"]) for d in json_findings(result.stdout, project)]
    assert found == [("lib.py", "TF101")]
