"""Work in child processes that may die: a crash, a memory blow-up or a hang costs one task.

libcst's parser is native code. Some valid Python makes it overflow its stack (a segfault, not
an exception), and it needs about 900 bytes of memory per byte of generated code. So files are
linted in worker processes, one file per task: a worker that dies is replaced and only the file
it was linting is reported (``parser-crash``); each worker's address space is limited, so a file
that needs too much memory fails alone (``too-large``); a task that runs past the time limit has
its worker killed and replaced (``timeout``). The language server lints its documents the same
way, in one worker (see tf2lint.server.lsp).

Workers are forked where that is safe (Linux, a process without threads: the command line), so
they start in milliseconds with everything the parent imported; elsewhere they are spawned. What
a worker prints goes to a log file that the parent copies to its stderr after each task, and
reads when the worker dies: Rust aborts the process when an allocation fails, and says so there.
"""

from __future__ import annotations

import ctypes
import faulthandler
import gc
import multiprocessing
import os
import signal
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any

from tf2lint.linting.rule import INTERNAL_ERROR, PARSER_CRASH, TIMEOUT, TOO_LARGE

try:
    import resource
except ImportError:  # Windows: no per-process memory limit; the crash containment still holds
    resource = None  # type: ignore[assignment]

# Address space a worker may grow by while linting one file: twice what a file of max-file-size
# needs at 900 bytes per byte, and never less than 1 GiB.
MEMORY_PER_SOURCE_BYTE = 2000
MIN_MEMORY_LIMIT = 1 << 30
# What Rust's allocator prints before it aborts the process (libcst's parser is Rust).
_OUT_OF_MEMORY = b"memory allocation of"
_LOG_TAIL = 4 << 20  # how much of a dead worker's output is searched for it


def memory_limit_for(max_file_size: int | None) -> int:
    if max_file_size is None:
        return MIN_MEMORY_LIMIT * 8
    return max(MIN_MEMORY_LIMIT, MEMORY_PER_SOURCE_BYTE * max_file_size)


@dataclass(frozen=True)
class Lost:
    """A task whose worker died, ran out of memory or of time: what to report instead."""

    kind: tuple[str, str]  # the engine diagnostic: PARSER_CRASH, TOO_LARGE, TIMEOUT, INTERNAL_ERROR
    message: str
    # the file may well lint next time: it ran out of time (a loaded machine), or its worker
    # was killed from outside (kill -9, the out-of-memory killer under another process's load)
    transient: bool = False


_NEEDS_MORE_MEMORY = "linting this file needs more memory than a worker may use; not linted"


def start_method() -> str:
    """``fork`` on Linux (fast; children share the parent's imports), else ``spawn``. A process
    with threads (the language server) asks for ``spawn`` itself."""
    return "fork" if sys.platform == "linux" else "spawn"


class _Worker:
    def __init__(self, context: Any, handler: Callable, state: Any, memory_limit: int | None):
        self.connection, child = context.Pipe()
        fd, self.log = tempfile.mkstemp(prefix="tf2lint-worker-", suffix=".log")
        os.close(fd)
        self.logged = 0  # bytes of the log already copied to stderr
        # A forked child inherits the parent's end of its pipe: it closes it, or it would never
        # see the end of the pipe should the parent die.
        inherited = self.connection if context.get_start_method() == "fork" else None
        # A worker dies with its parent (kill -9, the out-of-memory killer): never a fix written
        # after the run ended. Linux ties this to the thread that starts the worker, so only a
        # worker started by the main thread asks for it (the language server's are not).
        parent = os.getpid() if threading.current_thread() is threading.main_thread() else None
        self.process = context.Process(
            target=_serve,
            args=(child, inherited, self.log, handler, state, memory_limit, parent),
            daemon=True,
        )
        if inherited is None:
            self.process.start()
        else:
            # A forked worker keeps what it inherits (modules, rules, settings) to its end: out
            # of its collector's view, so that no collection of its own rescans them (nor copies
            # their pages). The parent's own collector is as it was.
            gc.freeze()
            try:
                self.process.start()
            finally:
                gc.unfreeze()
        child.close()
        # The tasks sent and not yet answered, in order: the first is running, the next waits in
        # the pipe so that the worker never idles while the parent takes a result.
        self.queue: deque[tuple[Hashable, Any]] = deque()
        self.deadline = 0.0  # of the running task
        self.killed_for_time = False

    def send(self, task: Hashable, payload: Any, time_limit: float) -> bool:
        try:
            self.connection.send(payload)
        except (OSError, EOFError, ValueError):
            return False
        self.queue.append((task, payload))
        if len(self.queue) == 1:
            self.deadline = time.monotonic() + time_limit
        return True

    def answered(self, time_limit: float) -> Hashable:
        """The running task is done: the next one starts its clock."""
        task, _ = self.queue.popleft()
        self.deadline = time.monotonic() + time_limit
        return task

    def copy_output(self) -> None:
        """Copy what the worker printed since last time (warnings, say) to our stderr."""
        try:
            if os.path.getsize(self.log) <= self.logged:
                return
            with open(self.log, "rb") as log:
                log.seek(self.logged)
                data = log.read()
        except OSError:
            return
        self.logged += len(data)
        with suppress(OSError, ValueError):
            sys.stderr.write(data.decode("utf-8", "replace"))

    def stop(self, kill: bool = False, graceful: bool = False) -> None:
        if kill and graceful and self.process.is_alive():
            # SIGTERM ends the task with SystemExit: a fix being written is cleaned up
            # (tf2lint.run.writes); one stuck in native code is killed after a moment
            self.process.terminate()
            self.process.join(timeout=2)
        if kill and self.process.is_alive():
            self.process.kill()
        elif not kill:
            with suppress(OSError, EOFError, ValueError):
                self.connection.send(None)  # done: exit
        self.connection.close()
        self.process.join(timeout=None if kill else 5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        with suppress(OSError):
            os.unlink(self.log)

    def lost(self, time_limit: float) -> Lost:
        """Why the worker is gone, for the task it was running (before stop(): it reads the
        worker's log)."""
        self.process.join(timeout=5)
        if self.killed_for_time:
            return Lost(
                TIMEOUT,
                f"linting this file took more than {time_limit:g} s; stopped (the other files "
                "were linted)",
                transient=True,
            )
        try:
            # The end of all the worker said (bounded): with RUST_BACKTRACE set, a long
            # backtrace follows Rust's out-of-memory line. Not only what is still uncopied:
            # the worker runs its next task while we copy the last one's output, so the line
            # may already be on our stderr. No worker outlives that line (Rust aborts).
            with open(self.log, "rb") as log:
                log.seek(max(0, os.path.getsize(self.log) - _LOG_TAIL))
                said = log.read(_LOG_TAIL)
        except OSError:
            said = b""
        code = self.process.exitcode
        if _OUT_OF_MEMORY in said:
            return Lost(TOO_LARGE, _NEEDS_MORE_MEMORY)
        if code is not None and code < 0:
            name = _signal_name(-code)
            if -code == getattr(signal, "SIGKILL", 9):  # not by us: the kernel's OOM killer?
                return Lost(
                    TOO_LARGE,
                    f"the process linting this file was killed ({name}), most likely for "
                    "running out of memory; not linted",
                    transient=True,
                )
            return Lost(
                PARSER_CRASH,
                f"tf2lint crashed on this file ({name}), in libcst's native parser or another "
                "native library; not linted (please report this with the file)",
            )
        return Lost(
            PARSER_CRASH,
            f"the process linting this file exited unexpectedly (status {code}); not linted "
            "(please report this with the file)",
        )


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _serve(
    connection: Connection,
    inherited: Connection | None,
    log: str,
    handler: Callable,
    state: Any,
    memory_limit: int | None,
    parent: int | None = None,
) -> None:
    """A worker's loop: each payload received is answered with ``handler(state, payload)``,
    until None or the end of the pipe. ``parent``: the process whose death ends this one."""
    if inherited is not None:
        inherited.close()
    # What the worker prints goes to its log, never to the parent's stdout (the language
    # server's protocol channel): the parent copies it to stderr.
    with suppress(OSError, ValueError, AttributeError):
        sys.stdout.flush()
        sys.stderr.flush()
        fd = os.open(log, os.O_WRONLY | os.O_APPEND)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.close(fd)
    # Ctrl-C reaches the whole process group: the parent stops the workers itself. A crash is
    # reported by the parent, naming the file; a Python stack dump of it would only be noise.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_on_terminate)
    if parent is not None and not _die_with(parent):
        return
    faulthandler.disable()
    # A forked worker has its parent's collector, which a run pauses while it collects the
    # results (tf2lint.run.runner.run): on here, and each task decides for itself.
    gc.enable()
    _limit_memory(memory_limit)
    while True:
        try:
            payload = connection.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if payload is None:
            return
        try:
            result: Any = handler(state, payload)
        except MemoryError:
            result = Lost(TOO_LARGE, _NEEDS_MORE_MEMORY)
        except _Terminated:
            return
        except BaseException as error:  # e.g. a Rust panic, which is no Exception
            result = Lost(INTERNAL_ERROR, f"internal error: {type(error).__name__}: {error}")
        try:
            connection.send(result)
        except (OSError, EOFError):
            return
        except Exception as error:  # the result does not pickle
            connection.send(Lost(INTERNAL_ERROR, f"internal error: {type(error).__name__}"))


class _Terminated(BaseException):
    """The parent stops this worker (SIGTERM): raised where the task is, so that its cleanups
    (a temporary file of a fix being written) run."""


def _exit_on_terminate(signum: int, frame: Any) -> None:
    raise _Terminated


_PR_SET_PDEATHSIG = 1


def _die_with(parent: int) -> bool:
    """Ask the kernel for SIGTERM when ``parent`` dies (Linux); False if it is already gone."""
    if sys.platform.startswith("linux"):
        with suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    return os.getppid() == parent


def _limit_memory(limit: int | None) -> None:
    """Let this process's address space grow by at most ``limit`` bytes from here."""
    if limit is None or resource is None:
        return
    try:
        with open("/proc/self/statm") as statm:  # Linux; elsewhere RLIMIT_AS is not enforced
            size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        new = size + limit
        if hard != resource.RLIM_INFINITY:
            new = min(new, hard)
        if soft == resource.RLIM_INFINITY or new < soft:
            resource.setrlimit(resource.RLIMIT_AS, (new, hard))
    except (OSError, ValueError):
        pass


class _Pending:
    """The tasks of a map not yet sent. A task that prefers a worker goes to it; the others go to
    any worker; a worker with nothing to do takes another's."""

    def __init__(self, tasks: Iterable[tuple[Hashable, Any]], prefer: dict[Hashable, _Worker]):
        self.shared: deque[tuple[Hashable, Any]] = deque()
        self.own: dict[_Worker, deque[tuple[Hashable, Any]]] = {}
        for task in tasks:
            worker = prefer.get(task[0])
            (self.shared if worker is None else self.own.setdefault(worker, deque())).append(task)

    def __bool__(self) -> bool:
        return bool(self.shared) or any(self.own.values())

    def pop(self, worker: _Worker, reach: int) -> tuple[Hashable, Any] | None:
        """The next task for ``worker``: of its own (``reach`` 0), else of no worker's (1),
        else of any worker's (2); None if there is none."""
        own = self.own.get(worker)
        if own:
            return own.popleft()
        if reach >= 1 and self.shared:
            return self.shared.popleft()
        if reach >= 2 and self:
            return max(self.own.values(), key=len).popleft()
        return None

    def put_back(self, tasks: list[tuple[Hashable, Any]]) -> None:
        """Tasks sent to a worker that died before running them: first in line again."""
        self.shared.extendleft(reversed(tasks))

    def orphan(self, worker: _Worker) -> None:
        """A dead worker's own tasks go to any other."""
        self.shared.extend(self.own.pop(worker, ()))


def _stop_busy(busy: list[_Worker]) -> None:
    """Stop workers that may be running tasks: each finishes or undoes the write it is in."""
    for worker in busy:
        worker.stop(kill=True, graceful=True)
    busy.clear()


class Pool:
    """Worker processes serving ``handler(state, payload)``; a worker that dies is replaced.

    With ``fork``, ``state`` (and the handler) reach the workers as they are, unpickled."""

    def __init__(
        self,
        handler: Callable[[Any, Any], Any],
        state: Any,
        jobs: int,
        time_limit: float,
        memory_limit: int | None = None,
        method: str | None = None,
    ) -> None:
        self.handler = handler
        self.state = state
        self.jobs = max(1, jobs)
        self.time_limit = time_limit
        self.memory_limit = memory_limit
        self.context = multiprocessing.get_context(method or start_method())
        self.idle: list[_Worker] = []
        # The busy workers of each map not yet finished: one whose caller stopped taking its
        # results (Ctrl-C raised between two of them) is never resumed, so close() stops them.
        self.busy: list[list[_Worker]] = []
        self.ran: dict[Hashable, _Worker] = {}  # each key run, by the worker that ran it last

    def map(self, tasks: Iterable[tuple[Hashable, Any]]) -> Iterator[tuple[Hashable, Any]]:
        """Run each ``(key, payload)``; yield ``(key, result or Lost)`` as tasks finish. A key
        that an earlier map of this pool ran goes first to the worker that ran it, if it still
        runs: whatever the worker kept of that task (see tf2lint.run.runner) is there."""
        pending = _Pending(tasks, {k: w for k, w in self.ran.items() if w in self.idle})
        busy: list[_Worker] = []
        self.busy.append(busy)
        try:
            while pending or any(w.queue for w in busy):
                self._dispatch(pending, busy)
                yield from self._collect(busy, pending)
        except BaseException:  # Ctrl-C, say: each worker finishes the write it is in first
            _stop_busy(busy)
            raise
        finally:
            self.busy = [b for b in self.busy if b is not busy]  # this map's (lists are equal)
        self.idle.extend(busy)

    def _dispatch(self, pending: _Pending, busy: list[_Worker]) -> None:
        """Give each worker (up to ``jobs``) a running task and one waiting behind it."""
        while pending and len(busy) < self.jobs:
            busy.append(self.idle.pop() if self.idle else self._new_worker())
        for reach, room in ((0, 2), (1, 2), (2, 1)):  # another's task only to an idle worker
            for worker in list(busy):
                while len(worker.queue) < room and (task := pending.pop(worker, reach)) is not None:
                    if not worker.send(*task, self.time_limit):
                        pending.put_back([task])
                        if not worker.queue:  # it died idle; one with tasks is _collect's to see
                            busy.remove(worker)
                            pending.orphan(worker)
                            worker.stop(kill=True)
                        break

    def _new_worker(self) -> _Worker:
        return _Worker(self.context, self.handler, self.state, self.memory_limit)

    def _collect(self, busy: list[_Worker], pending: _Pending) -> Iterator[tuple[Hashable, Any]]:
        """Wait until a worker answers, dies or runs out of time. A worker that dies or runs
        out of time loses its running task; the one waiting behind it goes back to ``pending``."""
        working = [w for w in busy if w.queue]
        if not working:  # each died before it got a task, and was dropped: start others
            return
        timeout = max(0.0, min(w.deadline for w in working) - time.monotonic())
        watched = [w.connection for w in working] + [w.process.sentinel for w in working]
        ready = set(wait(watched, timeout=timeout))
        now = time.monotonic()
        for worker in working:
            if worker.connection in ready:
                try:
                    result = worker.connection.recv()
                except (EOFError, OSError):
                    pass  # it died: its sentinel says so too
                except Exception as error:  # a result that does not unpickle
                    yield (
                        worker.answered(self.time_limit),
                        Lost(INTERNAL_ERROR, f"internal error: {type(error).__name__}"),
                    )
                    continue
                else:
                    worker.copy_output()
                    key = worker.answered(self.time_limit)
                    self.ran[key] = worker
                    yield key, result
                    continue
            died = worker.process.sentinel in ready or worker.connection in ready
            if died or now >= worker.deadline:
                busy.remove(worker)
                if not died:
                    worker.killed_for_time = True
                    worker.process.kill()
                lost = worker.lost(self.time_limit)
                worker.stop(kill=True)
                (task, _), *waiting = worker.queue
                pending.put_back(waiting)
                pending.orphan(worker)
                yield task, lost

    def start(self) -> None:
        """Start the workers now, before any task: what they import on starting overlaps the
        caller's own work."""
        while len(self.idle) < self.jobs:
            self.idle.append(self._new_worker())

    def call(self, payload: Any) -> Any:
        """Run one task (the language server's way): its result, or Lost."""
        ((_, result),) = self.map([(0, payload)])  # to the end: the worker goes back to idle
        return result

    def close(self) -> None:
        """Stop every worker: the idle ones when done, and those of a map its caller left
        unfinished (it raised while a result was being handled) as on Ctrl-C. Left running,
        they would go on writing fixes, and the interpreter's exit would wait for them."""
        for busy in self.busy:
            _stop_busy(busy)
        self.busy.clear()
        for worker in self.idle:
            worker.stop()
        self.idle.clear()

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
