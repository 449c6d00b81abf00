"""Each file's configuration is the nearest to it, as in ruff (and in tf2lint's LSP): whatever
the order of the paths given; tf2lint.toml, .tf2lint.toml and pyproject.toml; `extend`;
`--config FILE`, `--config KEY=VALUE`, `--isolated`, `--show-settings`; the keys of flags."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BAD_PRINT = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"


def check(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "tf2lint",
            "check",
            "--no-cache",
            "--output-format",
            "concise",
            "--quiet",
            *args,
        ],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )


def found(folder: Path, *args: str) -> list[str]:
    done = check(folder, *args)
    assert done.returncode in (0, 1), done.stderr
    return sorted(
        line.split(": ")[0] + ": " + line.split(": ")[1].split(" ")[0]
        for line in done.stdout.splitlines()
    )


@pytest.fixture
def nested(tmp_path: Path) -> Path:
    """A root selecting TF201, and sub/ whose own configuration ignores it."""
    (tmp_path / "pyproject.toml").write_text('[tool.tf2lint]\nselect = ["TF201"]\n')
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "pyproject.toml").write_text('[tool.tf2lint]\nignore = ["TF201"]\n')
    (tmp_path / "a.py").write_text(BAD_PRINT)
    (tmp_path / "sub" / "b.py").write_text(BAD_PRINT)
    return tmp_path


def test_each_file_gets_its_nearest_configuration_whatever_the_order(nested):
    expected = ["a.py:5:5: TF201"]
    assert found(nested, "a.py", "sub/b.py") == expected
    assert found(nested, "sub/b.py", "a.py") == expected
    assert found(nested, ".") == expected
    assert found(nested / "sub", ".", "../a.py") == ["../a.py:5:5: TF201"]


def test_config_file_flag_applies_to_every_file(nested):
    both = ["a.py:5:5: TF201", "sub/b.py:5:5: TF201"]
    assert found(nested, "--config", "pyproject.toml", "sub/b.py", "a.py") == both


def test_isolated_ignores_every_configuration(nested):
    (nested / "pyproject.toml").write_text('[tool.tf2lint]\nignore = ["TF201"]\n')
    assert found(nested, "a.py") == []
    assert found(nested, "--isolated", "a.py", "sub/b.py") == [
        "a.py:5:5: TF201",
        "sub/b.py:5:5: TF201",
    ]


@pytest.mark.parametrize("name", ["tf2lint.toml", ".tf2lint.toml"])
def test_tf2lint_toml_holds_the_keys_at_its_top_level(nested, name):
    (nested / "sub" / "pyproject.toml").unlink()
    (nested / "sub" / name).write_text('ignore = ["TF201"]\n')
    assert found(nested, ".") == ["a.py:5:5: TF201"]


def test_dot_tf2lint_toml_wins_over_tf2lint_toml_and_pyproject(nested):
    (nested / "sub" / "tf2lint.toml").write_text('select = ["TF201"]\n')
    assert found(nested, "sub/b.py") == ["sub/b.py:5:5: TF201"]  # over pyproject.toml
    (nested / "sub" / ".tf2lint.toml").write_text('ignore = ["TF201"]\n')
    assert found(nested, "sub/b.py") == []


def test_extend_inherits_and_the_extending_file_wins(nested):
    (nested / "pyproject.toml").write_text(
        '[tool.tf2lint]\nselect = ["TF201"]\nper-file-ignores = {"skip_*.py" = ["TF201"]}\n'
    )
    (nested / "sub" / "pyproject.toml").write_text('[tool.tf2lint]\nextend = "../pyproject.toml"\n')
    (nested / "sub" / "skip_me.py").write_text(BAD_PRINT)
    assert found(nested, "sub") == ["sub/b.py:5:5: TF201"]
    (nested / "sub" / "pyproject.toml").write_text(
        '[tool.tf2lint]\nextend = "../pyproject.toml"\nper-file-ignores = {}\n'
    )
    assert found(nested, "sub") == ["sub/b.py:5:5: TF201", "sub/skip_me.py:5:5: TF201"]


def test_an_extended_files_patterns_are_relative_to_its_own_folder(nested):
    """As ruff: the parent's `notebooks/*` names the parent's notebooks/ folder, also for a
    configuration in notebooks/ that extends it (whose own root is notebooks/)."""
    (nested / "pyproject.toml").write_text(
        '[tool.tf2lint]\nselect = ["TF201"]\nper-file-ignores = {"notebooks/*" = ["TF201"]}\n'
        'exclude = ["notebooks/scratch"]\n'
    )
    (nested / "notebooks" / "scratch").mkdir(parents=True)
    (nested / "notebooks" / "pyproject.toml").write_text(
        '[tool.tf2lint]\nextend = "../pyproject.toml"\n'
    )
    (nested / "notebooks" / "train.py").write_text(BAD_PRINT)
    (nested / "notebooks" / "scratch" / "try.py").write_text(BAD_PRINT)
    assert found(nested, "notebooks") == []
    assert found(nested / "notebooks", ".") == []


def test_the_lint_table_holds_rule_keys_as_ruffs(nested):
    (nested / "pyproject.toml").write_text(
        '[tool.tf2lint]\nselect = ["TF101"]\n\n[tool.tf2lint.lint]\nselect = ["TF201"]\n'
        'per-file-ignores = {"sub/*" = ["TF201"]}\n'
    )
    (nested / "sub" / "pyproject.toml").unlink()
    assert found(nested) == ["a.py:5:5: TF201"]  # lint.select wins over the key above it
    (nested / "pyproject.toml").write_text("[tool.tf2lint.lint]\nline-length = 100\n")
    done = check(nested)
    assert done.returncode == 2 and "unknown key `line-length`" in done.stderr


def test_extend_in_a_cycle_is_an_error(nested):
    (nested / "pyproject.toml").write_text('[tool.tf2lint]\nextend = "sub/pyproject.toml"\n')
    (nested / "sub" / "pyproject.toml").write_text('[tool.tf2lint]\nextend = "../pyproject.toml"\n')
    done = check(nested, "a.py")
    assert done.returncode == 2 and "cycle" in done.stderr


def test_config_key_value_overrides_each_files_configuration(nested):
    assert found(nested, "--config", 'ignore = ["TF201"]', ".") == []
    assert found(nested, "--config", 'select = ["TF201"]', "--config", "ignore = []", ".") == [
        "a.py:5:5: TF201",
        "sub/b.py:5:5: TF201",
    ]
    done = check(nested, "--config", "colour = 3", ".")
    assert done.returncode == 2 and "unknown key `colour`" in done.stderr
    done = check(nested, "--config", "select = [", ".")
    assert done.returncode == 2 and "--config" in done.stderr


def test_show_settings_prints_what_applies_to_the_file(nested):
    done = subprocess.run(
        [sys.executable, "-m", "tf2lint", "check", "--show-settings", "sub/b.py"],
        cwd=nested,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert f"Settings path: {(nested / 'sub' / 'pyproject.toml').resolve()}" in done.stdout
    assert "    TF201," not in done.stdout and "    TF202," in done.stdout
    root = check(nested, "--show-settings", "a.py").stdout
    assert "rules (1) = [\n    TF201,  # print-in-traced-code\n]" in root


def test_flags_keys_exit_zero_statistics_jobs_and_extend_ignore(nested):
    (nested / "pyproject.toml").write_text(
        '[tool.tf2lint]\nselect = ["TF201", "TF202"]\nexit-zero = true\nstatistics = true\n'
        'jobs = 1\ncolor = "never"\n'
    )
    done = check(nested, "a.py")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "1\tTF201\tprint-in-traced-code\n"
    (nested / "pyproject.toml").write_text('[tool.tf2lint]\nextend-ignore = ["TF201"]\n')
    assert found(nested, "a.py") == []
    (nested / "pyproject.toml").write_text("[tool.tf2lint]\njobs = 0\n")
    assert "`jobs`" in check(nested, "a.py").stderr


def test_include_and_extend_include_narrow_what_folders_give(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "scripts").mkdir()
    for name in ("src/model.py", "scripts/run.py", "top.py"):
        (tmp_path / name).write_text(BAD_PRINT)
    (tmp_path / "pyproject.toml").write_text('[tool.tf2lint]\ninclude = ["src/*.py"]\n')
    assert found(tmp_path, ".") == ["src/model.py:5:5: TF201"]
    assert found(tmp_path, ".", "top.py") == ["src/model.py:5:5: TF201", "top.py:5:5: TF201"]
    (tmp_path / "pyproject.toml").write_text(
        '[tool.tf2lint]\ninclude = ["src/*.py"]\nextend-include = ["scripts/*"]\n'
    )
    assert found(tmp_path, ".") == ["scripts/run.py:5:5: TF201", "src/model.py:5:5: TF201"]
