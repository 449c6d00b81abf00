"""Configuration: ``.tf2lint.toml``, ``tf2lint.toml`` or ``[tool.tf2lint]`` in pyproject.toml, the
nearest to each file (as ruff finds its configuration), then command-line flags over it."""

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
DEFAULT_KERAS_VERSION = 3
KERAS_VERSIONS = (2, 3)
# Files above this are reported (`too-large`) instead of linted. Linting takes about 900 bytes
# of memory per byte of generated code (500 for hand-written code) and 16 s per MB here: 1 MiB
# is far beyond any hand-written module (the largest of tensor2tensor, tf-models and Keras is
# 448 KB) and still fits one worker's memory limit (see tf2lint.run.isolation).
DEFAULT_MAX_FILE_SIZE = 1024 * 1024


# The files a folder's configuration is read from, in order of precedence (as ruff's .ruff.toml,
# ruff.toml, pyproject.toml): the first two hold the keys at the top level, pyproject.toml in
# [tool.tf2lint] (a pyproject.toml without that table is no configuration).
CONFIG_FILES = (".tf2lint.toml", "tf2lint.toml", "pyproject.toml")
COLOR_CHOICES = ("auto", "always", "never")
# ruff's names: "full" shows each finding with its source frame, "concise" one line each.
OUTPUT_FORMATS = (
    "full",
    "concise",
    "grouped",
    "json",
    "json-lines",
    "junit",
    "github",
    "gitlab",
    "pylint",
    "rdjson",
    "azure",
    "sarif",
)
FORMAT_ALIASES = {"text": "full"}  # tf2lint's earlier name for "full"


class ConfigError(Exception):
    """A bad configuration: the message names the key (and file) at fault."""


@dataclass
class Config:
    """``[tool.tf2lint]``: each key mirrors the ``tf2lint check`` flag of the same name (as in
    ruff); a flag given on the command line wins. ``None``: not set here."""

    select: list[str] | None = None  # None: every rule that is on by default
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    extend_ignore: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    include: list[str] | None = None  # None: every .py and .ipynb file found in folders
    extend_include: list[str] = field(default_factory=list)
    extend_exclude: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    extend_per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    fixable: list[str] | None = None  # None: every rule's fixes
    unfixable: list[str] = field(default_factory=list)
    extend_fixable: list[str] = field(default_factory=list)
    target_tensorflow: str = DEFAULT_TARGET_TENSORFLOW
    # The Keras that `tf.keras` is where the code runs: 3 (TensorFlow 2.16+'s default), or 2
    # (tf-keras: TF_USE_LEGACY_KERAS=1 set in the project's environment, not in its code)
    keras_version: int = DEFAULT_KERAS_VERSION
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
    exit_zero: bool | None = None
    statistics: bool | None = None
    color: str | None = None  # auto, always or never
    jobs: int | None = None
    root: Path = field(default_factory=Path.cwd)  # the folder holding the config file
    source: Path | None = None

    def all_per_file_ignores(self) -> dict[str, list[str]]:
        """``per-file-ignores`` with ``extend-per-file-ignores`` added."""
        merged = {k: list(v) for k, v in self.per_file_ignores.items()}
        for pattern, ids in self.extend_per_file_ignores.items():
            merged[pattern] = merged.get(pattern, []) + ids
        return merged


_KEYS = {
    "select": "list",
    "extend-select": "list",
    "ignore": "list",
    "extend-ignore": "list",
    "exclude": "list",
    "include": "list",
    "extend-include": "list",
    "extend-exclude": "list",
    "per-file-ignores": "table",
    "extend-per-file-ignores": "table",
    "fixable": "list",
    "unfixable": "list",
    "extend-fixable": "list",
    "target-tensorflow": "version",
    "keras-version": "keras",
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
    "exit-zero": "bool",
    "statistics": "bool",
    "color": "color",
    "jobs": "jobs",
}


def find_config(start: Path) -> Path | None:
    """The nearest configuration file (see CONFIG_FILES), from ``start`` upwards. Folders
    that cannot be searched (permissions, a name too long) are passed over."""
    start = Path(os.path.realpath(start))  # as resolve(), but a symlink loop is no error
    for folder in (start, *start.parents) if _is_dir(start) else start.parents:
        for name in CONFIG_FILES:
            candidate = folder / name
            if not _is_file(candidate):
                continue
            if name != "pyproject.toml" or "tf2lint" in tool_table(read_toml(candidate), candidate):
                return candidate
    return None


# The keys ruff users now write under `[tool.ruff.lint]`: accepted under `[tool.tf2lint.lint]`
# (or `[lint]` in tf2lint.toml) as ruff accepts them, and preferred over the same key above it.
LINT_KEYS = frozenset(
    {
        "select", "extend-select", "ignore", "extend-ignore", "per-file-ignores",
        "extend-per-file-ignores", "fixable", "unfixable", "extend-fixable", "preview",
        "exclude", "extend-exclude", "report-unused-suppressions", "target-tensorflow",
        "keras-version",
    }
)  # fmt: skip
# Keys whose values are paths or patterns: relative to the folder of the file that wrote them.
_ANCHORED = ("exclude", "extend-exclude", "include", "extend-include")
_ANCHORED_TABLES = ("per-file-ignores", "extend-per-file-ignores")


def _own_table(path: Path) -> dict:
    """The keys a configuration file sets itself (its ``extend`` not followed), those of its
    ``lint`` table among them."""
    data = read_toml(path)
    table = data
    if path.name == "pyproject.toml":
        table = tool_table(data, path).get("tf2lint", {})
        if not isinstance(table, dict):
            raise ConfigError(
                f"{path}: `tool.tf2lint` must be a table ([tool.tf2lint]), not {_kind(table)}"
            )
    return _with_lint_table(table, path)


def _with_lint_table(table: dict, path: Path) -> dict:
    trace = table.get("trace")
    if trace is not None:  # the runtime harness's settings (`pytest --tf2lint`): its own to read
        if not isinstance(trace, dict):
            raise ConfigError(
                f"{path}: `trace` must be a table ([tool.tf2lint.trace]), not {_kind(trace)}"
            )
        table = {k: v for k, v in table.items() if k != "trace"}
    lint = table.get("lint")
    if lint is None:
        return table
    if not isinstance(lint, dict):
        raise ConfigError(
            f"{path}: `lint` must be a table ([tool.tf2lint.lint]), not {_kind(lint)}"
        )
    unknown = sorted(set(lint) - LINT_KEYS)
    if unknown:
        raise ConfigError(
            f"{path}: [tool.tf2lint.lint] unknown key `{unknown[0]}` "
            f"(known: {', '.join(sorted(LINT_KEYS))})"
        )
    return {**{k: v for k, v in table.items() if k != "lint"}, **lint}


def _anchored(table: dict, written: Path, read: Path) -> dict:
    """``table``'s patterns and paths, written relative to the folder ``written``, made
    relative to the folder ``read`` (as ruff resolves an extended file's patterns against its
    own folder). A pattern without a ``/`` names a file or folder at any depth: kept as it is."""
    if written == read:
        return table

    def moved(pattern: object) -> object:
        if not isinstance(pattern, str) or "/" not in pattern.rstrip("/"):
            return pattern
        if os.path.isabs(pattern):
            return pattern
        return os.path.relpath(os.path.join(written, pattern), read).replace(os.sep, "/")

    out = dict(table)
    for key in _ANCHORED:
        if isinstance(out.get(key), list):
            out[key] = [moved(p) for p in out[key]]
    for key in _ANCHORED_TABLES:
        if isinstance(out.get(key), dict):
            out[key] = {moved(p): ids for p, ids in out[key].items()}
    cache = out.get("cache-dir")
    if isinstance(cache, str) and cache and not os.path.isabs(os.path.expanduser(cache)):
        out["cache-dir"] = os.path.relpath(os.path.join(written, cache), read)
    return out


def config_table(path: Path, _seen: tuple[Path, ...] = ()) -> dict:
    """The keys ``path`` sets, over those of the file its ``extend`` names (as ruff's
    ``extend``: a path relative to the file, followed as far as it goes). ``extend-*`` lists
    add to those of the extended file; any other key replaces its value."""
    table = dict(_own_table(path))
    extend = table.pop("extend", None)
    if extend is None:
        return table
    if not isinstance(extend, str) or not extend:
        raise ConfigError(f"{path}: `extend` must be the path of another configuration file")
    base_path = Path(os.path.realpath(path.parent / Path(extend).expanduser()))
    if base_path in (*_seen, Path(os.path.realpath(path))):
        raise ConfigError(f"{path}: `extend` goes round in a cycle through {base_path}")
    if not _is_file(base_path):
        raise ConfigError(f"{path}: `extend`: no such file: {base_path}")
    base = config_table(base_path, (*_seen, Path(os.path.realpath(path))))
    return merge_tables(
        _anchored(base, base_path.parent, Path(os.path.realpath(path.parent))), table
    )


def extended_files(path: Path) -> list[Path]:
    """``path`` and the configuration files its ``extend`` chain names, in order: a change to
    any of them changes what :func:`config_table` reads (the language server watches them)."""
    files = [Path(os.path.realpath(path))]
    while True:
        try:
            extend = _own_table(files[-1]).get("extend")
        except (ConfigError, OSError):
            return files
        if not isinstance(extend, str) or not extend:
            return files
        base = Path(os.path.realpath(files[-1].parent / Path(extend).expanduser()))
        if base in files or not _is_file(base):
            return files
        files.append(base)


def merge_tables(base: dict, top: dict) -> dict:
    """``top``'s keys over ``base``'s: ``extend-*`` lists add up; a ``select`` in ``top`` starts
    the selection afresh (``base``'s ``extend-select`` goes with its ``select``)."""
    merged = dict(base)
    if "select" in top:
        merged.pop("extend-select", None)
    for key, value in top.items():
        if key.startswith("extend-") and isinstance(value, list):
            before = merged.get(key, [])
            merged[key] = (before if isinstance(before, list) else []) + value
        elif key.startswith("extend-") and isinstance(value, dict):
            before = merged.get(key, {})
            merged[key] = {**(before if isinstance(before, dict) else {}), **value}
        else:
            merged[key] = value
    return merged


def parse_override(text: str) -> dict:
    """``--config KEY=VALUE``: one TOML assignment, as ruff's ``--config``."""
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(
            f"--config {text!r}: neither a configuration file nor a TOML `key = value` ({error})"
        ) from error
    config_from_table(table, where="--config: ")  # the keys and values are checked here
    return table


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


def load_config(path: Path | None, overrides: list[dict] = ()) -> Config:
    """The configuration of ``path`` (None: the defaults), with ``overrides`` (``--config
    KEY=VALUE``) over it."""
    table = config_table(path) if path is not None else {}
    for override in overrides:
        table = merge_tables(table, override)
    return config_from_table(table, path)


def config_from_table(table: dict, path: Path | None = None, where: str | None = None) -> Config:
    if where is None:
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
            value = FORMAT_ALIASES.get(value, value) if isinstance(value, str) else value
            if value not in OUTPUT_FORMATS:
                raise ConfigError(
                    f"{where}[tool.tf2lint] `{key}` must be one of {', '.join(OUTPUT_FORMATS)}, "
                    f"got {value!r}"
                )
            config.output_format = value
        elif kind == "path":
            if not isinstance(value, str) or not value:
                raise ConfigError(f"{where}[tool.tf2lint] `{key}` must be a path (a string)")
            try:
                config.cache_dir = config.root / Path(value).expanduser()
            except (RuntimeError, KeyError) as error:  # `~nouser`: no such user's home
                raise ConfigError(f"{where}[tool.tf2lint] `{key}`: {value!r}: {error}") from error
        elif kind == "table":
            if not isinstance(value, dict) or not all(
                isinstance(v, list) and all(isinstance(i, str) for i in v) for v in value.values()
            ):
                raise ConfigError(
                    f"{where}[tool.tf2lint] `{key}` must map glob patterns to lists of rule ids"
                )
            setattr(config, attribute, {k: list(v) for k, v in value.items()})
        elif kind == "color":
            if value not in COLOR_CHOICES:
                raise ConfigError(
                    f"{where}[tool.tf2lint] `{key}` must be one of {', '.join(COLOR_CHOICES)}, "
                    f"got {value!r}"
                )
            config.color = value
        elif kind == "jobs":
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ConfigError(
                    f"{where}[tool.tf2lint] `{key}` must be a whole number of processes, 1 or "
                    f"more, got {value!r}"
                )
            config.jobs = value
        elif kind == "version":
            if not isinstance(value, str) or not re.fullmatch(r"2\.\d+", value):
                raise ConfigError(
                    f'{where}[tool.tf2lint] `{key}` must be a TF2 version like "2.16", got {value!r}'
                )
            config.target_tensorflow = value
        elif kind == "keras":
            if type(value) is not int or value not in KERAS_VERSIONS:
                raise ConfigError(
                    f"{where}[tool.tf2lint] `{key}` must be 2 (tf-keras: TF_USE_LEGACY_KERAS=1 "
                    f"where the code runs) or 3 (the default), got {_short(value)}"
                )
            config.keras_version = value
        elif kind == "size":
            size = parse_size(value)
            if size is None:
                raise ConfigError(
                    f"{where}[tool.tf2lint] `{key}` must be a size in bytes (an integer) or a "
                    f'string like "2MiB" or "500 KB", at most 1 TiB, got {_short(value)}'
                )
            config.max_file_size = size
    return config


_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(b|kb|kib|mb|mib|gb|gib)?\s*", re.IGNORECASE)
_UNITS = {"b": 1, "kb": 10**3, "kib": 2**10, "mb": 10**6, "mib": 2**20, "gb": 10**9, "gib": 2**30}


MAX_SIZE = 1 << 40  # 1 TiB: any size a read can be asked for (2**63 overflows the system call)


def parse_size(value: object) -> int | None:
    """A positive size in bytes from an integer or a string like ``"2MiB"``; None if invalid."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if 0 < value <= MAX_SIZE else None
    match = _SIZE.fullmatch(value) if isinstance(value, str) and len(value) < 100 else None
    if match is None:
        return None
    size = int(float(match.group(1)) * _UNITS[(match.group(2) or "b").lower()])
    return size if 0 < size <= MAX_SIZE else None


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


# --- reading configuration files: bounded, never blocking, every failure a ConfigError ------

MAX_CONFIG_SIZE = 4 << 20
_HUGE_INTEGER = re.compile(r"^\s*([^=\n]+?)\s*=\s*[+-]?[0-9_]{4000,}", re.MULTILINE)


# Every configuration file this process read (a recorded run depends on each: see replay).
files_read: set[Path] = set()


def read_toml(path: Path) -> dict:
    """A TOML file's data: a regular file only, read without blocking, at most
    MAX_CONFIG_SIZE; anything that cannot be read or parsed is a ConfigError saying why."""
    files_read.add(Path(os.path.abspath(path)))
    text = ""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise ConfigError(f"{path}: cannot read: not a regular file")
            data = handle.read(MAX_CONFIG_SIZE + 1)
        if len(data) > MAX_CONFIG_SIZE:
            raise ConfigError(f"{path}: cannot read: larger than {MAX_CONFIG_SIZE >> 20} MiB")
        text = data.decode("utf-8")
        return tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{path}: cannot read: {error}") from error
    except RecursionError as error:
        raise ConfigError(f"{path}: cannot read: nested too deeply") from error
    except ValueError as error:  # an integer past Python's digit limit
        huge = _HUGE_INTEGER.search(text)
        key = f" `{huge.group(1)}`" if huge else ""
        raise ConfigError(f"{path}: cannot read:{key} an integer with too many digits") from error


def tool_table(data: dict, path: Path) -> dict:
    """The ``[tool]`` table of a parsed pyproject.toml; a ConfigError if it is no table."""
    tool = data.get("tool", {})
    if not isinstance(tool, dict):
        raise ConfigError(f"{path}: `tool` must be a table ([tool]), not {_kind(tool)}")
    return tool


def _kind(value: object) -> str:
    if isinstance(value, list):
        return "an array (write [tool.tf2lint], not [[tool.tf2lint]])"
    return f"{type(value).__name__} {_short(value)}"


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:40]}... ({len(text)} characters)"
