"""Resident memory of a process tree, sampled from Linux's /proc (the benchmark's peak RSS, and
the memory test of tests/test_containment.py)."""

from __future__ import annotations

import os


def tree_rss(pid: int) -> int:
    """Bytes resident in ``pid`` and its descendants (Linux /proc; 0 elsewhere)."""
    try:
        children: dict[int, list[int]] = {}
        rss: dict[int, int] = {}
        page = os.sysconf("SC_PAGE_SIZE")
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry))
            rss[int(entry)] = int(fields[21]) * page
    except OSError:
        return 0
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        total += rss.get(current, 0)
        todo.extend(children.get(current, ()))
    return total
