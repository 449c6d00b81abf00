"""A per-file cache of lint results, so that a second run over unchanged files does no linting.

An entry is keyed by the SHA-256 of everything its result depends on: the file's bytes, the
tf2lint version (and, for editable installs, the size and mtime of tf2lint's own sources), the
ids of the rules that apply to that file with the version of the plugin module defining each,
and the settings that change results. It stores the serialised diagnostics, and for a notebook
with findings its cells' lines (findings point into cells); a plain file's source frames are
read from the file when an output shows them. Fix edits are libcst nodes and
are not stored: with ``--fix``/``--diff`` a file whose cached result has a fixable diagnostic is
linted again.

The cache lives in ``.tf2lint_cache/`` at the configuration root, with a ``.gitignore`` inside.
Entries are written atomically (a temporary file renamed into place); an entry that cannot be
read or does not hold what it should is ignored and rewritten.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tf2lint import __version__
from tf2lint.rule import Diagnostic

if TYPE_CHECKING:
    from tf2lint.rule import Rule
    from tf2lint.runner import FileOutcome, Settings

CACHE_DIR = ".tf2lint_cache"
FORMAT = 2  # bump when the layout of an entry changes


def _sources_stamp() -> str:
    """tf2lint's version plus the size and mtime of its own modules (edits in a checkout count)."""
    parts = [__version__, f"{sys.version_info[0]}.{sys.version_info[1]}"]
    package = Path(__file__).resolve().parent
    for name in sorted(os.listdir(package)):
        if name.endswith(".py"):
            stat = os.stat(package / name)
            parts.append(f"{name}:{stat.st_size}:{stat.st_mtime_ns}")
    return "|".join(parts)


def _rule_stamp(rule: type[Rule]) -> str:
    """A rule's id with the version of what defines it: its package's version and its module file."""
    module = sys.modules.get(rule.__module__)
    package = sys.modules.get(rule.__module__.split(".")[0])
    version = getattr(package, "__version__", "")
    where = getattr(module, "__file__", None) or ""
    stamp = ""
    if where:
        try:
            stat = os.stat(where)
            stamp = f"{stat.st_size}:{stat.st_mtime_ns}"
        except OSError:
            pass
    return f"{rule.id}={rule.__module__}:{version}:{stamp}"


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
                }
            ).encode()
        ).digest()
        self._rule_keys: dict[tuple[str, ...], bytes] = {}
        self._stamps: dict[type, str] = {}
        self._ready = False

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

    def key(self, data: bytes, rules: list[type[Rule]]) -> str:
        digest = hashlib.sha256(self._base)
        digest.update(self._rules_key(rules))
        digest.update(data)
        return digest.hexdigest()

    def _entry(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    # --- reading -----------------------------------------------------------------------------
    def get(self, key: str, shown: str) -> tuple[list[Diagnostic], dict | None] | None:
        """The cached diagnostics (with ``shown`` as their path) and, for a notebook with
        findings, its cells' lines and JSON lines; or None."""
        try:
            with open(self._entry(key), encoding="utf-8") as handle:
                data = json.load(handle)
            if data.get("key") != key:
                return None
            diagnostics = [Diagnostic.from_dict(d) for d in data["diagnostics"]]
            cells = data.get("cells")
            if cells is not None:  # JSON keys are strings; cell numbers are ints
                cells = {
                    "cell_lines": {int(k): v for k, v in cells["cell_lines"].items()},
                    "json_lines": {int(k): v for k, v in cells["json_lines"].items()},
                }
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None  # missing, unreadable or corrupt: lint the file again
        for d in diagnostics:
            d.path = shown
        return diagnostics, cells

    # --- writing -----------------------------------------------------------------------------
    def _prepare(self) -> None:
        if self._ready:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        ignore = self.top / ".gitignore"
        if not ignore.exists():
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
        try:
            self._prepare()
            entry = self._entry(key)
            entry.parent.mkdir(exist_ok=True)
            _write_atomic(entry, json.dumps(data, separators=(",", ":")).encode("utf-8"))
        except OSError:
            pass


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
    return not outcome.internal_error and not outcome.fixed and not outcome.diff


def has_fixable(diagnostics: list[Diagnostic]) -> bool:
    return any(d.fix is not None for d in diagnostics)
