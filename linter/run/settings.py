"""What a run is asked to do: the rules, the root, fixes or not, the limits per file.

The CLI and the language server build one from the configuration (tf2lint.base.config); the runner,
the workers and the cache read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tf2lint.base.config import DEFAULT_MAX_FILE_SIZE, matches_pattern
from tf2lint.linting.rule import Rule
from tf2lint.linting.selection import selector_matches

if TYPE_CHECKING:
    from tf2lint.linting.engine import FileResult

# Seconds one file (linting, with --fix fixing) may take. The slowest hand-written file of the
# benchmark corpora takes 3 s here and a 1 MiB generated one (max-file-size) 16 s; past 120 s
# something is wrong with the file or with tf2lint, and the other files should not wait for it.
DEFAULT_TIME_LIMIT = 120.0


@dataclass
class Settings:
    rules: list[type[Rule]]
    root: Path
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    report_unused_suppressions: bool = False
    fix: bool = False
    unsafe_fixes: bool = False
    diff: bool = False  # compute fixes, print them as a diff, write nothing
    max_file_size: int | None = DEFAULT_MAX_FILE_SIZE  # bytes; larger files are `too-large`
    time_limit: float = DEFAULT_TIME_LIMIT  # seconds per file
    memory_limit: int | None = None  # bytes a worker may grow by; None: from max_file_size
    # The paths being linted: a fix is never written through a symlink to a file outside them.
    # Empty: the configuration's root.
    linted_paths: tuple[Path, ...] = ()
    cache_dir: Path | None = None  # None: .tf2lint_cache in ``root``
    unfixable: frozenset[str] = frozenset()  # rule ids whose fixes are not offered (see fixable)
    ignore_noqa: bool = False  # suppression comments silence nothing (--ignore-noqa)
    preview: bool = False  # the editor also shows findings whose evidence has a gap
    # `keras-version`: 2 when the project runs with TF_USE_LEGACY_KERAS=1 set in its environment
    # (`tf.keras` is then tf-keras): the model answers "Keras 2" as for a module setting it
    keras_version: int = 3

    def rules_for(self, relative: str) -> list[type[Rule]]:
        ignored = [
            selector
            for pattern, selectors in self.per_file_ignores.items()
            if matches_pattern(relative, pattern)
            for selector in selectors
        ]
        if not ignored:
            return self.rules
        return [r for r in self.rules if not any(selector_matches(r, s) for s in ignored)]

    def without_unfixable(self, result: FileResult) -> FileResult:
        """``result`` with the fixes of the rules ``fixable``/``unfixable`` leave out dropped."""
        if self.unfixable:
            for d in result.diagnostics:
                if d.fix is not None and d.rule in self.unfixable:
                    d.fix = None
        return result

    def write_roots(self) -> list[Path]:
        return list(self.linted_paths) or [self.root]
