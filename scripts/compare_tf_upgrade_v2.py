"""Differential check of tf2lint's tf1-api rules against TensorFlow's own ``tf_upgrade_v2``.

    python scripts/compare_tf_upgrade_v2.py PACKAGE_DIR [PACKAGE_DIR ...]
        [--tf-upgrade-v2 PATH] [--tf2lint PATH] [--show-missed N]

For each package folder (an unpacked wheel), on a fresh copy:

1. runs ``tf_upgrade_v2 --intree`` and reads its report: every (file, line) it changes or
   warns about is one location;
2. runs ``tf2lint check --select tf1-api``: a location is found when a tf2lint finding in the
   same file starts on that line (``--span`` also counts findings whose range covers it);
3. prints both tools' counts and wall-clock times and tf2lint's recall over tf_upgrade_v2's
   locations. Excepted from recall, as documented in docs/tf1-migration.md: tf_upgrade_v2's
   guesses by method name alone (``*.save requires manual check`` on any object's ``.save``;
   tf2lint reports those only where the receiver is known to be a Keras model), its notes
   about itself (``Not upgrading symbols because tensorflow.compat.v2 ...`` is TF2 code), and
   its keyword rewrites of calls whose positional arguments bind the same parameters in TF2;
4. runs ``tf2lint check --select tf1-api --fix --unsafe-fixes`` on another copy, checks that
   every file that parsed before still parses, runs tf2lint again and counts the fixes it
   still offers (should be 0) and the tf1-api findings that remain.

Not part of the unit suite: it needs TensorFlow (for tf_upgrade_v2) and a minute or two.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ENTRY = re.compile(r"^(\d+):(\d+): (INFO|WARNING|ERROR): (.*)$")
EXCEPTED = (
    # guesses by method name alone, on any object
    re.compile(r"^\*\.save requires manual check"),
    re.compile(r"^\(Manual check required\) upgrading (?!tf\.)\S+\.(minimize|compute_gradients) "),
    # notes about tf_upgrade_v2 itself: `import tensorflow.compat.v2 as tf` is TF2 code
    re.compile(r"^Not upgrading symbols because `tensorflow\.compat\.v2`"),
)
# tf_upgrade_v2 errors on `tf.nn.dropout(x, rate=...)`, which is already TF2: excepted when the
# call really passes `rate=` (checked in the source).
DROPOUT_FALSE_ALARM = re.compile(r"^tf\.nn\.dropout called without arguments")
# tf_upgrade_v2 writes every positional argument of a reordered function as a keyword, even
# where each binds the same parameter in TF2 (`tf.while_loop(cond, body, loop_vars)`): excepted
# when no call of the function on that line has a positional argument TF2 binds differently
# (checked in the source against the signatures TF103 uses).
KEYWORDS_ADDED = re.compile(r"^Added keywords to args of function '([^']+)'")
# ... and then renames keywords it added itself (`value=` of conv1d): excepted on the same
# check when the call passes no such keyword.
KEYWORD_RENAMED = re.compile(r"^Renamed keyword argument for (\S+) from (\w+) to \w+")


def binds_the_same(source: str, line: int, function: str, keyword: str | None = None) -> bool:
    """Whether every call of ``function`` starting on ``line`` binds its positional arguments
    to the same parameters in TF1 and TF2 (and passes no ``keyword``)."""
    from tf2lint.rules.tf1_api import first_moved

    leaf = function.rsplit(".", 1)[-1]
    calls = [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and node.lineno == line
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == leaf
    ]
    return bool(calls) and all(
        not any(isinstance(a, ast.Starred) for a in call.args)
        and first_moved(function, len(call.args)) is None
        and all(k.arg != keyword for k in call.keywords)
        for call in calls
    )


def run_tf_upgrade_v2(tool: str, tree: Path, work: Path) -> tuple[list, float]:
    report = work / "report.txt"
    start = time.perf_counter()
    subprocess.run(
        [
            tool,
            "--intree",
            str(tree),
            "--outtree",
            str(work / "upgraded"),
            "--reportfile",
            str(report),
        ],
        check=True,
        capture_output=True,
        env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"},
    )
    elapsed = time.perf_counter() - start
    entries = []
    current = None
    for line in report.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("Processing file '"):
            current = Path(line[len("Processing file '") : line.rindex("'")])
            continue
        match = ENTRY.match(line)
        if match and current is not None:
            rel = current.resolve().relative_to(tree.resolve()).as_posix()
            entries.append((rel, int(match[1]), match[3], match[4]))
    return entries, elapsed


def run_tf2lint(tool: str, tree: Path, *extra: str) -> tuple[list[dict], float]:
    start = time.perf_counter()
    proc = subprocess.run(
        [tool, "check", "--select", "tf1-api", "--format", "json", "--exit-zero", *extra, "."],
        cwd=tree,
        capture_output=True,
        text=True,
    )
    elapsed = time.perf_counter() - start
    try:
        diagnostics = [  # ruff's schema; the names this script reads
            {**d, "path": os.path.relpath(d["filename"], tree), "line": d["location"]["row"]}
            | {"rule": d["code"], "column": d["location"]["column"]}
            | {"end_line": d["end_location"]["row"]}
            for d in json.loads(proc.stdout)
        ]
    except (json.JSONDecodeError, KeyError, TypeError):
        sys.exit(f"tf2lint failed ({proc.returncode}): {proc.stderr[-2000:]}")
    for d in diagnostics:
        if d["category"] == "engine":  # e.g. a notebook this checkout cannot read: say so
            print(f"  tf2lint engine diagnostic: {d['path']}: {d['message'][:100]}")
    diagnostics = [d for d in diagnostics if d["category"] != "engine"]
    for d in diagnostics:
        d["path"] = Path(d["path"]).as_posix().removeprefix("./")
    return diagnostics, elapsed


def parses(path: Path) -> bool:
    try:
        ast.parse(path.read_bytes())
    except (SyntaxError, ValueError):
        return False
    return True


def fresh_copy(source: Path, work: Path, name: str) -> Path:
    target = work / name
    shutil.copytree(source, target)
    (target / "pyproject.toml").write_text("[tool.tf2lint]\n")  # no config from elsewhere
    return target


def compare(package: Path, args) -> dict:
    with tempfile.TemporaryDirectory(prefix="tf2lint-compare-") as tmp:
        work = Path(tmp)
        tree = fresh_copy(package, work, "original")
        entries, upgrade_time = run_tf_upgrade_v2(args.tf_upgrade_v2, tree, work)
        diagnostics, lint_time = run_tf2lint(args.tf2lint, tree)
        starts = {(d["path"], d["line"]) for d in diagnostics}
        spans: dict[str, list[tuple[int, int]]] = {}
        for d in diagnostics:
            spans.setdefault(d["path"], []).append((d["line"], d["end_line"]))

        def found(location: tuple[str, int]) -> bool:
            if location in starts:
                return True
            return args.span and any(a <= location[1] <= b for a, b in spans.get(location[0], ()))

        sources: dict[str, str] = {}

        def source(path: str) -> str:
            if path not in sources:
                sources[path] = (tree / path).read_text(errors="replace")
            return sources[path]

        def excepted(entry) -> bool:
            if any(p.match(entry[3]) for p in EXCEPTED):
                return True
            if DROPOUT_FALSE_ALARM.match(entry[3]):
                text = " ".join(source(entry[0]).splitlines()[entry[1] - 1 : entry[1] + 3])
                return "rate=" in text.replace(" ", "")
            added = KEYWORDS_ADDED.match(entry[3])
            renamed = KEYWORD_RENAMED.match(entry[3])
            if added or renamed:
                function, keyword = (added[1], None) if added else (renamed[1], renamed[2])
                try:
                    return binds_the_same(source(entry[0]), entry[1], function, keyword)
                except SyntaxError:
                    return False
            return False

        counted = [e for e in entries if not excepted(e)]
        locations = {(e[0], e[1]) for e in counted}
        missed = sorted(loc for loc in locations if not found(loc))
        by_location = {}
        for e in counted:
            by_location.setdefault((e[0], e[1]), e[3])

        fixed_tree = fresh_copy(package, work, "fixed")
        py_files = sorted(fixed_tree.rglob("*.py"))
        parsed_before = {p for p in py_files if parses(p)}
        _, fix_time = run_tf2lint(args.tf2lint, fixed_tree, "--fix", "--unsafe-fixes")
        parsed_after = {p for p in py_files if parses(p)}
        again, _ = run_tf2lint(args.tf2lint, fixed_tree)
        changed = sum(
            1
            for p in py_files
            if p.read_bytes() != (package / p.relative_to(fixed_tree)).read_bytes()
        )
        return {
            "package": package.name,
            "files": len(py_files),
            "upgrade_entries": len(entries),
            "upgrade_locations": len({(e[0], e[1]) for e in entries}),
            "excepted": len(entries) - len(counted),
            "counted_locations": len(locations),
            "upgrade_time": upgrade_time,
            "lint_findings": len(diagnostics),
            "lint_locations": len(starts),
            "lint_time": lint_time,
            "lint_by_rule": Counter(d["rule"] for d in diagnostics),
            "missed": [(loc, by_location[loc]) for loc in missed],
            "recall": 1 - len(missed) / len(locations) if locations else 1.0,
            "parsed_before": len(parsed_before),
            "still_parse": len(parsed_before & parsed_after),
            "files_changed": changed,
            "fix_time": fix_time,
            "fixes_offered_after": sum(1 for d in again if d["fix"]),
            "remaining": len(again),
            "remaining_by_rule": Counter(d["rule"] for d in again),
        }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="+", type=Path)
    parser.add_argument("--tf-upgrade-v2", default=shutil.which("tf_upgrade_v2") or "tf_upgrade_v2")
    parser.add_argument("--tf2lint", default=shutil.which("tf2lint") or "tf2lint")
    parser.add_argument("--span", action="store_true", help="count findings covering the line")
    parser.add_argument("--show-missed", type=int, default=20)
    args = parser.parse_args()
    ok = True
    for package in args.packages:
        r = compare(package, args)
        print(f"== {r['package']} ({r['files']} .py files)")
        print(f"{'':28}{'tf_upgrade_v2':>16}{'tf2lint':>12}")
        print(
            f"{'reports (entries/findings)':28}{r['upgrade_entries']:>16}{r['lint_findings']:>12}"
        )
        print(f"{'source lines':28}{r['upgrade_locations']:>16}{r['lint_locations']:>12}")
        print(f"{'wall time (s)':28}{r['upgrade_time']:>16.1f}{r['lint_time']:>12.1f}")
        print(
            f"recall: {r['recall']:.2%} of {r['counted_locations']} tf_upgrade_v2 locations "
            f"({r['excepted']} excepted: method-name guesses, notes, dropout false alarms, "
            "keywords added where nothing moved), "
            f"{len(r['missed'])} missed"
        )
        print(
            "tf2lint by rule: "
            + ", ".join(f"{k} {v}" for k, v in sorted(r["lint_by_rule"].items()))
        )
        print(
            f"after --fix --unsafe-fixes ({r['fix_time']:.1f}s, {r['files_changed']} files changed): "
            f"{r['still_parse']}/{r['parsed_before']} files still parse; "
            f"second run offers {r['fixes_offered_after']} fixes; "
            f"{r['remaining']} tf1-api findings remain ("
            + ", ".join(f"{k} {v}" for k, v in sorted(r["remaining_by_rule"].items()))
            + ")"
        )
        for (path, line), message in r["missed"][: args.show_missed]:
            print(f"  missed {path}:{line}: {message[:110]}")
        ok = ok and r["still_parse"] == r["parsed_before"] and r["fixes_offered_after"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
