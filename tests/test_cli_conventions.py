"""`tf2lint check` behaves as `ruff check` does where ruff has a convention: flags and their
config keys, stdin, file selection, output, summary wording, suppressions and a baseline."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import json_findings, run_cli

BAD_PRINT = "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"
# TF904's safe fix (the deprecated option's new name) next to TF201's unsafe one
BAD_SAFE_AND_UNSAFE = (
    BAD_PRINT + "\n\n@tf.function(experimental_relax_shapes=True)\ndef pool(x):\n    return x\n"
)
HINT = "1 unsafe fix available with `--fix --unsafe-fixes`.\n"


def check(project: Path, *args: str, stdin: str | None = None, env: dict | None = None):
    return subprocess.run(
        [sys.executable, "-m", "tf2lint", "check", "--no-cache", *args],
        cwd=project,
        capture_output=True,
        text=True,
        input=stdin,
        env={**os.environ, **(env or {})},
        timeout=300,
    )


@pytest.fixture
def bad(project: Path) -> Path:
    path = project / "train.py"
    path.write_text(BAD_PRINT)
    return path


# --- summary ------------------------------------------------------------------------------------


def test_summary_counts_each_finding_once_safe_and_hidden_unsafe(project):
    (project / "train.py").write_text(BAD_SAFE_AND_UNSAFE)
    result = check(project)
    assert result.stdout.endswith(
        "Found 2 errors.\n"
        "[*] 1 fixable with `--fix` (1 unsafe fix available with `--fix --unsafe-fixes`).\n"
    )
    assert "TF904 [*] " in result.stdout and "TF201 `print`" in result.stdout


def test_unsafe_fixes_alone_shows_unsafe_fixes_as_fixable(project):
    (project / "train.py").write_text(BAD_SAFE_AND_UNSAFE)
    result = check(project, "--unsafe-fixes")
    assert result.returncode == 1
    assert "TF201 [*] " in result.stdout
    assert result.stdout.endswith("Found 2 errors.\n[*] 2 fixable with `--fix`.\n")
    assert (project / "train.py").read_text() == BAD_SAFE_AND_UNSAFE  # nothing written


def test_no_unsafe_fixes_drops_the_hint(bad, project):
    assert check(project, "--no-unsafe-fixes").stdout.endswith("Found 1 error.\n")


def test_fix_counts_findings_not_fix_rounds(project):
    # TF103's fix leaves code that a second round fixes further: two fixes, one finding (and the
    # TF107 finding on the same call goes with them)
    tf103 = Path(__file__).resolve().parent.parent / "fixtures" / "TF103" / "bad.py"
    (project / "conv.py").write_text(tf103.read_text())
    before = {"findings": len(json.loads(check(project, "--output-format", "json").stdout))}
    result = check(project, "--fix", "--unsafe-fixes")
    assert result.stdout == (
        f"Found {before['findings']} errors ({before['findings']} fixed, 0 remaining).\n"
    )
    (project / "conv.py").write_text(tf103.read_text())
    result = check(project, "--fix-only", "--unsafe-fixes")
    assert (result.returncode, result.stdout) == (0, f"Fixed {before['findings']} errors.\n")


def test_fix_only_reports_what_is_left_to_unsafe_fixes(bad, project):
    result = check(project, "--fix-only")
    assert result.returncode == 0
    assert result.stdout == "No errors fixed (1 fix available with `--unsafe-fixes`).\n"


def test_diff_prints_the_diff_then_the_summary_on_stdout(bad, project):
    """As ruff 0.17: each file's diff headed by its path, a blank line, then the summary."""
    result = check(project, "--diff", "--unsafe-fixes")
    assert result.returncode == 1
    assert result.stdout.startswith("--- train.py\n+++ train.py\n")
    assert result.stdout.endswith("\n\nWould fix 1 error.\n") and result.stderr == ""


def test_statistics_json(bad, project):
    result = check(project, "--statistics", "--output-format", "json")
    assert json.loads(result.stdout) == [
        {
            "code": "TF201",
            "name": "print-in-traced-code",
            "count": 1,
            "fixable": False,
            "fixable_count": 0,
        }
    ]


def test_exit_non_zero_on_fix(bad, project):
    assert check(project, "--fix", "--unsafe-fixes").returncode == 0
    (project / "train.py").write_text(BAD_PRINT)
    assert check(project, "--fix", "--unsafe-fixes", "--exit-non-zero-on-fix").returncode == 1


# --- selection ----------------------------------------------------------------------------------

TF1_AND_TF2 = BAD_PRINT + "\nsession = tf.Session()\n"


def _rules(result) -> list[str]:
    return sorted({d["code"] for d in json.loads(result.stdout)})


def test_repeated_select_accumulates(project):
    (project / "train.py").write_text(TF1_AND_TF2)
    both = check(project, "--select", "TF2", "--select", "TF1", "--output-format", "json")
    assert "TF201" in _rules(both) and any(r.startswith("TF1") for r in _rules(both))


@pytest.mark.parametrize(
    "args, expected",
    [
        (["--select", "tf201"], ["TF201"]),
        (["--select", "Side-Effect"], ["TF201"]),
        (["--select", "PRINT-in-traced-code"], ["TF201"]),
        (["--select", "tf2,tf1", "--ignore", "tf10"], ["TF201"]),  # TF1 here is TF104
        (["--select", "TF201", "--ignore", "TF2"], ["TF201"]),  # the more specific wins
        (["--select", "TF2", "--ignore", "side-effect"], []),  # a tie: the ignore wins
    ],
)
def test_selectors_ignore_case_and_the_most_specific_wins(project, args, expected):
    (project / "train.py").write_text(TF1_AND_TF2)
    assert _rules(check(project, *args, "--output-format", "json")) == expected


def test_extend_select_adds_to_the_default_set(project):
    (project / "net.py").write_text(
        "import tensorflow as tf\n\nclass Net(tf.keras.layers.Layer):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.drop = tf.keras.layers.Dropout(0.5)\n\n"
        "    def call(self, x):\n        return self.drop(x)\n" + BAD_PRINT.split("\n", 1)[1]
    )
    assert _rules(check(project, "--output-format", "json")) == ["TF201"]
    extended = check(project, "--extend-select", "TF906", "--output-format", "json")
    assert _rules(extended) == ["TF201", "TF906"]
    (project / "pyproject.toml").write_text('[tool.tf2lint]\nextend-select = ["tf906"]\n')
    assert _rules(check(project, "--output-format", "json")) == ["TF201", "TF906"]


@pytest.mark.parametrize("jobs", ["-3", "0", "two"])
def test_jobs_must_be_a_positive_number(bad, project, jobs):
    result = check(project, "-j", jobs)
    assert result.returncode == 2 and "--jobs/-j" in result.stderr


# --- paths, stdin, exclusions -------------------------------------------------------------------


def test_dash_reads_stdin(project):
    result = check(project, "-", stdin=BAD_PRINT)
    assert result.returncode == 1
    assert result.stdout.startswith("TF201 ") and " --> -:5:5\n" in result.stdout


def test_stdin_filename_names_the_code_and_selects_its_config(project):
    (project / "pyproject.toml").write_text(
        '[tool.tf2lint]\nper-file-ignores = {"tests/*" = ["side-effect"]}\n'
    )
    named = check(project, "--stdin-filename", "src/train.py", stdin=BAD_PRINT)
    assert named.stdout.startswith("TF201 ") and " --> src/train.py:5:5\n" in named.stdout
    ignored = check(project, "--stdin-filename", "tests/test_train.py", stdin=BAD_PRINT)
    assert ignored.returncode == 0 and ignored.stdout == "All checks passed!\n"


def test_stdin_fix_prints_the_fixed_code_and_the_summary_on_stderr(project):
    result = check(project, "-", "--fix", "--unsafe-fixes", stdin=BAD_PRINT)
    assert result.returncode == 0
    assert result.stdout == BAD_PRINT.replace("    print(x)", "    tf.print(x)")
    assert result.stderr == "Found 1 error (1 fixed, 0 remaining).\n"


def test_stdin_notebook(project):
    notebook = {
        "cells": [
            {"cell_type": "code", "metadata": {}, "outputs": [], "source": BAD_PRINT},
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    result = check(project, "--stdin-filename", "nb.ipynb", stdin=json.dumps(notebook))
    assert result.stdout.startswith("TF201 ") and " --> nb.ipynb:cell 1:5:5\n" in result.stdout


def test_force_exclude_applies_exclude_to_named_files(bad, project):
    (project / "pyproject.toml").write_text('[tool.tf2lint]\nexclude = ["train.py"]\n')
    assert check(project, "train.py").returncode == 1  # named: linted (as in ruff)
    forced = check(project, "--force-exclude", "train.py")
    assert forced.returncode == 0
    (project / "pyproject.toml").write_text(
        '[tool.tf2lint]\nexclude = ["train.py"]\nforce-exclude = true\n'
    )
    assert check(project, "train.py").returncode == 0
    assert check(project, "--stdin-filename", "train.py", stdin=BAD_PRINT).returncode == 0


def test_gitignored_files_are_skipped_in_a_git_work_tree(project):
    (project / ".git").mkdir()  # a work tree, as git sees one
    (project / ".gitignore").write_text("generated/\n*_pb2.py\n!keep_pb2.py\n")
    for name in ("generated/model.py", "src/model_pb2.py", "src/keep_pb2.py", "src/train.py"):
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(BAD_PRINT)
    (project / "src" / ".gitignore").write_text("/train.py\n")
    result = check(project, "--output-format", "json")
    assert {d["path"] for d in json_findings(result.stdout, project)} == {"src/keep_pb2.py"}
    everything = check(project, "--no-respect-gitignore", "--output-format", "json")
    assert len({d["path"] for d in json_findings(everything.stdout, project)}) == 4
    (project / "pyproject.toml").write_text("[tool.tf2lint]\nrespect-gitignore = false\n")
    assert len(json.loads(check(project, "--output-format", "json").stdout)) == 4


def test_gitignore_means_nothing_outside_a_work_tree(bad, project):
    (project / ".gitignore").write_text("train.py\n")
    assert check(project).returncode == 1


# --- output ------------------------------------------------------------------------------------


def test_concise_output_is_one_line_per_finding(bad, project):
    result = check(project, "--output-format", "concise")
    assert result.stdout == (
        "train.py:5:5: TF201 `print` in traced `step` runs only while tracing; use `tf.print`\n"
        "Found 1 error.\n" + HINT
    )


def test_output_file_takes_the_report(bad, project):
    result = check(project, "--output-file", "reports/lint.txt", "--color", "always")
    assert result.returncode == 1 and result.stdout == ""
    report = (project / "reports" / "lint.txt").read_text()
    assert report.startswith("TF201 ") and " --> train.py:5:5\n" in report
    assert "\x1b[" not in report


def test_quiet_prints_findings_only_and_silent_nothing(bad, project):
    quiet = check(project, "--quiet", "--output-format", "concise")
    assert quiet.stdout == (
        "train.py:5:5: TF201 `print` in traced `step` runs only while tracing; use `tf.print`\n"
    )
    silent = check(project, "--silent")
    assert (silent.returncode, silent.stdout, silent.stderr) == (1, "", "")


def test_verbose_says_what_it_read_on_stderr(bad, project):
    result = check(project, "--verbose")
    assert f"tf2lint: configuration: {project / 'pyproject.toml'}" in result.stderr
    assert "tf2lint: files to check under .: 1\n" in result.stderr
    assert result.stdout.endswith("Found 1 error.\n" + HINT)


@pytest.mark.parametrize(
    "args, env, colour",
    [
        (["--color", "always"], {}, True),
        (["--color", "never"], {"FORCE_COLOR": "1"}, False),
        ([], {"FORCE_COLOR": "1"}, True),
        ([], {"NO_COLOR": "1"}, False),
        ([], {}, False),  # a pipe is not a terminal
    ],
)
def test_colour_flag_and_environment(bad, project, args, env, colour):
    base = {"NO_COLOR": "", "FORCE_COLOR": ""}
    result = check(project, *args, env={**base, **env})
    assert ("\x1b[1;31mTF201\x1b[0m" in result.stdout) is colour
    assert result.stdout.count("TF201") == 1


def _run_on_terminal(project: Path, *args: str, env: dict | None = None) -> tuple[str, str]:
    """Run ``tf2lint check`` with stdout and stderr on terminals (pseudo-terminals)."""
    out_master, out_slave = pty.openpty()
    err_master, err_slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "tf2lint", "check", "--no-cache", *args],
        cwd=project,
        stdout=out_slave,
        stderr=err_slave,
        env={**os.environ, "NO_COLOR": "", "FORCE_COLOR": "", **(env or {})},
    )
    os.close(out_slave)
    os.close(err_slave)
    chunks: dict[int, bytes] = {out_master: b"", err_master: b""}
    open_fds = [out_master, err_master]
    while open_fds:
        ready, _, _ = select.select(open_fds, [], [], 60)
        if not ready:
            break
        for fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:  # the other side closed: EIO on Linux
                data = b""
            if data:
                chunks[fd] += data
            else:
                open_fds.remove(fd)
    process.wait(timeout=60)
    os.close(out_master)
    os.close(err_master)
    return chunks[out_master].decode(), chunks[err_master].decode()


def test_terminal_gets_colour_and_progress_on_stderr(project):
    for i in range(12):
        (project / f"train_{i}.py").write_text(BAD_PRINT)
    out, err = _run_on_terminal(project, "-j", "2")
    assert "\x1b[1;31mTF201\x1b[0m" in out
    assert "tf2lint: checked 12/12 files" in err
    assert err.endswith("\r\x1b[K")  # the progress line is erased before the report
    _, quiet_err = _run_on_terminal(project, "-q")
    assert "checked" not in quiet_err
    piped = check(project)
    assert "checked" not in piped.stderr


# --- configuration keys mirror the flags ----------------------------------------------------------


def test_config_keys_mirror_flags(bad, project):
    (project / "pyproject.toml").write_text(
        '[tool.tf2lint]\noutput-format = "concise"\nunsafe-fixes = true\nshow-fixes = true\n'
    )
    report = check(project)
    assert report.stdout == (
        "train.py:5:5: TF201 [*] `print` in traced `step` runs only while tracing; use "
        "`tf.print`\nFound 1 error.\n[*] 1 fixable with `--fix`.\n"
    )
    assert " --> train.py:5:5\n" in check(project, "--output-format", "full").stdout  # the flag
    (project / "pyproject.toml").write_text(
        "[tool.tf2lint]\nfix = true\nunsafe-fixes = true\nshow-fixes = true\n"
    )
    fixed = check(project)
    assert fixed.returncode == 0
    assert fixed.stdout.startswith("\nFixed 1 error:\n- train.py:\n    1 × TF201")
    assert bad.read_text() == BAD_PRINT.replace("    print(x)", "    tf.print(x)")


@pytest.mark.parametrize(
    "table, key",
    [
        ('output-format = "fancy"', "output-format"),
        ('fix = "yes"', "fix"),
        ("cache-dir = 3", "cache-dir"),
        ('extend-select = "TF2"', "extend-select"),
    ],
)
def test_bad_new_config_values_name_the_key(bad, project, table, key):
    (project / "pyproject.toml").write_text(f"[tool.tf2lint]\n{table}\n")
    result = check(project)
    assert result.returncode == 2 and f"`{key}`" in result.stderr


def test_cache_dir_flag_environment_and_key(bad, project):
    def run_cached(*args: str, env: dict | None = None):
        return subprocess.run(
            [sys.executable, "-m", "tf2lint", "check", *args],
            cwd=project,
            capture_output=True,
            env={**os.environ, **(env or {})},
            timeout=300,
        )

    run_cached("--cache-dir", "flagged")
    run_cached(env={"TF2LINT_CACHE_DIR": str(project / "from-env")})
    (project / "pyproject.toml").write_text('[tool.tf2lint]\ncache-dir = "configured"\n')
    run_cached()
    for folder in ("flagged", "from-env", "configured"):
        assert any((project / folder).rglob("*.json")), folder
    assert not (project / ".tf2lint_cache").exists()


# --- suppressions -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "comment",
    [
        "# tf2lint: disable=side-effect",
        "# tf2lint: disable=print-in-traced-code",
        "# tf2lint: disable=tf201",
        "# tf2lint: disable=TF2",
        "# noqa: tf201",
        "# noqa: TF201 the reason, after the codes",
    ],
)
def test_suppression_by_category_name_or_id_in_any_case(project, comment):
    (project / "train.py").write_text(BAD_PRINT.replace("print(x)", f"print(x)  {comment}"))
    assert check(project).returncode == 0


@pytest.mark.parametrize("line", [0, 1, 2])
def test_a_comment_on_any_line_of_a_multi_line_statement_suppresses_it(project, line):
    lines = ["    print(", "        x,", "    )"]
    lines[line] += "  # tf2lint: disable=TF201"
    (project / "train.py").write_text(BAD_PRINT.replace("    print(x)", "\n".join(lines)))
    assert check(project).returncode == 0


def test_a_comment_above_a_multi_line_statement_covers_all_of_it(project):
    (project / "train.py").write_text(
        BAD_PRINT.replace("    print(x)", "    # tf2lint: disable=TF201\n    print(\n        x)")
    )
    assert check(project).returncode == 0


def test_unknown_and_disabled_ids_are_told_apart_from_unused_ones(project):
    (project / "a.py").write_text(
        "import tensorflow as tf\n"
        "x = 1  # tf2lint: disable=TF999\n"
        "y = 2  # tf2lint: disable=TF401\n"
        "z = 3  # tf2lint: disable=TF906\n"
        "w = 4  # noqa: E501, XYZ123\n"  # other tools' codes: never reported
    )
    result = check(project, "--report-unused-suppressions", "--output-format", "concise")
    assert result.stdout.splitlines()[:3] == [
        "a.py:2:8: TF000 [*] suppression of unknown TF999: "
        "not a rule id, id prefix, name or category",
        "a.py:3:8: TF000 [*] suppression of TF401 matches no finding",
        "a.py:4:8: TF000 suppression of TF906: not enabled",
    ]
    assert "a.py:5" not in result.stdout


# --- a baseline: --add-noqa ---------------------------------------------------------------------


def test_add_noqa_silences_every_finding_at_the_end_of_its_statement(project):
    source = BAD_SAFE_AND_UNSAFE.replace("    print(x)", "    print(\n        x\n    )")
    source += "\n\ndef other(x):\n    return x  # noqa: E501\n"
    (project / "train.py").write_text(source)
    result = check(project, "--add-noqa")
    assert (result.returncode, result.stderr) == (0, "Added 2 noqa directives.\n")
    text = (project / "train.py").read_text()
    assert "        x\n    )  # noqa: TF201\n" in text
    assert "@tf.function(experimental_relax_shapes=True)  # noqa: TF904\n" in text
    assert check(project).returncode == 0  # clean: only new code is held to the rules
    assert check(project, "--add-noqa").stderr == "Added 0 noqa directives.\n"


def test_add_noqa_merges_codes_and_takes_a_reason(project):
    (project / "train.py").write_text(BAD_PRINT.replace("print(x)", "print(x)  # noqa: E501"))
    result = check(project, "--add-noqa=legacy, see issue 12")
    assert result.returncode == 0
    assert (
        "    print(x)  # noqa: E501, TF201 legacy, see issue 12\n"
        in (project / "train.py").read_text()
    )
    assert check(project).returncode == 0


def test_add_noqa_adds_nothing_for_findings_check_does_not_show(project):
    """A preview-only finding (a value set once on `self`: its evidence has a gap) is not what
    `check` shows by default, so --add-noqa leaves it; with --preview it is shown, and silenced."""
    source = (
        "import tensorflow as tf\n\n\nclass M:\n    @tf.function\n    def step(self, x):\n"
        "        self.last = 1\n        return x\n"
    )
    (project / "m.py").write_text(source)
    assert check(project, "--add-noqa").stderr == "Added 0 noqa directives.\n"
    assert (project / "m.py").read_text() == source
    assert check(project, "--add-noqa", "--preview").stderr == "Added 1 noqa directive.\n"
    assert "        self.last = 1  # noqa: TF202\n" in (project / "m.py").read_text()


def test_add_noqa_keeps_a_form_feed_that_ends_the_line(project):
    source = "import tensorflow as tf\nx = tf.log(1.0)\x0c\ny = 2\n"
    (project / "train.py").write_text(source)
    assert check(project, "--add-noqa").returncode == 0
    assert (project / "train.py").read_bytes() == (
        b"import tensorflow as tf\nx = tf.log(1.0)\x0c  # noqa: TF101\ny = 2\n"
    )
    assert check(project).returncode == 0


def test_add_noqa_refuses_to_fix_at_the_same_time(bad, project):
    result = check(project, "--add-noqa", "--fix")
    assert result.returncode == 2 and "--add-noqa cannot be used with --fix" in result.stderr


def test_help_lists_ruffs_flags():
    text = run_cli("check", "--help").stdout
    for flag in (
        "--output-format",
        "--output-file",
        "--quiet",
        "--verbose",
        "--color",
        "--extend-select",
        "--force-exclude",
        "--stdin-filename",
        "--respect-gitignore",
        "--add-noqa",
        "--cache-dir",
        "--fix-only",
        "--exit-non-zero-on-fix",
    ):
        assert flag in text, flag


def test_add_noqa_in_a_notebook_changes_only_the_cells_with_findings(project):
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "metadata": {},
                "outputs": [],
                "source": ["%matplotlib inline\n", "import tensorflow as tf"],
            },
            {
                "cell_type": "code",
                "execution_count": None,
                "metadata": {},
                "outputs": [],
                "source": ["@tf.function\n", "def step(x):\n", "    print(x)\n", "    return x"],
            },
        ],
        "metadata": {"language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = project / "nb.ipynb"
    path.write_text(json.dumps(notebook, indent=1) + "\n")
    result = check(project, "--add-noqa")
    assert result.stderr == "Added 1 noqa directive.\n"
    changed = json.loads(path.read_text())
    assert changed["cells"][0] == notebook["cells"][0]
    assert changed["cells"][1]["source"][2] == "    print(x)  # noqa: TF201\n"
    expected = json.loads(json.dumps(notebook))
    expected["cells"][1]["source"][2] = "    print(x)  # noqa: TF201\n"
    assert path.read_text() == json.dumps(expected, indent=1) + "\n"  # the rest byte for byte
    assert check(project).returncode == 0


@pytest.mark.parametrize(
    "comment, left",
    [
        ("# tf2lint: noqa", []),
        ("# tf2lint: noqa: TF201", ["TF904"]),
        ("# TF2LINT: NOQA: tf201, tf904", []),
        ("# tf2lint: noqa: TF904", ["TF201"]),
    ],
)
def test_file_level_noqa_as_ruffs(project, comment, left):
    """`# tf2lint: noqa[: CODES]` anywhere in the file, as ruff's `# ruff: noqa[: CODES]`."""
    (project / "train.py").write_text(BAD_SAFE_AND_UNSAFE + f"\n{comment}\n")
    found = json.loads(check(project, "--output-format", "json").stdout)
    assert sorted(d["code"] for d in found) == left


def test_ruffs_default_excludes_are_not_linted_and_show_files_lists_the_rest(bad, project):
    for folder in (".eggs/pkg", "__pypackages__/3.11/lib", "_build", "buck-out", ".direnv"):
        (project / folder).mkdir(parents=True)
        (project / folder / "vendored.py").write_text(BAD_PRINT)
    (project / "sub").mkdir()
    (project / "sub" / "b.py").write_text("x = 1\n")
    listed = check(project, "--show-files")
    assert (listed.returncode, listed.stdout) == (0, "sub/b.py\ntrain.py\n")


def test_rule_is_ruffs_verb_for_explain():
    assert run_cli("rule", "TF201").stdout == run_cli("explain", "TF201").stdout != ""


def test_ignore_noqa_reports_what_comments_silence(project):
    (project / "train.py").write_text(BAD_PRINT.replace("print(x)", "print(x)  # noqa: TF201"))
    assert check(project).returncode == 0
    found = json.loads(check(project, "--ignore-noqa", "--output-format", "json").stdout)
    assert [d["code"] for d in found] == ["TF201"]


@pytest.mark.parametrize(
    "args, table, marked",
    [
        ((), "", {"TF201", "TF904"}),
        (("--unfixable", "TF201"), "", {"TF904"}),
        (("--fixable", "TF9"), "", {"TF904"}),
        (("--fixable", "TF9", "--extend-fixable", "TF201"), "", {"TF201", "TF904"}),
        ((), 'unfixable = ["TF904"]', {"TF201"}),
        ((), 'fixable = []\nextend-fixable = ["print-in-traced-code"]', {"TF201"}),
    ],
)
def test_fixable_unfixable_and_extend_fixable(project, args, table, marked):
    (project / "pyproject.toml").write_text(f"[tool.tf2lint]\n{table}\n")
    (project / "train.py").write_text(BAD_SAFE_AND_UNSAFE)
    found = json.loads(check(project, "--output-format", "json", *args).stdout)
    assert {d["code"] for d in found if d["fix"]} == marked
    fixed = check(project, "--fix", "--unsafe-fixes", *args)
    left = json.loads(check(project, "--output-format", "json").stdout)
    assert {d["code"] for d in left} == {"TF201", "TF904"} - marked, fixed.stdout


def test_per_file_ignores_flags_replace_or_extend_the_configuration(project):
    (project / "pyproject.toml").write_text(
        '[tool.tf2lint]\nper-file-ignores = { "train.py" = ["TF904"] }\n'
        'extend-per-file-ignores = { "other.py" = ["TF201"] }\n'
    )
    (project / "train.py").write_text(BAD_SAFE_AND_UNSAFE)
    (project / "other.py").write_text(BAD_SAFE_AND_UNSAFE)

    def codes(*args: str) -> list[tuple[str, str]]:
        found = json.loads(check(project, "--output-format", "json", *args).stdout)
        return sorted((Path(d["filename"]).name, d["code"]) for d in found)

    assert codes() == [("other.py", "TF904"), ("train.py", "TF201")]
    assert codes("--per-file-ignores", "train.py:TF201") == [
        ("other.py", "TF904"),
        ("train.py", "TF904"),
    ]
    assert codes("--extend-per-file-ignores", "*.py:TF904") == [("train.py", "TF201")]
    bad = check(project, "--per-file-ignores", "train.py")
    assert bad.returncode == 2 and "PATTERN:CODES" in bad.stderr


def test_watch_checks_again_after_each_change(project, monkeypatch, capsys):
    """The watch loop, driven by an injected source of changes (no timer, no file watcher)."""
    from tf2lint.commands import cli

    monkeypatch.chdir(project)
    train = project / "train.py"
    train.write_text(BAD_PRINT)

    def changes():
        train.write_text(BAD_PRINT.replace("print(x)", "tf.print(x)"))
        yield {train}
        train.write_text(BAD_PRINT)
        yield {train}

    args = cli.build_parser().parse_args(["check", "--watch", "--no-cache", "--quiet", "."])
    assert cli.watch(args, changes()) == 0
    runs = capsys.readouterr().out.split("File change detected: ")
    assert len(runs) == 3
    assert " --> train.py:5:5" in runs[0] and "TF201" in runs[0]
    assert "TF201" not in runs[1]
    assert " --> train.py:5:5" in runs[2] and "TF201" in runs[2]


def test_polling_batches_changes_and_debounces():
    from tf2lint.run.watch import poll_changes

    a, b = Path("a.py"), Path("b.py")
    snapshots = iter(
        [
            {a: (1, 1)},  # at the start
            {a: (1, 1)},  # nothing changed
            {a: (2, 1)},  # a changed...
            {a: (2, 1), b: (1, 1)},  # ...and b came within the debounce: one batch
            {a: (2, 1), b: (1, 1)},  # settled
            {b: (1, 1)},  # a removed
            {b: (1, 1)},
        ]
    )
    waits = []
    batches = poll_changes(lambda: next(snapshots), sleep=waits.append, interval=1, debounce=0)
    assert next(batches) == {a, b}
    assert next(batches) == {a}
    assert waits == [1, 1, 0, 0, 1, 0]


def test_an_unknown_id_in_a_suppression_is_reported_without_the_flag(project):
    (project / "train.py").write_text(
        "x = 1  # tf2lint: disable=TF9999\ny = 2  # noqa: E501\nz = 3  # tf2lint: disable=TF201\n"
        "w = 4  # noqa: tf9998, E501\n"
    )
    result = check(project, "--output-format", "concise")
    assert result.returncode == 1
    assert result.stdout.splitlines()[:2] == [
        "train.py:1:8: TF000 [*] suppression of unknown TF9999: not a rule id, id "
        "prefix, name or category",
        "train.py:4:8: TF000 [*] suppression of unknown tf9998: not a rule id, id "
        "prefix, name or category",
    ]  # another tool's code (E501) and a known but unused id are reported with the flag only
    assert "Found 2 errors." in result.stdout
