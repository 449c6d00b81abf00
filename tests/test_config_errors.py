"""Configuration and command-line mistakes are errors naming the key (exit 2), never an
"internal error" nor a run that silently checks nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import json_findings, run_cli

BAD_PRINT = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"


@pytest.mark.parametrize(
    ("config", "words"),
    [
        ("tool = 5\n", "`tool` must be a table"),
        ("[[tool.tf2lint]]\n", "not [[tool.tf2lint]]"),
        ('[tool.tf2lint]\noutput-format = ["json"]\n', "`output-format` must be one of"),
        ("[tool.tf2lint]\nx = " + "[" * 3000 + "]" * 3000 + "\n", "nested too deeply"),
        ("[tool.tf2lint]\nmax-file-size = " + "9" * 5000 + "\n", "`max-file-size`"),
        ('[tool.tf2lint]\ncache-dir = "~nosuchuser"\n', "`cache-dir`"),
        ("[tool.tf2lint]\nmax-file-size = 9223372036854775808\n", "`max-file-size`"),
        ('[tool.tf2lint]\nmax-file-size = "9999999 GiB"\n', "`max-file-size`"),
        ('[tool.tf2lint]\nignore = [""]\n', "`ignore`: an empty selector"),
        ('[tool.tf2lint]\nselect = [" "]\n', "`select`: an empty selector"),
        (
            '[tool.tf2lint]\nper-file-ignores = { "*.py" = ["TF9999"] }\n',
            "`per-file-ignores.'*.py'`: 'TF9999' matches no rule",
        ),
    ],
)
def test_a_malformed_value_is_an_error_naming_its_key(project, config, words):
    (project / "pyproject.toml").write_text(config)
    (project / "train.py").write_text(BAD_PRINT)
    result = run_cli("check", ".", "--no-cache", cwd=project)
    assert result.returncode == 2, result.stderr
    assert words in result.stderr and "internal error" not in result.stderr


@pytest.mark.parametrize("flag", ["--select=", "--ignore=", "--extend-select=", "--select=,"])
def test_an_empty_selector_on_the_command_line_is_an_error(project, flag):
    (project / "train.py").write_text(BAD_PRINT)
    result = run_cli("check", ".", "--no-cache", flag, cwd=project)
    assert result.returncode == 2 and "empty list names no rule" in result.stderr
    assert "All checks passed" not in result.stdout


def test_a_config_that_is_a_pipe_is_an_error_not_a_hang(project):
    (project / "pyproject.toml").unlink()
    os.mkfifo(project / "tf2lint-config.toml")
    (project / "train.py").write_text(BAD_PRINT)
    result = run_cli("check", ".", "--config", "tf2lint-config.toml", cwd=project)
    assert result.returncode == 2 and "not a regular file" in result.stderr


@pytest.mark.parametrize("name", [".", "/", "", "sub/.."])
def test_a_stdin_filename_naming_no_file_is_a_usage_error(project, name):
    result = subprocess.run(
        [sys.executable, "-m", "tf2lint", "check", "-", "--stdin-filename", name],
        cwd=project,
        input="x = 1\n",
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2 and "--stdin-filename must name a file" in result.stderr


def test_a_closed_stdout_is_an_error_not_an_internal_error(project):
    (project / "train.py").write_text(BAD_PRINT)
    result = subprocess.run(
        [sys.executable, "-m", "tf2lint", "check", ".", "--no-cache"],
        cwd=project,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=300,
        preexec_fn=lambda: os.close(1),
    )
    assert result.returncode == 2 and "stdout is closed" in result.stderr


def test_check_piped_into_head_keeps_its_exit_code(project):
    body = "    print(x)\n" * 3000  # 3000 findings: far more than a pipe holds
    (project / "train.py").write_text(BAD_PRINT.replace("    print(x)\n", body))
    result = subprocess.run(
        f"{sys.executable} -m tf2lint check . --no-cache | head -1; echo ${{PIPESTATUS[0]}}",
        shell=True,
        executable="/bin/bash",
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    first, status = result.stdout.splitlines()
    assert first.startswith("TF201 ") and status == "1"
    assert "Traceback" not in result.stderr


# --- --add-noqa on every line-end style -------------------------------------------------------


@pytest.mark.parametrize("end", ["\r", "\r\n", "mixed"])
def test_add_noqa_on_every_line_end_style(project, end):
    lines = BAD_PRINT.splitlines(keepends=False)
    if end == "mixed":
        text = "".join(line + ("\r" if i % 2 else "\r\n") for i, line in enumerate(lines))
    else:
        text = "".join(line + end for line in lines)
    (project / "train.py").write_bytes(text.encode())
    result = run_cli("check", ".", "--add-noqa", "--no-cache", cwd=project)
    assert "Added 1 noqa directive." in result.stderr
    fixed = (project / "train.py").read_bytes().decode()
    assert fixed == text.replace("print(x)", "print(x)  # noqa: TF201")
    assert run_cli("check", ".", "--no-cache", cwd=project).returncode == 0


def test_a_suppression_after_a_lone_cr_applies_to_its_own_line(project):
    text = "import tensorflow as tf\r\r@tf.function\rdef step(x):\r    y = 1  # noqa: TF201\r    print(x)\r    return x\r"
    (project / "train.py").write_bytes(text.encode())
    result = run_cli("check", ".", "--no-cache", "--format", "json", cwd=project)
    assert [(d["rule"], d["line"]) for d in json_findings(result.stdout, project)] == [("TF201", 6)]


def test_add_noqa_joins_a_disable_comment_for_another_rule(project):
    text = BAD_PRINT.replace("print(x)", "print(x)  # tf2lint: disable=TF101")
    (project / "train.py").write_text(text)
    result = run_cli("check", ".", "--add-noqa", "--no-cache", cwd=project)
    assert "Added 1 noqa directive." in result.stderr
    assert "print(x)  # tf2lint: disable=TF101,TF201\n" in (project / "train.py").read_text()
    assert run_cli("check", ".", "--no-cache", cwd=project).returncode == 0


# --- fix counts over a project's second pass --------------------------------------------------


@pytest.fixture
def traced_helper(project: Path) -> Path:
    """b.py's helper is traced only through a.py: b.py is linted again in the second pass."""
    (project / "b.py").write_text(
        "import tensorflow as tf\n\ndef helper(x):\n    print(x)\n    return tf.log(x)\n"
    )
    (project / "a.py").write_text(
        "import tensorflow as tf\nfrom b import helper\n\n@tf.function\n"
        "def f(x):\n    return helper(x)\n"
    )
    return project / "b.py"


@pytest.mark.parametrize("cache", [True, False])
def test_fixes_of_the_first_pass_are_counted_after_the_second(project, traced_helper, cache):
    cached = [] if cache else ["--no-cache"]
    result = run_cli("check", ".", "--fix-only", *cached, cwd=project)
    assert "tf.math.log" in traced_helper.read_text()
    assert result.stdout.startswith("Fixed 1 error"), result.stdout
    traced_helper.write_text(traced_helper.read_text().replace("tf.math.log", "tf.log"))
    result = run_cli("check", ".", "--fix", *cached, cwd=project)
    assert "(1 fixed, 1 remaining)" in result.stdout, result.stdout  # the print has no safe fix
