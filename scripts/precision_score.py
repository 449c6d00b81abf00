"""Score tf2lint's precision on application code from labelled findings; lint again to see what is new.

    python scripts/precision_score.py                                # figures from the labels alone
    python scripts/precision_score.py --write-docs                   # rewrite docs/precision.md's tables
    python scripts/precision_score.py --sources /work/precision-src  # lint again, match the labels
    python scripts/precision_score.py --sources /work/precision-src --draw     # the samples to label
    python scripts/precision_score.py --sources /work/precision-src --summary  # rewrite lint_summary.json

The code bases are `tests/precision/codebases.json`: public application code (books, courses,
tutorials, Kaggle notebooks, research training scripts), each pinned to a commit and put in the
development or the final split with ``random.Random(2026)`` before tf2lint ran on any of them. Their
sources live outside every repository (default ``/work/precision-src/OWNER+NAME``, one folder per
code base, extracted from the pinned commit); only the list, the labels and the figures are committed.

The labels are `tests/precision/labels.json`: one entry per read finding (code base, path, notebook
cell, rule, line, sha256 of the stripped source line, sample, split, label, reason). ``label`` is
``true`` (the pitfall is real and matters), ``false`` (the claim is wrong) or ``harmless`` (the claim
is right but costs nothing real). Three samples, each drawn with ``random.Random(2026)`` from the
sorted findings of every code base together:

- ``default``: the default findings outside the migration categories (tf1-api, keras3) and
  suppression; all of them, or 300 where there are more;
- ``keras3``: up to 100 default findings of the keras3 category;
- ``preview``: up to 100 findings that only ``--preview`` shows.

Without ``--sources`` the script prints, from the labels alone, true / false / harmless and the false
share per rule and split, for each sample apart. With ``--sources`` it lints every code base again
with the installed tf2lint (``check --exit-zero --no-cache --output-format json``, and again with
``--preview``), matches the findings to the labels by (code base, path, cell, rule, line hash), and
prints per-rule figures over the matched findings, the labelled findings no longer reported, and
every UNLABELLED finding outside the migration categories, for a later evaluator to read and label.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import random
import re
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "precision"
CODEBASES = DATA / "codebases.json"
LABELS = DATA / "labels.json"
SUMMARY = DATA / "lint_summary.json"
DOCS = ROOT / "docs" / "precision.md"
DEFAULT_SOURCES = Path("/work/precision-src")

SEED = 2026
MIGRATION = frozenset({"tf1-api", "keras3"})
NOT_SCORED = MIGRATION | {"suppression", "engine"}  # engine: a file tf2lint could not lint
SAMPLE_SIZES = {"default": 300, "keras3": 100, "preview": 100}
SAMPLES = tuple(SAMPLE_SIZES)
LABEL_VALUES = ("true", "false", "harmless")
SPLITS = ("development", "final")
# issue 28's bar for a rule on by default: at most 1 in 10 false overall, no rule above 1 in 5
OVERALL_FALSE_LIMIT = 0.10
RULE_FALSE_LIMIT = 0.20
DOCS_START = "<!-- precision-figures:start (scripts/precision_score.py --write-docs) -->"
DOCS_END = "<!-- precision-figures:end -->"
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")  # tf2lint's own line split (lines.py)


@dataclass(frozen=True)
class Finding:
    """One finding of one run, placed the way a label places it."""

    codebase: str  # owner/name
    path: str  # relative to the code base's root folder
    cell: int | None  # notebook cell as tf2lint counts it; None outside notebooks
    line: int  # 1-based, within the cell in a notebook
    column: int
    rule: str
    category: str
    message: str
    line_sha256: str  # sha256 of the source line, stripped

    def sort_key(self) -> tuple:
        return (self.codebase, self.path, self.cell or 0, self.line, self.column, self.rule)

    def place(self) -> tuple:
        """What identifies a finding across runs: the line's text, not its number."""
        return (self.codebase, self.path, self.cell, self.rule, self.line_sha256)

    def where(self) -> str:
        cell = f"cell {self.cell}:" if self.cell is not None else ""
        return f"{self.codebase} {self.path}:{cell}{self.line}:{self.column}"


# --- the data files -----------------------------------------------------------------------------


def load_codebases(path: Path = CODEBASES) -> list[dict]:
    return json.loads(path.read_text())["codebases"]


def load_labels(path: Path = LABELS) -> list[dict]:
    return json.loads(path.read_text())["labels"]


def split_of(codebases: list[dict]) -> dict[str, str]:
    return {c["repository"]: c["split"] for c in codebases}


def draw_split(names: list[str], seed: int = SEED) -> dict[str, str]:
    """The split codebases.json records: about two thirds development, drawn over sorted names."""
    order = sorted(names)
    random.Random(seed).shuffle(order)
    development = set(order[: round(len(order) * 2 / 3)])
    return {n: "development" if n in development else "final" for n in names}


def folder_name(repository: str) -> str:
    return repository.replace("/", "+")


# --- linting ------------------------------------------------------------------------------------


def source_line(file: Path, cell: int | None, line: int) -> str:
    """The source line a finding points at (in a notebook, the cell's line)."""
    data = file.read_bytes()
    if cell is None:
        text = data.decode("utf-8-sig", errors="replace")
    else:
        cells = json.loads(data.decode("utf-8-sig", errors="replace"))["cells"]
        source = cells[cell - 1].get("source", "")  # tf2lint counts all cells, from 1
        text = source if isinstance(source, str) else "".join(source)
    lines = _LINE.findall(text)
    return lines[line - 1] if 0 < line <= len(lines) else ""


def line_hash(text: str) -> str:
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()


def lint(codebase: dict, sources: Path, preview: bool, tf2lint: list[str]) -> list[dict]:
    """tf2lint's JSON findings on one code base (its ``path`` part where it names one)."""
    root = sources / folder_name(codebase["repository"])
    target = root / codebase["path"] if codebase.get("path") else root
    command = [*tf2lint, "check", "--exit-zero", "--no-cache", "--output-format", "json"]
    done = subprocess.run(
        [*command, *(["--preview"] if preview else []), str(target)],
        capture_output=True, text=True, cwd=root,
    )  # fmt: skip
    if done.returncode not in (0, 2) or not done.stdout.strip():  # 2: a file tf2lint crashed on
        raise RuntimeError(
            f"{codebase['repository']}: tf2lint exited {done.returncode}\n{done.stderr}"
        )
    return json.loads(done.stdout)


def to_findings(codebase: dict, sources: Path, raw: list[dict]) -> list[Finding]:
    root = (sources / folder_name(codebase["repository"])).resolve()
    found = []
    for d in raw:
        file = Path(d["filename"]).resolve()
        line = d["location"]["row"]
        text = source_line(file, d["cell"], line) if d["category"] != "engine" else ""
        found.append(
            Finding(
                codebase=codebase["repository"],
                path=file.relative_to(root).as_posix(),
                cell=d["cell"],
                line=line,
                column=d["location"]["column"],
                rule=d["code"],
                category=d["category"],
                message=d["message"],
                line_sha256=line_hash(text),
            )
        )
    return sorted(found, key=Finding.sort_key)


@dataclass
class Runs:
    default: list[Finding]
    preview: list[Finding]


def lint_all(
    codebases: list[dict], sources: Path, tf2lint: list[str], save: Path | None, saved: Path | None
) -> Runs:
    """Both runs on every code base: linted now, or read back from a folder ``--save`` wrote."""
    runs = Runs([], [])
    for c in codebases:
        for mode in ("default", "preview"):
            if saved:
                raw = json.loads(
                    (saved / f"{folder_name(c['repository'])}.{mode}.json").read_text()
                )
            else:
                raw = lint(c, sources, mode == "preview", tf2lint)
            if save:
                save.mkdir(parents=True, exist_ok=True)
                (save / f"{folder_name(c['repository'])}.{mode}.json").write_text(json.dumps(raw))
            getattr(runs, mode).extend(to_findings(c, sources, raw))
        print(f"{'read' if saved else 'linted'} {c['repository']}", file=sys.stderr)
    return runs


def preview_only(runs: Runs) -> list[Finding]:
    shown = {f.sort_key() for f in runs.default}
    return [f for f in runs.preview if f.sort_key() not in shown]


# --- the samples --------------------------------------------------------------------------------


def pools(runs: Runs) -> dict[str, list[Finding]]:
    """Each sample's population, sorted."""
    return {
        "default": [f for f in runs.default if f.category not in NOT_SCORED],
        "keras3": [f for f in runs.default if f.category == "keras3"],
        "preview": [f for f in preview_only(runs) if f.category != "engine"],
    }


def draw(population: list[Finding], size: int, seed: int = SEED) -> list[Finding]:
    """All of a sorted population, or ``size`` of it drawn with a fixed seed (returned sorted)."""
    ordered = sorted(population, key=Finding.sort_key)
    if len(ordered) <= size:
        return ordered
    return sorted(random.Random(seed).sample(ordered, size), key=Finding.sort_key)


# --- scoring ------------------------------------------------------------------------------------


@dataclass
class Tally:
    true: int = 0
    false: int = 0
    harmless: int = 0

    def add(self, label: str) -> None:
        setattr(self, label, getattr(self, label) + 1)

    @property
    def total(self) -> int:
        return self.true + self.false + self.harmless

    @property
    def false_share(self) -> float:
        return self.false / self.total if self.total else 0.0


def tally(labels: list[dict], sample: str, split: str | None) -> dict[str, Tally]:
    """Per rule, the labels of one sample in one split (None: both)."""
    out: dict[str, Tally] = collections.defaultdict(Tally)
    for entry in labels:
        if entry["sample"] == sample and (split is None or entry["split"] == split):
            out[entry["rule"]].add(entry["label"])
    return dict(sorted(out.items()))


def overall(per_rule: dict[str, Tally]) -> Tally:
    total = Tally()
    for t in per_rule.values():
        total.true, total.false, total.harmless = (
            total.true + t.true, total.false + t.false, total.harmless + t.harmless,
        )  # fmt: skip
    return total


def _share(t: Tally) -> str:
    return f"{t.false_share:.0%}" if t.total else "-"


def table(per_rule: dict[str, Tally], limit: float | None = None) -> list[str]:
    rows = [
        "| rule | read | true | false | harmless | false share |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for rule, t in per_rule.items():
        flag = " (over 1 in 5)" if limit is not None and t.false_share > limit else ""
        rows.append(
            f"| {rule} | {t.total} | {t.true} | {t.false} | {t.harmless} | {_share(t)}{flag} |"
        )
    t = overall(per_rule)
    rows.append(f"| all | {t.total} | {t.true} | {t.false} | {t.harmless} | {_share(t)} |")
    return rows


_SAMPLE_TITLES = {
    "default": "Default findings outside the migration categories",
    "keras3": "Keras 3 migration findings (default), a sample",
    "preview": "Findings that only `--preview` shows, a sample",
}


def figures_markdown(labels: list[dict], summary: dict | None) -> str:
    """The figures docs/precision.md shows, computed from the labels and the lint summary."""
    out: list[str] = []
    for sample in SAMPLES:
        out.append(f"### {_SAMPLE_TITLES[sample]}")
        for split in (*SPLITS, None):
            per_rule = tally(labels, sample, split)
            name = split or "both parts"
            out += ["", f"**{name}** ({overall(per_rule).total} findings read)", ""]
            out += table(per_rule, RULE_FALSE_LIMIT if sample == "default" else None)
        out.append("")
    out += reasons_markdown(labels, "development")
    if summary:
        out += summary_markdown(summary)
    return "\n".join(out).rstrip() + "\n"


def reasons_markdown(labels: list[dict], split: str) -> list[str]:
    """Why each false or harmless finding of one part is so: rule, label, reason and count."""
    out = [f"### Why the {split} part's false and harmless findings are so", ""]
    for sample in SAMPLES:
        counts = collections.Counter(
            (e["rule"], e["label"], e["reason"])
            for e in labels
            if e["sample"] == sample and e["split"] == split and e["label"] != "true"
        )
        out.append(f"{_SAMPLE_TITLES[sample]}:")
        out.append("")
        for (rule, label, reason), n in sorted(counts.items()):
            out.append(f"- {rule} {label} ({n}): {reason}")
        out += [] if counts else ["- none"]
        out.append("")
    return out


def summary_markdown(summary: dict) -> list[str]:
    out = ["### What the runs reported", ""]
    out.append(f"{summary['tf2lint']} on {len(summary['codebases'])} code bases.")
    out += [
        "",
        "| part | run | files | findings | non-migration | keras3 | tf1-api | files not linted |",
    ]
    out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for split in SPLITS:
        for mode in ("default", "preview"):
            rows = [c[mode] for c in summary["codebases"].values() if c["split"] == split]
            files = sum(r["files"] for r in rows)
            counts = collections.Counter()
            errors = collections.Counter()
            for r in rows:
                counts.update(r["categories"])
                errors.update(r["errors"])
            scored = sum(n for cat, n in counts.items() if cat not in NOT_SCORED)
            err = ", ".join(f"{k} {v}" for k, v in sorted(errors.items())) or "none"
            out.append(
                f"| {split} | {mode} | {files} | {sum(counts.values())} | {scored} "
                f"| {counts['keras3']} | {counts['tf1-api']} | {err} |"
            )
    absent = sum(c["absent_code_files"] for c in summary["codebases"].values())
    out += [
        "",
        f"Code files the snapshots lack (4 MiB and over, mostly notebooks with stored outputs): {absent}.",
    ]
    return [*out, ""]


def check_limits(labels: list[dict]) -> list[str]:
    lines = []
    for split in (*SPLITS, None):
        per_rule = tally(labels, "default", split)
        t = overall(per_rule)
        over = [r for r, x in per_rule.items() if x.false_share > RULE_FALSE_LIMIT]
        verdict = "meets" if t.false_share <= OVERALL_FALSE_LIMIT and not over else "misses"
        lines.append(
            f"{split or 'both parts'}: {t.false}/{t.total} false ({_share(t)}), rules over 1 in 5: "
            f"{', '.join(over) or 'none'} -> {verdict} issue 28's bar"
        )
    return lines


# --- the lint summary ---------------------------------------------------------------------------


def checked_files(codebase: dict, sources: Path, tf2lint: list[str]) -> int:
    """How many files ``tf2lint check`` reads in a code base (``--show-files``)."""
    root = sources / folder_name(codebase["repository"])
    target = root / codebase["path"] if codebase.get("path") else root
    done = subprocess.run(
        [*tf2lint, "check", "--show-files", str(target)], capture_output=True, text=True, cwd=root
    )
    return len(done.stdout.splitlines())


def _counts(found: list[Finding]) -> dict[str, dict[str, int]]:
    """Findings per category, scored findings per rule, and files not linted per kind."""

    def count(values) -> dict[str, int]:
        return dict(sorted(collections.Counter(values).items()))

    return {
        "categories": count(f.category for f in found if f.category != "engine"),
        "rules": count(f.rule for f in found if f.category not in NOT_SCORED),
        "errors": count(f.rule for f in found if f.category == "engine"),
    }


def lint_summary(
    codebases: list[dict], sources: Path, runs: Runs, version: str, tf2lint: list[str]
) -> dict:
    out: dict = {"tf2lint": version, "codebases": {}}
    for c in codebases:
        name = c["repository"]
        files = checked_files(c, sources, tf2lint)
        entry: dict = {
            "split": c["split"],
            "absent_code_files": len(c.get("absent_code_files", [])),
        }
        for mode in ("default", "preview"):
            found = [f for f in getattr(runs, mode) if f.codebase == name]
            entry[mode] = {"files": files, **_counts(found)}
        entry["preview_only"] = _counts([f for f in preview_only(runs) if f.codebase == name])
        del entry["preview_only"]["errors"]  # the same files fail in both runs
        out["codebases"][name] = entry
    return out


# --- matching a new run to the labels -----------------------------------------------------------


def match(
    findings: list[Finding], labels: list[dict]
) -> tuple[list[tuple[Finding, dict]], list[Finding], list[dict]]:
    """Pair findings with labels by place (nearest line where a line's text repeats)."""
    by_place: dict[tuple, list[dict]] = collections.defaultdict(list)
    for entry in labels:
        by_place[
            (entry["codebase"], entry["path"], entry["cell"], entry["rule"], entry["line_sha256"])
        ].append(entry)
    paired, unlabelled = [], []
    for f in findings:
        candidates = by_place.get(f.place())
        if not candidates:
            unlabelled.append(f)
            continue
        best = min(candidates, key=lambda e: abs(e["line"] - f.line))
        candidates.remove(best)
        paired.append((f, best))
    gone = [e for entries in by_place.values() for e in entries]
    return paired, unlabelled, gone


def rescore(runs: Runs, labels: list[dict], split: dict[str, str]) -> None:
    current = pools(runs)
    current["preview"] = [f for f in preview_only(runs) if f.category not in NOT_SCORED]
    for sample in ("default", "preview"):
        paired, unlabelled, gone = match(current[sample], labels)
        print(f"\n== {sample}: {len(current[sample])} non-migration findings, "
              f"{len(paired)} labelled, {len(unlabelled)} unlabelled")  # fmt: skip
        for part in (*SPLITS, None):
            per_rule: dict[str, Tally] = collections.defaultdict(Tally)
            for f, entry in paired:
                if part is None or split[f.codebase] == part:
                    per_rule[f.rule].add(entry["label"])
            print(f"-- {part or 'both parts'} (labelled findings reported now)")
            print("\n".join(table(dict(sorted(per_rule.items())))))
        if sample == "default":
            gone_default = [e for e in gone if e["sample"] == "default"]
            counts = collections.Counter((e["rule"], e["label"]) for e in gone_default)
            print(f"-- labelled default findings no longer reported: {len(gone_default)} "
                  f"{dict(sorted(counts.items()))}")  # fmt: skip
        for f in unlabelled:
            print(f"UNLABELLED {sample} {split[f.codebase]} {f.where()} {f.rule} {f.message[:120]}")
    paired, unlabelled, _ = match(current["keras3"], labels)
    print(f"\n== keras3: {len(current['keras3'])} findings, {len(paired)} labelled (a sample), "
          f"{len(unlabelled)} not")  # fmt: skip


# --- docs ---------------------------------------------------------------------------------------


def docs_block(text: str) -> str:
    start, end = text.index(DOCS_START) + len(DOCS_START), text.index(DOCS_END)
    return text[start:end].strip("\n") + "\n"


def write_docs(markdown: str, path: Path = DOCS) -> None:
    text = path.read_text()
    start, end = text.index(DOCS_START) + len(DOCS_START), text.index(DOCS_END)
    path.write_text(text[:start] + "\n" + markdown + text[end:])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sources", type=Path, help="the extracted code bases (e.g. /work/precision-src)"
    )
    parser.add_argument(
        "--tf2lint", default=None, help="the tf2lint executable (default: this Python's)"
    )
    parser.add_argument("--save", type=Path, help="with --sources: keep each run's raw JSON here")
    parser.add_argument(
        "--saved", type=Path, help="with --sources: read the runs --save kept, lint nothing"
    )
    parser.add_argument(
        "--draw", action="store_true", help="with --sources: print the samples to label"
    )
    parser.add_argument(
        "--summary", action="store_true", help="with --sources: rewrite lint_summary.json"
    )
    parser.add_argument(
        "--write-docs", action="store_true", help="rewrite the figures in docs/precision.md"
    )
    args = parser.parse_args()
    codebases = load_codebases()
    labels = load_labels() if LABELS.exists() else []
    summary = json.loads(SUMMARY.read_text()) if SUMMARY.exists() else None
    if args.sources is None:
        if args.write_docs:
            write_docs(figures_markdown(labels, summary))
        print(figures_markdown(labels, summary))
        print("\n".join(check_limits(labels)))
        return 0
    tf2lint = [args.tf2lint] if args.tf2lint else [sys.executable, "-m", "tf2lint"]
    runs = lint_all(codebases, args.sources, tf2lint, args.save, args.saved)
    if args.summary:
        version = subprocess.run(
            [*tf2lint, "--version"], capture_output=True, text=True
        ).stdout.strip()
        rules_commit = subprocess.run(  # the last commit that changed what tf2lint reports
            ["git", "log", "-1", "--format=%h", "--", "linter", "rules"],
            capture_output=True, text=True, cwd=ROOT,
        ).stdout.strip()  # fmt: skip
        version = f"{version} (linter and rules as of commit {rules_commit})"
        SUMMARY.write_text(
            json.dumps(lint_summary(codebases, args.sources, runs, version, tf2lint), indent=1)
            + "\n"
        )
    if args.draw:
        for sample, population in pools(runs).items():
            chosen = draw(population, SAMPLE_SIZES[sample])
            print(f"== sample {sample}: {len(chosen)} of {len(population)}")
            for f in chosen:
                print(json.dumps({**asdict(f), "sample": sample}))
        return 0
    rescore(runs, labels, split_of(codebases))
    return 0


if __name__ == "__main__":
    sys.exit(main())
