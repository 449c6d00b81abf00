"""The command line the data generators share: write the data, or ``--check`` it against the
committed file (exit 1 when stale)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path


def write_or_check(
    description: str, build: Callable[[], dict], dump: Callable[[dict], str], default: Path
) -> int:
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the committed data")
    parser.add_argument("--output", type=Path, default=default)
    args = parser.parse_args()
    text = dump(build())
    if args.check:
        same = args.output.exists() and args.output.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{args.output} is stale: regenerate it")
        return 0 if same else 1
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return 0
