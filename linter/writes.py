"""Writing fixed code back so that no failure can lose the user's file.

Two ways, chosen per file:

* **Replace** (the usual way): the new bytes go to a temporary file in the same folder, which is
  given the file's mode, owner, group and extended attributes (POSIX ACLs are extended
  attributes on Linux), flushed to disk, and renamed over the file. A failure at any step
  leaves the file as it was.
* **In place** (a file with several hard links, which a rename would split, or one whose
  metadata a new file cannot carry, such as another user's file): a full copy of the file is
  written and flushed first, next to it; only then is the file overwritten, and on any failure
  the copy's bytes are written back. The copy is removed once the file holds the new bytes; one
  left behind by a killed run is named ``.NAME.tf2lint-backup``.

Both check free space first, and neither ever leaves the file shorter than it was on error.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from tf2lint.files import ReadError, WriteError, _real, is_within, printable, read_bytes

BACKUP_SUFFIX = ".tf2lint-backup"
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
        raise WriteError("the file changed on disk while it was being fixed")
    try:
        if status.st_nlink > 1 or not _replace(target, status, data):
            _write_in_place(target, original, data)
    except OSError as error:
        raise WriteError(_reason(error)) from error


def _reason(error: OSError) -> str:
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
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tf2lint", dir=target.parent)
    except OSError:
        return False
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
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
        os.replace(temp, target)
        _sync_folder(target.parent)
        return True
    except BaseException:
        if os.path.lexists(temp):
            os.unlink(temp)
        raise


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


def _write_in_place(target: Path, original: bytes, data: bytes) -> None:
    """Overwrite ``target`` (keeping its inode, so every hard link sees the fix), with a full
    copy of ``original`` written first and written back on any failure."""
    _check_space(target.parent, len(original) + max(0, len(data) - len(original)))
    backup = target.with_name(f".{target.name}{BACKUP_SUFFIX}")
    fd = os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        _write_all(fd, original)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        os.unlink(backup)
        raise
    os.close(fd)
    try:
        fd = os.open(target, os.O_WRONLY)
        try:
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
        if _holds(target, original):
            os.unlink(backup)
        elif isinstance(error, OSError):
            raise OSError(
                error.errno, f"{error.strerror}; the original is kept in {printable(str(backup))}"
            ) from error
        raise
    os.unlink(backup)


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


__all__ = ["BACKUP_SUFFIX", "WriteError", "write_fixed"]
