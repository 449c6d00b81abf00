"""The language server's worker process (tf2lint.run.isolation): started before the server's own
imports, so that the two processes import at once and the first document opened finds its
worker ready.

A spawned worker imports the engine and the rules only when its first task arrives: the state
it is started with (:class:`_Preload`) imports them while it is unpickled, as the worker
starts. This module imports neither the language server's libraries nor the engine.
"""

from __future__ import annotations

from tf2lint.base.config import DEFAULT_MAX_FILE_SIZE
from tf2lint.run.isolation import Pool, memory_limit_for
from tf2lint.run.runner import DEFAULT_TIME_LIMIT, run_text_task


def _preload() -> None:
    """In a starting worker: import the engine and every rule (plugins too)."""
    import tf2lint.linting.engine  # noqa: F401
    from tf2lint.linting.plugins import all_rules

    all_rules()


class _Preload:
    """A worker's state whose unpickling, in the worker, runs :func:`_preload`."""

    def __reduce__(self) -> tuple:
        return _preload, ()


def worker_pool() -> Pool:
    """The language server's one worker, its process started now. Spawned, not forked: the
    server will have threads, which a fork would copy in whatever state they are in."""
    pool = Pool(
        run_text_task,
        _Preload(),
        jobs=1,
        time_limit=DEFAULT_TIME_LIMIT,
        memory_limit=memory_limit_for(DEFAULT_MAX_FILE_SIZE),
        method="spawn",
    )
    pool.start()
    return pool
