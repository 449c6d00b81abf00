"""Suppression comments: ``# tf2lint: disable=ID[,ID]``, ``# tf2lint: disable-file=ID``, ``# noqa``,
and for a whole file ``# tf2lint: noqa`` or ``# tf2lint: noqa: CODES`` (ruff's ``# ruff: noqa``).

An ID is a rule id, an id prefix, a rule name or a category, in any case (``TF201``, ``tf2``,
``print-in-traced-code``, ``side-effect``). A comment at the end of a line applies to the whole
statement that line belongs to: on a statement spanning several lines it may stand on any of
them, the last included (as in flake8 and ruff). A comment alone on a line applies to the
statement that follows. ``# noqa`` with no codes suppresses everything on the line, as in flake8
and ruff; ``# noqa: CODES`` only what tf2lint knows among CODES (other tools' codes are theirs).
"""

from __future__ import annotations

import bisect
import re
import tokenize
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tf2lint.linting.rule import Diagnostic, Rule

# `disable=` takes ids, prefixes, names or categories, comma-separated; `noqa:` takes codes
# only, comma- or space-separated (flake8's and ruff's syntax). What follows them is a reason.
_CODES = r"[a-z]+\d+(?:[\s,]+[a-z]+\d+)*"
_DIRECTIVE = re.compile(
    r"#\s*(?:tf2lint:\s*(?P<kind>disable-file|disable)\s*=\s*(?P<ids>[\w-]+(?:\s*,\s*[\w-]+)*)"
    rf"|tf2lint:\s*(?P<file_noqa>noqa)(?::\s*(?P<file_codes>{_CODES})|(?![:\w]))"
    r"|noqa:\s*(?P<noqa>[a-z]+\d+(?:[\s,]+[a-z]+\d+)*)"
    r"|(?P<bare>noqa)(?![:\w]))",
    re.IGNORECASE,
)
_PREFIX = re.compile(r"[A-Za-z]+\d*")  # an id or id prefix (TF2, tf201); names have hyphens


@dataclass
class Suppression:
    line: int
    column: int
    ids: tuple[str, ...] | None  # None: everything (bare noqa)
    whole_file: bool
    applies_to: tuple[int, ...]
    used: set[str] = field(default_factory=set)
    reportable: bool = True  # bare noqa may serve other tools, so it is never "unused"
    noqa: bool = False  # a noqa comment's codes: those tf2lint does not know are other tools'
    comment: str = ""  # the whole comment holding it, as written


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def _tokens(source: str) -> list[tokenize.TokenInfo]:
    """``source``'s tokens, its lines split where Python splits them (``\\n``, ``\\r\\n`` and a
    lone ``\\r``; ``io.StringIO.readline`` splits at ``\\n`` only, so a file with lone CRs
    would be one line), numbered as the findings are."""
    lines = iter([line.rstrip("\r\n") + "\n" for line in _LINE.findall(source)])
    return list(tokenize.generate_tokens(lambda: next(lines, "")))


def _split_ids(ids: str) -> tuple[str, ...]:
    return tuple(i.strip() for i in ids.split(",") if i.strip())


def _split(ids: str) -> tuple[str, ...]:
    return tuple(i for i in re.split(r"[\s,]+", ids) if i)


def names_rule(selector: str, rule: str, name: str, category: str) -> bool:
    """Whether a suppression's ``selector`` covers a finding of ``rule`` (its name, category)."""
    lowered = selector.lower()
    return (
        lowered == name.lower()
        or lowered == category
        or (_PREFIX.fullmatch(selector) is not None and rule.upper().startswith(selector.upper()))
    )


def parse_suppressions(source: str) -> list[Suppression]:
    if "tf2lint:" not in source and "noqa" not in source.lower():
        return []
    found: list[Suppression] = []
    try:
        tokens = _tokens(source)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return found
    statements = _statement_lines(tokens)
    starts = [first for first, _ in statements]
    statement_of = {line: (a, b) for a, b in statements for line in range(a, b + 1)}
    for token in tokens:
        if token.type != tokenize.COMMENT:
            continue
        match = _DIRECTIVE.search(token.string)
        if match is None:
            continue
        line, column = token.start
        count = len(found)
        span = statement_of.get(line)
        if span is None:  # alone on its line: it covers the next statement too
            following = bisect.bisect_right(starts, line)
            span = statements[following] if following < len(statements) else (line, line)
            applies = (line, *range(span[0], span[1] + 1))
        else:
            applies = tuple(range(span[0], span[1] + 1))
        if match.group("file_noqa"):  # the whole file, as ruff's file-level noqa
            codes = match.group("file_codes")
            if codes:
                found.append(Suppression(line, column + 1, _split(codes), True, applies))
            else:
                found.append(Suppression(line, column + 1, None, True, applies, reportable=False))
        elif match.group("kind"):
            ids = _split(match.group("ids"))
            whole_file = match.group("kind").lower() == "disable-file"
            found.append(Suppression(line, column + 1, ids, whole_file, applies))
        elif match.group("noqa"):
            ids = _split(match.group("noqa"))
            found.append(Suppression(line, column + 1, ids, False, applies, noqa=True))
        else:  # bare noqa
            found.append(Suppression(line, column + 1, None, False, applies, reportable=False))
        for added in found[count:]:
            added.comment = token.string
    return found


_NON_CODE = {
    tokenize.COMMENT,
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENDMARKER,
}


def _statement_lines(tokens: list[tokenize.TokenInfo]) -> list[tuple[int, int]]:
    """The first and last line of each logical line (a simple statement, or a compound
    statement's header), in order."""
    spans = []
    first = None
    for token in tokens:
        if token.type == tokenize.NEWLINE:
            if first is not None:
                spans.append((first, token.start[0]))
            first = None
        elif token.type not in _NON_CODE and first is None:
            first = token.start[0]
    if first is not None:  # no NEWLINE at the very end
        spans.append((first, tokens[-1].start[0]))
    return spans


def is_suppressed(suppressions: list[Suppression], d: Diagnostic) -> bool:
    """Whether the finding ``d`` is suppressed; marks the suppression's matching id used."""
    for s in suppressions:
        # on the finding's first or last line: a decorated def's head runs from its decorator to
        # its name, and either line is where a reader puts the comment
        if not s.whole_file and d.line not in s.applies_to and d.end_line not in s.applies_to:
            continue
        if s.ids is None:
            s.used.add(d.rule)
            return True
        for i in s.ids:
            if names_rule(i, d.rule, d.name, d.category):
                s.used.add(i)
                return True
    return False


@dataclass
class UnusedSuppression:
    """A suppression naming ids that matched no finding, each sorted by why."""

    suppression: Suppression
    unused: tuple[str, ...] = ()  # they name enabled rules that found nothing here
    disabled: tuple[str, ...] = ()  # they name only rules that are not enabled
    unknown: tuple[str, ...] = ()  # they name no rule at all (a typo?)

    @property
    def message(self) -> str:
        parts = []
        if self.unused:
            parts.append(f"suppression of {', '.join(self.unused)} matches no finding")
        if self.disabled:
            parts.append(f"suppression of {', '.join(self.disabled)}: not enabled")
        if self.unknown:
            parts.append(
                f"suppression of unknown {', '.join(self.unknown)}: "
                "not a rule id, id prefix, name or category"
            )
        return "; ".join(parts)


def unused(
    suppressions: list[Suppression], enabled: Sequence[type[Rule]], known: Sequence[type[Rule]]
) -> list[UnusedSuppression]:
    """Each reportable suppression with the ids it names that matched nothing, and why."""
    out = []
    for s in suppressions:
        if not s.reportable or s.ids is None:
            continue
        report = UnusedSuppression(s)
        for i in s.ids:
            if i in s.used:
                continue
            if any(names_rule(i, r.id, r.name, r.category) for r in enabled):
                report.unused += (i,)
            elif any(names_rule(i, r.id, r.name, r.category) for r in known):
                report.disabled += (i,)
            elif not s.noqa or i.upper().startswith("TF"):  # a TF code is tf2lint's own
                report.unknown += (i,)
        if report.unused or report.disabled or report.unknown:
            out.append(report)
    return out


_ID = re.compile(r"[^\s,]+")


def without_ids(comment: str, drop: Collection[str]) -> str | None:
    """``comment`` (one whole ``#`` comment) with the ids in ``drop`` taken out of its
    suppression directive, every other character as it was; ``""`` when nothing is left of the
    comment. None: it holds no directive, or the directive would keep no id (then the directive
    goes with its reason, up to a further ``#`` comment: ``# noqa: TF201  # type: ignore``)."""
    match = _DIRECTIVE.search(comment)
    if match is None:
        return None
    group = next((g for g in ("ids", "file_codes", "noqa") if match.group(g)), None)
    if group is None:  # a bare noqa names no id
        return None
    start, end = match.span(group)
    ids = list(_ID.finditer(comment, start, end))
    kept = [i for i, m in enumerate(ids) if m.group() not in drop]
    if kept:
        # each kept id after the first keeps the separator that came before it
        text = ids[kept[0]].group() + "".join(
            comment[ids[i - 1].end() : ids[i].start()] + ids[i].group() for i in kept[1:]
        )
        return comment[:start] + text + comment[end:]
    after = comment.find("#", match.end())
    if after < 0:  # the directive and its reason end the comment
        return comment[: match.start()].rstrip()
    return comment[: match.start()] + comment[after:]


def add_noqa(source: str, findings: Sequence[tuple[int, str]], reason: str = "") -> tuple[str, int]:
    """``source`` with ``# noqa: IDS`` added for each ``(line, rule id)`` finding; the number of
    lines changed. As ruff's ``--add-noqa``: the comment goes at the end of the finding's
    statement (on its last line, where a comment is always allowed), merged into a ``# noqa``
    already there, codes sorted; ``reason`` (if any) follows the codes."""
    try:
        tokens = _tokens(source)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return source, 0
    end_of = {
        line: last for first, last in _statement_lines(tokens) for line in range(first, last + 1)
    }
    comments = {t.start[0]: t for t in tokens if t.type == tokenize.COMMENT}
    wanted: dict[int, set[str]] = {}
    for line, rule in findings:
        wanted.setdefault(end_of.get(line, line), set()).add(rule)
    lines = _LINE.findall(source)  # the lines tokenize numbered (see _tokens)
    changed = 0
    for line, rules in sorted(wanted.items()):
        if not 0 < line <= len(lines):
            continue
        text = lines[line - 1]
        body = text.rstrip("\r\n")
        ending = text[len(body) :]
        comment = comments.get(line)
        match = _DIRECTIVE.search(comment.string) if comment else None
        if match is not None and (
            match.group("bare") or (match.group("kind") or "").lower() == "disable-file"
        ):
            continue  # a bare noqa covers the line; a file-wide one must not be widened
        if match is not None and match.group("kind"):
            # `# tf2lint: disable=OTHER` does not cover these findings (they were reported):
            # they join its list
            ids = list(_split_ids(match.group("ids")))
            ids += sorted(r for r in rules if r not in ids)
            start = comment.start[1] + match.start("ids")
            end = comment.start[1] + match.end("ids")
            body = f"{body[:start]}{','.join(ids)}{body[end:]}"
        elif match is not None and match.group("noqa"):
            codes = sorted(set(_split(match.group("noqa"))) | rules)
            start = comment.start[1] + match.start()
            end = comment.start[1] + match.end()
            rest = body[end:] or (f" {reason}" if reason else "")  # keep a reason given before
            body = f"{body[:start]}# noqa: {', '.join(codes)}{rest}"
        else:
            tail = f" {reason}" if reason else ""
            # Trailing blanks give way to the comment; a form feed stays (it is not a blank to
            # Python's tokenizer, and a byte of the user's that nothing asked to remove).
            code = body.rstrip(" \t")
            body = f"{code}  # noqa: {', '.join(sorted(rules))}{tail}"
        lines[line - 1] = body + ending
        changed += 1
    return "".join(lines), changed
