"""Finding the files to lint and reading them into text, whatever the bytes on disk are."""

from __future__ import annotations

import codecs
import io
import os
import stat
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from tf2lint.config import matches_pattern

SKIPPED_DIRS = frozenset(
    {
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
) -> Iterator[Path]:
    """Python files under ``paths``. Paths named explicitly are never excluded (as in ruff).

    ``skip(path, is_folder)``, if given, leaves out more of what the walk finds (the CLI passes
    the .gitignore check)."""
    seen: set[Path] = set()
    for path in paths:
        if path.is_file() or not path.exists():
            if path not in seen:  # a missing path is read, and reported, like any file
                seen.add(path)
                yield path
            continue
        below = (
            len(relative_to_root(path, root).split("/")) if path.resolve() != _resolved(root) else 0
        )
        for folder, dirs, files in os.walk(path, followlinks=False):
            folder_path = Path(folder)
            dirs[:] = sorted(
                d
                for d in dirs
                if d not in SKIPPED_DIRS
                and not (folder_path / d / "pyvenv.cfg").exists()
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
                    ):
                        seen.add(file)
                        yield file


@lru_cache(maxsize=16)
def _resolved(root: Path) -> Path:
    return root.resolve()


def relative_to_root(path: Path, root: Path) -> str:
    """``path`` relative to the project root, as configuration patterns match it."""
    try:
        return path.resolve().relative_to(_resolved(root)).as_posix()
    except ValueError:
        return path.resolve().as_posix().lstrip("/")
    except (OSError, RuntimeError):  # a symlink loop: match on the path as given
        return path.as_posix().lstrip("/")


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


def read_source(path: Path) -> SourceText:
    """Decode a Python file as Python does (BOM, coding cookie, UTF-8 default)."""
    data = read_bytes(path)
    source = decode_source(data)
    source.original = data
    return source


def read_bytes(path: Path) -> bytes:
    """A regular file's bytes; never blocks on a pipe or device. Raises ReadError."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ReadError("not a regular file (a pipe, a device or a folder?)")
        # O_NONBLOCK: should it have become a named pipe since, opening must not wait for a writer.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise ReadError("not a regular file (a pipe, a device or a folder?)")
            return handle.read()
    except FileNotFoundError as error:
        raise ReadError("file not found (it may have been removed while linting)") from error
    except IsADirectoryError as error:
        raise ReadError("not a regular file (a pipe, a device or a folder?)") from error
    except OSError as error:  # permissions, a symlink loop, an I/O error
        raise ReadError(f"cannot read file: {error.strerror or error}") from error


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
