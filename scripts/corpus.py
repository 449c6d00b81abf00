"""Fetch the pinned real-world packages of ../shared/corpus.txt (pip download, unzip, cached)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS_LIST = ROOT.parent / "shared" / "corpus.txt"
CACHE = Path(os.environ.get("TF2LINT_CORPUS_CACHE", Path.home() / ".cache" / "tf2lint-corpus"))


def pins(path: Path = CORPUS_LIST) -> list[str]:
    """The `name==version` lines of the corpus list."""
    lines = path.read_text().splitlines()
    return [line.strip() for line in lines if "==" in line and not line.lstrip().startswith("#")]


def fetch(pin: str) -> Path:
    """The unpacked source folder of ``pin``, downloading the wheel once."""
    name, version = pin.split("==")
    target = CACHE / "src" / f"{name}-{version}"
    if target.is_dir():
        return target
    wheels = CACHE / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    normalized = name.replace("-", "_").lower()
    found = [
        w for w in wheels.glob("*.whl") if w.name.lower().startswith(f"{normalized}-{version}")
    ]
    if not found:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "-d",
                str(wheels),
                pin,
            ],
            check=True,
        )
        found = [
            w for w in wheels.glob("*.whl") if w.name.lower().startswith(f"{normalized}-{version}")
        ]
    with zipfile.ZipFile(found[0]) as archive:
        archive.extractall(target)
    return target
