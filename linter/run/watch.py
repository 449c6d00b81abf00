"""``tf2lint check --watch``: which files changed, by polling (when watchfiles is not installed).

The command line's watch loop (tf2lint.commands.cli.watch) takes any source of changes; this is the one
that needs nothing installed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

POLL_SECONDS = 0.5  # how often polling looks at the files
DEBOUNCE_SECONDS = 0.1  # changes this close together are checked once


def file_stamps(files: Iterable[Path]) -> dict[Path, tuple[int, int]]:
    """Each file's (modification time, size); a file that cannot be looked at is left out."""
    stamps = {}
    for file in files:
        try:
            status = os.stat(file)
        except (OSError, ValueError):
            continue
        stamps[file] = (status.st_mtime_ns, status.st_size)
    return stamps


def poll_changes(
    snapshot: Callable[[], dict[Path, tuple[int, int]]],
    sleep: Callable[[float], None] = time.sleep,
    interval: float = POLL_SECONDS,
    debounce: float = DEBOUNCE_SECONDS,
) -> Iterator[set[Path]]:
    """Batches of changed files (added, removed or modified), by comparing ``snapshot``s every
    ``interval``; once something changed, changes within ``debounce`` join the batch."""

    def differ(a: dict, b: dict) -> set[Path]:
        return {p for p in a.keys() | b.keys() if a.get(p) != b.get(p)}

    before = snapshot()
    while True:
        sleep(interval)
        now = snapshot()
        changed = differ(before, now)
        while changed:
            sleep(debounce)
            later = snapshot()
            more = differ(now, later)
            now = later
            if not more:
                break
            changed |= more
        before = now
        if changed:
            yield changed
