"""What one ``tf2lint check`` is asked: its flags over the nearest configuration, for each file
(ruff's ``resolve``), and which files it lints with which others of their program.

tf2lint.commands.cli parses the command line and reports; this module turns the parsed flags into the
run's settings (tf2lint.run.settings) and file list. A usage or configuration error is a
``_UsageError``: the command exits 2 with its message.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import tf2lint
from tf2lint.base.config import (
    CONFIG_FILES,
    FORMAT_ALIASES,
    OUTPUT_FORMATS,
    ConfigError,
    files_read,
    find_config,
    load_config,
    matches_pattern,
    parse_override,
)
from tf2lint.linting.selection import (
    RuleSelection,
    check_per_file_ignores,
    select_rules,
    unfixable_rules,
)
from tf2lint.run.files import discover, relative_to_root
from tf2lint.run.gitignore import is_ignored
from tf2lint.run.package_files import package_files
from tf2lint.run.settings import Settings

if TYPE_CHECKING:
    from tf2lint.base.config import Config
    from tf2lint.linting.rule import Rule


def _comma_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


class _UsageError(Exception):
    pass


@dataclass
class CheckOptions:
    """What the command line and ``[tool.tf2lint]`` decided together (flags win)."""

    fix_mode: str  # "generate", "apply" (--fix, --fix-only) or "diff"
    fix_only: bool
    unsafe_fixes: bool | None  # None: not set anywhere; hint at the hidden fixes
    show_fixes: bool
    output_format: str
    excludes: list[str]
    respect_gitignore: bool
    force_exclude: bool
    preview: bool = False  # also findings whose evidence has a gap


def _pick(flag, configured, default=None):
    return flag if flag is not None else configured if configured is not None else default


@dataclass
class LoadedSettings:
    """The run's configuration (the one nearest the paths given, or ``--config``'s) and
    settings, and each file's own (the nearest configuration to the file, as in ruff)."""

    config: Config
    settings: Settings
    options: CheckOptions
    config_file: Path | None  # --config FILE: every file uses it
    overrides: list[dict]  # --config KEY=VALUE and the flags that are keys, over every file's
    isolated: bool
    cli_rules: RuleSelection  # --select, --extend-select, --ignore
    unused_flag: bool | None  # --[no-]report-unused-suppressions
    per_folder: dict[Path, Path | None] = field(default_factory=dict)  # folder -> its config
    per_config: dict[Path | None, Settings] = field(default_factory=dict)

    def config_path_for(self, path: Path) -> Path | None:
        if self.isolated:
            return None
        if self.config_file is not None:
            return self.config_file
        folder = Path(os.path.abspath(path)).parent
        if folder not in self.per_folder:
            self.per_folder[folder] = find_config(folder)
        return self.per_folder[folder]

    def settings_for(self, path: Path) -> Settings:
        """The settings of the file at ``path``; raises ConfigError."""

        config_path = self.config_path_for(path)
        if config_path == self.config.source:
            return self.settings
        if config_path not in self.per_config:
            config = load_config(config_path, self.overrides)
            self.per_config[config_path] = replace(
                self.settings,  # what the run decides: fixing, the cache folder
                rules=_selected(config, self.cli_rules),
                root=config.root,
                per_file_ignores=config.all_per_file_ignores(),
                unfixable=_unfixable(config),
                report_unused_suppressions=bool(
                    _pick(self.unused_flag, config.report_unused_suppressions, False)
                ),
                max_file_size=config.max_file_size,
                keras_version=config.keras_version,
            )
        return self.per_config[config_path]


def _selected(config: Config, cli_rules: RuleSelection) -> list[type[Rule]]:
    """The rules a configuration selects, with the command line's selection over it."""

    from tf2lint.linting.plugins import all_rules

    check_per_file_ignores(all_rules(), config.all_per_file_ignores())
    return select_rules(
        all_rules(),
        config.select,
        config.ignore + config.extend_ignore,
        config.target_tensorflow,
        extend_select=config.extend_select,
        overrides=cli_rules,
    )


def _config_args(args: argparse.Namespace) -> tuple[Path | None, list[dict]]:
    """``--config``: a configuration file (at most one), or ``KEY=VALUE`` overrides (as ruff's);
    and the flags that are configuration keys, as overrides."""

    config_file = None
    overrides = []
    for value in args.config or []:
        if "=" not in value or Path(value).is_file():
            if config_file is not None:
                raise _UsageError("--config names two configuration files")
            config_file = Path(value)
            if not config_file.exists():  # a FIFO or folder: reading it says why it is no file
                raise _UsageError(f"--config: no such file: {value}")
        else:
            overrides.append(parse_override(value))
    if args.target_tensorflow:
        overrides.append(
            parse_override(f"target-tensorflow = {json.dumps(args.target_tensorflow)}")
        )
    if args.keras_version is not None:
        overrides.append({"keras-version": args.keras_version})
    for flag, key in ((args.fixable, "fixable"), (args.unfixable, "unfixable")):
        if flag is not None:
            overrides.append({key: flag})
    if args.extend_fixable:
        overrides.append({"extend-fixable": args.extend_fixable})
    for flag, key in (
        (args.per_file_ignores, "per-file-ignores"),
        (args.extend_per_file_ignores, "extend-per-file-ignores"),
    ):
        if flag is not None:
            overrides.append({key: _pattern_codes(flag, f"--{key}")})
    return config_file, overrides


def _unfixable(config: Config) -> frozenset[str]:
    from tf2lint.linting.plugins import all_rules

    return unfixable_rules(all_rules(), config.fixable, config.unfixable, config.extend_fixable)


def _pattern_codes(values: list[str], flag: str) -> dict[str, list[str]]:
    """``PATTERN:CODES`` arguments (ruff's form, e.g. ``tests/*:TF201,TF202``) as a table."""
    table: dict[str, list[str]] = {}
    for value in values:
        pattern, colon, codes = value.rpartition(":")
        if not colon or not pattern or not codes.strip():
            raise _UsageError(f"{flag} takes PATTERN:CODES (e.g. 'tests/*:TF201'), got {value!r}")
        table.setdefault(pattern, []).extend(_comma_list(codes))
    return table


def _run_folder(args: argparse.Namespace, paths: list[Path]) -> Path:
    """Where the run's own configuration is looked for: the folder holding every path given
    (whatever their order), or the file read from stdin's."""
    if _reads_stdin(args) and args.stdin_filename:
        return Path(os.path.abspath(args.stdin_filename)).parent
    folder = Path(os.path.commonpath([os.path.abspath(p) for p in paths]))
    return folder if folder.is_dir() else folder.parent


def _load_settings(args: argparse.Namespace, paths: list[Path]) -> LoadedSettings:
    from tf2lint.linting.plugins import PluginError

    try:
        config_file, overrides = _config_args(args)
        if args.isolated:
            config_path = None
        else:
            config_path = config_file or find_config(_run_folder(args, paths))
        config = load_config(config_path, overrides)
        cli_rules = RuleSelection(args.select, args.extend_select or [], args.ignore or [])
        rules = _selected(config, cli_rules)
        unfixable = _unfixable(config)
    except (ConfigError, PluginError) as error:
        raise _UsageError(str(error)) from error
    # the configuration keys that are flags of the run
    # (a flag that contradicts one of them wins over it)
    if args.exit_zero is None:
        args.exit_zero = bool(config.exit_zero) and not args.exit_non_zero_on_fix
    if args.statistics is None:
        args.statistics = bool(config.statistics) and not (args.diff or args.add_noqa)
    args.color = args.color or config.color or "auto"
    args.jobs = args.jobs or config.jobs
    fix_only = bool(_pick(args.fix_only, config.fix_only, False))
    fix = bool(_pick(args.fix, config.fix, False)) or fix_only
    fix_mode = "diff" if args.diff else "apply" if fix else "generate"
    unsafe_fixes = _pick(args.unsafe_fixes, config.unsafe_fixes)
    output_format = args.output_format or os.environ.get("TF2LINT_OUTPUT_FORMAT")
    output_format = output_format or config.output_format or "full"
    output_format = FORMAT_ALIASES.get(output_format, output_format)
    if output_format not in OUTPUT_FORMATS:
        raise _UsageError(
            f"TF2LINT_OUTPUT_FORMAT: {output_format!r} is not one of {OUTPUT_FORMATS}"
        )
    cache_dir = args.cache_dir or os.environ.get("TF2LINT_CACHE_DIR") or config.cache_dir
    excludes = (args.exclude if args.exclude is not None else config.exclude) + (
        config.extend_exclude + (args.extend_exclude or [])
    )
    options = CheckOptions(
        fix_mode=fix_mode,
        fix_only=fix_only,
        unsafe_fixes=unsafe_fixes,
        show_fixes=bool(_pick(args.show_fixes, config.show_fixes, False)),
        output_format=output_format,
        preview=bool(_pick(args.preview, config.preview, False)),
        excludes=excludes,
        respect_gitignore=bool(_pick(args.respect_gitignore, config.respect_gitignore, True)),
        force_exclude=bool(_pick(args.force_exclude, config.force_exclude, False)),
    )
    settings = Settings(
        rules=rules,
        root=config.root,
        per_file_ignores=config.all_per_file_ignores(),
        unfixable=unfixable,
        ignore_noqa=args.ignore_noqa,
        report_unused_suppressions=bool(
            _pick(args.report_unused_suppressions, config.report_unused_suppressions, False)
        ),
        fix=fix_mode == "apply",
        unsafe_fixes=bool(unsafe_fixes),
        diff=fix_mode == "diff",
        cache_dir=Path(cache_dir).absolute() if cache_dir else None,
        max_file_size=config.max_file_size,
        keras_version=config.keras_version,
        linted_paths=tuple(paths),
    )
    return LoadedSettings(
        config,
        settings,
        options,
        config_file,
        overrides,
        args.isolated,
        cli_rules,
        args.report_unused_suppressions,
    )


def _per_file(loaded: LoadedSettings, files: list[Path]) -> Callable[[Path], Settings]:
    """Each file's settings, looked up before the run (a bad configuration is a usage error)."""

    from tf2lint.linting.plugins import PluginError

    try:
        table = {Path(os.path.abspath(f)): loaded.settings_for(f) for f in files}
    except (ConfigError, PluginError) as error:
        raise _UsageError(str(error)) from error
    return lambda path: table.get(Path(os.path.abspath(path)), loaded.settings)


def _reads_stdin(args: argparse.Namespace) -> bool:
    """``-`` as the only path, or no path and ``--stdin-filename`` (as in ruff)."""
    return args.paths == [Path("-")] or (not args.paths and args.stdin_filename is not None)


def _files(
    paths: list[Path], config, options: CheckOptions, walked: list[Path] | None = None
) -> list[Path]:
    """The files to check under ``paths``; the folders walked are added to ``walked``."""
    skip = None
    if options.respect_gitignore:

        def skip(path: Path, is_dir: bool) -> bool:
            return is_ignored(path.absolute(), is_dir)

    found = list(discover(paths, config.root, options.excludes, skip, walked))
    if options.force_exclude and options.excludes:  # as in ruff, named paths obey exclude too
        named = {p for p in paths if not p.is_dir()}
        found = [
            f
            for f in found
            if f not in named
            or not any(
                matches_pattern(relative_to_root(f, config.root), pattern)
                for pattern in options.excludes
            )
        ]
    include = (config.include or []) + config.extend_include
    if config.include is not None or include:  # found in folders: as ruff's include, a glob each
        named = {p for p in paths if not p.is_dir()}
        found = [
            f
            for f in found
            if f in named
            or any(matches_pattern(relative_to_root(f, config.root), p) for p in include)
        ]
    return found


def _context(files: list[Path], config, options: CheckOptions) -> list[Path]:
    """The other files of the programs the ``files`` belong to (see
    :func:`tf2lint.run.runner.project_files`), as a run on the whole project would find them (not
    excluded, not ignored): their summaries tell the ``files`` what a whole run would."""

    from tf2lint.run.runner import modules_in, project_files

    named = {Path(os.path.abspath(f)) for f in files}
    listed = functools.lru_cache(maxsize=None)(modules_in)  # a package's files, listed once
    scopes: dict[Path, list[Path]] = {}
    context: dict[Path, None] = {}
    walked: set[int] = set()
    for file in named:
        if file.parent not in scopes:
            scopes[file.parent] = project_files(file, listed)
        scope = scopes[file.parent]
        if id(scope) in walked:
            continue  # a package's files: the same list for each of its folders
        walked.add(id(scope))
        for other in scope:
            if other in named or other in context:
                continue
            relative = relative_to_root(other, config.root)
            if any(matches_pattern(relative, pattern) for pattern in options.excludes):
                continue
            if options.respect_gitignore and is_ignored(other, False):
                continue
            context[other] = None
    return list(context)


def run_dependencies(
    files: list[Path], walked: list[Path], root: Path, rules: Iterable[type]
) -> set[str]:
    """The paths whose change can change a run's answer (see replay): the files read and the
    folders that hold them up to the configuration ``root`` (a module added or removed there),
    the folders walked, the configuration and .gitignore files each of those folders and their
    parents could hold, the configuration files read, the folders of sys.path (a plugin added or
    removed), and the modules and data of tf2lint and of each rule's package folder."""
    paths = {os.path.abspath(f) for f in files}
    folders = {os.path.abspath(f) for f in walked}
    top = os.path.abspath(root)
    for file in list(paths):
        folder = os.path.dirname(file)
        while folder not in folders:
            folders.add(folder)
            parent = os.path.dirname(folder)
            if folder == top or parent == folder or not folder.startswith(top):
                break
            folder = parent
    paths |= folders
    searched: set[str] = set()
    for folder in folders:
        while folder not in searched:  # where find_config and the .gitignore rules look
            searched.add(folder)
            paths.update(os.path.join(folder, name) for name in (*CONFIG_FILES, ".gitignore"))
            paths.add(os.path.join(folder, ".git", "info", "exclude"))
            folder = os.path.dirname(folder)
    paths.update(str(p) for p in files_read)
    paths.update(os.path.abspath(p) for p in sys.path if p and os.path.isdir(p))
    packages = {os.path.dirname(os.path.abspath(tf2lint.__file__))}
    for rule in rules:
        source = getattr(sys.modules.get(rule.__module__), "__file__", None)
        if source:
            packages.add(os.path.dirname(os.path.abspath(source)))
    for folder in packages:
        found = package_files(folder)
        paths.update(found.folders)
        paths.update(found.files)
    return paths
