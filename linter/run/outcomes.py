"""What a run gives back: each file's findings, fixes and summary, and the run's totals.

The runner and the cache make them; the output formats, the CLI and the language server read
them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tf2lint.analysis.project import ModuleSummary
from tf2lint.base.lines import split_lines
from tf2lint.linting.rule import Diagnostic
from tf2lint.run.files import ReadError, read_source


@dataclass
class FileOutcome:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    file: Path | None = None  # the file, for its source lines (see source_lines) and SARIF
    lines: list[str] | None = None  # [] for a file that was not linted: no frames to show
    # Notebooks: each code cell's lines, and the notebook JSON line holding each of them
    # (annotations and SARIF results point at the file's own lines).
    cell_lines: dict[int, list[str]] | None = None
    json_lines: dict[int, list[int]] | None = None
    fixed: int = 0
    diff: str = ""
    internal_error: bool = False
    fixed_by_rule: dict[str, int] = field(default_factory=dict)  # findings fixed, per rule
    cached: bool = False  # answered from the cache, not linted
    # lost to something outside the file (a worker killed from outside, a timeout on a loaded
    # machine): never cached, so that the next run lints the file again
    transient: bool = False
    # what crosses the module boundary, for the project (tf2lint.analysis.project)
    summary: ModuleSummary | None = None

    def source_lines(self) -> list[str] | None:
        """The file's lines, for source frames. Read from disk on first use: only the text and
        SARIF outputs ask, and only for files with findings (after --fix the file on disk is
        the fixed text, which the findings are about)."""
        if self.lines is None and self.file is not None:
            try:
                self.lines = split_lines(read_source(self.file).text)
            except ReadError:
                self.lines = []
        return self.lines


@dataclass
class RunResult:
    outcomes: list[FileOutcome]

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return sorted((d for o in self.outcomes for d in o.diagnostics), key=Diagnostic.sort_key)

    @property
    def files_checked(self) -> int:
        return len(self.outcomes)

    @property
    def fixed(self) -> int:
        return sum(o.fixed for o in self.outcomes)

    @property
    def findings_fixed(self) -> int:
        """What --fix fixed, in findings (the summary's count; ``fixed`` counts fixes)."""
        return sum(sum(o.fixed_by_rule.values()) for o in self.outcomes)

    @property
    def internal_error(self) -> bool:
        return any(o.internal_error for o in self.outcomes)
