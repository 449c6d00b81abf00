"""tf2lint's own modules stand in floors, imports going down only (CONVENTIONS.md, "Floors").

Every module under linter/ is parsed with ``ast`` (nothing is imported) and each of its imports
of another tf2lint module, at module level, inside a function or under ``TYPE_CHECKING``, is an
edge. A module imports from its own floor or below; no runtime import closes a cycle (an
annotation-only import may name a type of its own floor: the model and its parts, the engine and
the rule base class name each other's types); and an import inside a function, which is how a
cycle used to be dodged, is allowed only with its reason written in ``DEFERRED`` below.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

LINTER = Path(__file__).resolve().parent.parent / "linter"

# Top to bottom. A module on a floor may import the modules of its own floor and of those below.
FLOORS: tuple[tuple[str, frozenset[str]], ...] = (
    ("entry points", frozenset({"__main__", "cli", "lsp", "lsp_transport"})),
    # `tf2lint check`'s flags over each file's configuration, and its files.
    ("the check command", frozenset({"resolve"})),
    # `check`'s text, JSON, SARIF... of a run's result; the names of the formats are settings.
    ("output formats", frozenset({"output", "explain"})),
    (
        "the run",
        frozenset(
            {
                "runner",
                "isolation",
                "cache",
                "settings",
                "outcomes",
                "sources",
                "notebook",
                "files",
                "gitignore",
                "writes",
                "watch",
                "replay",
                "lsp_worker",
            }
        ),
    ),
    (
        "the rule API and the engine",
        frozenset(
            {
                "engine",
                "fixes",
                "incremental",
                "suppress",
                "plugins",
                "hookspecs",
                "selection",
                "docs",
                "rule",
            }
        ),
    ),
    (
        "the analysis",
        frozenset(
            {
                "model",
                "reads",
                "order",
                "project",
                "kinds",
                "guards",
                "scopes",
                "tracing",
                "tfnames",
                "walk",
                "knowledge",
                "tape",
                "tape_flow",
                "shapes",
                "keras_flow",
            }
        ),
    ),
    # Knows no other floor: settings, lines of text, libcst and its positions.
    ("plain data", frozenset({"config", "lines", "positions", "lazy", "parsing"})),
)

# The package itself (tf2lint/__init__.py) is no floor: Python runs it before any of its modules,
# every module may read its __version__, and it imports nothing at module level (its public
# names for plugin authors load on first use, so that `tf2lint --version` does not load libcst).
PACKAGE = "__init__"

# Imports inside a function, each with why it is not at the top of its module. Keyed by
# (importing module, imported module as written).
DEFERRED: dict[tuple[str, str], str] = {
    ("__init__", "tf2lint.linting.rule"): "plugin authors' `tf2lint.Rule`, loaded on first use",
    (
        "__init__",
        "tf2lint.linting.hookspecs",
    ): "plugin authors' `tf2lint.hookimpl`, loaded on first use",
    ("__main__", "tf2lint.commands.cli"): "the command line, with all it imports: a run replayed "
    "unchanged (tf2lint.run.replay) needs none of it",
    (
        "cli",
        "tf2lint.server.lsp",
    ): "the language server needs pygls, an optional dependency (lsp extra)",
    ("cli", "lsprotocol"): "probes for the optional pygls before `tf2lint lsp` starts",
    ("cli", "pygls"): "probes for the optional pygls before `tf2lint lsp` starts",
    ("cli", "watchfiles"): "`check --watch` uses the optional watchfiles when installed",
    ("runner", "tf2lint.linting.engine"): "libcst: a run answered from the cache never loads it",
    ("runner", "tf2lint.linting.fixes"): "libcst: a run answered from the cache never loads it",
    (
        "runner",
        "tf2lint.linting.incremental",
    ): "libcst: a run answered from the cache never loads it",
    ("runner", "tf2lint.base.parsing"): "libcst: a run answered from the cache never loads it",
    (
        "cli",
        "tf2lint.server.lsp_worker",
    ): "multiprocessing and the worker: only `tf2lint lsp` starts one",
    ("lsp_worker", "tf2lint.linting.engine"): "runs in the starting worker, not in the server",
    ("lsp_worker", "tf2lint.linting.plugins"): "runs in the starting worker, not in the server",
    ("runner", "tf2lint.run.isolation"): "multiprocessing (20 ms): a run answered from the cache "
    "starts no worker",
    ("output", "xml"): "xml.sax.saxutils imports urllib.request (14 ms): only junit needs it",
    ("plugins", "tf2lint.rules"): "the built-in rules load as a plugin, as entry points do",
    # Start-up: `tf2lint --version` and `tf2lint rule` run none of these; a run answered from the
    # cache never fixes nor adds a noqa. Import times measured with `python -X importtime`, .pyc
    # present: `import tf2lint.commands.cli` 45 ms with all of them at the top, 22 ms without.
    ("cli", "tf2lint.run.runner"): "the run, with the project and the cache (11 ms): only "
    "`check` and `explain FILE:LINE` run one",
    ("cli", "tf2lint.run.outcomes"): "the project's summaries (5 ms): only a run from stdin builds "
    "one here",
    (
        "cli",
        "tf2lint.analysis.project",
    ): "module identities, with the project's analysis (30 ms): only "
    "a run from stdin names the module its code stands for",
    (
        "cli",
        "tf2lint.linting.plugins",
    ): "the rule registry's entry points (importlib.metadata, pluggy: "
    "12 ms): `--version` needs no rule",
    (
        "cli",
        "tf2lint.reports.output",
    ): "the report formats, with the registry (17 ms): only a command "
    "that reports findings writes one",
    ("cli", "tf2lint.linting.suppress"): "tokenize (2 ms): only --add-noqa edits comments; a run "
    "answered from the cache never loads it",
    (
        "resolve",
        "tf2lint.linting.plugins",
    ): "the rule registry (12 ms): imported when a check selects "
    "its rules, not when `tf2lint --version` imports the check command's flags",
    ("resolve", "tf2lint.run.runner"): "the run (11 ms): imported when a check lists a program's "
    "files, not when `tf2lint --version` imports the check command's flags",
}

SIBLINGS = ("rules", "runtime_check", "fixtures")  # tf2lint's packages beside linter/

# tf2lint's packages beside linter/: the rules and the runtime harness stand above the linter's
# floors, and only these modules reach up to them.
OUTSIDE = {
    ("plugins", "tf2lint.rules"): "the built-in rules are the first plugin the registry loads",
    ("cli", "tf2lint.runtime_check.cli"): "`verify` and `trace` declare their own options",
}


@dataclass(frozen=True)
class Import:
    importer: str
    written: str  # the module as the import statement names it
    target: str | None  # the linter/ module it loads; None outside linter/
    line: int
    deferred: bool  # inside a function
    annotation_only: bool  # under `if TYPE_CHECKING:`


def _modules() -> dict[str, Path]:
    return {path.stem: path for path in sorted(LINTER.glob("*.py"))}


def _targets(node: ast.Import | ast.ImportFrom, modules: dict[str, Path]) -> list[tuple[str, str]]:
    """(module as written, linter/ module or "" outside linter/ or "-" not tf2lint's)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif node.level:
        raise AssertionError(f"line {node.lineno}: relative import; tf2lint's are absolute")
    else:
        names = [node.module or ""]
    found = []
    for written in names:
        parts = written.split(".")
        if parts[0] == "__future__":
            continue
        if parts[0] != "tf2lint":
            found.append((parts[0], "-"))
        elif len(parts) > 1:
            found.append((written, parts[1] if parts[1] in modules else ""))
        elif isinstance(node, ast.ImportFrom):  # `from tf2lint import knowledge, __version__`
            for alias in node.names:
                if alias.name in modules:
                    found.append((f"tf2lint.{alias.name}", alias.name))
                elif alias.name in SIBLINGS:
                    found.append((f"tf2lint.{alias.name}", ""))
                else:
                    found.append((written, PACKAGE))
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


def _floor_of() -> dict[str, int]:
    floor_of: dict[str, int] = {}
    for depth, (_, members) in enumerate(FLOORS):
        for module in members:
            assert module not in floor_of, f"{module} is on two floors"
            floor_of[module] = depth
    return floor_of


def test_every_module_has_one_floor():
    on_floors = set(_floor_of())
    modules = set(_modules()) - {PACKAGE}
    assert modules - on_floors == set(), "modules on no floor: add them to FLOORS"
    assert on_floors - modules == set(), "FLOORS names modules linter/ no longer has"


def test_imports_go_down_only():
    """A module imports from its own floor or from a floor below it (annotations included)."""
    floor_of = _floor_of()
    upward = []
    for i in imports():
        if i.target is None or i.target == PACKAGE or i.importer == PACKAGE:
            continue
        if floor_of[i.target] < floor_of[i.importer]:
            upward.append(
                f"{i.importer} ({FLOORS[floor_of[i.importer]][0]}) line {i.line} imports "
                f"{i.target} ({FLOORS[floor_of[i.target]][0]})"
            )
    assert not upward, "\n".join(upward)


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
        if i.target is None and i.written.startswith("tf2lint.")
    }
    assert reaching == set(OUTSIDE)


def test_the_package_imports_nothing_at_module_level():
    top = [i.written for i in imports() if i.importer == PACKAGE and not i.deferred]
    assert top == []
