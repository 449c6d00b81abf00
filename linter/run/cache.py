"""A per-file cache of lint results, so that a second run over unchanged files does no linting.

An entry is keyed by the SHA-256 of everything its result depends on: the file's bytes, its path
as the rules see it (some rules judge test files differently), the tf2lint version (and, for
editable installs, the size and mtime of tf2lint's own sources), the ids of the rules that apply
to that file with the version of the plugin module defining each, and the settings that change
results. The bytes are those the run read once and linted, so a file changed meanwhile is never
cached under one content's key with another's findings.

An entry stores the serialised diagnostics, and for a notebook with findings its cells' lines
(findings point into cells); a plain file's source frames are read from the file when an output
shows them. Fix edits are libcst nodes and are not stored: with ``--fix``/``--diff`` a file
whose cached result has a fixable diagnostic is linted again.

The cache lives in ``.tf2lint_cache/`` at the configuration root, with a ``.gitignore`` inside
(written only into a folder the cache created or holding only its files). Entries are read as
regular files only, without blocking and up to a size limit.
Entries are written atomically (a temporary file renamed into place); an entry that cannot be
read or does not hold exactly what it should (every field of the right type) is a miss, and is
rewritten. A cache folder that is a symbolic link is never followed: the cache is then off.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tf2lint
from tf2lint import __version__
from tf2lint.analysis.project import ModuleFacts, ModuleSummary
from tf2lint.linting.rule import Diagnostic
from tf2lint.run.package_files import package_files
from tf2lint.run.replay import CACHE_DIR

if TYPE_CHECKING:
    from tf2lint.linting.rule import Rule
    from tf2lint.run.outcomes import FileOutcome
    from tf2lint.run.settings import Settings

FORMAT = 4  # bump when the layout of an entry changes


def _sources_stamp() -> str:
    """tf2lint's version plus the size and mtime of its own modules and data (edits in a
    checkout count)."""
    parts = [__version__, f"{sys.version_info[0]}.{sys.version_info[1]}"]
    return "|".join([*parts, _folder_stamp(os.path.dirname(os.path.abspath(tf2lint.__file__)))])


@cache
def _folder_stamp(folder: str) -> str:
    """The size and mtime of a package's modules and data files (the knowledge base, the
    rules' generated tables): what a result computed from them depends on."""
    parts = []
    for path in package_files(folder).files:
        try:
            info = os.stat(path)
        except OSError:
            continue
        parts.append(f"{os.path.relpath(path, folder)}:{info.st_size}:{info.st_mtime_ns}")
    return "|".join(parts)


def _rule_stamp(rule: type[Rule]) -> str:
    """A rule's id with the version of what defines it: its package's version and the modules
    and data beside its module (its helpers and tables change its results too)."""
    module = sys.modules.get(rule.__module__)
    package = sys.modules.get(rule.__module__.split(".")[0])
    version = getattr(package, "__version__", "")
    where = getattr(module, "__file__", None) or ""
    stamp = _folder_stamp(os.path.dirname(os.path.abspath(where))) if where else ""
    return f"{rule.id}={rule.__module__}:{version}:{stamp}"


@dataclass
class Entry:
    """A cached result: the file's diagnostics, a notebook's cell tables, the module summary."""

    diagnostics: list[Diagnostic]
    cells: dict | None
    summary: ModuleSummary | None


class Cache:
    """The results cache of one run (one set of settings) under ``root/.tf2lint_cache``."""

    def __init__(self, root: Path, settings: Settings) -> None:
        self.top = settings.cache_dir or root / CACHE_DIR
        self.folder = self.top / f"v{FORMAT}"
        self.settings = settings
        self._base = hashlib.sha256(
            json.dumps(
                {
                    "tf2lint": _sources_stamp(),
                    "report_unused_suppressions": settings.report_unused_suppressions,
                    "unfixable": sorted(settings.unfixable),
                    "ignore_noqa": settings.ignore_noqa,
                }
            ).encode()
        ).digest()
        self._rule_keys: dict[tuple[str, ...], bytes] = {}
        self._stamps: dict[type, str] = {}
        self._ready = False
        self._safe: bool | None = None

    # --- keys --------------------------------------------------------------------------------
    def _rules_key(self, rules: list[type[Rule]]) -> bytes:
        ids = tuple(r.id for r in rules)
        key = self._rule_keys.get(ids)
        if key is None:
            stamps = []
            for rule in rules:
                stamp = self._stamps.get(rule)
                if stamp is None:
                    stamp = self._stamps[rule] = _rule_stamp(rule)
                stamps.append(stamp)
            key = self._rule_keys[ids] = hashlib.sha256("\n".join(stamps).encode()).digest()
        return key

    def key(
        self,
        data: bytes,
        path: str,
        rules: list[type[Rule]],
        facts: ModuleFacts | None = None,
        module: str = "",
        keras_version: int = 3,
    ) -> str:
        """The key of a file's result: ``data`` its bytes, ``path`` as the rules see it, for
        the second pass of a project, the ``facts`` the other files give it, and ``module`` its
        module's name and package (an ``__init__.py`` added or removed above it changes them,
        and with them its summary), and ``keras_version`` the file's ``keras-version`` setting."""
        digest = hashlib.sha256(self._base)
        if keras_version != 3:  # (the default adds nothing: the keys of earlier runs stand)
            digest.update(f"keras{keras_version}\0".encode())
        digest.update(self._rules_key(rules))
        digest.update(path.encode("utf-8", "surrogateescape") + b"\0")
        digest.update(module.encode("utf-8", "surrogateescape") + b"\0")
        digest.update(data)
        if facts:
            digest.update(b"\0facts\0" + json.dumps(facts.to_dict(), sort_keys=True).encode())
        return digest.hexdigest()

    def _entry(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def _usable(self) -> bool:
        """False if the cache folders are symbolic links (or not folders): never followed."""
        if self._safe is None:
            self._safe = all(_real_folder_or_missing(f) for f in (self.top, self.folder))
        return self._safe

    # --- reading -----------------------------------------------------------------------------
    def get(self, key: str, shown: str) -> Entry | None:
        """The cached diagnostics (with ``shown`` as their path), the module's summary for the
        project, and, for a notebook with findings, its cells' lines and JSON lines; or None."""
        if not self._usable():
            return None
        entry = self._entry(key)
        try:
            if not _real_folder_or_missing(entry.parent):
                return None
            data = json.loads(_read_entry(entry))
            if not isinstance(data, dict) or data.get("key") != key:
                return None
            diagnostics = [_diagnostic(d) for d in _typed(data["diagnostics"], list)]
            cells = data.get("cells")
            if cells is not None:  # JSON keys are strings; cell numbers are ints
                cells = {
                    "cell_lines": _cell_table(cells["cell_lines"], str),
                    "json_lines": _cell_table(cells["json_lines"], int),
                }
            summary = data.get("summary")
            if summary is not None:  # malformed: a miss
                summary = ModuleSummary.from_dict(_typed(summary, dict))
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return None  # missing, unreadable or corrupt: lint the file again
        for d in diagnostics:
            d.path = shown
        return Entry(diagnostics, cells, summary)

    # --- writing -----------------------------------------------------------------------------
    def _prepare(self) -> None:
        if self._ready:
            return
        self.top.parent.mkdir(parents=True, exist_ok=True)  # a configured cache-dir's parents
        created = not os.path.lexists(self.top)
        for folder in (self.top, self.folder):  # one at a time: never create through a link
            if not _real_folder_or_missing(folder):
                raise OSError(f"{folder} is not a folder (a symbolic link?)")
            folder.mkdir(exist_ok=True)
        self._safe = None
        if not self._usable():
            raise OSError("the cache folder is a symbolic link")
        ignore = self.top / ".gitignore"
        # A `*` .gitignore in a folder holding anything else (`--cache-dir .` naming the
        # project, $HOME, /) would make git, and every later run, ignore the user's files.
        if not os.path.lexists(ignore) and (created or _holds_only_cache_files(self.top)):
            _write_atomic(
                ignore, b"# Created by tf2lint; the cache is not for version control.\n*\n"
            )
        self._ready = True

    def put(self, key: str, outcome: FileOutcome) -> None:
        """Store ``outcome``; never raises (a cache that cannot be written is only slower)."""
        data: dict[str, Any] = {
            "key": key,
            "diagnostics": [d.to_dict() for d in outcome.diagnostics],
        }
        if outcome.cell_lines is not None:  # a notebook's findings point into its cells
            data["cells"] = {"cell_lines": outcome.cell_lines, "json_lines": outcome.json_lines}
        if outcome.summary is not None:
            data["summary"] = outcome.summary.to_dict()
        try:
            self._prepare()
            entry = self._entry(key)
            entry.parent.mkdir(exist_ok=True)
            if not _real_folder_or_missing(entry.parent):
                return
            _write_atomic(entry, json.dumps(data, separators=(",", ":")).encode("utf-8"))
        except OSError:
            pass


MAX_ENTRY_SIZE = 64 << 20  # far above any entry; a bigger file is not one tf2lint wrote


def _read_entry(entry: Path) -> bytes:
    """An entry's bytes: a regular file only (never a link, pipe or device), never blocking,
    never more than MAX_ENTRY_SIZE; OSError or ValueError otherwise."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(entry, flags)
    with open(fd, "rb") as handle:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_ENTRY_SIZE:
            raise ValueError("not a cache entry")
        data = handle.read(MAX_ENTRY_SIZE + 1)
    if len(data) > MAX_ENTRY_SIZE:
        raise ValueError("not a cache entry")
    return data


def _holds_only_cache_files(folder: Path) -> bool:
    """Whether ``folder`` holds nothing but what a tf2lint cache puts there."""
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    return all(
        (name.startswith("v") and name[1:].isdigit()) or name.startswith(".gitignore.")
        for name in names
    )


def _real_folder_or_missing(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)  # lstat: a symlink is no folder here
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False


# An entry's diagnostic: each field and its type, exactly (a bool is no line number).
_FIELDS = {
    "path": str,
    "line": int,
    "column": int,
    "end_line": int,
    "end_column": int,
    "rule": str,
    "name": str,
    "category": str,
    "severity": str,
    "message": str,
}


def _typed(value: Any, kind: type) -> Any:
    if type(value) is not kind:
        raise TypeError(f"expected {kind.__name__}, got {type(value).__name__}")
    return value


def _diagnostic(data: Any) -> Diagnostic:
    """A cached diagnostic, checked field by field; TypeError or KeyError if malformed."""
    _typed(data, dict)
    for name, kind in _FIELDS.items():
        _typed(data[name], kind)
    fix = data.get("fix")
    if fix is not None:
        _typed(fix, dict)
        if fix.get("applicability") not in ("safe", "unsafe"):
            raise TypeError("bad fix applicability")
        _typed(fix["description"], str)
        if fix.get("replacement_text") is not None:
            _typed(fix["replacement_text"], str)
    if data.get("cell") is not None:
        _typed(data["cell"], int)
    return Diagnostic.from_dict(data)


def _cell_table(table: Any, item: type) -> dict[int, list]:
    """``{"3": [...]}`` (JSON keys are strings) back to ``{3: [...]}``, every item checked."""
    out = {}
    for key, values in _typed(table, dict).items():
        for value in _typed(values, list):
            _typed(value, item)
        out[int(key)] = values
    return out


def _write_atomic(path: Path, data: bytes) -> None:
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


def cacheable(outcome: FileOutcome) -> bool:
    """Whether ``outcome`` describes the file as it is on disk and can be reused."""
    return not (outcome.internal_error or outcome.transient or outcome.fixed or outcome.diff)


def has_fixable(diagnostics: list[Diagnostic]) -> bool:
    return any(d.fix is not None for d in diagnostics)
