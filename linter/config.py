"""Configuration: ``[tool.tf2lint]`` in pyproject.toml, then command-line flags over it."""

from __future__ import annotations

import fnmatch
import os
import re
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

DEFAULT_TARGET_TENSORFLOW = "2.21"
# Files above this are reported (`too-large`) instead of linted. Linting takes about 900 bytes
# of memory per byte of generated code (500 for hand-written code) and 16 s per MB here: 1 MiB
# is far beyond any hand-written module (the largest of tensor2tensor, tf-models and Keras is
# 448 KB) and still fits one worker's memory limit (see tf2lint.isolation).
DEFAULT_MAX_FILE_SIZE = 1024 * 1024


class ConfigError(Exception):
    """A bad configuration: the message names the key (and file) at fault."""


@dataclass
class Config:
    """``[tool.tf2lint]``: each key mirrors the ``tf2lint check`` flag of the same name (as in
    ruff); a flag given on the command line wins. ``None``: not set here."""

    select: list[str] | None = None  # None: every rule that is on by default
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    extend_exclude: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    target_tensorflow: str = DEFAULT_TARGET_TENSORFLOW
    max_file_size: int = DEFAULT_MAX_FILE_SIZE  # bytes
    fix: bool | None = None
    fix_only: bool | None = None
    unsafe_fixes: bool | None = None  # None: hint at them; False: not even that
    show_fixes: bool | None = None
    preview: bool | None = None  # show findings whose evidence has a gap
    output_format: str | None = None
    respect_gitignore: bool = True
    force_exclude: bool = False
    report_unused_suppressions: bool = False
    cache_dir: Path | None = None  # relative to ``root``; None: .tf2lint_cache there
    root: Path = field(default_factory=Path.cwd)  # the folder holding the config file
    source: Path | None = None


_KEYS = {
    "select": "list",
    "extend-select": "list",
    "ignore": "list",
    "exclude": "list",
    "extend-exclude": "list",
    "per-file-ignores": "table",
    "target-tensorflow": "version",
    "max-file-size": "size",
    "fix": "bool",
    "fix-only": "bool",
    "unsafe-fixes": "bool",
    "show-fixes": "bool",
    "preview": "bool",
    "output-format": "format",
    "respect-gitignore": "bool",
    "force-exclude": "bool",
    "report-unused-suppressions": "bool",
    "cache-dir": "path",
}


def find_config(start: Path) -> Path | None:
    """The nearest pyproject.toml with a [tool.tf2lint] table, from ``start`` upwards. Folders
    that cannot be searched (permissions, a name too long) are passed over."""
    start = Path(os.path.realpath(start))  # as resolve(), but a symlink loop is no error
    for folder in (start, *start.parents) if _is_dir(start) else start.parents:
        candidate = folder / "pyproject.toml"
        if not _is_file(candidate):
            continue
        try:
            data = tomllib.loads(candidate.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
            raise ConfigError(f"{candidate}: cannot read: {error}") from error
        if "tf2lint" in data.get("tool", {}):
            return candidate
    return None


def _is_dir(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _is_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def load_config(path: Path | None) -> Config:
    if path is None:
        return Config()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{path}: cannot read: {error}") from error
    table = data.get("tool", {}).get("tf2lint", {})
    return config_from_table(table, path)


def config_from_table(table: dict, path: Path | None = None) -> Config:
    where = f"{path}: " if path else ""
    config = Config(root=path.parent if path else Path.cwd(), source=path)
    for key, value in table.items():
        kind = _KEYS.get(key)
        attribute = key.replace("-", "_")
        if kind is None:
            raise ConfigError(
                f"{where}[tool.tf2lint] unknown key `{key}` (known: {', '.join(sorted(_KEYS))})"
            )
        if kind == "list":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ConfigError(f"{where}[tool.tf2lint] `{key}` must be a list of strings")
            setattr(config, attribute, list(value))
        elif kind == "bool":
            if not isinstance(value, bool):
                raise ConfigError(f"{where}[tool.tf2lint] `{key}` must be true or false")
            setattr(config, attribute, value)
        elif kind == "format":
            from tf2lint.output import FORMAT_ALIASES, OUTPUT_FORMATS

            value = FORMAT_ALIASES.get(value, value)
            if value not in OUTPUT_FORMATS:
                raise ConfigError(
                    f"{where}[tool.tf2lint] `{key}` must be one of {', '.join(OUTPUT_FORMATS)}, "
                    f"got {value!r}"
                )
            config.output_format = value
        elif kind == "path":
            if not isinstance(value, str) or not value:
                raise ConfigError(f"{where}[tool.tf2lint] `{key}` must be a path (a string)")
            config.cache_dir = config.root / Path(value).expanduser()
        elif kind == "table":
            if not isinstance(value, dict) or not all(
                isinstance(v, list) and all(isinstance(i, str) for i in v) for v in value.values()
            ):
                raise ConfigError(
                    f"{where}[tool.tf2lint] `{key}` must map glob patterns to lists of rule ids"
                )
            config.per_file_ignores = {k: list(v) for k, v in value.items()}
        elif kind == "version":
            if not isinstance(value, str) or not re.fullmatch(r"2\.\d+", value):
                raise ConfigError(
                    f'{where}[tool.tf2lint] `{key}` must be a TF2 version like "2.16", got {value!r}'
                )
            config.target_tensorflow = value
        elif kind == "size":
            size = parse_size(value)
            if size is None:
                raise ConfigError(
                    f"{where}[tool.tf2lint] `{key}` must be a size in bytes (an integer) or a "
                    f'string like "2MiB" or "500 KB", got {value!r}'
                )
            config.max_file_size = size
    return config


_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(b|kb|kib|mb|mib|gb|gib)?\s*", re.IGNORECASE)
_UNITS = {"b": 1, "kb": 10**3, "kib": 2**10, "mb": 10**6, "mib": 2**20, "gb": 10**9, "gib": 2**30}


def parse_size(value: object) -> int | None:
    """A positive size in bytes from an integer or a string like ``"2MiB"``; None if invalid."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if value > 0 else None
    match = _SIZE.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        return None
    size = int(float(match.group(1)) * _UNITS[(match.group(2) or "b").lower()])
    return size if size > 0 else None


def version_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


def matches_pattern(relative: str, pattern: str, below: int = 0) -> bool:
    """Glob match for exclude and per-file-ignores: against the path and each of its parents.

    The first ``below`` components (a folder named on the command line) are never matched alone.
    """
    pattern = pattern.rstrip("/")
    parts = relative.split("/")
    candidates = ["/".join(parts[: i + 1]) for i in range(below, len(parts))] + parts[below:]
    return any(fnmatch.fnmatchcase(c, pattern) for c in candidates)
