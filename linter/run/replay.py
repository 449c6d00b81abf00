"""Replaying an unchanged run: the warm path, which imports nothing else of tf2lint.

A ``check`` run that only reads (no ``--fix``, ``--add-noqa``, stdin, ``--watch`` or
``--output-file``), prints to pipes or files (not a terminal), uses the cache and ends with
exit code 0 or 1 records what it printed under ``<cache>/runs/``, with the stamp (device,
inode, size, mtime and ctime in nanoseconds) of every path its answer depends on: the files
linted and those read for project context; every folder discovery walked and the folders above
each file up to the configuration root (a file added or removed there); each folder's possible
configuration and ``.gitignore`` files up to the file system root (one created, edited or
removed); the configuration files read; the folders of ``sys.path`` (a plugin installed or
removed); and tf2lint's and the plugins' own sources. A missing path is stamped as missing.

The next run with the same arguments, working folder, interpreter, ``sys.path`` and
environment (the ``TF2LINT_``, ``PYTHON`` and ``LC_`` variables, ``LANG``, ``NO_COLOR``,
``FORCE_COLOR``) stats those paths and, if every stamp is the same, prints the same text and
exits with the same code. Anything else, or anything unreadable, is a miss: the full run.

A stamp taken less than two seconds after its path changed (mtime or ctime) is not trusted (a change within the
same clock tick can keep size and mtime): such a run is not recorded, so an unchanged tree is
replayed from its third run (the first creates the cache, the second records).

The record is found in ``$TF2LINT_CACHE_DIR``, ``--cache-dir``, or the first
``.tf2lint_cache`` in the working folder or above it (where the configuration root keeps it;
a ``cache-dir`` set only in a configuration file is not looked for: those runs are not
replayed, only cached per file).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import sys
import time
from collections.abc import Iterable

from tf2lint import __version__

RUNS = "runs"
CACHE_DIR = ".tf2lint_cache"  # tf2lint.run.cache keeps its entries there too
_MAX_RECORD = 64 << 20
_RACY_NS = 2_000_000_000
_ENV_PREFIXES = ("TF2LINT_", "PYTHON", "LC_")
_ENV_NAMES = ("LANG", "NO_COLOR", "FORCE_COLOR")


def run_key(argv: list[str], cwd: str) -> str:
    """What the run's answer depends on besides the paths it stamps."""
    environ = sorted(
        (k, v) for k, v in os.environ.items() if k.startswith(_ENV_PREFIXES) or k in _ENV_NAMES
    )
    parts = [
        __version__,
        sys.executable,
        sys.version,
        sys.path,
        cwd,
        argv,
        environ,
        sys.stdout.encoding,
        sys.stderr.encoding,
    ]
    return hashlib.sha256(json.dumps(parts).encode("utf-8", "surrogateescape")).hexdigest()


def stamp(path: str) -> list[int] | None:
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return [found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns]


def _is_pipe_or_file(*streams) -> bool:
    """Whether each stream is open and not a terminal (a closed one, None: no)."""
    for stream in streams:
        try:
            if stream is None or stream.isatty():
                return False
        except (AttributeError, ValueError):  # no isatty, or closed
            return False
    return True


def _option(argv: list[str], name: str) -> str | None:
    for i, arg in enumerate(argv):
        if arg == name and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith(name + "="):
            return arg[len(name) + 1 :]
    return None


def _cache_folders(argv: list[str], cwd: str) -> Iterable[str]:
    named = _option(argv, "--cache-dir") or os.environ.get("TF2LINT_CACHE_DIR")
    if named:
        yield os.path.join(cwd, os.path.expanduser(named))
        return
    folder = cwd
    while True:
        candidate = os.path.join(folder, CACHE_DIR)
        if os.path.isdir(candidate) and not os.path.islink(candidate):
            yield candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return
        folder = parent


def _read_record(path: str) -> dict | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        with open(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return None
            data = handle.read(_MAX_RECORD + 1)
        record = json.loads(data) if len(data) <= _MAX_RECORD else None
    except (OSError, ValueError):
        return None
    if not (
        isinstance(record, dict)
        and isinstance(record.get("stamps"), dict)
        and record.get("exit") in (0, 1)
        and isinstance(record.get("stdout"), str)
        and isinstance(record.get("stderr"), str)
    ):
        return None
    return record


def replayed(argv: list[str]) -> int | None:
    """The exit code of a recorded run with nothing changed, its output printed again; None
    when there is none (run it)."""
    if not argv or argv[0] != "check" or not _is_pipe_or_file(sys.stdout, sys.stderr):
        return None
    if "--no-cache" in argv:
        return None
    try:
        cwd = os.getcwd()
    except OSError:
        return None
    key = run_key(argv, cwd)
    for folder in _cache_folders(argv, cwd):
        record = _read_record(os.path.join(folder, RUNS, key + ".json"))
        if record is None:
            continue
        if any(stamp(path) != kept for path, kept in record["stamps"].items()):
            return None
        sys.stdout.write(record["stdout"])
        sys.stdout.flush()
        sys.stderr.write(record["stderr"])
        sys.stderr.flush()
        return record["exit"]
    return None


class _Tee(io.TextIOBase):
    """A text stream that writes through to ``stream`` and keeps a copy."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.copy = io.StringIO()

    def write(self, text: str) -> int:
        written = self.stream.write(text)
        self.copy.write(text)
        return written

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def __getattr__(self, name: str):  # encoding, errors, buffer...
        return getattr(self.stream, name)


class Recorder:
    """Keeps a copy of what a run prints, and records it (see the module's docstring) where
    the run says it may be replayed."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = list(argv)
        self.cache: str | None = None  # set by allow()
        self.paths: set[str] = set()
        self.started_ns = time.time_ns()
        self.on = bool(argv) and argv[0] == "check" and _is_pipe_or_file(sys.stdout, sys.stderr)
        self.tees: tuple[_Tee, _Tee] | None = None
        if self.on:
            self.tees = (_Tee(sys.stdout), _Tee(sys.stderr))
            sys.stdout, sys.stderr = self.tees

    def allow(self, cache_folder: str, paths: Iterable[str]) -> None:
        """The run may be replayed: its cache folder and the paths its answer depends on."""
        self.cache = cache_folder
        self.paths.update(paths)

    def finish(self, code: int) -> None:
        if self.tees is None:
            return
        out, err = self.tees
        streams_kept = sys.stdout is out and sys.stderr is err
        if sys.stdout is out:
            sys.stdout = out.stream
        if sys.stderr is err:
            sys.stderr = err.stream
        if not streams_kept or self.cache is None or code not in (0, 1):
            return
        self._write(code, out.copy.getvalue(), err.copy.getvalue())

    def _write(self, code: int, stdout: str, stderr: str) -> None:
        stamps = {path: stamp(path) for path in sorted(self.paths)}
        now = time.time_ns()
        if any(s is not None and max(s[3], s[4]) > now - _RACY_NS for s in stamps.values()):
            return  # changed just now: a later change in the same tick could go unseen
        try:
            cwd = os.getcwd()
        except OSError:
            return
        if self.cache not in _cache_folders(self.argv, cwd):
            return  # a cache-dir set by a configuration file: the next run would not look there
        record = {"exit": code, "stdout": stdout, "stderr": stderr, "stamps": stamps}
        folder = os.path.join(self.cache, RUNS)
        try:
            if os.path.islink(self.cache) or not os.path.isdir(self.cache):
                return  # the cache is off (a link) or was not made: nothing is created here
            os.makedirs(folder, exist_ok=True)
            target = os.path.join(folder, run_key(self.argv, cwd) + ".json")
            temporary = f"{target}.{os.getpid()}.tmp"
            with open(temporary, "w", encoding="utf-8") as handle:
                json.dump(record, handle)
            os.replace(temporary, target)
        except OSError:
            return
