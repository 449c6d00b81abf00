"""Python's cyclic garbage collector, paused around work that builds many objects which
live until it ends and hold no cycles worth finding (a command's settings and report, a run's
results): with it on, each pass rescans them all."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with the cyclic collector off; on again after it if it was on."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
