"""tf2lint's own modules stand in floors, one package per floor, imports going down only
(CONVENTIONS.md, "Floors"; docs/architecture.md).

Every module under linter/ is parsed with ``ast`` (nothing is imported) and each of its imports
of another tf2lint module, at module level, inside a function or under ``TYPE_CHECKING``, is an
edge. A module's floor is its package: it imports from its own package or the packages below;
no runtime import closes a cycle (an annotation-only import may name a type of its own package:
the model and its parts, the engine and the rule base class name each other's types); and an
import inside a function is allowed only with its reason written in ``DEFERRED`` below: an
optional or heavy dependency, never a cycle dodged.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

LINTER = Path(__file__).resolve().parent.parent / "linter"

# The floor packages of linter/, top to bottom (each one's __init__.py says what it owns and
# what it may import). A module imports from its own package and from those below it.
FLOORS = ("commands", "server", "reports", "run", "linting", "analysis", "base")

# The package's front, at the top of linter/: `python -m tf2lint` and the console script
# (__main__), the plugin API (api) and its old import paths kept as re-exports (rule,
# hookspecs). They may import any floor; no floor imports them.
FRONT = frozenset({"__main__", "api", "rule", "hookspecs"})

# The package itself (tf2lint/__init__.py) is no floor: Python runs it before any of its modules,
# every module may read its __version__, and it imports nothing at module level (its public
# names for plugin authors load on first use, so that `tf2lint --version` does not load libcst).
PACKAGE = "__init__"

FOLDERS_NOT_FLOORS = ("data", "__pycache__")

# Imports inside a function, each with why it is not at the top of its module. Keyed by
# (importing module, imported module as written).
DEFERRED: dict[tuple[str, str], str] = {
    ("__init__", "tf2lint.linting.rule"): "plugin authors' `tf2lint.Rule`, loaded on first use",
    ("__init__", "tf2lint.linting.hookspecs"): "plugin authors' `tf2lint.hookimpl`, loaded on "
    "first use",
    ("__main__", "tf2lint.commands.cli"): "the command line, with all it imports: a run replayed "
    "unchanged (tf2lint.run.replay) needs none of it",
    ("commands.cli", "tf2lint.server.lsp"): "the language server needs pygls, an optional "
    "dependency (lsp extra)",
    ("commands.cli", "lsprotocol"): "probes for the optional pygls before `tf2lint lsp` starts",
    ("commands.cli", "pygls"): "probes for the optional pygls before `tf2lint lsp` starts",
    ("commands.cli", "watchfiles"): "`check --watch` uses the optional watchfiles when installed",
    ("run.runner", "tf2lint.linting.engine"): "libcst: a run answered from the cache never "
    "loads it",
    ("run.runner", "tf2lint.linting.fixes"): "libcst: a run answered from the cache never loads it",
    ("run.runner", "tf2lint.linting.incremental"): "libcst: a run answered from the cache never "
    "loads it",
    ("run.runner", "tf2lint.base.parsing"): "libcst: a run answered from the cache never loads it",
    ("commands.cli", "tf2lint.server.lsp_worker"): "multiprocessing and the worker: only "
    "`tf2lint lsp` starts one",
    ("server.lsp_worker", "tf2lint.linting.engine"): "runs in the starting worker, not in the "
    "server",
    ("server.lsp_worker", "tf2lint.linting.plugins"): "runs in the starting worker, not in the "
    "server",
    ("run.runner", "tf2lint.run.isolation"): "multiprocessing (20 ms): a run answered from the "
    "cache starts no worker",
    ("reports.output", "xml"): "xml.sax.saxutils imports urllib.request (14 ms): only junit "
    "needs it",
    ("linting.plugins", "tf2lint.rules"): "the built-in rules load as a plugin, as entry points do",
    # Start-up: `tf2lint --version` and `tf2lint rule` run none of these; a run answered from the
    # cache never fixes nor adds a noqa. Import times measured with `python -X importtime`, .pyc
    # present: `import tf2lint.commands.cli` 45 ms with all of them at the top, 22 ms without.
    ("commands.cli", "tf2lint.run.runner"): "the run, with the project and the cache (11 ms): "
    "only `check` and `explain FILE:LINE` run one",
    ("commands.cli", "tf2lint.run.outcomes"): "the project's summaries (5 ms): only a run from "
    "stdin builds one here",
    ("commands.cli", "tf2lint.analysis.project"): "module identities, with the project's "
    "analysis (30 ms): only a run from stdin names the module its code stands for",
    ("commands.cli", "tf2lint.linting.plugins"): "the rule registry's entry points "
    "(importlib.metadata, pluggy: 12 ms): `--version` needs no rule",
    ("commands.cli", "tf2lint.reports.output"): "the report formats, with the registry (17 ms): "
    "only a command that reports findings writes one",
    ("commands.cli", "tf2lint.linting.suppress"): "tokenize (2 ms): only --add-noqa edits "
    "comments; a run answered from the cache never loads it",
    ("commands.resolve", "tf2lint.linting.plugins"): "the rule registry (12 ms): imported when a "
    "check selects its rules, not when `tf2lint --version` imports the check command's flags",
    ("commands.resolve", "tf2lint.run.runner"): "the run (11 ms): imported when a check lists a "
    "program's files, not when `tf2lint --version` imports the check command's flags",
}

SIBLINGS = ("rules", "runtime_check", "fixtures")  # tf2lint's packages beside linter/

# tf2lint's packages beside linter/: the rules and the runtime harness stand above the linter's
# floors, and only these modules reach up to them.
OUTSIDE = {
    ("linting.plugins", "tf2lint.rules"): "the built-in rules are the first plugin the registry "
    "loads",
    ("commands.cli", "tf2lint.runtime_check.cli"): "`verify` and `trace` declare their own options",
}


@dataclass(frozen=True)
class Import:
    importer: str  # "analysis.model", "__main__"; a floor package's own __init__ is "analysis"
    written: str  # the module as the import statement names it
    target: str | None  # the linter/ module it loads; None outside linter/
    line: int
    deferred: bool  # inside a function
    annotation_only: bool  # under `if TYPE_CHECKING:`


def _modules() -> dict[str, Path]:
    """Every module of linter/ by its dotted name below ``tf2lint`` (a package's __init__.py by
    the package's name; the top one is PACKAGE)."""
    found = {}
    for path in sorted(LINTER.rglob("*.py")):
        parts = path.relative_to(LINTER).with_suffix("").parts
        if parts[0] in FOLDERS_NOT_FLOORS:
            continue
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _module_of(dotted: str, modules: dict[str, Path]) -> str | None:
    """The linter/ module that ``import tf2lint.<dotted>`` loads, or None."""
    if dotted == "":
        return PACKAGE
    return dotted if dotted in modules else None


def _targets(node: ast.Import | ast.ImportFrom, modules: dict[str, Path]) -> list[tuple[str, str]]:
    """(module as written, linter/ module or "" outside linter/ or "-" not tf2lint's)."""
    if isinstance(node, ast.ImportFrom) and node.level:
        raise AssertionError(f"line {node.lineno}: relative import; tf2lint's are absolute")
    if isinstance(node, ast.Import):
        written = [(alias.name, alias.name) for alias in node.names]
    else:  # `from tf2lint.analysis import knowledge` loads tf2lint.analysis.knowledge
        base = node.module or ""
        written = []
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            inside = submodule.split(".", 1)[1] if "." in submodule else ""
            loads = submodule if _module_of(inside, modules) else base
            written.append((loads, loads))
            if submodule.split(".")[:2] == ["tf2lint", alias.name] and alias.name in SIBLINGS:
                written[-1] = (submodule, submodule)
    found = []
    for name, _ in dict.fromkeys(written):
        parts = name.split(".")
        if parts[0] == "__future__":
            continue
        if parts[0] != "tf2lint":
            found.append((parts[0], "-"))
            continue
        target = _module_of(".".join(parts[1:]), modules)
        found.append((name, target if target is not None else ""))
    return found


def imports() -> list[Import]:
    modules = _modules()
    found: list[Import] = []
    for name, path in modules.items():

        def visit(node: ast.AST, deferred: bool, annotation: bool, name: str = name) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                    for statement in child.body:
                        visit_one(statement, deferred, True)
                    for statement in child.orelse:
                        visit_one(statement, deferred, annotation)
                    continue
                visit_one(child, deferred, annotation)

        def visit_one(node: ast.AST, deferred: bool, annotation: bool, name: str = name) -> None:
            if isinstance(node, ast.Import | ast.ImportFrom):
                for written, target in _targets(node, modules):
                    found.append(
                        Import(
                            name,
                            written,
                            None if target in ("", "-") else target,
                            node.lineno,
                            deferred,
                            annotation,
                        )
                    )
                return
            inner = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            visit(node, deferred or inner, annotation)

        visit(ast.parse(path.read_text(encoding="utf-8")), False, False)
    return found


def _floor_of(module: str) -> int | None:
    """The floor (index in FLOORS) of a module; None for the package and its front."""
    package = module.split(".")[0]
    return FLOORS.index(package) if package in FLOORS else None


def test_every_module_stands_in_a_floor_package():
    misplaced = [
        module
        for module in _modules()
        if module != PACKAGE and module not in FRONT and _floor_of(module) is None
    ]
    assert misplaced == [], "modules in no floor package (FLOORS) nor the front (FRONT)"
    folders = {p.name for p in LINTER.iterdir() if p.is_dir()} - set(FOLDERS_NOT_FLOORS)
    assert folders == set(FLOORS), "linter/'s folders are the floor packages, and only they"
    assert {m for m in FRONT if m not in _modules()} == set(), "FRONT names modules now gone"


def test_each_floor_package_says_what_it_owns_and_may_import():
    """Each floor's __init__.py is its docstring alone: what it holds, what it may import."""
    for package in FLOORS:
        tree = ast.parse((LINTER / package / "__init__.py").read_text(encoding="utf-8"))
        doc = ast.get_docstring(tree) or ""
        assert len(tree.body) == 1 and doc, f"{package}/__init__.py: a docstring and nothing else"
        assert "May import" in doc or "Imports no other" in doc, f"{package}: what may it import?"
        below = set(FLOORS[FLOORS.index(package) + 1 :])
        above = set(FLOORS[: FLOORS.index(package)])
        named = {p for p in FLOORS if f"``{p}``" in doc.split("May import", 1)[-1]}
        assert named & above == set(), f"{package}'s docstring lets it import a floor above it"
        assert named <= below | {package}


def test_imports_go_down_only():
    """A module imports from its own package or from a package below it (annotations too)."""
    upward = []
    for i in imports():
        if i.target is None or PACKAGE in (i.target, i.importer):
            continue
        importer, target = _floor_of(i.importer), _floor_of(i.target)
        if importer is None:
            continue  # the front may import any floor
        if target is None or target < importer:
            upward.append(f"{i.importer} line {i.line} imports {i.target}")
    assert not upward, "\n".join(upward)


def test_floors_use_the_moved_modules_not_the_front():
    """The old import paths are for plugins: tf2lint's own modules import the real ones."""
    through_front = [
        f"{i.importer} line {i.line}: {i.written}"
        for i in imports()
        if i.target in FRONT and i.importer != PACKAGE
    ]
    assert through_front == []


def test_no_import_cycle():
    """No chain of runtime imports leads from a module back to itself. (An annotation-only
    import under TYPE_CHECKING may name a type of its own floor: the model's parts do.)"""
    graph: dict[str, set[str]] = {m: set() for m in _modules()}
    for i in imports():
        if i.target is not None and not i.annotation_only and i.target != i.importer:
            graph[i.importer].add(i.target)
    graph[PACKAGE] = set()  # its lazy names (DEFERRED) load modules that import it first
    cycles = _cycles(graph)
    assert cycles == [], "\n".join("modules importing each other: " + ", ".join(c) for c in cycles)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return sorted(found)


def test_imports_inside_functions_have_a_reason():
    """An import inside a function is there for an optional dependency or for start-up time,
    never to dodge a cycle: each has its reason in DEFERRED."""
    unexplained = sorted(
        f"{i.importer} line {i.line}: {i.written}"
        for i in imports()
        if i.deferred and not i.annotation_only and (i.importer, i.written) not in DEFERRED
    )
    assert not unexplained, "\n".join(unexplained)


def test_every_reason_is_still_needed():
    deferred = {(i.importer, i.written) for i in imports() if i.deferred}
    assert set(DEFERRED) - deferred == set(), "DEFERRED names imports that are gone"


def test_only_named_modules_reach_the_rules_and_the_harness():
    reaching = {
        (i.importer, i.written)
        for i in imports()
        if i.target is None and i.written.startswith("tf2lint.") and i.importer not in FRONT
    }
    assert reaching == set(OUTSIDE)


def test_the_package_imports_nothing_at_module_level():
    top = [i.written for i in imports() if i.importer == PACKAGE and not i.deferred]
    assert top == []


# --- the rules: a rule module asks the analysis, never another rule module ---------------------

RULES = LINTER.parent / "rules"
# Shared by every rule family: helpers over the model that are no fact of their own (a node's
# code, a Keras table's lookup), and the base classes of rules that check stores; and the helpers
# the graph-incompatible family's modules (graph_*.py, one concern each) share.
RULES_SHARED = frozenset({"common", "graph_common"})


def _rule_imports() -> set[tuple[str, str]]:
    found = set()
    for path in sorted(RULES.glob("*.py")):
        importer = path.stem
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                parts = name.split(".")
                if parts[:2] == ["tf2lint", "rules"] and len(parts) > 2:
                    target = parts[2]
                    if (RULES / f"{target}.py").is_file() and target != importer:
                        found.add((importer, target))
    return found


def test_rule_modules_import_no_other_rule_module():
    """A rule asks the analysis for facts (``tf2lint.analysis``) and shares helpers through
    ``rules/common.py``; importing another rule module copies that rule's conditions or ties two
    rules' predicates together.

    A fact two rules need belongs in linter/analysis (tensors.py holds the tensor kinds, reads.py
    the reads, tf1.py whether a module is TF1 code, compiles.py what a compiled model's train
    function misses); a helper two families share in rules/common.py; a hand-off between two
    rules is declared (``Rule.defers_to``), not copied."""
    found = sorted(
        f"rules/{importer}.py imports rules/{target}.py"
        for importer, target in _rule_imports()
        if target not in RULES_SHARED
    )
    assert not found, "\n".join(found)
