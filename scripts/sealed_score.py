"""Score tf2lint on a sealed evaluation set, showing only what a rule's author may see.

    python scripts/sealed_score.py tests/sealed/NAME           # recall, false alarms, one line each
    python scripts/sealed_score.py tests/sealed/NAME --totals  # the counts only, and recall per category (a judge's score)
    python scripts/sealed_score.py tests/sealed/NAME --write   # record the score as the baseline
    python scripts/sealed_score.py tests/sealed/NAME --seal    # (the set's builder) write the seal

A sealed set is a folder in the real-world suite's format (docs/realworld.md: one folder per
report with `bad.py` and `clean.py`, `# SOURCE:`, `# SYMPTOM:` and `# EXPECT:` marks), plus one
`# DESCRIPTION:` header per program: a one-line, general account of the pitfall. It is built and
verified under TensorFlow by a session that changes no rule, and sealed: `SEALED.sha256` lists
every file of the set with its hash (`tests/test_sealed.py` fails if a file changes, appears or
goes). Sessions that change rules never read the programs; they see what this script prints:
the aggregate score (all a judge's reader sees, with `--totals`), and for each miss or false alarm the program's folder, the expected label or
the rule that fired, and the program's description. Never a line of code.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

from tf2lint.runtime_check import realworld

ROOT = Path(__file__).resolve().parent.parent
SEAL = "SEALED.sha256"
BASELINE = "score.json"  # rewritten when rules improve, so it is not under the seal
_DESCRIPTION = re.compile(r"^#\s*DESCRIPTION:\s*(.+?)\s*$", re.MULTILINE)

sys.path.insert(0, str(ROOT / "scripts"))
from realworld_score import check_suite  # noqa: E402  (a sibling script, not a package)


def sealed_files(folder: Path) -> list[Path]:
    """The files a seal covers: everything in the set but the seal and the baseline score."""
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.name not in (SEAL, BASELINE) and "__pycache__" not in p.parts
    )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def seal_text(folder: Path) -> str:
    """`sha256sum`'s format, paths relative to the set."""
    return "".join(
        f"{digest(p)}  {p.relative_to(folder).as_posix()}\n" for p in sealed_files(folder)
    )


def description(program: realworld.Program) -> str:
    found = _DESCRIPTION.search(program.bad.read_text())
    return found[1] if found else "(no description)"


def current_score(folder: Path) -> realworld.Score:
    return realworld.score(realworld.load_suite(folder), check_suite(folder))


def report(folder: Path, result: realworld.Score, totals: bool = False) -> str:
    """The score as a rule's author may see it: counts, then one line per miss or false alarm
    (with ``totals``, the counts alone: how the sessions that tune rules read a set that judges
    them, whose descriptions would make it one more development set)."""
    suite = realworld.load_suite(folder)
    described = {p.name: description(p) for p in suite}
    marked = {p.name: {e.line for e in p.expectations} for p in suite}
    programs = len(described)
    lines = [
        f"{folder.name}: {programs} programs, recall {len(result.found)}/{result.expected} "
        f"({result.recall:.0%}), false alarms {len(result.false_alarms)}"
    ]
    # Where each false alarm is: on a clean program; on a bad program's marked line, from a
    # rule of another category than the mark's (the line is flagged, under another name); or
    # elsewhere in a bad program.
    kinds = {"clean": 0, "marked": 0, "elsewhere": 0}
    tags = {}
    for where in result.false_alarms:
        name = where.partition(" ")[0]
        program, rest = name.split("/")
        file, _, line = rest.partition(":")
        kind = (
            "clean"
            if file == "clean.py"
            else "marked"
            if int(line) in marked[program]
            else "elsewhere"
        )
        kinds[kind] += 1
        tags[where] = {"clean": "", "marked": " (a marked line)", "elsewhere": ""}[kind]
    if result.false_alarms:
        lines.append(
            f"  false alarms: {kinds['clean']} on clean programs, {kinds['marked']} on a bad "
            f"program's marked line from a rule of another category, {kinds['elsewhere']} "
            "elsewhere in bad programs"
        )
    lines.append("  recall by category: " + by_category(result))
    if totals:
        return "\n".join(lines)
    for where in sorted(result.missed):  # "program:line LABEL"
        name, _, label = where.partition(" ")
        lines.append(f"  missed      {label:<40} {described[name.split(':')[0]]}")
    for where in sorted(result.false_alarms):  # "program/file:line RULE"
        name, _, rule = where.partition(" ")
        program, file = name.split("/")[0], name.split("/")[1].split(":")[0]
        lines.append(f"  false alarm {rule:<8} in {file:<9} {described[program]}{tags[where]}")
    return "\n".join(lines)


def by_category(result: realworld.Score) -> str:
    """Found/expected per category of the marked lines (a line that accepts several categories
    counts under its first): an aggregate, so a judge's reader may see it."""
    counts: dict[str, list[int]] = {}
    for where, hit in [(w, 1) for w in result.found] + [(w, 0) for w in result.missed]:
        label = where.partition(" ")[2].split("|")[0]
        category = label.split("/", 1)[0] if "/" in label else label
        found, expected = counts.setdefault(category, [0, 0])
        counts[category] = [found + hit, expected + 1]
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1][1], kv[0]))
    return ", ".join(f"{c} {f}/{e}" for c, (f, e) in ranked)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the sealed set, e.g. tests/sealed/NAME")
    parser.add_argument("--totals", action="store_true", help="print the counts, no descriptions")
    parser.add_argument("--write", action="store_true", help="record this score as the baseline")
    parser.add_argument("--seal", action="store_true", help="write SEALED.sha256 (set builders)")
    args = parser.parse_args()
    folder = args.folder.resolve()
    if args.seal:
        (folder / SEAL).write_text(seal_text(folder))
        print(f"sealed {len(sealed_files(folder))} files in {folder / SEAL}")
        return 0
    if (folder / SEAL).read_text() != seal_text(folder):
        print(f"{folder.name}: the set does not match its seal ({SEAL})", file=sys.stderr)
        return 2
    result = current_score(folder)
    print(report(folder, result, totals=args.totals))
    if args.write:
        (folder / BASELINE).write_text(json.dumps(result.to_dict(), indent=1) + "\n")
        print(f"wrote {folder / BASELINE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
