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
from pathlib import Path

import pytest

from conftest import json_findings
from tf2lint import writes
from tf2lint.files import WriteError

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


def test_ctrl_c_during_fix_leaves_every_file_old_or_new_and_no_traceback(project):
    old, new = (
        "import tensorflow as tf\nx = tf.log(1.0)\n",
        "import tensorflow as tf\nx = tf.math.log(1.0)\n",
    )
    for i in range(3000):
        (project / f"m{i}.py").write_text(old)
    process = subprocess.Popen(
        [sys.executable, "-m", "tf2lint", "check", ".", "--fix", "--no-cache", "--jobs", "2"],
        cwd=project,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's Ctrl-C reaches
    )
    files = [project / f"m{i}.py" for i in range(3000)]
    while process.poll() is None and not any(f.read_text() == new for f in files[::50]):
        pass  # until fixes are being written
    os.killpg(process.pid, signal.SIGINT)
    _, stderr = process.communicate(timeout=300)
    assert process.returncode == 130 and "Traceback" not in stderr, stderr
    assert "interrupted" in stderr
    assert {f.read_text() for f in files} <= {old, new}
    assert not [p for p in project.iterdir() if p.name.startswith(".m")]
