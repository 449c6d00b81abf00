"""What crosses module boundaries: one tracing analysis over every module linted together.

Idiomatic TF2 code puts the ``@tf.function`` training step in one module and the model, losses
and helpers it calls in others. Each module's semantic model (``tf2lint.analysis.model``) therefore
yields a ``ModuleSummary``: its functions and classes, how its own code traces them (a
decorator, ``tf.function(f)``, ``Dataset.map(f)``, a Keras method), and every call, definition
and hand-over of a function, to the same module or, by qualified name, to another. The
``Project`` resolves those names to the modules it was given (packages, relative imports and
re-exports included), runs the same tracing propagation the model runs inside one module
(``model.propagate``) over all of them, and hands each module the ``ModuleFacts`` it cannot see
alone: which of its functions are traced from another module and why, which of its classes
are Keras classes through a base elsewhere, and what the names it imports from other modules
are (a ``tf.function``, a Keras class). Summaries and facts are plain data: they are cached
with each file's result and travel between processes.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path

from tf2lint.analysis import knowledge
from tf2lint.analysis.tracing import TracedBy, propagate, reach, shared_selves, takes_hook_arguments


@dataclass(frozen=True)
class ModuleIdentity:
    """A module's dotted name and the package its relative imports start from."""

    name: str
    package: str
    # the folder the name starts from (what `sys.path` would hold for it); not part of the name
    root: str = field(default="", compare=False)

    @classmethod
    def of(cls, path: Path) -> ModuleIdentity:
        """From the file system: the folders above ``path`` that hold an ``__init__.py`` are
        its packages (``src/pkg/sub/mod.py`` is ``pkg.sub.mod`` when pkg and sub have one),
        whatever the working folder (``helpers.py`` run from inside ``pkg`` is ``pkg.helpers``)."""
        path = Path(os.path.abspath(path))
        parts = [path.stem]
        folder = path.parent
        while is_package(folder) and folder.parent != folder:
            parts.append(folder.name)
            folder = folder.parent
        parts.reverse()
        root = os.path.abspath(folder)
        if parts[-1] == "__init__":
            parts.pop()
            name = ".".join(parts) or path.parent.name
            return cls(name, name, root)
        name = ".".join(parts)
        return cls(name, name.rpartition(".")[0], root)


def is_package(folder: Path) -> bool:
    try:
        return (folder / "__init__.py").is_file()
    except (OSError, ValueError):  # a folder we may not look into, a name too long
        return False


@dataclass
class FunctionSummary:
    """What the project needs to know of one function (by qualified name within its module)."""

    root: str | None = None  # traced by its own module's code: "decorator", "wrapped", "dataset"
    autograph: bool = True  # False: traced unconverted (autograph=False) by its module's code
    once: bool = False  # its body runs once (@snt.once, functools.cache)
    cls: str | None = None  # the class it is a method of
    tf_function: bool = False  # calling it calls a tf.function
    signature: bool = False  # ... with a fixed input_signature
    # a decorator that hands the function it decorates to tf.function ("trace") or to
    # tf.py_function ("eager")
    wraps: str | None = None
    line: int = 0  # where it is defined (its `def`), for evidence shown in other modules
    column: int = 0
    # how many positional arguments it takes after `self` (None: any): a method named after a
    # Keras hook that cannot take what Keras passes it is not the hook
    positional: int | None = None


@dataclass
class ClassSummary:
    bases: list[str] = field(default_factory=list)  # qualified names (module-local as "mod.C")
    keras: str | None = None  # "layer" / "model", when its module sees it
    keras2: bool = False
    # a model its module compiles with run_eagerly=True, or a layer only such models build:
    # Keras traces none of its methods
    eager: bool = False


@dataclass
class Edge:
    """``source`` (a function's qualname; "" for module-level code) calls, defines or passes
    on ``target``: a qualname in the same module, or ``external`` a qualified name."""

    source: str
    target: str
    kind: str  # "called", "defined", "passed", or a root: "wrapped", "dataset"
    external: bool = False
    guarded: bool = False  # under a one-time guard
    autograph: bool = True  # for roots: whether AutoGraph converts what it traces
    receiver: str = "other"  # for method calls: "self", "fresh" (an object the caller built)
    # where the call (or argument) is, for an edge to another module (0: not known)
    line: int = 0
    column: int = 0


@dataclass
class ModuleSummary:
    name: str
    functions: dict[str, FunctionSummary] = field(default_factory=dict)
    classes: dict[str, ClassSummary] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)
    exports: dict[str, str] = field(default_factory=dict)  # module-level imports: re-exports
    queries: list[str] = field(default_factory=list)  # qualified names its rules asked about
    # False for a module not analysed (no TensorFlow in it): its functions are known only by
    # the calls into them
    complete: bool = True

    def to_dict(self) -> dict:
        """As ``dataclasses.asdict``, which deep-copies every string and number of every edge:
        a third of the cost of writing a cache entry; the fields here are plain values."""
        return {
            "name": self.name,
            "functions": {k: _fields_of(v, _FUNCTION_FIELDS) for k, v in self.functions.items()},
            "classes": {
                k: {**_fields_of(v, _CLASS_FIELDS), "bases": list(v.bases)}
                for k, v in self.classes.items()
            },
            "edges": [_fields_of(e, _EDGE_FIELDS) for e in self.edges],
            "exports": dict(self.exports),
            "queries": list(self.queries),
            "complete": self.complete,
        }

    @classmethod
    def from_dict(cls, data: dict) -> ModuleSummary:
        return cls(
            name=data["name"],
            functions={k: FunctionSummary(**v) for k, v in data["functions"].items()},
            classes={k: ClassSummary(**v) for k, v in data["classes"].items()},
            edges=[Edge(**e) for e in data["edges"]],
            exports=dict(data["exports"]),
            queries=list(data["queries"]),
            complete=data["complete"],
        )


_FUNCTION_FIELDS = tuple(f.name for f in fields(FunctionSummary))
_EDGE_FIELDS = tuple(f.name for f in fields(Edge))
_CLASS_FIELDS = tuple(f.name for f in fields(ClassSummary))


def _fields_of(value: object, names: tuple[str, ...]) -> dict:
    return {name: getattr(value, name) for name in names}


@dataclass(frozen=True)
class ExternalName:
    """An imported name that is a tf.function of another linted module (a call of it may
    retrace), or a decorator there that traces what it decorates (or runs it eagerly)."""

    signature: bool = False  # its input_signature is fixed
    wraps: str | None = None  # a decorator: "trace" (tf.function) or "eager" (tf.py_function)


@dataclass(frozen=True)
class ChainLink:
    """A link of a traced chain in another module: a function there and why it is traced, with
    where it is defined (``line`` 0: not known, as for a module the project did not parse)."""

    message: str
    path: str
    line: int = 0
    column: int = 0


@dataclass
class ModuleFacts:
    """What a module learns from the others. Empty facts change nothing."""

    traced: dict[str, tuple[TracedBy, bool]] = field(default_factory=dict)  # qualname -> why, once
    # qualname -> the rest of why it is traced, in the other modules: each function out to what
    # starts the tracing (the evidence of findings in it names them with file and line)
    chains: dict[str, tuple[ChainLink, ...]] = field(default_factory=dict)
    # qualname -> the call (or hand-over) in another module that makes it traced
    sites: dict[str, ChainLink] = field(default_factory=dict)
    unconverted: set[str] = field(default_factory=set)  # traced without AutoGraph from outside
    # traced methods whose `self` is built during the trace by code in another module
    fresh: set[str] = field(default_factory=set)
    classes: dict[str, tuple[str, bool]] = field(default_factory=dict)  # -> (keras kind, keras2)
    external: dict[str, ExternalName] = field(default_factory=dict)  # answers to its queries

    def __bool__(self) -> bool:
        return bool(self.traced or self.unconverted or self.fresh or self.classes or self.external)

    def to_dict(self) -> dict:
        return {
            "traced": {q: [asdict(r), once] for q, (r, once) in sorted(self.traced.items())},
            "unconverted": sorted(self.unconverted),
            "fresh": sorted(self.fresh),
            "classes": {q: list(v) for q, v in sorted(self.classes.items())},
            "external": {q: asdict(v) for q, v in sorted(self.external.items())},
            "chains": {q: [asdict(link) for link in v] for q, v in sorted(self.chains.items())},
            "sites": {q: asdict(link) for q, link in sorted(self.sites.items())},
        }

    @classmethod
    def from_dict(cls, data: dict) -> ModuleFacts:
        return cls(
            traced={
                q: (TracedBy(r["kind"], r["via"]), once) for q, (r, once) in data["traced"].items()
            },
            unconverted=set(data["unconverted"]),
            fresh=set(data["fresh"]),
            classes={q: (v[0], v[1]) for q, v in data["classes"].items()},
            external={q: ExternalName(**v) for q, v in data["external"].items()},
            chains={
                q: tuple(ChainLink(**link) for link in v) for q, v in data.get("chains", {}).items()
            },
            sites={q: ChainLink(**link) for q, link in data.get("sites", {}).items()},
        )


Node = tuple[str, str]  # (module, qualname)


class Project:
    """Every module linted together, resolved and traced as one program."""

    def __init__(
        self, summaries: Iterable[ModuleSummary], paths: Mapping[str, str] | None = None
    ) -> None:
        self.modules: dict[str, ModuleSummary] = {}
        for summary in summaries:
            self.modules.setdefault(summary.name, summary)
        self.paths = paths or {}  # module name -> its file, as the output shows it
        self._edges: dict[Node, list[tuple[Node, str, bool, str]]] = {}
        self._sites: dict[tuple[Node, Node], tuple[int, int]] = {}  # edges to other modules
        self._roots: list[tuple[Node, TracedBy]] = []
        self._unconverted_roots: list[Node] = []
        self._by_module: dict[str, dict[str, list]] = {}  # see _in_module
        self._class_kinds = self._resolve_classes()
        self._index()
        self.traced, self.one_time = propagate(
            self._roots, lambda node: self._edges.get(node, ()), _qualified, self._once
        )
        self.unconverted = reach(
            self._unconverted_roots,
            lambda node: (
                t
                for t, kind, _, _ in self._edges.get(node, ())
                if kind != "passed" and not self._converted(t)
            ),
        )
        self.shared = shared_selves(
            self.traced, (node for node, _ in self._roots), lambda n: self._edges.get(n, ())
        )

    # --- names -------------------------------------------------------------------------------
    def resolve(self, qualified: str, _depth: int = 0) -> Node | None:
        """The linted function or class a qualified name stands for: the longest module
        prefix, then a function, class or method there, following re-exports."""
        parts = qualified.split(".")
        for i in range(len(parts) - 1, 0, -1):
            summary = self.modules.get(".".join(parts[:i]))
            if summary is None:
                continue
            rest = ".".join(parts[i:])
            if rest in summary.functions or rest in summary.classes or not summary.complete:
                return summary.name, rest
            head, _, tail = rest.partition(".")
            exported = summary.exports.get(head)
            if exported is not None and _depth < 8:
                return self.resolve(f"{exported}.{tail}" if tail else exported, _depth + 1)
            return None
        return None

    def library_name(self, qualified: str, _depth: int = 0) -> str | None:
        """What a name reached through a linted module's imports stands for outside the
        project: ``pkg.utils.keras.layers.Layer`` is ``tf_keras.layers.Layer`` when
        ``pkg/utils.py`` does ``import tf_keras as keras``."""
        parts = qualified.split(".")
        for i in range(len(parts) - 1, 0, -1):
            summary = self.modules.get(".".join(parts[:i]))
            if summary is None:
                continue
            exported = summary.exports.get(parts[i])
            if exported is None or _depth >= 8:
                return None
            rest = ".".join(parts[i + 1 :])
            name = f"{exported}.{rest}" if rest else exported
            return self.library_name(name, _depth + 1) or name
        return None

    def _target(self, module: str, edge: Edge) -> Node | None:
        if not edge.external:
            return module, edge.target
        node = self.resolve(edge.target)
        if node is None:
            return None
        summary = self.modules[node[0]]
        if node[1] in summary.classes:
            if edge.kind != "called":
                return None  # a class handed on (isinstance(x, C), a factory) is not run
            node = self.resolve(f"{edge.target}.__init__")  # calling a class runs __init__
        if node is None:
            return None
        summary = self.modules[node[0]]
        return node if node[1] in summary.functions or not summary.complete else None

    # --- classes -----------------------------------------------------------------------------
    def _resolve_classes(self) -> dict[Node, tuple[str, bool]]:
        """Keras-ness through bases in other modules: a class's kind is that of its first base
        with one. Each base is resolved once, and each class's kind found once (an explicit
        stack, so that a chain of thousands of modules costs linear time and no recursion)."""
        kinds: dict[Node, tuple[str, bool]] = {}
        bases: dict[Node, list[Node]] = {}
        for summary in self.modules.values():
            for qualname, info in summary.classes.items():
                node = (summary.name, qualname)
                if info.keras:
                    kinds[node] = (info.keras, info.keras2)
                else:
                    bases[node] = [b for b in map(self._base, info.bases) if b is not None]
                    for base in bases[node]:
                        if base[0] == _LIBRARY:
                            kinds[base] = _library_kind(base[1])
        finished: set[Node] = set()  # also those on the stack: a cycle of bases gives no kind
        for start in bases:
            if start in finished:
                continue
            finished.add(start)
            stack = [(start, 0)]
            while stack:
                node, i = stack.pop()
                parents = bases[node]
                while i < len(parents):
                    base = parents[i]
                    if base in kinds:
                        kinds[node] = kinds[base]
                        break
                    if base in bases and base not in finished:  # its kind first, then look again
                        finished.add(base)
                        stack += [(node, i), (base, 0)]
                        break
                    i += 1
        return {node: kind for node, kind in kinds.items() if node[0] != _LIBRARY}

    def _base(self, base: str) -> Node | None:
        """A base class as a node: a linted class, or a Keras class of the library (a node of
        the module ``_LIBRARY``), whatever module alias or re-export it was reached through."""
        found = self.resolve(base)
        if found is not None:
            return found
        library = self.library_name(base)
        return (_LIBRARY, library) if _library_kind(library) is not None else None

    # --- the graph ---------------------------------------------------------------------------
    def _index(self) -> None:
        for summary in self.modules.values():
            name = summary.name
            for qualname, info in summary.functions.items():
                node = (name, qualname)
                if info.root is not None:
                    self._roots.append((node, TracedBy(info.root)))
                    if not info.autograph:
                        self._unconverted_roots.append(node)
                kind = self._class_kinds.get((name, info.cls)) if info.cls else None
                method = qualname.rpartition(".")[2]
                if (
                    kind is not None
                    and method in knowledge.traced_methods(kind[0])
                    and not summary.classes.get(info.cls, ClassSummary()).eager
                    and takes_hook_arguments(info.positional, kind[0], method)
                ):
                    self._roots.append((node, TracedBy("keras", kind[0])))
                    if not kind[1] and not _converted(info):
                        self._unconverted_roots.append(node)
            for edge in summary.edges:
                target = self._target(name, edge)
                if target is None:
                    continue
                if edge.kind in ("wrapped", "dataset", "compiled", "lambda_layer"):
                    self._roots.append((target, TracedBy(edge.kind)))
                    if not edge.autograph:
                        self._unconverted_roots.append(target)
                    continue
                if edge.source:  # module-level code is not traced: only its roots count
                    source = (name, edge.source)
                    self._edges.setdefault(source, []).append(
                        (target, edge.kind, edge.guarded, edge.receiver)
                    )
                    if edge.line:  # a module places only the first of these (external_sites)
                        self._sites.setdefault((source, target), (edge.line, edge.column))

    def _converted(self, node: Node) -> bool:
        summary = self.modules.get(node[0])
        info = summary.functions.get(node[1]) if summary is not None else None
        return info is not None and _converted(info)

    def _once(self, node: Node) -> bool:
        info = self.modules[node[0]].functions.get(node[1])
        return info is not None and info.once

    # --- what each module learns -------------------------------------------------------------
    def facts_for(self, name: str) -> ModuleFacts:
        """The facts about module ``name`` that come from the other modules: what the whole
        program's analysis says and the module's own analysis cannot."""
        summary = self.modules.get(name)
        facts = ModuleFacts()
        if summary is None:
            return facts
        local_traced, local_once, local_unconverted, local_shared = self._alone(summary)
        for node in self._in_module("reached", self.traced.keys() | self.unconverted, name):
            qualname = node[1]
            reason = self.traced.get(node)
            if reason is not None and (
                qualname not in local_traced or self.one_time[node] != local_once.get(qualname)
            ):
                facts.traced[qualname] = (reason, self.one_time[node])
                chain = self.chain(node)
                if chain:
                    facts.chains[qualname] = chain
                site = self.site(node)
                if site is not None:
                    facts.sites[qualname] = site
            if node in self.unconverted and qualname not in local_unconverted:
                facts.unconverted.add(qualname)
            if reason is not None and node not in self.shared and qualname in local_shared:
                facts.fresh.add(qualname)
        for qualname, info in summary.classes.items():
            kind = self._class_kinds.get((name, qualname))
            if kind is not None and not info.keras:
                facts.classes[qualname] = kind
        for qualified in summary.queries:
            answer = self.describe(qualified)
            if answer is not None:
                facts.external[qualified] = answer
        return facts

    def _alone(self, summary: ModuleSummary) -> tuple[dict, dict, set]:
        """What the module's own analysis finds traced (and unconverted) with no other module:
        the same propagation over its own roots and edges."""
        name = summary.name
        roots = [
            (node, reason)
            for node, reason in self._in_module("roots", self._roots, name, key=lambda r: r[0])
            if self._local_root(summary, node[1], reason)
        ]
        unconverted_roots = [
            node
            for node in self._in_module("unconverted", self._unconverted_roots, name)
            if _unconverted_locally(summary, node[1]) or self._keras3_method(summary, node[1])
        ]

        def edges(node: Node) -> list[tuple[Node, str, bool, str]]:
            return [e for e in self._edges.get(node, ()) if e[0][0] == name]

        traced, once = propagate(roots, edges, _qualified, self._once)
        unconverted = reach(
            unconverted_roots,
            lambda n: (
                t for t, kind, _, _ in edges(n) if kind != "passed" and not self._converted(t)
            ),
        )
        shared = shared_selves(traced, (node for node, _ in roots), edges)
        return (
            {q: r for (_, q), r in traced.items()},
            {q: o for (_, q), o in once.items()},
            {q for _, q in unconverted},
            {q for _, q in shared},
        )

    def chain(self, node: Node) -> tuple[ChainLink, ...]:
        """Why ``node`` is traced beyond itself: the function its reason names, why that one
        is, and so on out to what starts the tracing, each with its file and line; links in
        ``node``'s own module too (a chain may leave it and come back), path "" for those."""
        by_name = self._traced_by_name()
        links: list[ChainLink] = []
        seen = {node}
        reason = self.traced.get(node)
        while reason is not None and reason.via and len(links) < MAX_CHAIN:
            caller = by_name.get(reason.via)
            if caller is None or caller in seen:
                break
            seen.add(caller)
            reason = self.traced.get(caller)
            if reason is None:
                break
            info = self.modules[caller[0]].functions.get(caller[1])
            path = "" if caller[0] == node[0] else self.paths.get(caller[0], "")
            # another module's function whose file is not known: named, but not located
            located = info is not None and (path or caller[0] == node[0])
            message = f"`{_qualified(caller)}` is {reason.describe()}"
            site = self.site(caller)  # called from another module: at that call
            if site is None:
                links.append(
                    ChainLink(
                        message, path, info.line if located else 0, info.column if located else 0
                    )
                )
                continue
            # a call back in node's own module has no path (as the links above)
            own = site.path == self.paths.get(node[0], "") and node[0]
            links.append(ChainLink(message, "" if own else site.path, site.line, site.column))
        return tuple(links)

    def site(self, node: Node) -> ChainLink | None:
        """Where another module's code calls (or hands on) ``node`` so that it is traced: the
        call of the function its reason names, with that module's file; None for a function
        traced by its own module or not located."""
        reason = self.traced.get(node)
        if reason is None or reason.kind not in ("called", "passed", "defined") or not reason.via:
            return None
        caller = self._traced_by_name().get(reason.via)
        if caller is None or caller[0] == node[0]:
            return None
        where = self._sites.get((caller, node))
        path = self.paths.get(caller[0], "")
        if where is None or not path:
            return None
        return ChainLink(f"`{_qualified(caller)}` calls it here", path, where[0], where[1])

    def _traced_by_name(self) -> dict[str, Node]:
        found = self._by_module.get("by-name")
        if found is None:
            found = self._by_module["by-name"] = {_qualified(n): n for n in self.traced}
        return found  # type: ignore[return-value]

    def _in_module(self, kind: str, items: Iterable, module: str, key=lambda node: node) -> list:
        """The ``items`` (nodes, or what ``key`` takes a node from) of ``module``, from an
        index built once per ``kind``: asking each module in turn stays linear."""
        index = self._by_module.get(kind)
        if index is None:
            index = self._by_module[kind] = {}
            for item in items:
                index.setdefault(key(item)[0], []).append(item)
        return index.get(module, [])

    def _local_root(self, summary: ModuleSummary, qualname: str, reason: TracedBy) -> bool:
        info = summary.functions[qualname]
        if reason.kind == "keras":
            return bool(info.cls and summary.classes.get(info.cls, ClassSummary()).keras)
        return info.root == reason.kind

    def _keras3_method(self, summary: ModuleSummary, qualname: str) -> bool:
        info = summary.functions[qualname]
        cls = summary.classes.get(info.cls) if info.cls else None
        return bool(
            cls is not None
            and cls.keras
            and not cls.keras2
            and not _converted(info)
            and qualname.rpartition(".")[2] in knowledge.traced_methods(cls.keras)
        )

    def describe(self, qualified: str) -> ExternalName | None:
        """``qualified`` as an imported tf.function of a linted module, if it is one."""
        node = self.resolve(qualified)
        if node is None:
            return None
        function = self.modules[node[0]].functions.get(node[1])
        if function is None or not (function.tf_function or function.wraps):
            return None
        return ExternalName(signature=function.signature, wraps=function.wraps)


_LIBRARY = "<library>"  # the module of a library class's node in the class resolution
MAX_CHAIN = 32  # how far a traced chain is followed across modules (as within one)


def _library_kind(library: str | None) -> tuple[str, bool] | None:
    """A Keras class of the library's kind (layer, model, loss...) and whether it is Keras 2."""
    kind = knowledge.class_kind(library) if library is not None else None
    if kind not in knowledge.KERAS_KINDS:
        return None
    return kind, library.startswith("tf_keras.")


def _qualified(node: Node) -> str:
    return f"{node[0]}.{node[1]}" if node[1] else node[0]


def _converted(info: FunctionSummary) -> bool:
    """Decorated with a ``tf.function`` that converts it: whoever traces or calls it."""
    return info.root == "decorator" and info.autograph


def _unconverted_locally(summary: ModuleSummary, qualname: str) -> bool:
    info = summary.functions[qualname]
    return info.root is not None and not info.autograph


def second_pass(
    summaries: Mapping[int, ModuleSummary],
    roots: Mapping[int, str] | None = None,
    paths: Mapping[int, str] | None = None,
) -> dict[int, ModuleFacts]:
    """The files of a run to lint again (by their index in ``summaries``, each file's summary
    from linting it alone) with the facts the other files give each: those whose analysis the
    project changes. ``roots`` (each file's ModuleIdentity.root) keeps apart modules of one
    name in different folders (two scripts' ``utils.py``); of two files with one module name in
    one root, only the first is that module. ``paths``: each file as the output shows it, for
    the evidence that names another module's function."""
    summaries, queries = _apart_by_root(summaries, roots or {})
    files = {summaries[i].name: path for i, path in (paths or {}).items() if i in summaries}
    project = Project(summaries.values(), files)
    again = {}
    for index, summary in summaries.items():
        if project.modules.get(summary.name) is summary:
            facts = project.facts_for(summary.name)
            if facts:
                back = queries.get(index, {})
                facts.external = {back.get(q, q): v for q, v in facts.external.items()}
                again[index] = facts
    return again


def _apart_by_root(
    summaries: Mapping[int, ModuleSummary], roots: Mapping[int, str]
) -> tuple[dict[int, ModuleSummary], dict[int, dict[str, str]]]:
    """Summaries whose top-level names clash across roots, renamed apart: in root R, the clashing
    names (its modules' and those its code refers to) get a prefix of R's own, so that R's code
    finds R's module of that name, as Python run from R would, and no other root's. A name that
    clashes and is not in R itself stands for no linted module there. Also, per summary, its
    renamed queries back to the names its rules asked about."""
    tops: dict[str, set[str]] = {}
    for index, summary in summaries.items():
        tops.setdefault(summary.name.partition(".")[0], set()).add(roots.get(index, ""))
    clashing = {top for top, where in tops.items() if len(where) > 1}
    if not clashing:
        return dict(summaries), {}
    prefixes = {root: f"__root{n}__" for n, root in enumerate(sorted(set(roots.values())))}
    own = {
        (roots.get(index, ""), summary.name.partition(".")[0])
        for index, summary in summaries.items()
    }
    out: dict[int, ModuleSummary] = {}
    queries: dict[int, dict[str, str]] = {}
    for index, summary in summaries.items():
        root = roots.get(index, "")

        def rename(qualified: str, root: str = root) -> str:
            top = qualified.partition(".")[0]
            if top not in clashing:
                return qualified
            if (root, top) in own:
                return f"{prefixes[root]}.{qualified}"
            return f"__nowhere__.{qualified}"  # clashing elsewhere, absent here: unresolved

        renamed = replace(
            summary,
            name=rename(summary.name),
            classes={
                q: replace(c, bases=[rename(b) for b in c.bases])
                for q, c in summary.classes.items()
            },
            edges=[replace(e, target=rename(e.target)) if e.external else e for e in summary.edges],
            exports={k: rename(v) for k, v in summary.exports.items()},
            queries=[rename(q) for q in summary.queries],
        )
        queries[index] = dict(zip(renamed.queries, summary.queries, strict=True))
        out[index] = renamed
    return out, queries


def definition_lines(tree: ast.Module) -> dict[str, tuple[int, int]]:
    """Where each ``def`` of a module is (line, 1-based column of ``def``), by the key its
    summary gives it (its qualname, ``#2`` and on for a second one of the same name). From
    Python's own tree, walking statements only: cheap beside the parse."""
    found: dict[str, tuple[int, int]] = {}
    todo: list[tuple[ast.AST, str]] = [(tree, "")]
    defs: list[tuple[str, int, int]] = []
    functions, blocks = (ast.FunctionDef, ast.AsyncFunctionDef), ("body", "orelse", "finalbody")
    while todo:
        node, prefix = todo.pop()
        children = [c for field in blocks for c in getattr(node, field, ())]
        children += getattr(node, "handlers", ())
        children += (case for case in getattr(node, "cases", ()))  # match statements
        for child in children:
            if isinstance(child, functions):
                qualname = prefix + child.name
                defs.append((qualname, child.lineno, child.col_offset + 1))
                todo.append((child, f"{qualname}.<locals>."))
            elif isinstance(child, ast.ClassDef):
                todo.append((child, f"{child.name}."))  # the model names methods Class.method
            elif hasattr(child, "body"):  # if, for, while, with, try, except, case
                todo.append((child, prefix))
    for qualname, line, column in sorted(defs, key=lambda d: (d[1], d[2])):
        key, n = qualname, 1
        while key in found:
            n += 1
            key = f"{qualname}#{n}"
        found[key] = (line, column)
    return found


def place_functions(summary: ModuleSummary, tree: ast.Module) -> None:
    """Fill in where each function of ``summary`` is defined."""
    lines = definition_lines(tree)
    for key, info in summary.functions.items():
        info.line, info.column = lines.get(key, (0, 0))
