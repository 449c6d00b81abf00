"""Finding the files to lint and reading them into text, whatever the bytes on disk are."""

from __future__ import annotations

import codecs
import io
import os
import stat
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path

from tf2lint.base.config import matches_pattern
from tf2lint.base.lines import line_starts, split_lines, split_lines_keepends  # noqa: F401 - re-exported

# ruff's default excludes (the folders; `build` too), and tf2lint's own cache.
SKIPPED_DIRS = frozenset(
    {
        ".bzr",
        ".direnv",
        ".eggs",
        ".git-rewrite",
        ".pants.d",
        ".pyenv",
        ".pytype",
        ".vscode",
        "__pypackages__",
        "_build",
        "buck-out",
        ".git",
        ".hg",
        ".svn",
        ".tox",
        ".nox",
        ".venv",
        "venv",
        "__pycache__",
        "build",
        "dist",
        "node_modules",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        ".tf2lint_cache",
        ".ipynb_checkpoints",
        "site-packages",
    }
)
SOURCE_SUFFIXES = (".py", ".ipynb")


def discover(
    paths: list[Path],
    root: Path,
    exclude: list[str],
    skip: Callable[[Path, bool], bool] | None = None,
    walked: list[Path] | None = None,
) -> Iterator[Path]:
    """Python files under ``paths``. Paths named explicitly are never excluded (as in ruff).

    ``skip(path, is_folder)``, if given, leaves out more of what the walk finds (the CLI passes
    the .gitignore check). Each folder walked, and each left out as a virtual environment, is
    appended to ``walked``, if given (a run replayed unchanged depends on them).

    Never raises: a named path that is not a folder (a file, a pipe, a missing path) and a
    folder that cannot be listed (permissions, a path too long) are yielded as they are, and
    reading them reports what is wrong (see :func:`read_bytes`). Nothing is dropped silently.
    """
    seen: set[Path] = set()
    walked = [Path(_real(p)) for p in paths if _is_folder(p)]
    for path in paths:
        if not _is_folder(path):
            if path not in seen:
                seen.add(path)
                yield path
            continue
        below = _depth_below_root(path, root)
        unlisted: list[Path] = []
        # followlinks=False: a symlinked folder is not entered, so a loop cannot be walked.
        walk = os.walk(path, followlinks=False, onerror=partial(_unlisted, unlisted, path))
        for folder, dirs, files in walk:
            while unlisted:  # reported where the walk met it
                yield unlisted.pop()
            folder_path = Path(folder)
            if walked is not None:
                walked.append(folder_path)
            if walked is not None:  # a virtual environment's marker may go: it is looked at
                walked.extend(folder_path / d for d in dirs if _is_virtualenv(folder_path / d))
            dirs[:] = sorted(
                d
                for d in dirs
                if d not in SKIPPED_DIRS
                and not _is_virtualenv(folder_path / d)
                and not _excluded(folder_path / d, root, exclude, below)
                and not (skip and skip(folder_path / d, True))
            )
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    file = folder_path / name
                    if (
                        file not in seen
                        and not _excluded(file, root, exclude, below)
                        and not (skip and skip(file, False))
                        and not _links_into(file, walked)
                    ):
                        seen.add(file)
                        yield file
        yield from unlisted


def _links_into(file: Path, folders: list[Path]) -> bool:
    """Whether ``file`` is a symbolic link to a file in the folders being walked: that file is
    linted (and fixed) as itself, once, not again through the link."""
    try:  # a link that leads nowhere (a loop, a missing target) is linted: reading reports it
        if not os.path.islink(file) or not os.path.isfile(file):
            return False
    except (OSError, ValueError):
        return False
    return is_within(Path(_real(file)), folders)


def _unlisted(found: list[Path], top: Path, error: OSError) -> None:
    found.append(Path(error.filename) if error.filename else top)


def _is_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):  # missing, unreadable, a loop, a name too long: read it
        return False


def _is_virtualenv(folder: Path) -> bool:
    try:
        return os.path.lexists(folder / "pyvenv.cfg")
    except (OSError, ValueError):
        return False


def _depth_below_root(path: Path, root: Path) -> int:
    """How many components of ``path`` (a folder named on the command line) lie below root."""
    if _real(path) == _real(root):
        return 0
    return len(relative_to_root(path, root).split("/"))


def _real(path: Path) -> str:
    """``path`` with symlinks resolved; never raises (a loop stays as far as it resolved)."""
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return os.path.abspath(path)


@lru_cache(maxsize=16)
def _resolved(root: Path) -> str:
    return _real(root)


def relative_to_root(path: Path, root: Path) -> str:
    """``path`` relative to the project root, as configuration patterns match it."""
    real = _real(path)
    base = _resolved(root)
    if real == base:
        return "."
    if real.startswith(base.rstrip(os.sep) + os.sep):
        return Path(real[len(base.rstrip(os.sep)) + 1 :]).as_posix()
    return Path(real).as_posix().lstrip("/")


def is_within(path: Path, folders: list[Path]) -> bool:
    """Whether ``path``, with its symlinks resolved, lies in one of ``folders`` (or is one)."""
    real = _real(path)
    for folder in folders:
        base = _real(folder)
        if real == base or real.startswith(base.rstrip(os.sep) + os.sep):
            return True
    return False


def display_path(path: Path) -> str:
    """``path`` as findings show it: relative to the working folder when below it, and
    printable whatever bytes the name holds (undecodable bytes appear as ``\\xNN``)."""
    try:
        cwd = os.getcwd()
    except OSError:  # the working folder is gone
        return printable(str(path))
    return _shown(path, cwd)


@lru_cache(maxsize=4096)
def _shown(path: Path, cwd: str) -> str:
    """A run asks for each file's shown path several times (its cache key, its findings)."""
    try:
        shown = os.path.relpath(path, cwd)
    except (ValueError, OSError):  # another drive (Windows)
        shown = str(path)
    return printable(shown)


def printable(name: str) -> str:
    """A file name as text any output can take: bytes that are not UTF-8 (which Python holds
    as lone surrogates, unprintable anywhere) and control characters are written as escapes."""
    if name.isprintable():
        return name
    name = os.fsencode(name).decode("utf-8", "backslashreplace")
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in name)


def _excluded(path: Path, root: Path, exclude: list[str], below: int) -> bool:
    if not exclude:
        return False
    relative = relative_to_root(path, root)
    return any(matches_pattern(relative, pattern, below) for pattern in exclude)


@dataclass
class SourceText:
    text: str
    encoding: str = "utf-8"
    bom: bool = False
    original: bytes | None = field(default=None, repr=False, compare=False)  # the bytes read


class ReadError(Exception):
    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


class TooLarge(ReadError):
    """The file is larger than ``max-file-size``: reported, never read."""


# A notebook's limit counts its code, not the outputs stored beside it (plots and tables, often
# most of its bytes): its file may be this many times ``max-file-size`` before it is not read.
NOTEBOOK_FILE_ALLOWANCE = 64


def read_limit(path: Path, max_size: int | None) -> int | None:
    """How many bytes of the file at ``path`` are read at most: ``max_size``, or for a notebook
    :data:`NOTEBOOK_FILE_ALLOWANCE` times it (its code is held to ``max_size`` once read)."""
    if max_size is not None and path.suffix == ".ipynb":
        return max_size * NOTEBOOK_FILE_ALLOWANCE
    return max_size


def check_code_size(path: Path, code: str, max_size: int | None) -> None:
    """Raise :class:`TooLarge` when a notebook's code (its code cells joined) is larger than
    ``max_size``; the file itself was held to :func:`read_limit` when it was read."""
    if max_size is None or path.suffix != ".ipynb":
        return
    size = len(code.encode("utf-8", "surrogatepass"))
    if size > max_size:
        raise TooLarge(
            f"its code is {_size(size)}, more than max-file-size ({_size(max_size)}); not "
            "linted (raise `max-file-size` in [tool.tf2lint] to lint it)"
        )


def read_source(path: Path, max_size: int | None = None) -> SourceText:
    """Decode a Python file as Python does (BOM, coding cookie, UTF-8 default)."""
    data = read_bytes(path, max_size)
    source = decode_source(data)
    source.original = data
    return source


def read_bytes(path: Path, max_size: int | None = None) -> bytes:
    """A regular file's bytes; never blocks on a pipe or device, never reads more than
    ``max_size`` bytes (:class:`TooLarge` beyond). Raises ReadError."""
    try:
        kind = _kind(os.stat(path).st_mode)
        if kind:
            raise ReadError(_not_regular(path, kind))
        # O_NONBLOCK: should it have become a named pipe since, opening must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb") as handle:
            status = os.fstat(fd)
            kind = _kind(status.st_mode)
            if kind:
                raise ReadError(_not_regular(path, kind))
            limit = read_limit(path, max_size)
            if limit is not None and status.st_size > limit:
                raise TooLarge(_too_large(status.st_size, limit, limit != max_size))
            data = handle.read() if limit is None else handle.read(limit + 1)
            if limit is not None and len(data) > limit:  # it grew since
                raise TooLarge(_too_large(len(data), limit, limit != max_size))
            return data
    except FileNotFoundError as error:
        raise ReadError("file not found (it may have been removed while linting)") from error
    except IsADirectoryError as error:
        raise ReadError(_not_regular(path, "a folder")) from error
    except OSError as error:  # permissions, a symlink loop, a name too long, an I/O error
        raise ReadError(f"cannot read file: {error.strerror or error}") from error
    except ValueError as error:  # a null character in the name itself
        raise ReadError(f"cannot read file: {error}") from error


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words ("" for a regular file)."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"


def _not_regular(path: Path, kind: str) -> str:
    if kind == "a folder":  # discovery hands over folders it could not list
        try:
            with os.scandir(path):
                pass
        except OSError as error:
            return f"cannot list folder: {error.strerror or error}"
    return f"not a regular file ({kind}); not linted"


def _too_large(size: int, limit: int, notebook: bool = False) -> str:
    if notebook:
        return (
            f"notebook file is {_size(size)}, more than {NOTEBOOK_FILE_ALLOWANCE} times "
            f"max-file-size ({_size(limit)} with its outputs); not linted (raise `max-file-size` "
            "in [tool.tf2lint] to lint it)"
        )
    return (
        f"file is {_size(size)}, more than max-file-size ({_size(limit)}); not linted "
        "(raise `max-file-size` in [tool.tf2lint] to lint it)"
    )


def _size(count: int) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{count} bytes"


def decode_source(data: bytes) -> SourceText:
    if b"\0" in data:
        line, column = _line_column(data, data.index(b"\0"))
        raise ReadError("file contains null bytes; is it a binary file?", line, column)
    bom = data.startswith(codecs.BOM_UTF8)
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:
        if "invalid or missing encoding" not in str(error):  # e.g. an unknown codec's name
            raise ReadError(f"bad coding cookie: {error}", _cookie_line(data)) from error
        encoding = "utf-8"  # non-UTF-8 bytes in the first lines: the decode below says where
    if encoding == "utf-8-sig":
        encoding = "utf-8"
    body = data[len(codecs.BOM_UTF8) :] if bom else data
    try:
        text = body.decode(encoding)
    except LookupError as error:  # a cookie naming a codec that is not text (hex, rot13, zlib)
        raise ReadError(f"bad coding cookie: {error}", _cookie_line(data)) from error
    except UnicodeDecodeError as error:
        line, column = _line_column(body, error.start)
        raise ReadError(
            f"invalid {encoding} byte 0x{body[error.start]:02x}; "
            "save the file as UTF-8 or declare its encoding with a coding cookie",
            line,
            column,
        ) from error
    return SourceText(text, encoding, bom)


def encode_source(source: SourceText, text: str) -> bytes:
    data = text.encode(source.encoding)
    return codecs.BOM_UTF8 + data if source.bom else data


def _line_column(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, column


def _cookie_line(data: bytes) -> int:
    for number, line in enumerate(data.splitlines()[:2], start=1):
        if b"coding" in line:
            return number
    return 1


# --- writing fixed code back --------------------------------------------------------------------


class FixNotWritable(Exception):
    """The fixed code cannot be put back into the file (the message says why)."""


class WriteError(Exception):
    """Fixed code that could not be written (see tf2lint.run.writes): the message says why; the file
    is as it was."""


# --- a project's files, for the language server ---------------------------------------------

_walks: dict[Path, tuple[dict[Path, int], list[Path]]] = {}


def python_files_under(
    folder: Path, limit: int, skip: Callable[[Path, bool], bool] | None = None
) -> list[Path] | None:
    """The ``.py`` files below ``folder``, sorted; None if there are more than ``limit`` (the
    walk stops there). Leaves out SKIPPED_DIRS (``.venv``, ``node_modules``...) and what
    ``skip(path, is_folder)`` leaves out (the .gitignore check). Cached: walked again only
    when a folder's modification time changed (a file added, removed or renamed in it), so an
    editor asking at every keystroke costs a stat per folder."""
    known = _walks.get(folder)
    if known is not None and all(_mtime(f) == stamp for f, stamp in known[0].items()):
        return known[1]
    stamps: dict[Path, int] = {}
    found: list[Path] = []
    pending = [folder]
    while pending:
        current = pending.pop()
        stamps[current] = _mtime(current)
        try:
            with os.scandir(current) as entries:
                listed = list(entries)
        except OSError:
            continue
        for entry in listed:
            path = Path(entry.path)
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
                is_file = entry.is_file()
            except OSError:
                continue
            if is_folder:
                if entry.name not in SKIPPED_DIRS and not (skip and skip(path, True)):
                    pending.append(path)
            elif is_file and entry.name.endswith(".py") and not (skip and skip(path, False)):
                found.append(path)
                if len(found) > limit:
                    return None
    found.sort()
    if len(_walks) > 64:
        _walks.clear()
    _walks[folder] = (stamps, found)
    return found


def _mtime(folder: Path) -> int:
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return -1
