"""The pinned real-world packages of ../shared/corpus.txt: read the list, fetch and unpack them.

Used by the benchmark and the corpus scripts. Wheels are fetched with ``pip download --no-deps``
into a cache folder and unzipped there; both are reused when present.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CACHE = Path(os.environ.get("TF2LINT_BENCH_DIR", Path.home() / ".cache" / "tf2lint-bench"))


def corpus_file(given: str | None) -> Path:
    candidates = [Path(given)] if given else []
    candidates += [
        ROOT.parent / "shared" / "corpus.txt",
        ROOT.parent.parent / "shared" / "corpus.txt",
    ]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    sys.exit(f"corpus.txt not found (tried {', '.join(map(str, candidates))}); pass --corpus-file")


def pinned(path: Path) -> list[str]:
    lines = (line.split("#")[0].strip() for line in path.read_text().splitlines())
    return [line for line in lines if "==" in line]


def fetch(requirement: str, cache: Path) -> Path:
    """The unpacked sources of ``requirement``, downloading and unzipping them if needed."""
    name, version = requirement.split("==")
    stem = name.replace("-", "_").lower()
    downloads, sources = cache / "dl", cache / "src"
    downloads.mkdir(parents=True, exist_ok=True)
    sources.mkdir(parents=True, exist_ok=True)

    def wheel() -> Path | None:
        for found in downloads.glob("*.whl"):
            if found.name.lower().startswith(f"{stem}-{version}-"):
                return found
        return None

    if wheel() is None:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "-q",
                "-d",
                str(downloads),
                requirement,
            ],
            check=True,
        )
    found = wheel()
    if found is None:
        sys.exit(f"pip download of {requirement} gave no wheel in {downloads}")
    target = sources / found.name[: -len(".whl")]
    if not target.exists():
        temp = Path(tempfile.mkdtemp(dir=sources))
        with zipfile.ZipFile(found) as archive:
            archive.extractall(temp)
        temp.rename(target)
    return target
