"""What the data generators share: the command line (write the data, or ``--check`` it against
the committed file, exit 1 when stale) and the walk of a package's public API."""

from __future__ import annotations

import argparse
import types
from collections.abc import Callable, Iterator
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


def public_names(module: types.ModuleType) -> Iterator[tuple[str, object]]:
    """A module's public names and what they hold, in name order (a name whose lookup fails,
    a lazy loader's, say, is left out)."""
    for name in sorted(dir(module)):
        if name.startswith("_"):
            continue
        try:
            obj = getattr(module, name)
        except Exception:
            continue
        yield name, obj


def public_api(
    module: types.ModuleType, prefix: str = "", unwalked: frozenset[str] = frozenset({"src"})
) -> dict[str, object]:
    """Every public name reachable from ``module`` through its public submodules of the same
    package, by dotted path (``prefix`` + ``layers.Dense``), in sorted order. Submodules named
    in ``unwalked`` (implementation trees such as ``src``) are listed but not walked: walked
    first (sorted), they would hide the public modules that alias them."""
    root = module.__name__.split(".")[0] + "."
    found: dict[str, object] = {}
    seen: set[int] = set()

    def walk(mod: types.ModuleType, path_prefix: str) -> None:
        for name, obj in public_names(mod):
            path = path_prefix + name
            found[path] = obj
            if name in unwalked or not isinstance(obj, types.ModuleType):
                continue
            inner = getattr(obj, "__name__", "")
            if id(obj) not in seen and (inner + ".").startswith(root):
                seen.add(id(obj))
                walk(obj, path + ".")

    walk(module, prefix)
    return found
