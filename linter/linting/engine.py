"""The lint engine: one parse, one semantic model and one batched traversal per module.

The engine knows nothing about any specific rule. It walks the tree once, keeps the traversal
state every rule needs (which function, whether that code is traced, whether it sits under a
one-time guard or ``tf.init_scope()``), and dispatches each node to the ``visit_<Type>`` and
``leave_<Type>`` methods of every enabled rule.
"""

from __future__ import annotations

import ast
import traceback
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

import libcst as cst

from tf2lint.analysis.model import FunctionInfo, ModuleModel, Scope
from tf2lint.analysis.project import ModuleFacts, ModuleIdentity, ModuleSummary, place_functions
from tf2lint.analysis.scopes import ScopeKind
from tf2lint.analysis.tracing import replaced_gap
from tf2lint.base.parsing import parse_module
from tf2lint.base.positions import node_ranges
from tf2lint.linting import syntax
from tf2lint.linting.plugins import plugin_of
from tf2lint.linting.rule import (  # noqa: F401 - the engine's own diagnostics, re-exported
    ENGINE_CATEGORY,
    INTERNAL_ERROR,
    READ_ERROR,
    SYNTAX_ERROR,
    TOO_LARGE,
    Diagnostic,
    Evidence,
    Fix,
    Report,
    Rule,
    Step,
    engine_diagnostic,
)
from tf2lint.linting.suppressing import apply_suppressions
from tf2lint.linting.syntax import MAX_BOOLEAN_OPERANDS  # noqa: F401 - re-exported

T = TypeVar("T")


class LintContext:
    """What a rule sees of the module and of where the traversal is."""

    def __init__(self, model: ModuleModel, path: str, source: str = "") -> None:
        self.model = model
        self.path = path
        self.source = source  # the module's text (regenerating it from the tree costs a parse)
        self.reports: list[Report] = []
        self._memo: dict[object, object] = {}
        # Kept up to date by enter/leave (rules read them at nearly every node):
        # the innermost scope (module, class, function, lambda, comprehension);
        self.scope: Scope = model.scope
        # the innermost function or lambda, if any;
        self.function: FunctionInfo | None = None
        # the loops (for, while, comprehensions) around the node within that function, outermost
        # first: a def inside a loop starts afresh, its body runs when it is called;
        self.loops: list[cst.CSTNode] = []
        # inside a traced function, and not in code lifted out of the graph
        # (`with tf.init_scope():`) or run only eagerly (`if tf.executing_eagerly():`);
        self.in_traced_code = False
        # under a one-time guard (`if self.v is None:`, `if first_call: ... first_call = False`)
        # or in a function whose body runs once (`@snt.once`, or called only from such guards).
        self.in_one_time_guard = False
        self._outer: list[tuple[Scope, FunctionInfo | None, list[cst.CSTNode]]] = []
        self._guards = 0
        self._lifted = 0

    def add_report(self, report: Report) -> None:
        self.reports.append(report)

    def memo(self, key: object, compute: Callable[[], T]) -> T:
        """Per-module state computed once and shared by the rules that ask with the same ``key``
        (a rule family's own function or class, say)."""
        try:
            return self._memo[key]  # type: ignore[return-value]
        except KeyError:
            value = self._memo[key] = compute()
            return value

    def release(self) -> None:
        """Drop what the rules shared once the lint is over: it may hold the model's scopes
        in cycles, which would keep the whole tree alive until the cyclic collector runs."""
        self._memo.clear()
        self.reports.clear()

    # --- traversal state, maintained by the engine ---------------------------------------------
    def enter(self, node: cst.CSTNode) -> None:
        model = self.model
        kind = model.blocks.get(id(node))
        if kind is not None:
            if kind == "guard":
                self._guards += 1
            else:
                self._lifted += 1
        else:
            scope = model.scope_at.get(id(node))
            if scope is not None:
                self._outer.append((self.scope, self.function, self.loops))
                self.scope = scope
                if isinstance(scope, FunctionInfo):
                    self.function = scope
                    self.loops = []
                elif scope.kind == ScopeKind.COMPREHENSION:
                    self.loops = [*self.loops, node]
            elif type(node) is cst.For or type(node) is cst.While:
                self.loops = [*self.loops, node]
        self._update()

    def leave(self, node: cst.CSTNode) -> None:
        model = self.model
        kind = model.blocks.get(id(node))
        if kind is not None:
            if kind == "guard":
                self._guards -= 1
            else:
                self._lifted -= 1
        elif id(node) in model.scope_at:
            self.scope, self.function, self.loops = self._outer.pop()
        elif type(node) is cst.For or type(node) is cst.While:
            self.loops = self.loops[:-1]
        self._update()

    def _update(self) -> None:
        fn = self.function
        self.in_traced_code = fn is not None and fn.traced and not self._lifted
        self.in_one_time_guard = self._guards > 0 or (fn is not None and fn.one_time)


@dataclass
class FileResult:
    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    module: cst.Module | None = None
    internal_error: bool = False
    summary: ModuleSummary | None = None  # for the project, when linted as part of one


# Node types the traversal state itself follows (see LintContext.enter/leave): scopes, loops, and
# the blocks that are one-time guards, `with tf.init_scope():` or eager-only branches.
_CONTEXT_TYPES = frozenset(
    {
        cst.FunctionDef,
        cst.Lambda,
        cst.ClassDef,
        cst.ListComp,
        cst.SetComp,
        cst.DictComp,
        cst.GeneratorExp,
        cst.For,
        cst.While,
        cst.IndentedBlock,
        cst.SimpleStatementSuite,
        cst.IfExp,  # a guarded singleton: `x = make() if x is None else x`
    }
)

# rule class -> its (node type, method name) pairs for visits and for leaves
_rule_methods: dict[type, tuple[tuple[tuple[type, str], ...], tuple[tuple[type, str], ...]]] = {}


def _methods_of(
    rule_type: type,
) -> tuple[tuple[tuple[type, str], ...], tuple[tuple[type, str], ...]]:
    found = _rule_methods.get(rule_type)
    if found is None:
        visits: list[tuple[type, str]] = []
        leaves: list[tuple[type, str]] = []
        for attr in dir(rule_type):
            if attr.startswith("visit_") or attr.startswith("leave_"):
                node_type = getattr(cst, attr[6:], None)
                if isinstance(node_type, type):
                    (visits if attr[0] == "v" else leaves).append((node_type, attr))
        found = _rule_methods[rule_type] = (tuple(visits), tuple(leaves))
    return found


class _Method(NamedTuple):
    """One method the replay calls at a node type, with the preconditions its rule declared
    (see ``Rule.call_names``, ``Rule.calls_in_traced_code`` and ``Rule.visits_in_traced_code``)."""

    rule_id: str | None  # None: the context's own enter or leave
    call: Callable[[cst.CSTNode], object]
    names: frozenset[str] | None = None
    in_traced_code: bool | None = None


_Table = dict[type, list[_Method]]


def _dispatch_tables(rules: list[Rule], context: LintContext) -> tuple[_Table, _Table]:
    """Per node type, the methods to call on leaving and on entering (indexed by
    ``entering``). The context's own ``enter`` and ``leave`` come first on entering and last on
    leaving, under the rule id None."""
    leaves: _Table = defaultdict(list)
    visits: _Table = defaultdict(list)
    for node_type in _CONTEXT_TYPES:
        visits[node_type].append(_Method(None, context.enter))
    for rule in rules:
        rule_type = type(rule)
        rule_visits, rule_leaves = _methods_of(rule_type)
        rule_id = rule_type.id
        names, traced = rule_type.call_names, rule_type.calls_in_traced_code
        traced_visits = rule_type.visits_in_traced_code
        for found, table in ((rule_visits, visits), (rule_leaves, leaves)):
            for node_type, attr in found:
                if node_type is cst.Call:
                    table[node_type].append(_Method(rule_id, getattr(rule, attr), names, traced))
                elif node_type.__name__ in traced_visits and node_type not in _CONTEXT_TYPES:
                    table[node_type].append(_Method(rule_id, getattr(rule, attr), None, True))
                else:
                    table[node_type].append(_Method(rule_id, getattr(rule, attr)))
    for node_type in _CONTEXT_TYPES:
        leaves[node_type].append(_Method(None, context.leave))
    return dict(leaves), dict(visits)


def _dispatchers(
    table: _Table, fail: Callable, context: LintContext
) -> dict[type, Callable[[cst.CSTNode], None]]:
    """Per node type, one function calling its methods in turn (see _dispatcher); at a call,
    only the methods whose rules' preconditions it meets (see _call_dispatcher)."""
    out = {}
    for node_type, methods in table.items():
        if not methods:
            continue
        if node_type is cst.Call and any(
            m.names is not None or m.in_traced_code is not None for m in methods
        ):
            out[node_type] = _call_dispatcher(methods, fail, context)
        elif any(m.in_traced_code is not None for m in methods):
            out[node_type] = _traced_dispatcher(methods, fail, context)
        else:
            out[node_type] = _dispatcher(methods, fail)
    return out


def _admits(method: _Method, name: str | None, in_traced_code: bool) -> bool:
    """Whether a call named ``name`` (None: no name, or one no rule asks for) where the
    traversal is ``in_traced_code`` meets ``method``'s preconditions."""
    if method.names is not None and name not in method.names:
        return False
    return method.in_traced_code is None or method.in_traced_code == bool(in_traced_code)


def _call_dispatcher(
    methods: list[_Method], fail: Callable, context: LintContext
) -> Callable[[cst.CSTNode], None]:
    """A function calling, at a ``Call`` node, the methods whose preconditions it meets, in
    their order: the name the callee ends with and whether the code is traced pick one of a
    few dispatchers, each made on first use. Most rules that visit calls ask for a few
    names; tensor2tensor has 34 K calls and 60 rules visiting each, most of which would return
    at once."""
    asked = frozenset().union(*(m.names for m in methods if m.names is not None))
    made: dict[tuple[str | None, bool], Callable[[cst.CSTNode], None]] = {}
    attribute, name_type = cst.Attribute, cst.Name

    def dispatch(node: cst.Call) -> None:
        func = node.func
        kind = type(func)
        if kind is attribute:
            name = func.attr.value
        elif kind is name_type:
            name = func.value
        else:
            name = None
        key = (name if name in asked else None, context.in_traced_code)
        call = made.get(key)
        if call is None:
            call = made[key] = _dispatcher([m for m in methods if _admits(m, *key)], fail)
        call(node)

    return dispatch


def _traced_dispatcher(
    methods: list[_Method], fail: Callable, context: LintContext
) -> Callable[[cst.CSTNode], None]:
    """A function calling, at a node of a type that opens no scope, the methods that run where
    the traversal is (traced code or not; see ``Rule.visits_in_traced_code``): a third of all
    nodes are names, which several rules look at only in traced code."""
    outside = _dispatcher([m for m in methods if _admits(m, None, False)], fail)
    inside = _dispatcher([m for m in methods if _admits(m, None, True)], fail)

    def dispatch(node: cst.CSTNode) -> None:
        (inside if context.in_traced_code else outside)(node)

    return dispatch


# A dispatcher's maker, by the shape of its methods (which are the context's own): compiled once.
_MAKERS: dict[tuple[bool, ...], Callable] = {}


def _nothing(node: cst.CSTNode) -> None:
    """The dispatcher of no methods (a call no rule's preconditions admit)."""


def _dispatcher(methods: list[_Method], fail: Callable) -> Callable[[cst.CSTNode], None]:
    """A function calling each of ``methods`` on a node, in order: a rule's failure goes to
    ``fail(rule id, error, node)`` and the next method runs; the context's own (rule id None)
    propagates. Straight-line code, not a loop over the pairs: a Call node of tensor2tensor has
    60 rules to visit, and the loop's own steps cost more than the calls of the rules that
    return at once."""
    if not methods:
        return _nothing
    shape = tuple(m.rule_id is None for m in methods)
    maker = _MAKERS.get(shape)
    if maker is None:
        lines = []
        for i, own in enumerate(shape):
            if own:
                lines.append(f"        m{i}(node)")
            else:
                lines += [
                    "        try:",
                    f"            m{i}(node)",
                    "        except (Exception, SystemExit) as error:  # a plugin's sys.exit() too",
                    f"            fail(r{i}, error, node)",
                ]
        params = ", ".join(
            [f"m{i}" for i in range(len(shape))] + [f"r{i}" for i in range(len(shape))]
        )
        source = f"def make({params}, fail):\n    def dispatch(node):\n" + "\n".join(lines)
        namespace: dict = {}
        exec(source + "\n    return dispatch\n", namespace)
        maker = _MAKERS[shape] = namespace["make"]
    return maker(*(m.call for m in methods), *(m.rule_id for m in methods), fail)


class _Replay:
    """The rules of one module, each called at the events of the model's walk it listens to:
    one lookup per event, for the node types someone listens to, and one call there that calls
    each method in turn (see _dispatcher). A rule that fails is dropped; the others go on."""

    def __init__(self, rules: list[type[Rule]], context: LintContext) -> None:
        self.rules = rules
        self.context = context
        self.failed: dict[str, BaseException] = {}
        self.failed_at: dict[str, cst.CSTNode] = {}
        instances = []
        for rule in rules:
            try:
                instances.append(rule(context))
            except (Exception, SystemExit) as error:  # a rule that cannot start: the others run
                self.failed[rule.id] = error
        self.tables = _dispatch_tables(instances, context)
        self.dispatch = tuple(_dispatchers(t, self.fail, context) for t in self.tables)

    def run(self, events: list[tuple[cst.CSTNode, bool]]) -> None:
        leaving, entering_calls = self.dispatch[0].get, self.dispatch[1].get  # fail updates them
        for node, entering in events:
            call = (entering_calls if entering else leaving)(type(node))
            if call is not None:
                call(node)

    def fail(self, rule_id: str, error: BaseException, node: cst.CSTNode) -> None:
        """One rule failing must not stop the others: drop it from the dispatch tables."""
        self.failed[rule_id] = error
        self.failed_at[rule_id] = node
        for table, calls in zip(self.tables, self.dispatch, strict=True):
            for t, methods in table.items():
                table[t] = [m for m in methods if m.rule_id != rule_id]
            calls.clear()  # a type left with no method goes too
            calls.update(_dispatchers(table, self.fail, self.context))

    def close(self) -> None:
        """Unlink the dispatchers, which hold ``fail`` and so this replay, its rules, their
        context and through it the tree: left in that cycle, the tree would wait for the cyclic
        collector, which walks all of it first (2-3% of a lint), rather than being freed with
        the result."""
        for held in (*self.tables, *self.dispatch):
            held.clear()


def lint_module(
    source: str,
    path: str,
    rules: list[type[Rule]],
    report_unused_suppressions: bool = False,
    identity: ModuleIdentity | None = None,
    facts: ModuleFacts | None = None,
    ignore_noqa: bool = False,
    parse: Callable[[str], cst.Module] | None = None,
    keras_version: int = 3,
) -> FileResult:
    """Lint one module's source with ``rules``. Never raises for bad input or a failing rule.
    ``ignore_noqa``: report what suppression comments would silence (``--ignore-noqa``).
    ``keras_version``: the project's ``keras-version`` (2: its environment sets
    ``TF_USE_LEGACY_KERAS=1``, and ``tf.keras`` is tf-keras; see ModuleModel.keras_version).
    ``parse``: libcst's parse, or one equal to it (the language server's incremental parse,
    whose ``parse_tree`` and ``node_ranges``, equal to ``ast.parse``'s and ``node_ranges``'s,
    are used too).

    With the module's ``identity`` (it is linted as part of a project), the result carries the
    module's summary for the project; ``facts`` are what the project learned about it from the
    other modules (see tf2lint.analysis.project)."""
    result = FileResult(path)
    traced_from_elsewhere = bool(facts and facts.traced)
    selected = rules  # for the unused-suppressions report; `rules` narrows below
    tree = syntax.python_tree(source, path, getattr(parse, "parse_tree", ast.parse))
    if isinstance(tree, Diagnostic):
        result.diagnostics.append(tree)
        return result
    if not source.isascii() and syntax.respelled_characters(source):
        spelled = syntax.nfkc_names(source)
        if spelled is not None:  # fullwidth `tf.log` is `tf.log` to Python: lint what it reads
            again = lint_module(
                spelled, path, rules, report_unused_suppressions, identity, facts,
                keras_version=keras_version,
            )  # fmt: skip
            return syntax.Reindented(spelled, {}).back(again)
    too_long = syntax.too_long_chain(source, tree, path)
    if too_long is not None:
        result.diagnostics.append(too_long)
        return result
    rule_set = _rule_set(rules)
    if not traced_from_elsewhere and _cannot_concern_tensorflow(source, rule_set):
        # The model would find no TensorFlow import and every rule needs one: skip libcst's
        # parse, ten times slower than Python's own (which has just accepted the code). For
        # the project it is a module whose functions it knows only by the calls into them.
        if identity is not None:
            result.summary = ModuleSummary(identity.name, complete=False)
        if not ignore_noqa:
            apply_suppressions(result, source, report_unused_suppressions, selected)
        return result
    try:
        module = (parse or parse_module)(source)
    except cst.ParserSyntaxError as error:
        indented = syntax.python_indentation(source)
        if indented is not None:  # valid Python libcst misreads: lint it indented with spaces
            again = lint_module(
                indented.text, path, rules, report_unused_suppressions, identity, facts,
                keras_version=keras_version,
            )  # fmt: skip
            return indented.back(again)
        result.diagnostics.append(syntax.libcst_syntax_error(error, path, source))
        return result
    except RecursionError:
        result.diagnostics.append(
            engine_diagnostic(SYNTAX_ERROR, path, "code is nested too deeply for the parser")
        )
        return result
    result.module = module
    try:
        model = ModuleModel(module, identity, facts, keras_version)
    except Exception as error:  # a bug in the model: report it and lint nothing else here
        result.diagnostics.append(_internal_error(path, "the semantic model", error))
        result.internal_error = True
        return result
    context = LintContext(model, path, source)
    replay = _Replay(_rules_for(model, rule_set, source, identity, facts), context)
    try:
        replay.run(model.events)
    except Exception as error:  # the traversal state itself (not a rule): report, lint no more
        result.diagnostics.append(_internal_error(path, "the engine's traversal", error))
        result.internal_error = True
        return result
    finally:
        replay.close()
    ranges = _place_findings(result, replay, context, source, tree, parse, identity, facts)
    if not ignore_noqa:
        apply_suppressions(result, source, report_unused_suppressions, selected)
    result.diagnostics.sort(key=Diagnostic.sort_key)
    if identity is not None:
        try:
            result.summary = model.summary(ranges)
            place_functions(result.summary, tree)  # for evidence that other modules show
        except Exception as error:  # a bug in the summary: this module's findings still stand
            result.diagnostics.append(_internal_error(path, "the module summary", error))
            result.internal_error = True
    model.release()  # nothing reads the model after: let its tree go now (see release)
    context.release()
    return result


class _RuleSet:
    """What the engine asks of one list of rules in every module it lints with them, found
    once: whether every rule requires TensorFlow, whether some rule requires traced code, the
    distinct ``requires_text`` among them, and which rules a module keeps by what it imports,
    whether it holds traced code and which of those texts it holds."""

    def __init__(self, rules: tuple[type[Rule], ...]) -> None:
        self.rules = rules
        self.all_require_tensorflow = all(r.requires_tensorflow for r in rules)
        self.some_require_traced_code = any(r.requires_traced_code for r in rules)
        self.needs = tuple(dict.fromkeys(r.requires_text for r in rules if r.requires_text))
        self.chosen: dict[
            tuple[bool, bool, frozenset[tuple[str, ...]] | None], list[type[Rule]]
        ] = {}

    def select(
        self, tensorflow: bool, traced: bool, held: frozenset[tuple[str, ...]] | None
    ) -> list[type[Rule]]:
        """The rules that may report in a module that imports TensorFlow (or is traced from
        another module) or not, holds traced code or not, and holds one of each of ``held``'s
        texts (None: any rule's)."""
        key = (tensorflow, traced, held)
        chosen = self.chosen.get(key)
        if chosen is None:
            if len(self.chosen) >= MAX_RULE_SETS * 64:  # each module its own texts: stay bounded
                self.chosen.clear()
            chosen = self.chosen[key] = [
                r
                for r in self.rules
                if (tensorflow or not r.requires_tensorflow)
                and (traced or not r.requires_traced_code)
                and (held is None or not r.requires_text or r.requires_text in held)
            ]
        return chosen


# rule lists -> what the engine asks of them; kept small (tests make rule classes by the hundred)
_RULE_SETS: dict[tuple[type[Rule], ...], _RuleSet] = {}
MAX_RULE_SETS = 64


def _rule_set(rules: list[type[Rule]]) -> _RuleSet:
    key = tuple(rules)
    found = _RULE_SETS.get(key)
    if found is None:
        if len(_RULE_SETS) >= MAX_RULE_SETS:
            _RULE_SETS.clear()
        found = _RULE_SETS[key] = _RuleSet(key)
    return found


def _rules_for(
    model: ModuleModel,
    rules: _RuleSet,
    source: str,
    identity: ModuleIdentity | None,
    facts: ModuleFacts | None,
) -> list[type[Rule]]:
    """The ``rules`` that may report in this module, by their preconditions (see Rule):
    ``requires_tensorflow``, ``requires_traced_code`` and ``requires_text``."""
    tensorflow = model.imports_tensorflow() or bool(facts and facts.traced)
    traced = not rules.some_require_traced_code or _holds_traced_code(model)
    held = None
    if facts is None:  # what other modules tell it could give any rule its evidence
        package = identity.package if identity is not None else ""
        found: dict[str, bool] = {}  # rules share their texts: each is looked for once
        kept = []
        for needed in rules.needs:
            for text in needed:
                present = found.get(text)
                if present is None:
                    present = found[text] = text in source or text in package
                if present:
                    kept.append(needed)
                    break
        held = frozenset(kept)
    return rules.select(tensorflow, traced, held)


def _holds_traced_code(model: ModuleModel) -> bool:
    """Whether the model marks some function or lambda of the module traced: where it marks
    none, ``LintContext.in_traced_code`` never holds (see LintContext.enter)."""
    return any(
        isinstance(scope, FunctionInfo) and scope.traced_by is not None
        for scope in model.scope_at.values()
    )


def _place_findings(
    result: FileResult,
    replay: _Replay,
    context: LintContext,
    source: str,
    tree: ast.Module,
    parse: Callable[[str], cst.Module] | None,
    identity: ModuleIdentity | None,
    facts: ModuleFacts | None,
) -> dict:
    """Add to ``result`` the rules' findings and failures, each placed in the source; returns
    the ranges found (which the module's summary places its own nodes by)."""
    model, path = context.model, result.path
    failed, failed_at = replay.failed, replay.failed_at
    reports = handed_off([r for r in context.reports if r.rule.id not in failed])
    try:
        # A finding's own node needs its whole range; the rest are placed by where they start.
        starts = [*failed_at.values(), *_evidence_nodes(reports)]
        if identity is not None:  # the summary places calls into other modules
            starts += model.external_sites()
        ranges = getattr(parse, "node_ranges", node_ranges)(
            model.module,
            [r.node for r in reports] + [r.through for r in reports if r.through is not None],
            source,
            tree,
            model.events,
            starts=starts,
        )
    except RecursionError:  # too deep to locate: report at line 1 rather than not at all
        ranges = {}
    by_id = {rule.id: rule for rule in replay.rules}
    for rule_id, error in failed.items():
        node = failed_at.get(rule_id)
        line = ranges.get(id(node), (1,))[0] if node is not None else 1
        where = f"rule {rule_id}{_from_plugin(by_id.get(rule_id))}"
        result.diagnostics.append(_internal_error(path, where, error, line))
        result.internal_error = True
    result.diagnostics.extend(_positioned(reports, path, ranges, facts))
    return ranges


def handed_off(reports: list[Report]) -> list[Report]:
    """``reports`` less those of a rule at a node where a rule it defers to (``Rule.defers_to``)
    reported too: that rule's finding stands for both. A rule that did not run (not selected
    here) reported nothing, so the deferring rule's finding stays."""
    if not any(r.rule.defers_to for r in reports):
        return reports
    reporters: dict[int, set[str]] = {}
    for r in reports:
        reporters.setdefault(id(r.node), set()).add(r.rule.id)
    return [
        r for r in reports if not (r.rule.defers_to and r.rule.defers_to & reporters[id(r.node)])
    ]


# Every import the model counts as TensorFlow (ModuleModel.imports_tensorflow) spells one of these.
_TENSORFLOW_TEXT = ("tensorflow", "keras")


def _cannot_concern_tensorflow(source: str, rules: _RuleSet) -> bool:
    return rules.all_require_tensorflow and not any(text in source for text in _TENSORFLOW_TEXT)


def _holds_required_text(
    rule: type[Rule],
    source: str,
    identity: ModuleIdentity | None,
    found: dict[str, bool] | None = None,
) -> bool:
    """Whether the module's text, or its package's name (relative imports), holds one of the
    rule's ``requires_text`` (see Rule). ``found``: the answers for texts asked before."""
    needed = rule.requires_text
    if not needed:
        return True
    package = identity.package if identity is not None else ""
    if found is None:
        found = {}
    for text in needed:
        held = found.get(text)
        if held is None:
            held = found[text] = text in source or text in package
        if held:
            return True
    return False


# How far a traced chain is followed (a chain of helpers is rarely longer; cycles stop here).
MAX_CHAIN = 32


def _traced_chain(fn: FunctionInfo) -> list[tuple[str, FunctionInfo | None]]:
    """Why ``fn`` is traced, link by link: each function of this module on the way, from ``fn``
    out to what starts the tracing (a link from another module has no function here)."""
    chain: list[tuple[str, FunctionInfo | None]] = []
    current: FunctionInfo | None = fn
    seen: set[int] = set()
    while current is not None and current.traced_by is not None and len(chain) < MAX_CHAIN:
        if id(current) in seen:
            break
        seen.add(id(current))
        reason = current.traced_by
        chain.append((f"`{current.qualname}` is {reason.describe()}", current))
        current = reason.caller
    return chain


def _evidence_nodes(reports: list[Report]) -> list[cst.CSTNode]:
    nodes: list[cst.CSTNode] = []
    for report in reports:
        if report.function is not None:
            nodes.extend(f.node for _, f in _traced_chain(report.function) if f is not None)
        nodes.extend(node for _, node in report.because)
    return nodes


def _chain_elsewhere(
    chain: list[tuple[str, FunctionInfo | None]], facts: ModuleFacts | None
) -> tuple[Step, ...]:
    """The links of a traced chain in other modules, as the project found them, each with
    its file and line (a link back in this module has no path)."""
    last = chain[-1][1] if chain else None
    if last is None or facts is None:
        return ()
    return tuple(
        Step(link.message, link.line, link.column or 1, link.path or None)
        for link in facts.chains.get(last.key, ())
    )


def _evidence(report: Report, ranges: dict, facts: ModuleFacts | None = None) -> Evidence | None:
    if report.function is None and not report.because and report.gap is None:
        return None

    def step(message: str, node: cst.CSTNode | None) -> Step:
        if node is None:
            return Step(message)
        line, column = ranges.get(id(node), (0, 0))[:2]
        return Step(message, line, column + 1)

    traced = ()
    if report.function is not None:
        chain = _traced_chain(report.function)
        traced = tuple(step(message, fn.node if fn is not None else None) for message, fn in chain)
        last = chain[-1][1] if chain else None
        site = facts.sites.get(last.key) if facts is not None and last is not None else None
        if site is not None:  # traced from another module: at the call there
            traced = (*traced[:-1], Step(traced[-1].message, site.line, site.column, site.path))
        traced += _chain_elsewhere(chain, facts)
    value = tuple(step(message, node) for message, node in report.because)
    gap = report.gap
    if gap is None and report.function is not None:
        gap = _chain_gap(report.function)
    return Evidence(traced, value, gap)


def _chain_gap(fn: FunctionInfo) -> str | None:
    """A link of the traced chain the model assumes rather than shows: a function defined
    inside traced code that its definer never calls nor hands on by name (it may only ever
    reach ``tf.py_function``, through a variable)."""
    for _, link in _traced_chain(fn):
        if link is not None and (replaced := replaced_gap(link)) is not None:
            return replaced
        if link is None or link.traced_by is None or link.traced_by.kind != "defined":
            continue
        outer = link.outer
        if outer is None or link.kind != ScopeKind.FUNCTION:
            continue
        if not any(_names(call, link.name) for call in outer.calls):
            return f"`{link.qualname}` is defined in traced code, which never calls it by name"
    return None


def _names(call: cst.Call, name: str) -> bool:
    """Whether ``call`` calls ``name`` or passes it as an argument."""
    if type(call.func) is cst.Name and call.func.value == name:
        return True
    return any(type(arg.value) is cst.Name and arg.value.value == name for arg in call.args)


def _positioned(
    reports: list[Report], path: str, ranges: dict, facts: ModuleFacts | None = None
) -> list[Diagnostic]:
    out = []
    for report in reports:
        start_line, start_col, end_line, end_col = ranges.get(id(report.node), (1, 0, 1, 0))
        if report.through is not None and id(report.through) in ranges:
            end_line, end_col = ranges[id(report.through)][2:]
        rule = report.rule
        out.append(
            Diagnostic(
                path=path,
                line=start_line,
                column=start_col + 1,
                end_line=end_line,
                end_column=end_col + 1,
                rule=rule.id,
                name=rule.name,
                category=rule.category,
                severity=rule.severity,
                message=report.message,
                fix=report.fix,
                evidence=_evidence(report, ranges, facts),
            )
        )
    return out


def _from_plugin(rule: type | None) -> str:
    plugin = plugin_of(rule) if rule is not None else None
    return f" of plugin {plugin}" if plugin else ""


def _internal_error(path: str, where: str, error: BaseException, line: int = 1) -> Diagnostic:
    frame = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
    at = f" at {frame.filename}:{frame.lineno}" if frame else ""
    return engine_diagnostic(
        INTERNAL_ERROR,
        path,
        f"internal error in {where}: {type(error).__name__}: {error}{at}; "
        "please report this with the file that triggers it",
        line,
    )
