"""Bad input gets a clear finding naming the file and line, and never stops the other files."""

from __future__ import annotations

import json

from conftest import json_findings, run_cli

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
        for d in json_findings(result.stdout, project)
    }
    assert ("broken.py", "syntax-error", 1) in found
    assert ("x.py", "read-error", 1) in found and "null bytes" in found[("x.py", "read-error", 1)]
    latin = found[("latin.py", "read-error", 1)]
    assert "invalid utf-8 byte 0xe9" in latin and "coding cookie" in latin
    assert "Python 2" in found[("py2.py", "syntax-error", 1)]
    assert ("train.py", "TF201", 5) in found
    assert not [k for k in found if k[0] in ("empty.py", "good_latin.py")]
    verbose = run_cli("check", "--verbose", "--quiet", cwd=project)
    assert "tf2lint: files checked: 7," in verbose.stderr


def test_text_output_names_file_and_line_for_syntax_errors(project):
    (project / "broken.py").write_text("x = 1\ny = (\n")
    result = run_cli("check", cwd=project)
    assert result.returncode == 1
    assert result.stdout.startswith("syntax-error cannot parse")
    assert "\n --> broken.py:" in result.stdout


def test_a_mistyped_path_is_a_usage_error(project):
    (project / "train.py").write_text(BAD_PRINT)
    result = run_cli("check", "train.py", "gone.py", cwd=project)
    assert result.returncode == 2
    assert result.stderr == "tf2lint: error: no such file or folder: gone.py\n"


# --- every kind of bad input: one clear finding with the path (and line), and the run goes on ---

import os  # noqa: E402
import re  # noqa: E402
import socket  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from tf2lint.commands import cli  # noqa: E402
from tf2lint.linting.engine import lint_module  # noqa: E402
from tf2lint.linting.plugins import all_rules  # noqa: E402
from tf2lint.linting.rule import Rule  # noqa: E402
from tf2lint.reports import output  # noqa: E402
from tf2lint.run.files import discover  # noqa: E402
from tf2lint.run.runner import Settings, lint_file, run  # noqa: E402


def _settings(root: Path, **kwargs) -> Settings:
    return Settings(rules=list(all_rules()), root=root, **kwargs)


def _found(result) -> dict[tuple[str, str], object]:
    return {(Path(d.path).name, d.rule): d for d in result.diagnostics}


@pytest.mark.parametrize(
    ("name", "data", "rule", "line", "words"),
    [
        ("syntax.py", b"x = 1\ndef f(:\n", "syntax-error", 2, "cannot parse"),
        ("py2.py", b'import os\nprint "x"\n', "syntax-error", 2, "Python 2"),
        ("nul.py", b"x = 1\ny = '\0'\n", "read-error", 2, "null bytes"),
        ("latin.py", b"x = 1\ns = 'caf\xe9'\n", "read-error", 2, "invalid utf-8 byte 0xe9"),
        ("cookie.py", b"# -*- coding: klingon -*-\nx = 1\n", "read-error", 1, "coding cookie"),
        ("wrong_cookie.py", b"# coding: ascii\ns = 'caf\xc3\xa9'\n", "read-error", 2, "ascii"),
        (
            "parens.py",
            b"x = " + b"(" * 5000 + b"1" + b")" * 5000 + b"\n",
            "syntax-error",
            1,
            "nested",
        ),
    ],
)
def test_bad_input_is_one_clear_finding(tmp_path, name, data, rule, line, words):
    (tmp_path / name).write_bytes(data)
    outcome = lint_file(tmp_path / name, _settings(tmp_path, fix=True, unsafe_fixes=True))
    assert len(outcome.diagnostics) == 1, outcome.diagnostics
    d = outcome.diagnostics[0]
    assert (Path(d.path).name, d.rule, d.line) == (name, rule, line)
    assert words in d.message and "\n" not in d.message
    assert not outcome.internal_error
    assert (tmp_path / name).read_bytes() == data  # --fix left it alone


def test_empty_and_whitespace_files_are_fine(tmp_path):
    for name, data in (("empty.py", b""), ("blank.py", b"\n\n"), ("bom.py", b"\xef\xbb\xbf")):
        (tmp_path / name).write_bytes(data)
        assert lint_file(tmp_path / name, _settings(tmp_path, fix=True)).diagnostics == []


def test_deep_nesting_is_reported_and_not_fatal(tmp_path):
    (tmp_path / "a_parens.py").write_text("x = " + "(" * 5000 + "1" + ")" * 5000 + "\n")
    (tmp_path / "b_lists.py").write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    (tmp_path / "c_sum.py").write_text("x = " + "+".join(["a"] * 2000) + "\n" + BAD_PRINT)
    (tmp_path / "d_train.py").write_text(BAD_PRINT)
    result = run(sorted(tmp_path.iterdir()), _settings(tmp_path, fix=True), jobs=1)
    found = _found(result)
    assert "nested" in found[("a_parens.py", "syntax-error")].message
    assert "nested" in found[("b_lists.py", "syntax-error")].message
    assert ("c_sum.py", "TF201") in found  # deep but valid: linted
    assert ("d_train.py", "TF201") in found
    assert not result.internal_error


def test_deep_but_valid_code_is_fixed_or_reported(tmp_path):
    # libcst's own tree walk overflows Python's stack on 150 nested lists; the fix must then be
    # reported, never crash, and leave the file as it was or fixed.
    source = BAD_PRINT + "x = " + "[" * 150 + "]" * 150 + "\n"
    (tmp_path / "t.py").write_text(source)
    outcome = lint_file(tmp_path / "t.py", _settings(tmp_path, fix=True, unsafe_fixes=True))
    text = (tmp_path / "t.py").read_text()
    assert text in (source, source.replace("print(x)", "tf.print(x)"))
    assert all("\n" not in d.message for d in outcome.diagnostics)


def test_a_50000_line_file(tmp_path):
    lines = [BAD_PRINT] + [f"x{i} = {i}\n" for i in range(50_000)]
    (tmp_path / "big.py").write_text("".join(lines))
    # linted and fixed whole (how long it takes is the benchmark's to say, not a test's)
    outcome = lint_file(tmp_path / "big.py", _settings(tmp_path, fix=True, unsafe_fixes=True))
    assert [d.rule for d in outcome.diagnostics] == []
    assert outcome.fixed == 1 and "    tf.print(x)\n" in (tmp_path / "big.py").read_text()


def test_file_vanishing_after_discovery(tmp_path):
    for name in ("a.py", "b.py", "c.py"):
        (tmp_path / name).write_text(BAD_PRINT)
    files = list(discover([tmp_path], tmp_path, []))
    (tmp_path / "b.py").unlink()
    found = _found(run(files, _settings(tmp_path), jobs=1))
    assert "removed while linting" in found[("b.py", "read-error")].message
    assert ("a.py", "TF201") in found and ("c.py", "TF201") in found


def test_unreadable_file(tmp_path, monkeypatch):
    (tmp_path / "locked.py").write_text(BAD_PRINT)
    (tmp_path / "ok.py").write_text(BAD_PRINT)
    real_open = os.open

    def deny(path, *args, **kwargs):  # chmod 000 does not stop root, so refuse here
        if str(path).endswith("locked.py"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", deny)
    found = _found(run(sorted(tmp_path.iterdir()), _settings(tmp_path), jobs=1))
    assert found[("locked.py", "read-error")].message == "cannot read file: Permission denied"
    assert ("ok.py", "TF201") in found


def test_pipes_sockets_and_symlink_loops_do_not_hang_or_crash(tmp_path):
    (tmp_path / "train.py").write_text(BAD_PRINT)
    os.mkfifo(tmp_path / "pipe.py")  # reading it would block forever
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(tmp_path / "sock.py"))
    (tmp_path / "loop_a.py").symlink_to("loop_b.py")
    (tmp_path / "loop_b.py").symlink_to("loop_a.py")
    (tmp_path / "dangling.py").symlink_to("nowhere.py")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "up").symlink_to("..")  # a folder loop: not followed
    try:
        files = list(discover([tmp_path], tmp_path, ["nothing/*"]))
        found = _found(run(files, _settings(tmp_path), jobs=1))
    finally:
        sock.close()
    assert "not a regular file" in found[("pipe.py", "read-error")].message
    assert "not a regular file" in found[("sock.py", "read-error")].message
    assert "symbolic links" in found[("loop_a.py", "read-error")].message
    assert "not found" in found[("dangling.py", "read-error")].message
    assert ("train.py", "TF201") in found
    assert len([p for p in files if p.name == "train.py"]) == 1


class _Crashes(Rule):
    id = "XCRASH"
    name = "crashes"
    category = "api-misuse"
    message = "never reported"
    rationale = "test"
    requires_tensorflow = False

    def visit_Call(self, node):
        raise ValueError("boom")


class _CrashesAtStart(_Crashes):
    id = "XSTART"
    name = "crashes-at-start"

    def __init__(self, context):
        raise KeyError("no start")


def test_rule_crash_is_reported_with_rule_file_and_line_and_others_continue():
    result = lint_module(BAD_PRINT, "t.py", [*all_rules(), _Crashes, _CrashesAtStart])
    by_rule = {d.rule: d for d in result.diagnostics}
    assert "TF201" in by_rule  # the other rules ran
    errors = [d for d in result.diagnostics if d.rule == "internal-error"]
    assert len(errors) == 2 and result.internal_error
    crash = next(d for d in errors if "XCRASH" in d.message)
    assert crash.line == 5  # the first call it failed on: `print(x)`
    assert "ValueError: boom" in crash.message and "please report" in crash.message
    assert any("XSTART" in d.message and "KeyError" in d.message for d in errors)


class _ExitsOnEllipsis(_Crashes):
    """The only rule visiting `...`: once it fails, nothing is called for that node type."""

    id = "XEXIT"
    name = "exits"
    calls = 0

    def visit_Call(self, node):
        pass

    def visit_Ellipsis(self, node):
        type(self).calls += 1
        raise SystemExit(3)  # a plugin's sys.exit(): the engine's failure, not the run's end


def test_a_rule_failing_on_a_type_only_it_visits_is_dropped_and_the_others_go_on():
    code = BAD_PRINT + "\n\ndef f():\n    ...\n\n\ndef g():\n    ...\n"
    _ExitsOnEllipsis.calls = 0
    result = lint_module(code, "t.py", [*all_rules(), _ExitsOnEllipsis])
    errors = [d for d in result.diagnostics if d.rule == "internal-error"]
    assert len(errors) == 1 and "XEXIT" in errors[0].message and "SystemExit" in errors[0].message
    assert _ExitsOnEllipsis.calls == 1  # not called again at the second `...`
    assert "TF201" in {d.rule for d in result.diagnostics}


def test_internal_error_exits_2_only_after_all_files(project, monkeypatch, capsys):
    for name in ("a.py", "b.py"):
        (project / name).write_text(BAD_PRINT)
    import tf2lint.linting.plugins as plugins

    real = plugins.all_rules
    monkeypatch.setattr(plugins, "all_rules", lambda: (*real(), _Crashes))  # resolve imports it
    code = cli.main(["check", str(project / "a.py"), str(project / "b.py"), "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 2
    assert out.count("internal-error") == 2 and out.count("TF201") >= 2
    assert re.search(r"internal-error .*\n --> \S*a\.py:5:1\n", out)
    assert re.search(r"internal-error .*\n --> \S*b\.py:5:1\n", out)


# --- discovery never raises; nothing is dropped silently --------------------------------------

import shlex  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402


def _unprivileged() -> list[str]:
    """A command prefix that runs without the capabilities that let root read anything.

    Permission checks are what these tests are about; as root they would pass by privilege."""
    if os.geteuid() != 0:
        return []
    dropped = "dac_override,dac_read_search,fowner"
    if shutil.which("setpriv"):
        bounding = ",".join(f"-{c}" for c in dropped.split(","))
        return ["setpriv", f"--bounding-set={bounding}", "--"]
    if shutil.which("capsh"):
        drop = ",".join(f"cap_{c}" for c in dropped.split(","))
        return ["capsh", f"--drop={drop}", "--", "-c", 'exec "$0" "$@"']
    pytest.skip("needs setpriv (util-linux) or capsh (libcap2-bin) to drop root's privileges")


def _run_unprivileged(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    command = [*_unprivileged(), sys.executable, "-m", "tf2lint", *args]
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300)
    assert "Traceback" not in result.stderr, shlex.join(command) + "\n" + result.stderr
    return result


def test_the_unprivileged_runner_really_lacks_root_privileges(tmp_path):
    """Guards the tests below: a locked folder must stay locked for their processes."""
    (tmp_path / "locked").mkdir(mode=0o000)
    try:
        command = [
            *_unprivileged(),
            sys.executable,
            "-c",
            "import os, sys; os.listdir(sys.argv[1])",
        ]
        result = subprocess.run([*command, str(tmp_path / "locked")], capture_output=True)
        assert result.returncode != 0 and b"PermissionError" in result.stderr
    finally:
        (tmp_path / "locked").chmod(0o755)


def test_unreadable_folders_and_files_are_findings_as_a_non_root_user(project):
    (project / "train.py").write_text(BAD_PRINT)
    (project / "locked").mkdir()
    (project / "locked" / "hidden.py").write_text(BAD_PRINT)
    (project / "pkg").mkdir()
    (project / "pkg" / "secret.py").write_text(BAD_PRINT)
    (project / "pkg" / "open.py").write_text(BAD_PRINT)
    (project / "locked").chmod(0o000)
    (project / "pkg" / "secret.py").chmod(0o000)
    try:
        result = _run_unprivileged("check", "--format", "json", "--no-cache", cwd=project)
    finally:
        (project / "locked").chmod(0o755)
    assert result.returncode == 1, result.stderr
    found = {(d["path"], d["rule"]): d for d in json_findings(result.stdout, project)}
    assert found[("locked", "read-error")]["message"] == "cannot list folder: Permission denied"
    secret = found[(os.path.join("pkg", "secret.py"), "read-error")]
    assert secret["message"] == "cannot read file: Permission denied"
    assert ("train.py", "TF201") in found and (os.path.join("pkg", "open.py"), "TF201") in found


def test_a_file_below_an_unsearchable_folder_named_on_the_command_line(project):
    """Discovery and the configuration search both stat it: neither may raise."""
    (project / "train.py").write_text(BAD_PRINT)
    (project / "locked" / "inner").mkdir(parents=True)
    (project / "locked" / "inner" / "x.py").write_text(BAD_PRINT)
    (project / "locked").chmod(0o600)  # listable, not searchable
    try:
        result = _run_unprivileged(
            "check", "locked/inner/x.py", "locked", "train.py", "--no-cache", cwd=project
        )
    finally:
        (project / "locked").chmod(0o755)
    assert result.returncode == 1, result.stderr
    assert "read-error cannot read file: Permission denied\n --> locked/inner/x.py:1:1\n" in (
        result.stdout
    )
    assert " --> train.py:5:5\n" in result.stdout


def _deep_folder(top: Path, depth: int) -> bytes:
    """Make folders nested past PATH_MAX below ``top`` (relative to open folders, which the OS
    allows); return the deepest one's path relative to ``top``."""
    name = "d" * 200
    fd = os.open(top, os.O_RDONLY)
    try:
        for _ in range(depth):
            os.mkdir(name, dir_fd=fd)
            inner = os.open(name, os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        with open(os.open("deep.py", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd), "w") as out:
            out.write(BAD_PRINT)
    finally:
        os.close(fd)
    return "/".join([name] * depth).encode()


def test_a_path_longer_than_the_system_allows_is_a_finding(tmp_path):
    (tmp_path / "train.py").write_text(BAD_PRINT)
    _deep_folder(tmp_path, 25)  # 5,000 characters: more than PATH_MAX (4,096) on Linux
    try:
        files = list(discover([tmp_path], tmp_path, []))
        result = run(files, _settings(tmp_path), jobs=1)
    finally:
        shutil.rmtree(tmp_path / ("d" * 200))
    too_long = [d for d in result.diagnostics if d.rule == "read-error"]
    assert len(too_long) == 1 and "too long" in too_long[0].message
    assert ("train.py", "TF201") in _found(result)
    assert not result.internal_error


def test_pipes_and_devices_named_on_the_command_line_or_posing_as_notebooks(project):
    (project / "train.py").write_text(BAD_PRINT)
    os.mkfifo(project / "x.ipynb")  # read, it would block forever
    (project / "zero.ipynb").symlink_to("/dev/zero")  # read, it would never end
    os.mkfifo(project / "named_pipe")
    args = ["check", ".", "named_pipe", "/dev/null", "--format", "json"]
    result = subprocess.run(
        [sys.executable, "-m", "tf2lint", *args],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    found = {(d["path"], d["rule"]): d["message"] for d in json_findings(result.stdout, project)}
    assert found[("x.ipynb", "read-error")] == "not a regular file (a named pipe); not linted"
    assert found[("zero.ipynb", "read-error")] == "not a regular file (a device); not linted"
    assert found[("named_pipe", "read-error")] == "not a regular file (a named pipe); not linted"
    assert found[(os.path.relpath("/dev/null", project), "read-error")].endswith(
        "(a device); not linted"
    )
    assert ("train.py", "TF201") in found


@pytest.mark.parametrize("output", ["text", "json", "sarif", "github"])
def test_symlink_loops_and_undecodable_names_in_every_output_format(project, output):
    (project / "train.py").write_text(BAD_PRINT)
    (project / "loop.py").symlink_to("loop.py")
    odd = os.fsdecode(b"caf\xe9\nline.py")  # Latin-1 bytes and a newline in the name
    (project / odd).write_text(BAD_PRINT)
    result = run_cli("check", "--format", output, cwd=project)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert "loop.py" in result.stdout and "train.py" in result.stdout
    if output in ("text", "github"):  # shown escaped, not dropped (and never a crash printing it)
        assert "caf\\xe9\\nline.py" in result.stdout.replace("\\\\", "\\")
    elif output == "json":  # the name's bytes, as PEP 383 surrogate escapes
        names = {os.fsencode(d["filename"]) for d in json.loads(result.stdout)}
        assert os.fsencode(str(project)) + b"/caf\xe9\nline.py" in names
    else:  # SARIF names the file by URI, made of the name's bytes
        runs = json.loads(result.stdout)["runs"][0]["results"]
        uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in runs}
        assert "caf%E9%0Aline.py" in uris and "loop.py" in uris


def test_diff_with_a_machine_readable_format_keeps_each_stream_parseable(project):
    (project / "train.py").write_text(BAD_PRINT)
    result = run_cli("check", "--diff", "--unsafe-fixes", "--format", "json", cwd=project)
    assert result.returncode == 1
    assert result.stdout.startswith("--- train.py\n") and "+    tf.print(x)" in result.stdout
    assert json.loads(result.stderr) == []  # the report, alone: nothing left after the diff


def test_an_unexpected_error_exits_2_not_1(project, monkeypatch, capsys):
    (project / "train.py").write_text(BAD_PRINT)

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(output, "write_text", broken)  # cli.py imports output when it reports
    code = cli.main(["check", str(project / "train.py"), "--no-cache"])
    assert code == 2
    assert "internal error: RuntimeError: boom" in capsys.readouterr().err


# --- lines are numbered as Python numbers them, everywhere -------------------------------------

SPLITTERS = "x = 1  \x0c\ny = '\u2028 \x1c \x85'\n" + BAD_PRINT  # each is a line end to splitlines


def test_frames_and_sarif_show_the_line_python_numbers(project):
    (project / "train.py").write_text(SPLITTERS)
    text = run_cli("check", cwd=project).stdout
    assert " --> train.py:7:5\n" in text and "7 |     print(x)\n" in text
    outcome = run([project / "train.py"], _settings(project), jobs=1).outcomes[0]
    assert outcome.source_lines()[6] == "    print(x)"
    sarif = json.loads(run_cli("check", "--format", "sarif", cwd=project).stdout)
    (result,) = sarif["runs"][0]["results"]
    assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 7
    # The fingerprint hashes the finding's own line: the same as for that line with no
    # splitter characters above it.
    (project / "train.py").write_text("x = 1\ny = 2\n" + BAD_PRINT)
    plain = json.loads(run_cli("check", "--format", "sarif", cwd=project).stdout)
    fingerprint = plain["runs"][0]["results"][0]["partialFingerprints"]
    assert result["partialFingerprints"] == fingerprint


def test_a_syntax_error_after_a_form_feed_names_the_right_line(project):
    (project / "py2.py").write_text("x = 1\x0c\ny = 2\nprint 'hello'\n")
    result = run_cli("check", "--format", "json", cwd=project)
    (d,) = json_findings(result.stdout, project)
    assert (d["rule"], d["line"]) == ("syntax-error", 3) and "Python 2" in d["message"]
