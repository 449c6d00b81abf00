"""Lint released TF2 code bases and count the non-migration findings per rule, for reading.

    python scripts/precision_read.py spektral==1.3.1 larq==0.13.3 [--out DIR] [--tf2lint EXE]

Each package's source is fetched with ``pip download --no-deps`` (wheel or sdist) into a temporary
folder (or --out), unpacked, and checked with ``tf2lint check --output-format json``; the raw JSON
is kept beside it. The migration families (tf1-api, keras3) are counted apart: they say what a
Keras 3 / TF2 upgrade must change, not whether traced code is right. Every other finding is
printed with its place, so that a reader can judge it true, false or harmless in the code.
"""

from __future__ import annotations

import argparse
import collections
import json
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

MIGRATION = {"tf1-api", "keras3"}


def fetch(requirement: str, folder: Path) -> Path:
    """Download and unpack one package; the folder holding its source."""
    name = requirement.split("==")[0].replace("-", "_")
    downloads = folder / "downloads"
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(downloads),
         requirement],
        check=True,
    )  # fmt: skip
    target = folder / name
    target.mkdir(exist_ok=True)
    stem = name.lower()
    for archive in downloads.iterdir():
        if not archive.name.lower().replace("-", "_").startswith(stem):
            continue
        if archive.suffix == ".whl" or archive.suffix == ".zip":
            zipfile.ZipFile(archive).extractall(target)
        elif archive.name.endswith((".tar.gz", ".tgz")):
            with tarfile.open(archive) as tar:
                tar.extractall(target, filter="data")
    return target


def check(source: Path, tf2lint: str) -> dict:
    done = subprocess.run(
        [tf2lint, "check", "--exit-zero", "--no-cache", "--output-format", "json", str(source)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="+", metavar="NAME==VERSION")
    parser.add_argument("--out", type=Path, help="keep sources and JSON here")
    parser.add_argument("--tf2lint", default="tf2lint", help="the tf2lint executable to run")
    args = parser.parse_args()
    folder = args.out or Path(tempfile.mkdtemp(prefix="tf2lint-precision-"))
    folder.mkdir(parents=True, exist_ok=True)
    totals: collections.Counter[str] = collections.Counter()
    for requirement in args.packages:
        try:
            source = fetch(requirement, folder)
        except subprocess.CalledProcessError:
            print(f"{requirement}: could not be downloaded (an sdist whose setup.py fails?)")
            continue
        report = check(source, args.tf2lint)
        (folder / f"{source.name}.json").write_text(json.dumps(report, indent=1))
        findings = report  # ruff's schema: code, filename, location, and tf2lint's category
        migration = [d for d in findings if d["category"] in MIGRATION]
        traced = [d for d in findings if d["category"] not in MIGRATION]
        per_rule = collections.Counter(d["code"] for d in traced)
        totals.update(per_rule)
        print(
            f"{requirement}: {len(migration)} migration findings, {len(traced)} others {dict(sorted(per_rule.items()))}"
        )
        for d in traced:
            where = Path(d["filename"]).resolve().relative_to(source.resolve())
            print(f"  {where}:{d['location']['row']} {d['code']} {d['message'][:110]}")
    print(f"all: {dict(sorted(totals.items()))}  (sources and JSON in {folder})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
