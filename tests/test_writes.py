"""Writing fixes back: no failure (full disk, file size limit, hard links, ACLs) loses data."""

from __future__ import annotations

import errno
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import json_findings
from tf2lint.run import writes
from tf2lint.run.files import WriteError

# A file whose one fix (print -> tf.print) makes it 3 bytes longer; padded so that a file
# size limit just above it leaves room for the interpreter's own small files.
BAD = (
    "import tensorflow as tf\n"
    + "# padding\n" * 400
    + "\n@tf.function\ndef step(x):\n    print(x)\n    return x\n"
)
FIXED = BAD.replace("    print(x)", "    tf.print(x)")


@pytest.fixture
def code(project: Path) -> Path:
    path = project / "train.py"
    path.write_text(BAD)
    return path


def _fix_under_file_size_limit(project: Path, limit: int) -> subprocess.CompletedProcess:
    def limit_file_size() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [
            sys.executable,
            "-m",
            "tf2lint",
            "check",
            ".",
            "--fix",
            "--unsafe-fixes",
            "--no-cache",
            "--format",
            "json",
        ],
        cwd=project,
        capture_output=True,
        text=True,
        preexec_fn=limit_file_size,
        timeout=300,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )


@pytest.mark.parametrize("hard_linked", [False, True], ids=["single", "hard-linked"])
def test_a_full_disk_during_fix_leaves_the_file_whole(project, code, hard_linked):
    if hard_linked:
        os.link(code, project / "twin.txt")
    result = _fix_under_file_size_limit(project, len(BAD.encode()) + 1)
    assert code.read_text() == BAD
    found = {d["rule"]: d for d in json_findings(result.stdout, project)}
    assert "the file was left as it was" in found["write-error"]["message"]
    assert "TF201" in found and result.returncode == 1
    assert sorted(p.name for p in project.iterdir()) == sorted(
        ["pyproject.toml", "train.py"] + (["twin.txt"] if hard_linked else [])
    )
    if hard_linked:
        assert os.stat(code).st_ino == os.stat(project / "twin.txt").st_ino


def _failing_write(after: int):
    """``os.write`` that writes ``after`` bytes, then fails with ENOSPC (a disk filling up)."""
    real = os.write
    budget = [after]

    def write(fd, data):
        if budget[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written = real(fd, bytes(data[: budget[0]]))
        budget[0] -= written
        return written

    return write


@pytest.mark.parametrize("hard_linked", [False, True], ids=["single", "hard-linked"])
@pytest.mark.parametrize("after", [0, 100, len(BAD.encode()) + 2])
def test_a_write_failing_half_way_restores_the_original(code, monkeypatch, hard_linked, after):
    if hard_linked:
        os.link(code, code.parent / "twin.txt")
    monkeypatch.delattr(os, "posix_fallocate", raising=False)  # the failure comes mid-write
    monkeypatch.setattr(os, "write", _failing_write(after))
    with pytest.raises(WriteError, match="No space left on device"):
        writes.write_fixed(code, BAD.encode(), FIXED.encode(), [code.parent])
    monkeypatch.undo()
    assert code.read_bytes() == BAD.encode()
    assert not [p for p in code.parent.iterdir() if p.name.startswith(".train.py")]


def test_too_little_free_space_is_refused_before_writing(code, monkeypatch):
    real = os.statvfs(code.parent)

    class Full:
        f_frsize = real.f_frsize
        f_bavail = 1

    monkeypatch.setattr(os, "statvfs", lambda path: Full)
    with pytest.raises(WriteError, match="not enough free space"):
        writes.write_fixed(code, BAD.encode(), FIXED.encode(), [code.parent])
    assert code.read_bytes() == BAD.encode()


def test_an_in_place_write_is_visible_through_every_hard_link(code):
    twin = code.parent / "twin.txt"
    os.link(code, twin)
    writes.write_fixed(code, BAD.encode(), FIXED.encode(), [code.parent])
    assert twin.read_text() == FIXED and os.stat(twin).st_ino == os.stat(code).st_ino
    assert sorted(p.name for p in code.parent.iterdir()) == [
        "pyproject.toml",
        "train.py",
        "twin.txt",
    ]


def test_extended_attributes_are_kept(code):
    try:
        os.setxattr(code, "user.tf2lint-test", b"kept")
    except OSError:
        pytest.skip("no user extended attributes on this file system")
    writes.write_fixed(code, BAD.encode(), FIXED.encode(), [code.parent])
    assert code.read_text() == FIXED
    assert os.getxattr(code, "user.tf2lint-test") == b"kept"


def _acl(path: Path) -> str:
    return subprocess.run(
        ["getfacl", "--omit-header", str(path)], capture_output=True, text=True, check=True
    ).stdout


@pytest.mark.skipif(shutil.which("setfacl") is None, reason="needs setfacl (the acl package)")
@pytest.mark.parametrize("folder_default_acl", [False, True])
def test_posix_acls_are_kept_and_group_bits_not_widened(code, folder_default_acl):
    code.chmod(0o640)
    if subprocess.run(["setfacl", "-m", "u:nobody:r", str(code)]).returncode:
        pytest.skip("no POSIX ACLs on this file system")
    if folder_default_acl:  # new files in the folder would inherit a wider ACL
        subprocess.run(["setfacl", "-d", "-m", "g::rwx,u:nobody:rwx", str(code.parent)], check=True)
    before, mode = _acl(code), stat.S_IMODE(os.stat(code).st_mode)
    writes.write_fixed(code, BAD.encode(), FIXED.encode(), [code.parent])
    assert code.read_text() == FIXED
    assert _acl(code) == before and stat.S_IMODE(os.stat(code).st_mode) == mode
    assert "group::r--" in before


def test_mode_bits_are_kept_exactly(code):
    code.chmod(0o604)
    writes.write_fixed(code, BAD.encode(), FIXED.encode(), [code.parent])
    assert stat.S_IMODE(os.stat(code).st_mode) == 0o604 and code.read_text() == FIXED


# Signals at chosen points of a fix being written. A `sitecustomize` module on PYTHONPATH puts a
# counting stand-in for `os` into tf2lint.run.writes in the tf2lint process; forked workers inherit
# it. At the N-th call that touches a file, it sends a signal to the worker itself, to tf2lint
# (the worker's parent), or to tf2lint's process group (a terminal's Ctrl-C).
SIGNAL_HOOK = """
import os, signal, time
from tf2lint.run import writes

_SENT = os.environ["TF2LINT_TEST_SIGNAL_SENT"]
_AT = int(os.environ["TF2LINT_TEST_SIGNAL_AT"])
_WHOM, _NAME = os.environ["TF2LINT_TEST_SIGNAL"].split(":")
_COUNTED = {"write", "fsync", "ftruncate", "replace", "open", "unlink", "lseek", "chmod",
            "chown", "posix_fallocate", "fstat", "stat"}
_real = writes.os


class _CountingOs:
    calls = 0

    def __getattr__(self, name):
        real = getattr(_real, name)
        if name not in _COUNTED:
            return real

        def counted(*args, **kwargs):
            _CountingOs.calls += 1
            if _CountingOs.calls == _AT:
                open(_SENT, "w").close()
                number = getattr(signal, _NAME)
                if _WHOM == "group":
                    os.killpg(os.getpgid(0), number)
                else:
                    os.kill(os.getpid() if _WHOM == "worker" else os.getppid(), number)
            return real(*args, **kwargs)

        return counted


writes.os = _CountingOs()


def _write_fixed(*args, **kwargs):
    # Once the signal is out, no further file's write begins, however long the loaded machine
    # keeps tf2lint from acting on it: the outcome never depends on the scheduler. A worker
    # waits here until tf2lint stops it; the write it was in when it sent the signal finishes.
    if os.path.exists(_SENT):
        time.sleep(120)
    return _write_fixed_now(*args, **kwargs)


_write_fixed_now, writes.write_fixed = writes.write_fixed, _write_fixed
"""


def _fix_with_a_signal(project: Path, at: int, signal_to: str, *extra: str) -> subprocess.Popen:
    hook = project.parent / "hook"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(SIGNAL_HOOK)
    (hook / "signal-sent").unlink(missing_ok=True)  # left by an earlier run in this folder
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(hook), os.environ.get("PYTHONPATH", "")]),
        "PYTHONDONTWRITEBYTECODE": "1",
        "TF2LINT_TEST_SIGNAL_AT": str(at),
        "TF2LINT_TEST_SIGNAL": signal_to,
        "TF2LINT_TEST_SIGNAL_SENT": str(hook / "signal-sent"),
    }
    return subprocess.Popen(
        [sys.executable, "-m", "tf2lint", "check", ".", "--fix", "--no-cache", *extra],
        cwd=project,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # its own process group, as a terminal's Ctrl-C reaches
        # as started from a terminal: a SIGHUP or SIGINT that the test's own runner ignores
        # (under `nohup`; a non-interactive shell's `&` ignores SIGINT) must not be ignored by
        # tf2lint too, which leaves an ignored signal alone
        preexec_fn=_terminal_signals,
    )


def _terminal_signals() -> None:
    for number in (signal.SIGHUP, signal.SIGINT):
        signal.signal(number, signal.SIG_DFL)


def _wait_for_group(process: subprocess.Popen) -> tuple[str, str]:
    """Wait for tf2lint, then for any process left in its group (a worker must not outlive it:
    one that does would still be writing)."""
    out, err = process.communicate(timeout=300)
    for _ in range(3000):
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            return out, err
        time.sleep(0.01)
    raise AssertionError("a worker outlived tf2lint by 30 s")


def test_ctrl_c_during_fix_leaves_every_file_old_or_new_and_no_traceback(project):
    old, new = (
        "import tensorflow as tf\nx = tf.log(1.0)\n",
        "import tensorflow as tf\nx = tf.math.log(1.0)\n",
    )
    files = [project / f"m{i}.py" for i in range(200)]
    for file in files:
        file.write_text(old)
    # Ctrl-C in the middle of the 10th fix a worker writes
    process = _fix_with_a_signal(project, 10 * 8 + 3, "group:SIGINT", "--jobs", "2")
    _, stderr = _wait_for_group(process)
    assert process.returncode == 130 and "Traceback" not in stderr, stderr
    assert "interrupted" in stderr
    texts = [f.read_text() for f in files]
    assert set(texts) <= {old, new} and new in texts and old in texts
    assert not [p for p in project.iterdir() if p.name.startswith(".m")]


@pytest.mark.parametrize(("signal_to", "code"), [("parent:SIGTERM", 143), ("parent:SIGHUP", 129)])
def test_sigterm_and_sighup_stop_the_workers_before_tf2lint_exits(project, signal_to, code):
    """SIGTERM or SIGHUP to tf2lint: the run ends as on Ctrl-C; no worker writes afterwards."""
    old = "import tensorflow as tf\nx = tf.log(1.0)\n"
    files = [project / f"m{i}.py" for i in range(200)]
    for file in files:
        file.write_text(old)
    process = _fix_with_a_signal(project, 10 * 8 + 3, signal_to, "--jobs", "2")
    _, stderr = process.communicate(timeout=300)
    assert process.returncode == code and "terminated" in stderr, stderr
    after_exit = {f: f.read_bytes() for f in files}
    _wait_for_group(process)  # had a worker run on, it would have written more by now
    assert {f: f.read_bytes() for f in files} == after_exit
    assert not [p for p in project.iterdir() if p.name.startswith(".m")]


@settings(
    max_examples=16,
    derandomize=True,  # the same points on every run: a failure is reproducible
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    at=st.integers(min_value=1, max_value=16),
    signal_to=st.sampled_from(
        ["worker:SIGKILL", "worker:SIGTERM", "parent:SIGKILL", "parent:SIGTERM"]
    ),
    links=st.sampled_from([1, 2]),
)
def test_a_fix_killed_anywhere_leaves_the_file_old_or_new(tmp_path_factory, at, signal_to, links):
    """Whatever the point and the signal, once tf2lint has run again (which finishes what a
    killed run left) the file is byte for byte the old or the new text, every hard link still
    shares it, and nothing else is left in the folder."""
    project = tmp_path_factory.mktemp("project")
    (project / "pyproject.toml").write_text("[tool.tf2lint]\n")
    code = project / "train.py"
    code.write_text(BAD)
    if links == 2:
        os.link(code, project / "twin.txt")
    _wait_for_group(_fix_with_a_signal(project, at, signal_to, "--jobs", "1", "--unsafe-fixes"))
    again = subprocess.run(
        [sys.executable, "-m", "tf2lint", "check", ".", "--no-cache", "--exit-zero"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert again.returncode == 0, again.stderr
    assert code.read_text() in (BAD, FIXED)
    expected = ["pyproject.toml", "train.py"] + (["twin.txt"] if links == 2 else [])
    assert sorted(p.name for p in project.iterdir()) == expected
    if links == 2:
        assert os.stat(code).st_ino == os.stat(project / "twin.txt").st_ino


def test_a_planted_symlink_never_receives_the_backup(code, tmp_path):
    """Writing in place (a hard-linked file) makes a backup beside the file: under a fresh,
    exclusive name, so a symbolic link planted at any name there receives nothing."""
    os.link(code, code.parent / "twin.txt")
    victim = tmp_path / "authorized_keys"
    victim.write_text("ssh-ed25519 AAAA kept\n")
    for name in (".train.py.tf2lint-backup", ".train.py.tf2lint"):
        (code.parent / name).symlink_to(victim)
    writes.write_fixed(code, BAD.encode(), FIXED.encode(), [code.parent])
    assert code.read_text() == FIXED and victim.read_text() == "ssh-ed25519 AAAA kept\n"


@pytest.mark.parametrize("hard_linked", [False, True], ids=["single", "hard-linked"])
def test_an_editor_save_during_the_fix_is_kept(code, monkeypatch, hard_linked):
    """A save between tf2lint's check of the file and its rename (or its first write in
    place): the save wins, nothing is written, and the run says why."""
    if hard_linked:
        os.link(code, code.parent / "twin.txt")
    saved = BAD + "# saved by the editor\n"
    # The last step before the rename (or, in place, before the file is opened for writing).
    owner, name = (writes, "_sync_folder") if hard_linked else (os, "chmod")
    real = getattr(owner, name)

    def save_then(*args, **kwargs):
        code.write_text(saved)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, save_then)
    with pytest.raises(WriteError, match="changed on disk"):
        writes.write_fixed(code, BAD.encode(), FIXED.encode(), [code.parent])
    monkeypatch.undo()
    assert code.read_text() == saved
    assert not [p for p in code.parent.iterdir() if p.name.startswith(".train.py")]


def _killed_journal(code: Path, old: bytes, new: bytes) -> Path:
    """What an in-place write killed after its journal leaves: the journal (no longer locked)."""
    journal, fd = writes._write_journal(code, old, new)
    os.close(fd)
    return journal


@pytest.mark.parametrize("written", [0, 1, 200, len(FIXED.encode())])
def test_a_file_left_half_written_is_restored_by_the_next_run(project, code, written):
    old, new = BAD.encode(), FIXED.encode()
    journal = _killed_journal(code, old, new)
    left = new[:written] + old[written:]  # killed after `written` bytes
    code.write_bytes(left)
    result = subprocess.run(
        [sys.executable, "-m", "tf2lint", "check", ".", "--no-cache", "--exit-zero"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert code.read_bytes() == (left if left in (old, new) else old)
    assert not journal.exists()
    if left not in (old, new):
        assert "train.py: restored from an interrupted fix" in result.stderr
    assert sorted(p.name for p in project.iterdir()) == ["pyproject.toml", "train.py"]


def test_a_journal_whose_file_changed_since_is_kept_and_named(code):
    old, new = BAD.encode(), FIXED.encode()
    journal = _killed_journal(code, old, new)
    code.write_text("x = 1  # rewritten by the user since\n")
    notice = writes.recover(journal)
    assert "has changed since" in notice and journal.name in notice
    assert journal.exists() and code.read_text() == "x = 1  # rewritten by the user since\n"


def test_a_live_runs_files_are_left_alone(code):
    old, new = BAD.encode(), FIXED.encode()
    journal, fd = writes._write_journal(code, old, new)  # still held: a run writing now
    try:
        code.write_bytes(new[:10] + old[10:])
        assert writes.recover(journal) is None
        assert journal.exists() and code.read_bytes() == new[:10] + old[10:]
    finally:
        os.close(fd)


def test_a_journal_cut_short_is_removed_and_the_file_untouched(code):
    journal = _killed_journal(code, BAD.encode(), FIXED.encode())
    journal.write_bytes(journal.read_bytes()[:40])  # killed while the journal was written
    assert writes.recover(journal) is None
    assert not journal.exists() and code.read_text() == BAD
