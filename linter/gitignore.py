"""``respect-gitignore``: skip what git ignores while looking for files, as ruff does.

Inside a git work tree (a folder with ``.git`` at or above it), each folder's ``.gitignore`` and
the repository's ``.git/info/exclude`` apply, with git's rules: blank lines and ``#`` comments
are skipped, ``!`` re-includes, a trailing ``/`` matches folders only, a pattern with a ``/``
before its end is anchored to its file's folder (else it matches a name at any depth), ``*`` and
``?`` stop at ``/``, ``**`` spans folders, and the last matching pattern wins, deeper files
over shallower ones. Outside a work tree ``.gitignore`` files mean nothing (as for git itself).
The user's global excludes file (``core.excludesFile``) is not read.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path


@dataclass(frozen=True)
class Pattern:
    regex: re.Pattern[str]
    negated: bool
    folders_only: bool


def _translate(glob: str) -> str:
    """A gitignore glob (without its leading ``/`` or trailing ``/``) as a regex over a path."""
    out = []
    i, n = 0, len(glob)
    while i < n:
        c = glob[i]
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif glob.startswith("/**", i) and i + 3 == n:
            out.append("/.*")
            i += 3
        elif glob.startswith("**", i):
            out.append(".*")
            i += 2
        elif c == "*":
            out.append("[^/]*")
            i += 1
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            end = glob.find("]", i + 2)
            if end < 0:
                out.append(re.escape(c))
                i += 1
                continue
            body = glob[i + 1 : end]
            if body.startswith("!"):
                body = "^" + body[1:]
            out.append(f"[{body.replace(chr(92), chr(92) * 2)}]")
            i = end + 1
        elif c == "\\" and i + 1 < n:
            out.append(re.escape(glob[i + 1]))
            i += 2
        else:
            out.append(re.escape(c))
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
        regex = re.compile(f"{prefix}{_translate(line)}", re.DOTALL)
        patterns.append(Pattern(regex, negated, folders_only))
    return patterns


@lru_cache(maxsize=1024)
def _patterns_in(file: Path) -> tuple[Pattern, ...]:
    try:
        return tuple(parse_patterns(file.read_text(encoding="utf-8", errors="replace")))
    except OSError:
        return ()


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
