"""``respect-gitignore``: skip what git ignores while looking for files, as ruff does.

Inside a git work tree (a folder with ``.git`` at or above it), each folder's ``.gitignore`` and
the repository's ``.git/info/exclude`` apply, with git's rules: blank lines and ``#`` comments
are skipped, ``!`` re-includes, a trailing ``/`` matches folders only, a pattern with a ``/``
before its end is anchored to its file's folder (else it matches a name at any depth), ``*`` and
``?`` stop at ``/``, ``**`` spans folders (as a whole path segment only), brackets follow git's
wildmatch (``[!...]``, a literal first ``]``, ranges, ``[:alpha:]`` classes; a pattern git can
never match, such as an unclosed bracket, matches nothing), and the last matching pattern wins, deeper files
over shallower ones. Outside a work tree ``.gitignore`` files mean nothing (as for git itself).
The user's global excludes file (``core.excludesFile``) is not read.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tf2lint.run.files import ReadError, read_bytes


@dataclass(frozen=True)
class Pattern:
    regex: re.Pattern[str]
    negated: bool
    folders_only: bool


# POSIX classes as git's wildmatch knows them (ASCII, as in the C locale)
_CLASSES = {
    "alnum": "0-9A-Za-z",
    "alpha": "A-Za-z",
    "blank": " \t",
    "cntrl": "\x00-\x1f\x7f",
    "digit": "0-9",
    "graph": "\x21-\x7e",
    "lower": "a-z",
    "print": "\x20-\x7e",
    "punct": "".join(f"\\{c}" for c in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    "space": " \t\n\r\x0b\x0c",
    "upper": "A-Z",
    "xdigit": "0-9A-Fa-f",
}


def _char(c: str) -> str:
    return f"\\U{ord(c):08x}"


def _bracket(glob: str, i: int) -> tuple[str | None, int]:
    """The regex of the bracket expression at ``glob[i] == "["`` and the index past it, as
    git's wildmatch reads it: ``!`` or ``^`` negates, a ``]`` first is literal, ``\\`` escapes,
    a reversed range only its first character, ``[:class:]``; never ``/``. (None, _) where git's
    pattern matches nothing at all (an unclosed bracket, an unknown class)."""
    n = len(glob)
    j = i + 1
    negated = j < n and glob[j] in "!^"
    if negated:
        j += 1
    items: list[str] = []
    previous: str | None = None  # the last single character, which may start a range
    first = True
    while True:
        if j >= n:
            return None, n
        c = glob[j]
        if c == "]" and not first:
            j += 1
            break
        first = False
        if c == "\\":
            j += 1
            if j >= n:
                return None, n
            c = glob[j]
        elif c == "[" and glob.startswith(":", j + 1):
            close = glob.find("]", j + 2)
            if close < 0:
                return None, n
            if close - 1 >= j + 2 and glob[close - 1] == ":":
                name = glob[j + 2 : close - 1]
                if name not in _CLASSES:
                    return None, n
                items.append(_CLASSES[name])
                previous = None
                j = close + 1
                continue
            # no ":]": the "[" is an ordinary member
        elif c == "-" and previous is not None and j + 1 < n and glob[j + 1] != "]":
            j += 1
            high = glob[j]
            if high == "\\":
                j += 1
                if j >= n:
                    return None, n
                high = glob[j]
            # git matches the first character on its own before it reads the range, so
            # `[z-a]` still matches "z"
            if previous <= high:
                items.append(f"{_char(previous)}-{_char(high)}")
            previous = None
            j += 1
            continue
        items.append(_char(c))
        previous = c
        j += 1
    body = "".join(items)
    if negated:
        return f"[^/{body}]", j
    return (f"(?!/)[{body}]" if body else "(?!)"), j


def _translate(glob: str) -> str | None:
    """A gitignore glob (without its leading ``/`` or trailing ``/``) as a regex over a path,
    with git's wildmatch rules; None if git's pattern can match nothing."""
    out = []
    i, n = 0, len(glob)
    while i < n:
        c = glob[i]
        if c == "*":
            j = i
            while j < n and glob[j] == "*":
                j += 1
            # "**" spans folders only as a whole path segment; inside a name it is "*"
            if j - i >= 2 and (i == 0 or glob[i - 1] == "/") and (j == n or glob[j] == "/"):
                if j == n:
                    out.append(".*")
                    i = j
                else:
                    out.append("(?:.*/)?")
                    i = j + 1
            else:
                out.append("[^/]*")
                i = j
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            regex, i = _bracket(glob, i)
            if regex is None:
                return None
            out.append(regex)
        elif c == "\\":
            if i + 1 >= n:
                return None  # a trailing backslash: git matches nothing
            out.append(_char(glob[i + 1]))
            i += 2
        else:
            out.append(_char(c))
            i += 1
    return "".join(out)


def parse_patterns(text: str) -> list[Pattern]:
    patterns = []
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        if not line.strip() or line.startswith("#"):
            continue
        if not line.endswith("\\ "):  # trailing spaces go unless escaped
            line = line.rstrip(" ")
        negated = line.startswith("!")
        if negated or line.startswith("\\!") or line.startswith("\\#"):
            line = line[1:]
        folders_only = line.endswith("/")
        line = line.rstrip("/")
        if not line:
            continue
        anchored = "/" in line
        line = line.lstrip("/")
        prefix = "" if anchored else "(?:.*/)?"
        translated = _translate(line)
        if translated is None:
            continue
        try:
            regex = re.compile(f"{prefix}{translated}", re.DOTALL)
        except (re.error, RecursionError, OverflowError):  # git would read it; we cannot
            continue
        patterns.append(Pattern(regex, negated, folders_only))
    return patterns


MAX_IGNORE_FILE_SIZE = 4 << 20  # far above any real ignore file


@lru_cache(maxsize=1024)
def _patterns_in(file: Path) -> tuple[Pattern, ...]:
    """The patterns of an ignore file: read only if it is a regular file (a committed
    ``.gitignore`` may be a link to a pipe or ``/dev/zero``), without blocking, size-limited."""
    try:
        data = read_bytes(file, MAX_IGNORE_FILE_SIZE)
    except ReadError:
        return ()
    return tuple(parse_patterns(data.decode("utf-8", errors="replace")))


@lru_cache(maxsize=1024)
def work_tree(folder: Path) -> Path | None:
    """The git work tree ``folder`` lies in, if any."""
    for candidate in (folder, *folder.parents):
        # os.path.lexists, not Path.exists: a folder that may not be searched is no error.
        if os.path.lexists(candidate / ".git"):
            return candidate
    return None


def is_ignored(path: Path, is_dir: bool) -> bool:
    """Whether git ignores ``path`` (absolute) by the ignore files of its work tree."""
    tree = work_tree(path.parent)
    if tree is None:
        return False
    relative = path.relative_to(tree)
    # Lowest precedence first: info/exclude, then each folder's .gitignore, root to leaf.
    sources = [(tree, tree / ".git" / "info" / "exclude")]
    folder = tree
    for part in relative.parts[:-1]:
        sources.append((folder, folder / ".gitignore"))
        folder = folder / part
    sources.append((folder, folder / ".gitignore"))
    verdict = False
    for base, file in sources:
        patterns = _patterns_in(file)
        if not patterns:
            continue
        below = path.relative_to(base).as_posix()
        for pattern in patterns:
            if pattern.folders_only and not is_dir:
                continue
            if pattern.regex.fullmatch(below):
                verdict = not pattern.negated
    return verdict
