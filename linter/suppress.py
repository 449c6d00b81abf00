"""Suppression comments: ``# tf2lint: disable=ID[,ID]``, ``# tf2lint: disable-file=ID``, ``# noqa``.

A ``disable`` comment applies to its own line, and, when it stands alone on a line, to the next
line too. ``# noqa`` with no codes suppresses everything on its line, as in flake8 and ruff;
``# noqa: CODES`` only the tf2lint ids among CODES (other tools' codes are left to them).
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field

_DIRECTIVE = re.compile(
    r"#\s*(?:tf2lint:\s*(?P<kind>disable-file|disable)\s*=\s*(?P<ids>[\w\-, ]+)"
    r"|noqa(?::\s*(?P<noqa>[\w\-, ]+))?)",
    re.IGNORECASE,
)


@dataclass
class Suppression:
    line: int
    column: int
    ids: tuple[str, ...] | None  # None: everything (bare noqa)
    whole_file: bool
    applies_to: tuple[int, ...]
    used: set[str] = field(default_factory=set)
    reportable: bool = True  # bare noqa may serve other tools, so it is never "unused"


def _split(ids: str) -> tuple[str, ...]:
    return tuple(i.strip() for i in ids.split(",") if i.strip())


def parse_suppressions(source: str) -> list[Suppression]:
    if "tf2lint:" not in source and "noqa" not in source.lower():
        return []
    found: list[Suppression] = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return found
    code_lines = {t.start[0] for t in tokens if t.type not in _NON_CODE}
    for token in tokens:
        if token.type != tokenize.COMMENT:
            continue
        match = _DIRECTIVE.search(token.string)
        if match is None:
            continue
        line, column = token.start
        if match.group("kind"):
            ids = _split(match.group("ids"))
            whole_file = match.group("kind").lower() == "disable-file"
            applies = (line,) if line in code_lines else (line, line + 1)
            found.append(Suppression(line, column + 1, ids, whole_file, applies))
        elif match.group("noqa"):
            ids = tuple(i for i in _split(match.group("noqa")) if _looks_like_ours(i))
            if ids:
                found.append(Suppression(line, column + 1, ids, False, (line,)))
        else:
            found.append(Suppression(line, column + 1, None, False, (line,), reportable=False))
    return found


_NON_CODE = {
    tokenize.COMMENT,
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENDMARKER,
}


def _looks_like_ours(code: str) -> bool:
    return bool(re.fullmatch(r"TF\d+|[a-z][a-z0-9\-]+", code))


def is_suppressed(suppressions: list[Suppression], rule: str, name: str, line: int) -> bool:
    """Whether a finding of ``rule`` (or its ``name``) at ``line`` is suppressed; marks it used."""
    for s in suppressions:
        if not s.whole_file and line not in s.applies_to:
            continue
        if s.ids is None:
            s.used.add(rule)
            return True
        for i in s.ids:
            if i in (rule, name) or (rule.startswith(i) and i.upper() == i):
                s.used.add(i)
                return True
    return False


def unused(suppressions: list[Suppression]) -> list[tuple[Suppression, tuple[str, ...]]]:
    """Each reportable suppression with the ids it names that matched nothing."""
    out = []
    for s in suppressions:
        if s.reportable and s.ids is not None:
            idle = tuple(i for i in s.ids if i not in s.used)
            if idle:
                out.append((s, idle))
    return out
