"""Writing fixed code back so that no failure can lose the user's file.

Two ways, chosen per file:

* **Replace** (the usual way): the new bytes go to a temporary file in the same folder, which is
  given the file's mode, owner, group and extended attributes (POSIX ACLs are extended
  attributes on Linux), flushed to disk, and renamed over the file. A failure at any step
  leaves the file as it was.
* **In place** (a file with several hard links, which a rename would split, or one whose
  metadata a new file cannot carry, such as another user's file): a journal is written and
  flushed first, next to the file, under a fresh private name (``.NAME.XXXXXXXX.tf2lint-backup``,
  created exclusively, never through a symbolic link): one header line, then the file's original
  bytes. Only then is the file overwritten; on any failure the original is written back, and the
  journal is removed once the file is whole again. A journal left by a run killed mid-write
  (``kill -9``, the out-of-memory killer) is found by the next run (:func:`recover`), which
  restores the file from it if the file holds a mix of the old and new bytes.

Both check free space first, neither ever leaves the file shorter than it was on error, and both
compare the file with what was read immediately before replacing it (its inode, size and
modification time in nanoseconds): an editor that saved it meanwhile keeps its save.
"""

from __future__ import annotations

import errno
import hashlib
import os
import signal
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; a live run's files are told by nothing else
    fcntl = None  # type: ignore[assignment]

from tf2lint.run.files import ReadError, WriteError, _real, is_within, printable, read_bytes

BACKUP_SUFFIX = ".tf2lint-backup"  # an in-place write's journal: .NAME.XXXXXXXX.tf2lint-backup
TEMP_SUFFIX = ".tf2lint"  # a replacing write's new file: .NAME.XXXXXXXX.tf2lint
_JOURNAL_MAGIC = b"tf2lint-backup 1"
_SPACE_MARGIN = 64 * 1024  # a few blocks for metadata, on top of the bytes themselves


def write_fixed(path: Path, original: bytes, data: bytes, roots: list[Path]) -> None:
    """Replace ``path``'s bytes, read as ``original``, by ``data``; raise WriteError if not.

    Refuses a file that changed on disk since it was read, a read-only file, and a symbolic link
    to a file outside ``roots`` (the folders and files being linted). On WriteError the file
    holds exactly ``original``.
    """
    target = Path(_real(path))
    if str(target) != os.path.abspath(path) and not is_within(target, roots):
        raise WriteError(
            f"it is a symbolic link to {printable(str(target))}, outside the paths being linted"
        )
    try:
        status = os.stat(target)
        if not stat.S_ISREG(status.st_mode):
            raise WriteError("it is no longer a regular file")
        if not status.st_mode & 0o222 or not os.access(target, os.W_OK):
            raise WriteError("the file is read-only")
        current = read_bytes(target)
    except OSError as error:
        raise WriteError(str(error.strerror or error)) from error
    except ReadError as error:
        raise WriteError(str(error)) from error
    if current != original:
        raise WriteError(_CHANGED)
    try:
        with _stops_held():
            if status.st_nlink > 1 or not _replace(target, status, data):
                _write_in_place(target, status, original, data)
    except OSError as error:
        raise WriteError(_reason(error)) from error


# Ctrl-C, SIGTERM and SIGHUP (each stops a run as KeyboardInterrupt) wait while one file is
# written: an interrupt raised between a temporary file's creation and the code that removes it
# on failure (inside `tempfile.mkstemp`) left that file behind under load.
_STOPS = frozenset(
    {getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)}
)


@contextmanager
def _stops_held() -> Iterator[None]:
    """The signals that stop a run are held (blocked in this thread) for the block's length,
    then delivered: the run stops before or after a file's write, never inside it."""
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    except (AttributeError, OSError, ValueError):  # no pthread_sigmask here (Windows)
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


_CHANGED = "the file changed on disk while it was being fixed; nothing was written"


class _Changed(OSError):
    """The file is no longer the one that was read (an editor saved it): write nothing."""

    def __init__(self) -> None:
        super().__init__(errno.EAGAIN, _CHANGED)


def _same_file(now: os.stat_result, then: os.stat_result) -> bool:
    return (now.st_dev, now.st_ino, now.st_size, now.st_mtime_ns) == (
        then.st_dev,
        then.st_ino,
        then.st_size,
        then.st_mtime_ns,
    )


def _unchanged(target: Path, status: os.stat_result) -> None:
    """Compare-and-swap's compare: raise _Changed unless ``target`` is still the file read."""
    try:
        now = os.stat(target, follow_symlinks=False)
    except FileNotFoundError:
        raise _Changed from None
    if not _same_file(now, status):
        raise _Changed


def _reason(error: OSError) -> str:
    if isinstance(error, _Changed):
        return _CHANGED
    if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return f"{error.strerror or error}; the file was left as it was"
    return str(error.strerror or error)


def _check_space(folder: Path, needed: int) -> None:
    """Raise ENOSPC before writing anything if ``folder``'s file system cannot hold ``needed``."""
    try:
        fs = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs (Windows): the writes below still fail safely
        return
    if fs.f_bavail * fs.f_frsize < needed + _SPACE_MARGIN:
        raise OSError(errno.ENOSPC, "not enough free space on the device to write the fix")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _xattrs(path: Path) -> dict[str, bytes]:
    if not hasattr(os, "listxattr"):
        return {}
    try:
        return {name: os.getxattr(path, name) for name in os.listxattr(path)}
    except OSError as error:
        if error.errno in (errno.ENOTSUP, errno.EOPNOTSUPP):
            return {}
        raise


def _replace(target: Path, status: os.stat_result, data: bytes) -> bool:
    """Replace ``target`` by a new file holding ``data`` with its mode, owner, group and extended
    attributes; False (and nothing changed) if the new file cannot have all of them."""
    try:
        attributes = _xattrs(target)
    except OSError:
        return False
    _check_space(target.parent, len(data))
    try:
        fd, temp = _private_file(target, TEMP_SUFFIX)
    except OSError:
        return False
    try:
        _write_all(fd, data)
        os.fsync(fd)
        own = os.stat(temp)
        if hasattr(os, "chown") and (own.st_uid, own.st_gid) != (status.st_uid, status.st_gid):
            try:
                os.chown(temp, status.st_uid, status.st_gid)
            except PermissionError:  # another user's file: only writing in place keeps it theirs
                os.unlink(temp)
                return False
        os.chmod(temp, stat.S_IMODE(status.st_mode))
        if not _copy_xattrs(temp, attributes):
            os.unlink(temp)
            return False
        # A folder's default ACL, or an ACL that could not be set exactly, shows as other mode
        # bits: never widen them, write in place instead.
        if stat.S_IMODE(os.stat(temp).st_mode) != stat.S_IMODE(status.st_mode):
            os.unlink(temp)
            return False
        _unchanged(target, status)
        os.replace(temp, target)
        _sync_folder(target.parent)
        return True
    except BaseException:
        if os.path.lexists(temp):
            os.unlink(temp)
        raise
    finally:
        os.close(fd)


def _private_file(target: Path, suffix: str) -> tuple[int, str]:
    """A new file beside ``target`` under a fresh name (``mkstemp``: created exclusively, mode
    0600, never through a symbolic link), locked for as long as its descriptor is open, so that
    a later run can tell it from one a killed run left (:func:`recover`)."""
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=target.parent)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        if os.stat(name).st_ino != os.fstat(fd).st_ino:  # removed by a recovery before locked
            raise OSError(errno.EAGAIN, "another tf2lint run removed the temporary file")
    except BaseException:
        with suppress(OSError):  # ours, unless a recovery removed it (then another's name)
            if os.stat(name).st_ino == os.fstat(fd).st_ino:
                os.unlink(name)
        os.close(fd)
        raise
    return fd, name


def _copy_xattrs(temp: str, attributes: dict[str, bytes]) -> bool:
    """Give ``temp`` exactly ``attributes``; False if the file system or permissions refuse."""
    try:
        for name in _xattrs(Path(temp)):  # inherited ones (a folder's default ACL)
            if name not in attributes:
                os.removexattr(temp, name)
        for name, value in attributes.items():
            os.setxattr(temp, name, value)
    except OSError:
        return False
    return True


def _sync_folder(folder: Path) -> None:
    """Make the rename durable (POSIX needs the folder flushed; elsewhere this is a no-op)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_in_place(target: Path, status: os.stat_result, original: bytes, data: bytes) -> None:
    """Overwrite ``target`` (keeping its inode, so every hard link sees the fix), with a journal
    holding ``original`` written first, and ``original`` written back on any failure."""
    # The journal holds both texts; the file may grow by the difference.
    _check_space(target.parent, len(original) + 2 * len(data) + 256)
    journal, journal_fd = _write_journal(target, original, data)
    try:
        fd = os.open(target, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0))
        try:
            if not _same_file(os.fstat(fd), status):  # saved by an editor since it was read
                raise _Changed
            # Grow first, so that a full disk fails here, before a byte of the file changed.
            if len(data) > len(original):
                _reserve(fd, len(data))
            try:
                os.lseek(fd, 0, os.SEEK_SET)
                _write_all(fd, data)
                os.ftruncate(fd, len(data))
                os.fsync(fd)
            except BaseException:
                _restore(fd, original)
                raise
        finally:
            os.close(fd)
    except BaseException as error:
        if isinstance(error, _Changed) or _holds(target, original):
            _remove(journal)
        elif isinstance(error, OSError):
            raise OSError(
                error.errno,
                f"{error.strerror}; the original is kept in {printable(str(journal))}",
            ) from error
        raise
    else:
        _remove(journal)
    finally:
        os.close(journal_fd)  # and with it the lock: a journal left now is a dead run's


def _write_journal(target: Path, original: bytes, data: bytes) -> tuple[Path, int]:
    """Write and flush the journal of an in-place write: a header, ``original``, then ``data``
    (so that a mix of the two can be told from an editor's save); its descriptor, which holds
    its lock, stays open until the write is done."""
    fd, name = _private_file(target, BACKUP_SUFFIX)
    try:
        _write_all(fd, _journal_header(original, data) + original + data)
        os.fsync(fd)
        _sync_folder(target.parent)
    except BaseException:
        os.close(fd)
        os.unlink(name)
        raise
    return Path(name), fd


def _journal_header(original: bytes, data: bytes) -> bytes:
    return b"%s %d %s %d %s\n" % (
        _JOURNAL_MAGIC,
        len(original),
        hashlib.sha256(original).hexdigest().encode(),
        len(data),
        hashlib.sha256(data).hexdigest().encode(),
    )


def target_of(leftover: Path) -> Path | None:
    """The file that a journal or a temporary file is named after
    (``.NAME.XXXXXXXX.tf2lint-backup``, ``.NAME.XXXXXXXX.tf2lint``), or None."""
    name = leftover.name
    suffix = next((x for x in (BACKUP_SUFFIX, TEMP_SUFFIX) if name.endswith(x)), None)
    if suffix is None or not name.startswith("."):
        return None
    target, dot, random = name[1 : -len(suffix)].rpartition(".")
    return leftover.with_name(target) if dot and target and random else None


def recover(leftover: Path) -> str | None:
    """Finish what a run killed while writing a fix left beside the file (see
    :func:`target_of`). A temporary file of a replacing write is removed (the file was never
    touched). With a journal, the file is restored from it when it holds a mix of the old and
    the new bytes, and the journal removed once the file is whole (old or new) again. Files
    that a live run holds (locked), and files that are not this user's regular files, are left
    alone. Returns a notice for the user, or None when there is nothing to say."""
    target = target_of(leftover)
    if target is None:
        return None
    try:
        fd = os.open(leftover, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        own = os.fstat(fd)
        if not stat.S_ISREG(own.st_mode) or (hasattr(os, "geteuid") and own.st_uid != os.geteuid()):
            return None  # not one of ours: never read another user's file as a journal
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return None  # a live run is writing it
        if leftover.name.endswith(TEMP_SUFFIX):
            _remove(leftover)
            return None
        with os.fdopen(os.dup(fd), "rb") as handle:
            content = handle.read()
        return _recover_from_journal(leftover, target, content)
    finally:
        os.close(fd)


def _recover_from_journal(journal: Path, target: Path, content: bytes) -> str | None:
    original, new = _read_journal(content)
    if original is None or new is None:  # cut short while written: the file was not touched
        _remove(journal)
        return None
    shown = printable(str(target))
    try:
        with open(target, "rb") as handle:
            current = handle.read()
    except OSError:
        return None
    if current in (original, new):
        _remove(journal)
        return None
    if not _is_mix(current, original, new):
        return (
            f"{shown}: a fix was interrupted, and the file has changed since; it was left as it "
            f"is, and its original is kept in {printable(str(journal))}"
        )
    try:
        fd = os.open(target, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0))
        try:
            _restore(fd, original)
        finally:
            os.close(fd)
    except OSError as error:
        return (
            f"{shown}: a fix was interrupted and the file could not be restored "
            f"({error.strerror or error}); its original is kept in {printable(str(journal))}"
        )
    _remove(journal)
    return f"{shown}: restored from an interrupted fix (the file held part of the fix)"


def _read_journal(content: bytes) -> tuple[bytes | None, bytes | None]:
    """(the original bytes, the new bytes) from a journal; (None, None) if it is incomplete."""
    header, newline, body = content.partition(b"\n")
    fields = header.split(b" ")
    if not newline or len(fields) != 6 or b" ".join(fields[:2]) != _JOURNAL_MAGIC:
        return None, None
    try:
        original_size, new_size = int(fields[2]), int(fields[4])
    except ValueError:
        return None, None
    original, new = body[:original_size], body[original_size:]
    if (len(original), len(new)) != (original_size, new_size) or (
        hashlib.sha256(original).hexdigest().encode(),
        hashlib.sha256(new).hexdigest().encode(),
    ) != (fields[3], fields[5]):
        return None, None
    return original, new


def _remove(journal: Path) -> None:
    with suppress(OSError):  # gone already (another run recovered it): nothing is lost
        os.unlink(journal)


def _is_mix(current: bytes, original: bytes, new: bytes) -> bool:
    """Whether ``current`` is what overwriting the file in place, from its first byte, with
    ``new`` (or, while restoring, with ``original``) can leave when cut short: every byte is
    the original's or the new text's at its place (or a zero of the space reserved for the
    longer one), and the size is between the two texts' sizes and the reserved size."""
    size = max(len(original), len(new))
    if not min(len(original), len(new)) <= len(current) <= size:
        return False
    old = original.ljust(size, b"\0")
    fixed = new.ljust(size, b"\0")
    return all(c in (a, b) for c, a, b in zip(current, old, fixed, strict=False))


def _reserve(fd: int, size: int) -> None:
    """Allocate ``size`` bytes for the file without changing its contents."""
    if hasattr(os, "posix_fallocate"):
        try:
            os.posix_fallocate(fd, 0, size)
            return
        except OSError as error:
            if error.errno not in (errno.EOPNOTSUPP, errno.ENOTSUP, errno.EINVAL):
                raise


def _restore(fd: int, original: bytes) -> None:
    """Write ``original`` back over the file (it fits: these blocks were written before)."""
    os.lseek(fd, 0, os.SEEK_SET)
    _write_all(fd, original)
    os.ftruncate(fd, len(original))
    os.fsync(fd)


def _holds(target: Path, original: bytes) -> bool:
    """Whether ``target`` holds ``original`` again (else the backup must stay for the user)."""
    try:
        with open(target, "rb") as handle:
            return handle.read(len(original) + 1) == original
    except OSError:
        return False


__all__ = ["BACKUP_SUFFIX", "TEMP_SUFFIX", "WriteError", "recover", "target_of", "write_fixed"]
