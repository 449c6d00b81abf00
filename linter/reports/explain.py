"""``tf2lint explain FILE:LINE[:COL] [RULE]``: one finding and the chain of evidence behind it.

``--show-evidence`` prints every finding's evidence under it; ``explain`` picks the one finding
at a place (as ``check`` prints it: ``prog.py:7:5``, or ``nb.ipynb:cell 2:3``) and prints why it
holds, step by step, each step with its file and line: why the code is traced (from the function
the finding is in out to the decorator, Keras hook or ``tf.function(f)`` that starts the
tracing, across files) and why the value is what the rule says. Findings whose evidence has a
gap (``--preview``'s) are explained too, with the gap named.

``explain RULE`` (a rule id or name, no place) is ``tf2lint rule RULE``, as before.

The linting itself is the caller's (the command line runs ``check`` on the file, with its
configuration and the rest of its program): this module only picks and prints.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from tf2lint.base.lines import shown
from tf2lint.linting.rule import Diagnostic, Step

# path:LINE, path:LINE:COL, path:cell N:LINE[:COL] (a notebook, as check prints it)
_PLACE = re.compile(r"^(?P<path>.+?)(?::cell (?P<cell>\d+))?:(?P<line>\d+)(?::(?P<column>\d+))?$")

EXPLAINED = 0
NO_FINDING = 1


@dataclass(frozen=True)
class Place:
    """Where a finding is asked for: a file, a line (in a notebook's cell), maybe a column."""

    path: Path
    line: int
    column: int | None = None
    cell: int | None = None

    @classmethod
    def parse(cls, text: str) -> Place | None:
        """``FILE:LINE[:COL]`` or ``FILE:cell N:LINE[:COL]``; None if ``text`` is no place."""
        match = _PLACE.match(text)
        if match is None:
            return None
        column = match.group("column")
        cell = match.group("cell")
        return cls(
            Path(match.group("path")),
            int(match.group("line")),
            int(column) if column else None,
            int(cell) if cell else None,
        )

    def __str__(self) -> str:
        cell = f":cell {self.cell}" if self.cell is not None else ""
        column = f":{self.column}" if self.column is not None else ""
        return f"{self.path}{cell}:{self.line}{column}"

    def holds(self, d: Diagnostic, rule: str | None) -> bool:
        """Whether ``d`` is a finding at this place (of ``rule``: an id or a name, any case)."""
        if not _same_file(d.path, self.path) or d.line != self.line or d.cell != self.cell:
            return False
        if self.column is not None and not d.column <= self.column <= _last_column(d):
            return False
        return rule is None or rule.lower() in (d.rule.lower(), d.name.lower())


def _last_column(d: Diagnostic) -> int:
    return d.end_column if d.end_line == d.line else 1 << 30


def _same_file(shown: str, asked: Path) -> bool:
    return os.path.normcase(os.path.realpath(shown)) == os.path.normcase(os.path.realpath(asked))


def findings_at(place: Place, rule: str | None, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The findings at ``place`` (of ``rule``), in the order check prints them."""
    return sorted(
        (d for d in diagnostics if place.holds(d, rule)), key=lambda d: (d.column, d.rule)
    )


def _where(step: Step, d: Diagnostic) -> str:
    """A step's place, as ``file:line`` (a step of another module's function too)."""
    if not step.line:
        return "(not located)"
    cell = f"cell {step.cell}:" if step.cell is not None else ""
    return f"{step.path or d.path}:{cell}{step.line}:{step.column}"


def explanation(d: Diagnostic) -> str:
    """The finding, then each step of its evidence with where it holds."""
    cell = f"cell {d.cell}:" if d.cell is not None else ""
    lines = [f"{d.path}:{cell}{d.line}:{d.column}: {d.rule} [{d.name}] {shown(d.message)}", ""]
    evidence = d.evidence
    if evidence is None or not evidence.steps():
        lines.append(
            "No evidence chain: the finding rests on the code at this place alone "
            f"(`tf2lint rule {d.rule}` says why it is a problem)."
        )
    else:
        sections = (
            ("Why this code is traced", "from the finding out to what starts the tracing"),
            ("Why the value is what the rule says", "where it comes from"),
        )
        for (title, order), steps in zip(sections, (evidence.traced, evidence.value), strict=True):
            if not steps:
                continue
            lines.append(f"{title} ({order}):")
            width = max(len(_where(s, d)) for s in steps)
            for number, step in enumerate(steps, 1):
                lines.append(f"  {number}. {_where(step, d):<{width}}  {shown(step.message)}")
            lines.append("")
        if evidence.gap:
            lines.append(f"Gap (shown only with --preview): {shown(evidence.gap)}")
            lines.append("")
        lines.append(f"`tf2lint rule {d.rule}` says why it is a problem and how to fix it.")
    return "\n".join(lines).rstrip("\n") + "\n"


def explain_finding(
    place: Place,
    rule: str | None,
    lint: Callable[[Path], list[Diagnostic]],
    out: TextIO,
    err: TextIO,
) -> int:
    """Print the evidence of each finding at ``place``: 0, or 1 when there is none there.
    ``lint`` gives the findings of a file as ``check`` reports them (with ``--preview``)."""
    found = findings_at(place, rule, lint(place.path))
    if not found:
        which = f" of {rule}" if rule else ""
        err.write(f"tf2lint: no finding{which} at {place}\n")
        return NO_FINDING
    out.write("\n".join(explanation(d) for d in found))
    return EXPLAINED
