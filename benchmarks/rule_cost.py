"""What each rule (or family of rules) adds to a lint: Python function calls, counted, not timed.

python benchmarks/rule_cost.py SRC_FOLDER [SELECTOR ...]

Lints every file of SRC_FOLDER in one process (as a project module, so the summary is built
too) with all rules, then once without the rules of each SELECTOR (an id, `TF949`, or a prefix,
`TF9`: a family), and prints the calls each run makes and the difference: what those rules cost,
themselves and through the model questions only they ask. With no SELECTOR, one per family. A
count of calls is the same on a loaded machine and on an idle one (a time is not), so two trees
compare run against run; a new rule that adds more than a few per cent of a corpus's calls asks
a costly question first (see the README's "Writing a plugin"). Each file is parsed once, before
the runs. Prints figures only.
"""

import contextlib
import cProfile
import pathlib
import pstats
import sys

from tf2lint.analysis.project import ModuleIdentity
from tf2lint.linting import engine, syntax
from tf2lint.linting.plugins import all_rules
from tf2lint.run.runner import collected_once


class _Parsed:
    """libcst's and Python's trees of each source, made once and handed to every run."""

    def __init__(self) -> None:
        self.modules: dict[str, object] = {}
        self.trees: dict[str, object] = {}

    def __call__(self, source: str):
        found = self.modules.get(source)
        if found is None:
            found = self.modules[source] = engine.parse_module(source)
        return found

    def parse_tree(self, source: str):
        found = self.trees.get(source)
        if found is None:
            found = self.trees[source] = syntax.ast.parse(source)
        return found

    def node_ranges(self, *args, **kwargs):
        return engine.node_ranges(*args, **kwargs)


def calls(srcs: list, rules: list, parse: _Parsed) -> int:
    profile = cProfile.Profile()
    profile.enable()
    for path, text in srcs:
        with collected_once(), contextlib.suppress(Exception):
            engine.lint_module(
                text, str(path), rules, identity=ModuleIdentity.of(path), parse=parse
            )
    profile.disable()
    return pstats.Stats(profile).total_calls


def main(argv: list[str]) -> None:
    root = pathlib.Path(argv[0])
    files = sorted(p for p in root.rglob("*.py") if p.is_file())
    srcs = [(f, f.read_text(encoding="utf-8", errors="replace")) for f in files]
    rules = all_rules()
    selectors = argv[1:] or sorted({r.id[:3] for r in rules})
    parse = _Parsed()
    calls(srcs, rules, parse)  # parses every file once, and warms the knowledge base
    everything = calls(srcs, rules, parse)
    print(f"{len(srcs)} files, {len(rules)} rules: {everything:,} calls")
    for selector in selectors:
        kept = [r for r in rules if not r.id.startswith(selector)]
        without = calls(srcs, kept, parse)
        share = (everything - without) / everything
        print(
            f"  {selector:6s} ({len(rules) - len(kept):3d} rules): "
            f"{everything - without:>10,} calls ({share:5.1%})"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
