"""The interpreter behind the tape view (tf2lint.analysis.tape): a function's statements run abstractly
for one ``GradientTape`` block, and what it finds out about each value (``Flow``: the sources a
value reaches through recorded, differentiable operations, and the cuts on the other paths),
about each ``gradient`` call (``GradientCall``) and each ``watch`` (``Watch``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tf2lint.analysis import knowledge
from tf2lint.analysis.kinds import own_method
from tf2lint.analysis.scopes import ScopeKind, SiteKind
from tf2lint.analysis.tfnames import TF_FUNCTION_NAMES, dotted_name
from tf2lint.analysis.walk import mentions
from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import ModuleModel
    from tf2lint.analysis.scopes import ClassInfo, FunctionInfo, Scope
    from tf2lint.analysis.tape import Source, TapeBlock, TapeView, Verdict

GRADIENT_METHODS = frozenset({"gradient", "jacobian", "batch_jacobian"})
# What makes a `tf.Variable` (a new one: it holds a copy of the value it is given).
VARIABLE_CONSTRUCTORS = frozenset({"tensorflow.Variable", "tensorflow.compat.v1.Variable"})
# Attributes whose list is an object's variables: asking for their gradient asks for the
# object's variables, which any use of the object reads.
VARIABLE_LISTS = frozenset({"trainable_variables", "trainable_weights", "variables", "weights"})
# Python builtins that give a Python value from a tensor (the tape cannot follow it).
_TO_PYTHON = frozenset({"builtins.float", "builtins.int", "builtins.bool", "builtins.complex"})
# Builtins that give nothing the gradient can flow through (host facts about their argument).
_HOST_BUILTINS = frozenset(
    {"builtins.len", "builtins.isinstance", "builtins.print", "builtins.str", "builtins.repr",
     "builtins.type", "builtins.hash", "builtins.id", "builtins.format", "builtins.range",
     "builtins.hasattr", "builtins.callable", "builtins.issubclass"}
)  # fmt: skip
# Builtins that hand back their arguments, or what Python's operators make of them.
_PASSING_BUILTINS = frozenset(
    {"builtins.sum", "builtins.min", "builtins.max", "builtins.abs", "builtins.list",
     "builtins.tuple", "builtins.sorted", "builtins.reversed", "builtins.zip",
     "builtins.enumerate", "builtins.iter", "builtins.next", "builtins.dict", "builtins.set",
     "builtins.pow", "builtins.divmod"}
)  # fmt: skip
# Methods that put their arguments into their receiver (a variable's assigning methods, which
# copy a value in with no gradient path back, are the knowledge base's: assigning_method).
_STORING_METHODS = frozenset(
    {"append", "extend", "insert", "update", "add", "setdefault", "write", "__setitem__"}
)  # fmt: skip
# A Keras model's methods that compute the compiled loss from what they are given (and, in
# some forms, the layers' own losses: see adds_layer_losses).
_LOSS_METHODS = frozenset({"compiled_loss", "compute_loss"})
MAX_CALL_DEPTH = 3  # how deep calls of the module's own functions are followed


@dataclass(frozen=True)
class Cut:
    """Where the gradient stops: ``node`` (a call, an operator, an attribute), ``reason``:
    "no-gradient", "integer-output" (the knowledge base's), "host" (NumPy or Python values) or
    "outside-tape" (an operation run while the tape was not recording); ``what``, in words."""

    node: cst.CSTNode
    reason: str
    what: str
    # made in a function tf.function traces: there a step to NumPy or Python fails rather than
    # cutting the gradient (the traced-code rules say so)
    traced: bool = False
    # "outside-tape" only: made before the tape started (by the caller of the tape's function)
    before: bool = False
    via: cst.CSTNode | None = None  # where the caller computed what it passed in
    # "outside-tape" only: a tensor made from a source before the tape started, where it was
    # computed (``node`` is then the read of the name that holds it, once one is seen)
    made: cst.CSTNode | None = None


@dataclass(frozen=True)
class Flow:
    """What a value depends on, as the tape can differentiate it.

    ``live``: the sources it reaches through recorded, differentiable operations (or may:
    an object that may hold a source's variables counts). ``cuts``: (source, cut) for sources
    it reaches only through a cut (source None: any of the values that went into the cut).
    ``unknown``: it may depend on anything (a call the model cannot follow). ``kind``:
    "tensor" (made by a TF op), "container" (a Python list, tuple or dict), "callable", or
    "other". ``elements``: for a list or tuple display, each element's own flow (unpacking
    and constant indices take them one by one)."""

    live: frozenset[str] = frozenset()
    cuts: frozenset[tuple[str | None, Cut]] = frozenset()
    unknown: bool = False
    kind: str = "other"
    elements: tuple[Flow, ...] | None = None

    def join(self, other: Flow) -> Flow:
        live = self.live | other.live
        cuts = self.cuts | other.cuts
        if live and cuts:  # a source still reached live needs no record of its cut paths
            cuts = frozenset(pair for pair in cuts if pair[0] not in live)
        return Flow(
            live,
            cuts,
            self.unknown or other.unknown,
            self.kind if self.kind == other.kind else "other",
        )

    def cut(self, cut: Cut) -> Flow:
        """What comes out of ``cut``: nothing flows; what went in is remembered, with why."""
        cuts = set(self.cuts)
        cuts.update((source, cut) for source in self.live)
        if self.unknown:
            cuts.add((None, cut))
        return Flow(frozenset(), frozenset(cuts), False, "tensor")


NOTHING = Flow()
UNKNOWN = Flow(unknown=True)
CALLABLE = Flow(kind="callable")


def _read_at(flow: Flow, read: cst.Name) -> Flow:
    """``flow`` of a name read without binding it: a tensor made from a source before the
    tape (a global ``cost``) is cut where the tape's code reads it (``lambda: cost``), the
    line the code that runs under the tape shows, with where it was made kept."""
    if not any(c.made is c.node for _, c in flow.cuts):
        return flow
    cuts = set()
    for origin, c in flow.cuts:
        if c.made is not c.node:
            cuts.add((origin, c))
        elif origin is None or not _related(read.value, origin):  # not the source itself
            cuts.add((origin, replace(c, node=read, what=f"`{read.value}`, {c.what}")))
    return replace(flow, cuts=frozenset(cuts))


def _join_all(flows: Iterable[Flow], kind: str | None = None) -> Flow:
    found = NOTHING
    first = True
    for flow in flows:
        found = flow if first else found.join(flow)
        first = False
    return replace(found, kind=kind) if kind is not None else found


@dataclass(eq=False)
class GradientCall:
    """A ``t.gradient(target, sources)`` (or ``jacobian``) of a tape block."""

    call: cst.Call
    tape: TapeBlock
    target: cst.BaseExpression | None
    sources: list[Source] | None  # None: the model cannot name them
    flow: Flow = NOTHING  # the target's, joined over every way the call is reached
    inside: bool = False  # made while the tape records (in its block)
    after: bool = False  # made after the block, the tape no longer recording
    zero_unconnected: bool = False  # unconnected_gradients=ZERO: no None gradients
    second: GradientCall | None = None  # the call before it on a non-persistent tape
    higher_order: bool = False  # its result feeds a later gradient of the same tape
    encloses: bool = False  # another tape records around it too

    def verdicts(self) -> list[Verdict]:
        """The sources whose gradient this call gives as ``None``, with why (empty when the
        model cannot show it for any)."""
        if self.sources is None or self.zero_unconnected or self.target is None:
            return []
        found = []
        for source in self.sources:
            verdict = self.tape.verdict(source, self.flow)
            if verdict is not None:
                found.append(verdict)
                behind = self.tape.cut_behind(verdict, self.flow)
                if behind is not None:
                    found.append(behind)
        return found


@dataclass(frozen=True)
class Watch:
    """A ``t.watch(x)`` call; ``symbolic`` names the Keras model when ``x`` is its symbolic
    inputs or outputs (``model.inputs``), which are no tensors a run feeds."""

    call: cst.Call
    origins: frozenset[str]
    symbolic: str | None = None


def body_statements(node: cst.CSTNode) -> list[cst.CSTNode]:
    if isinstance(node, cst.Module):
        return list(node.body)
    body = getattr(node, "body", None)
    if isinstance(body, cst.IndentedBlock):
        return list(body.body)
    if isinstance(body, cst.SimpleStatementSuite):
        return [body]
    return []


def _block_statements(block: cst.BaseSuite) -> list[cst.CSTNode]:
    return list(block.body) if isinstance(block, cst.IndentedBlock) else [block]


def chain_text(expr: cst.BaseExpression) -> str | None:
    """``self.generator`` for a Name or attribute chain, else None."""
    return dotted_name(expr) if isinstance(expr, (cst.Name, cst.Attribute)) else None


def _related(read: str, origin: str) -> bool:
    """Whether reading ``read`` may read ``origin``'s variables: one is the other or holds it
    (``self`` holds ``self.generator``; ``model.layers`` is part of ``model``)."""
    return read == origin or read.startswith(origin + ".") or origin.startswith(read + ".")


@dataclass
class _State:
    env: dict[str, Flow]
    active: bool = False
    current: bool = False  # the name of the tape is bound to this block (not another one)
    asked: GradientCall | None = None  # the last gradient call since the block (one path)
    ended: bool = False  # a return, break or raise ended this path

    def copy(self) -> _State:
        return _State(dict(self.env), self.active, self.current, self.asked, self.ended)

    def join(self, other: _State) -> _State:
        if self.ended:
            return other.copy()
        if other.ended:
            return self.copy()
        env = dict(self.env)
        for name, flow in other.env.items():
            env[name] = env[name].join(flow) if name in env else flow
        asked = self.asked or other.asked
        return _State(env, self.active or other.active, self.current or other.current, asked)


class Interpreter:
    """Runs a function's statements abstractly for one tape block (see the module docstring)."""

    def __init__(self, model: ModuleModel, block: TapeBlock, view: TapeView, depth: int = 0):
        self.model = model
        self.block = block
        self.view = view
        self.depth = depth
        self.scope: Scope = block.scope  # the function whose statements run
        self.origins: set[str] = set()
        # origin -> whether every source it names is a variable or an object (not a tensor)
        self.objects: dict[str, bool] = {}
        self.sources: dict[int, list[Source] | None] = {}
        self.returned: Flow | None = None
        self.grad_marks: dict[str, GradientCall] = {}

    # --- the statements ----------------------------------------------------------------------
    def run_body(
        self, statements: list[cst.CSTNode], env: dict[str, Flow], active: bool
    ) -> Flow | None:
        """Run a function's body with its parameters bound as ``env`` (recording when
        ``active``): what it returns, joined over its returns (None: it returns nothing)."""
        self.returned = None
        self.statements(statements, _State(dict(env), active))
        return self.returned

    def run_expression(self, expr: cst.BaseExpression, env: dict[str, Flow], active: bool) -> Flow:
        """What ``expr`` (a lambda's body) gives with its parameters bound as ``env``."""
        return self.expr(expr, _State(dict(env), active))

    def inner(self) -> Interpreter:
        """An interpreter for a function this one calls: the same block, sources and marks."""
        inner = type(self)(self.model, self.block, self.view, self.depth + 1)
        inner.origins = self.origins
        inner.objects = self.objects
        inner.sources = self.sources
        inner.grad_marks = self.grad_marks
        return inner

    def run(self, statements: list[cst.CSTNode], sources: dict[int, list[Source] | None]) -> None:
        """Run ``statements`` (the function's, or the module's), knowing what each gradient call
        of the block asks for (``sources``: id(call) -> its sources, None where unnamed)."""
        block = self.block
        if _tape_escapes(block, statements):
            block.watch_unknown = True
        self.sources = sources
        for found in sources.values():
            for source in found or ():
                self.origins.add(source.origin)
                self.origins.update(source.aliases)
                held = source.kind in ("variable", "object")
                for name in (source.origin, *source.aliases):
                    self.objects[name] = self.objects.get(name, True) and held
        state = _State({})
        self.statements(statements, state)
        for gradient in block.calls:
            marks = {m for m, g in self.grad_marks.items() if g is gradient}
            gradient.higher_order = any(
                other.flow.unknown or marks & other.flow.live
                for other in block.calls
                if other is not gradient
            )

    def statements(self, statements: Iterable[cst.CSTNode], state: _State) -> None:
        for statement in statements:
            if state.ended:
                return
            self.statement(statement, state)

    def statement(self, node: cst.CSTNode, state: _State) -> None:
        t = type(node)
        if t is cst.SimpleStatementLine or t is cst.SimpleStatementSuite:
            for small in node.body:
                self.small(small, state)
        elif t is cst.With:
            self.with_statement(node, state)
        elif t is cst.If:
            self.expr(node.test, state)
            other = state.copy()
            self.statements(_block_statements(node.body), state)
            if node.orelse is not None:
                orelse = node.orelse
                if isinstance(orelse, cst.If):
                    self.statement(orelse, other)
                else:
                    self.statements(_block_statements(orelse.body), other)
            self._merge(state, other)
        elif t is cst.For or t is cst.While:
            self.loop(node, state)
        elif t is cst.Try or t is getattr(cst, "TryStar", None):
            before = state.copy()
            self.statements(_block_statements(node.body), state)
            for handler in node.handlers:
                branch = before.copy()
                if handler.name is not None and isinstance(handler.name.name, cst.Name):
                    branch.env[handler.name.name.value] = NOTHING
                self.statements(_block_statements(handler.body), branch)
                self._merge(state, branch)
            if node.orelse is not None:
                self.statements(_block_statements(node.orelse.body), state)
            if node.finalbody is not None:
                state.ended = False
                self.statements(_block_statements(node.finalbody.body), state)
        elif t is cst.FunctionDef or t is cst.ClassDef:
            state.env.pop(node.name.value, None)  # the model resolves calls of it
        elif t is cst.Match:
            self.expr(node.subject, state)
            before = state.copy()
            state.ended = True  # no case may match
            for case in node.cases:
                branch = before.copy()
                self.statements(_block_statements(case.body), branch)
                self._merge(state, branch)
            self._merge(state, before)

    def _merge(self, state: _State, other: _State) -> None:
        joined = state.join(other)
        state.env, state.active, state.current = joined.env, joined.active, joined.current
        state.asked, state.ended = joined.asked, joined.ended

    def loop(self, node: cst.For | cst.While, state: _State) -> None:
        if isinstance(node, cst.For):
            element = self.expr(node.iter, state)
        else:
            self.expr(node.test, state)
            element = NOTHING
        # a loop over what cannot be empty runs its body at least once: what comes after
        # it sees the body's values, not also those from before it
        runs = isinstance(node, cst.For) and self.not_empty(node.iter) and not _leaves(node.body)
        before = None if runs else state.copy()
        for _ in range(2):  # a loop body runs again with what its last run left
            if isinstance(node, cst.For):
                self.bind(node.target, _element_of(element), state)
            self.statements(_block_statements(node.body), state)
            ended = state.ended
            state.ended = False
            if before is None:
                before = state.copy()
                continue
            self._merge(state, before)
            if ended and not _continues(node.body):
                break
        if node.orelse is not None:
            self.statements(_block_statements(node.orelse.body), state)

    def not_empty(self, expr: cst.BaseExpression, depth: int = 0) -> bool:
        """Whether a ``for`` over ``expr`` runs at least once: a list or tuple display with
        elements (or the one such value of a name), ``range(n)`` of a positive literal,
        ``zip``/``enumerate`` of such, or the variables (or layers) of an object whose
        variables this tape is asked for: were they empty, there would be no gradient to ask."""
        if depth > 3:
            return False
        if isinstance(expr, (cst.List, cst.Tuple)):
            return any(not isinstance(e, cst.StarredElement) for e in expr.elements)
        if isinstance(expr, cst.Call):
            name = self.model.call_name(expr)
            values = [a.value for a in expr.args if a.keyword is None and not a.star]
            if name == "builtins.range" and len(values) == 1:
                count = values[0]
                return isinstance(count, cst.Integer) and count.evaluated_value > 0
            if name in ("builtins.zip", "builtins.enumerate") and values:
                targets = values if name == "builtins.zip" else values[:1]
                return all(self.not_empty(v, depth + 1) for v in targets)
            return False
        text = chain_text(expr)
        if text is None:
            return False
        for source in self._all_sources():
            if source.kind != "object":
                continue
            if text in source.aliases:
                return True  # `params = model.trainable_variables`, asked for and looped over
            if isinstance(expr, cst.Attribute) and expr.attr.value in (*VARIABLE_LISTS, "layers"):
                owner = chain_text(expr.value)
                if owner is not None and owner == source.origin:
                    return True
        if isinstance(expr, cst.Name):
            values = self.model.binding_of(expr, self.scope).known_values
            if values is not None and len(values) == 1:
                return self.not_empty(values[0], depth + 1)
        return False

    def with_statement(self, node: cst.With, state: _State) -> None:
        ours = node is self.block.with_node
        paused = False  # `with tape.stop_recording():` inside the block
        for item in node.items:
            expr = item.item
            if (
                isinstance(expr, cst.Call)
                and isinstance(expr.func, cst.Attribute)
                and expr.func.attr.value == "stop_recording"
                and isinstance(expr.func.value, cst.Name)
                and expr.func.value.value == self.block.name
                and state.current
            ):
                paused = True
                continue
            flow = self.expr(item.item, state)
            if item.asname is not None:
                target = item.asname.name
                if isinstance(target, cst.Name) and target.value == self.block.name:
                    state.current = ours
                    continue
                self.bind(target, flow, state)
        if ours or paused:
            was = state.active
            state.active = not paused
            if ours:
                state.current, state.asked = True, None
            self.statements(_block_statements(node.body), state)
            state.active = was
        else:
            self.statements(_block_statements(node.body), state)

    def small(self, node: cst.CSTNode, state: _State) -> None:
        t = type(node)
        if t is cst.Assign:
            flow = self.expr(node.value, state)
            for target in node.targets:
                self.bind(target.target, flow, state)
        elif t is cst.AnnAssign:
            if node.value is not None:
                self.bind(node.target, self.expr(node.value, state), state)
        elif t is cst.AugAssign:
            before = self.expr(node.target, state)
            flow = self.operator(node, [before, self.expr(node.value, state)], state)
            self.bind(node.target, flow, state)
        elif t is cst.Expr:
            self.expr(node.value, state)
        elif t is cst.Return:
            if node.value is not None:
                flow = self.expr(node.value, state)
                self.returned = flow if self.returned is None else self.returned.join(flow)
            state.ended = True
        elif t is cst.Raise or t is cst.Break or t is cst.Continue:
            state.ended = True
        elif t is cst.Assert:
            self.expr(node.test, state)

    def bind(self, target: cst.BaseExpression, flow: Flow, state: _State) -> None:
        if isinstance(target, cst.Name):
            if target.value == self.block.name:
                state.current = False  # the name now holds something else
            state.env[target.value] = flow
        elif isinstance(target, (cst.Tuple, cst.List)):
            parts = _parts(flow, target.elements)
            if parts is not None:  # `x1, x2 = pair` of a `[a, b]`: each its own
                for element, part in zip(target.elements, parts, strict=True):
                    self.bind(element.value, part, state)
                return
            element_flow = _element_of(flow)
            if state.active:
                # `conv, preds = grad_model(x)`: the outputs of one recorded call may be made
                # from one another (a Keras model's intermediate and final outputs), so each
                # may reach a source its siblings name
                siblings = frozenset(
                    chain_text(e.value) for e in target.elements if chain_text(e.value)
                )
                related = frozenset(o for o in self.origins if o in siblings)
                if related:
                    element_flow = replace(element_flow, live=element_flow.live | related)
            for element in target.elements:
                inner = element.value
                if isinstance(inner, cst.StarredElement):
                    inner = inner.value
                self.bind(inner, element_flow, state)
        elif isinstance(target, cst.Attribute):
            text = chain_text(target)
            if text is not None:
                state.env[text] = flow
            root = _root_name(target.value)
            if root is not None and root.value != self.block.name:
                # `copy.layers[0].kernel = w - lr * g`: the object now holds that value too
                held = self.expr(root, state)
                state.env[root.value] = replace(held.join(flow), kind=held.kind)
        elif isinstance(target, cst.Subscript):
            text = chain_text(target.value)
            if text is not None:  # `d["x"] = y`: the container now holds y too
                state.env[text] = self.expr(target.value, state).join(flow)
        elif isinstance(target, cst.StarredElement):
            self.bind(target.value, flow, state)

    # --- expressions -------------------------------------------------------------------------
    def expr(self, node: cst.BaseExpression, state: _State) -> Flow:
        t = type(node)
        if t is cst.Name:
            return self.name(node, state)
        if t is cst.Attribute:
            return self.attribute(node, state)
        if t is cst.Call:
            return self.call(node, state)
        if t is cst.Subscript:
            value = self.expr(node.value, state)
            for element in node.slice:
                if isinstance(element.slice, cst.Index):
                    self.expr(element.slice.value, state)
            if (
                not state.active
                and (value.live or value.unknown)
                and (
                    value.kind == "tensor"
                    or (value.kind != "container" and self.indexes_array(node))
                )
            ):
                return value.cut(Cut(node, "outside-tape", "indexed after the tape stopped"))
            part = _indexed(value, node.slice)
            if part is not None:
                return part
            return value if value.kind != "container" else _element_of(value)
        if t is cst.BinaryOperation:
            flows = [self.expr(node.left, state), self.expr(node.right, state)]
            return self.operator(node, flows, state)
        if t is cst.UnaryOperation:
            flow = self.expr(node.expression, state)
            if isinstance(node.operator, cst.Not):
                return NOTHING
            return self.operator(node, [flow], state)
        if t is cst.Comparison:
            flows = [self.expr(node.left, state)]
            flows += [self.expr(c.comparator, state) for c in node.comparisons]
            joined = _join_all(flows)
            if joined.live or joined.unknown:
                return joined.cut(Cut(node, "integer-output", "a comparison gives a bool tensor"))
            return Flow(cuts=joined.cuts)  # `tf.argmax(out) != y`: still the earlier cut's value
        if t is cst.BooleanOperation:
            return self.expr(node.left, state).join(self.expr(node.right, state))
        if t is cst.IfExp:
            self.expr(node.test, state)
            return self.expr(node.body, state).join(self.expr(node.orelse, state))
        if t in (cst.List, cst.Tuple, cst.Set):
            flows = [self.expr(e.value, state) for e in node.elements]
            joined = _join_all(flows, "container")
            if t is not cst.Set and not any(
                isinstance(e, cst.StarredElement) for e in node.elements
            ):
                return replace(joined, elements=tuple(flows))
            return joined
        if t is cst.Dict:
            flows = []
            for element in node.elements:
                if isinstance(element, cst.DictElement):
                    self.expr(element.key, state)
                flows.append(self.expr(element.value, state))
            return _join_all(flows, "container")
        if t in (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp):
            return self.comprehension(node, state)
        if t is cst.NamedExpr:
            flow = self.expr(node.value, state)
            self.bind(node.target, flow, state)
            return flow
        if t is cst.Lambda:
            return CALLABLE
        if t is cst.StarredElement:
            return self.expr(node.value, state)
        if t in (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis):
            return NOTHING
        if t in (cst.FormattedString, cst.ConcatenatedString):
            return NOTHING
        return UNKNOWN  # await, yield...: what they give is not known here

    def indexes_array(self, node: cst.Subscript) -> bool:
        """Whether ``node`` can only index a tensor (or an array), not a Python container:
        ``preds[:, i]`` (a list or tuple takes no tuple of indices), or ``out[0][i]`` of a
        name bound only to what a call returns (the element of its list, or of the tensor,
        is a tensor: indexing it is an op)."""
        if len(node.slice) >= 2:
            return True
        inner = node.value
        if type(inner) is not cst.Subscript or type(inner.value) is not cst.Name:
            return False
        sites = self.model.binding_of(inner.value, self.scope).sites
        return bool(sites) and all(
            s.kind in (SiteKind.ASSIGN, SiteKind.UNPACK) and type(s.value) is cst.Call
            for s in sites
        )

    def operator(self, node: cst.CSTNode, flows: list[Flow], state: _State) -> Flow:
        """Python's arithmetic on tensors: a TF op, recorded only while the tape records."""
        joined = _join_all(flows)
        outside = not state.active and any(f.kind != "container" for f in flows)
        if outside and (joined.live or joined.unknown):
            cut = Cut(node, "outside-tape", "computed after the tape stopped recording")
            return joined.cut(cut)
        return replace(joined, kind="tensor" if joined.kind != "container" else "container")

    def comprehension(self, node: cst.CSTNode, state: _State) -> Flow:
        inner = state.copy()
        for_in = node.for_in
        while for_in is not None:
            element = self.expr(for_in.iter, inner)
            self.bind(for_in.target, _element_of(element), inner)
            for condition in for_in.ifs:
                self.expr(condition.test, inner)
            for_in = for_in.inner_for_in
        if isinstance(node, cst.DictComp):
            self.expr(node.key, inner)
            flow = self.expr(node.value, inner)
        else:
            flow = self.expr(node.elt, inner)
        # a list of the element's values: its own elements are not the element's
        return replace(flow, kind="container", elements=None)

    def name(self, node: cst.Name, state: _State) -> Flow:
        name = node.value
        flow = state.env[name] if name in state.env else _read_at(self.outer(node, 0), node)
        return self.mention(name, node, flow, state)

    def mention(self, text: str, node: cst.CSTNode, flow: Flow, state: _State) -> Flow:
        """A read of ``text``: live for the sources it names or holds."""
        related = frozenset(o for o in self.origins if _related(text, o))
        if not related or self.callee_local(node):
            return flow
        if state.active:
            for origin in related:
                self.block.read.setdefault(origin, node)
            return replace(flow, live=flow.live | related)
        # a variable or a model read while the tape is not recording is still that object:
        # what an op makes of it then is a cut (`y = x * x` before the block, `z = y + 1` in
        # it: `None` for `x`); a name bound more than once may hold something else then
        if isinstance(node, cst.Name) and len(self.model.binding_of(node).sites) != 1:
            return flow
        same = frozenset(o for o in related if self.objects.get(o))
        return replace(flow, live=flow.live | same) if same else flow

    def callee_local(self, node: cst.CSTNode) -> bool:
        """Whether ``node`` (a name, or a chain from one) reads a parameter or local of a
        function this interpreter follows: the same spelling as a source of the tape's
        function, another variable (its value comes in through the call)."""
        if self.depth == 0 or self.scope is self.block.scope:
            return False
        root = node if isinstance(node, cst.Name) else _root_name(node)  # type: ignore[arg-type]
        if root is None:
            return False
        binding = self.model.binding_of(root)
        return binding.scope is self.scope

    def attribute(self, node: cst.Attribute, state: _State) -> Flow:
        text = chain_text(node)
        qualified = self.model.qualified_name(node) if text is not None else None
        if qualified is not None and text.split(".", 1)[0] not in state.env:
            return _library(qualified)  # `tf.nn.relu`, `utils.loss`: a module's function
        if text is not None and text in state.env:
            return self.mention(text, node, state.env[text], state)
        base = self.expr(node.value, state)
        attr = node.attr.value
        if knowledge.member_kind("tensor", attr) in knowledge.HOST_KINDS | {"operation"} or (
            attr in ("ndim", "name", "device")
        ):
            if base.live or base.unknown:
                return base.cut(Cut(node, "host", f"`.{attr}` is a host value, not a tensor"))
            return NOTHING
        if text is not None:
            return self.mention(text, node, base, state)
        return base

    def outer(self, node: cst.Name, depth: int) -> Flow:
        """A name the statements read without binding it: a global, a closure variable, a
        parameter, an import. What its bound values hold, made before the tape (nothing
        recorded) unless they name a source."""
        model = self.model
        if node.value in ("True", "False", "None"):
            return NOTHING
        binding = model.binding_of(node)
        if binding.is_builtin:
            return NOTHING  # `float`, `len`: read as values, they hold no source
        if binding.qualified is not None:
            return _library(binding.qualified)
        flows = []
        for site in binding.sites:
            if site.kind in (SiteKind.DEF, SiteKind.CLASS, SiteKind.IMPORT):
                flows.append(CALLABLE)
            elif site.kind == SiteKind.PARAM and depth == 0 and binding.scope is self.block.scope:
                flows.append(self.passed_in(node, binding.scope))
            elif site.kind == SiteKind.PARAM or site.kind == SiteKind.EXCEPT:
                flows.append(NOTHING)
            elif site.value is None or depth > 3:
                flows.append(UNKNOWN)
            else:
                flows.append(self.made_before(site.value, depth + 1))
        return _join_all(flows) if flows else NOTHING

    def passed_in(self, read: cst.Name, function: Scope) -> Flow:
        """A parameter of the tape's own function: made by its callers before the tape
        started. What a caller computes from a source there (`logits = model(images)`, then
        `train_step(logits, labels)`) reaches the target only through that: a cut, at the
        function's first read of the parameter (``via``: the caller's call)."""
        model = self.model
        if not self.origins:
            return NOTHING
        param = read.value
        cuts = set()
        for argument_expr, caller in model.arguments(function, param):  # type: ignore[arg-type]
            values = [argument_expr]
            if isinstance(argument_expr, cst.Name):
                values = model.binding_of(argument_expr, caller).values
            for value in values:
                if not isinstance(value, cst.Call):
                    continue
                func = value.func
                text = chain_text(func.value if isinstance(func, cst.Attribute) else func)
                if text is None:
                    continue
                for origin in self.origins:
                    if _related(text, origin):
                        what = (
                            f"`{param}`, which its callers compute before the tape starts recording"
                        )
                        where = _param_node(function.node, param) or argument_expr
                        cut = Cut(where, "outside-tape", what, before=True, via=value)
                        cuts.add((origin, cut))
        return Flow(cuts=frozenset(cuts), kind="tensor") if cuts else NOTHING

    def made_before(self, expr: cst.BaseExpression, depth: int) -> Flow:
        """A value made before the tape block (outside its function, or a global): only what
        it names of the sources counts; a call that may give an object holding one is
        unknown."""
        if isinstance(expr, (cst.Name, cst.Attribute)):
            text = chain_text(expr) or ""
            related = frozenset(o for o in self.origins if _related(text, o))
            if isinstance(expr, cst.Name) and not related:
                return self.outer(expr, depth)
            return Flow(live=related)
        if isinstance(expr, (cst.List, cst.Tuple, cst.Set)):
            return _join_all((self.made_before(e.value, depth) for e in expr.elements), "container")
        if isinstance(expr, cst.Call):
            name = self.model.call_name(expr)
            returned = knowledge.returns(name)
            if returned == "tensor":
                return self.computed_before(expr)
            if returned in knowledge.HOST_KINDS:
                return Flow(kind="tensor")
            if name is not None and _library(name) is NOTHING:  # a TF or Keras API: what it
                parts = [self.made_before(a.value, depth + 1) for a in expr.args]  # was made of
                return replace(_join_all(parts), kind="other")
            if self.fresh_keras_object(expr) or _fresh_object(
                self.model, expr, self.model.scope_of(_root_name(expr.func) or expr.func), []
            ):
                return Flow(kind="other")  # `model = SineModel()`: new variables only
            return UNKNOWN
        if isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString)):
            return NOTHING
        if isinstance(expr, (cst.BinaryOperation, cst.UnaryOperation)):
            return self.computed_before(expr)
        return UNKNOWN

    def computed_before(self, expr: cst.BaseExpression) -> Flow:
        """A tensor a TF op or arithmetic made before the tape block: one made from a source
        (`cost = -tf.reduce_sum((data - mu) ** 2)` at module level, returned by the function
        the tape calls) was computed while the tape was not recording, a cut at ``expr``."""
        read = set()
        todo: list[cst.CSTNode] = [expr]
        while todo:
            node = todo.pop()
            if isinstance(node, (cst.Name, cst.Attribute)):
                text = chain_text(node)
                if text is not None:
                    read.add(text)
                    continue
            if isinstance(node, (cst.Lambda, cst.FunctionDef)):
                continue
            todo.extend(node.children)
        related = [o for o in self.origins if any(_related(t, o) for t in read)]
        if not related:
            return Flow(kind="tensor")
        what = "computed before the tape started recording"
        cut = Cut(expr, "outside-tape", what, before=True, made=expr)
        return Flow(cuts=frozenset((o, cut) for o in related), kind="tensor")

    def own_keras_class(self, name: cst.Name) -> ClassInfo | None:
        """The module's Keras layer or model class ``name`` holds, when no code of it (or of
        its bases in the module) can read a source other than through ``self`` and its
        arguments: it names none, and reads no global of the module but imports and
        classes."""
        model = self.model
        binding = model.binding_of(name, self.scope)
        sites = [s for s in binding.sites if s.kind == SiteKind.CLASS]
        if len(binding.sites) != 1 or not sites:
            return None
        cls = model.classes.get(sites[0].node)
        if cls is None or cls.keras_kind not in ("layer", "model"):
            return None
        parts = {o.rpartition(".")[2] for o in self.origins}
        for each in model.mro(cls):
            todo: list[cst.CSTNode] = [each.node]
            while todo:
                node = todo.pop()
                if isinstance(node, cst.Name) and not _reads_nothing_global(model, node, parts):
                    return None
                todo.extend(node.children)
        return cls

    def fresh_keras_object(self, call: cst.Call) -> bool:
        """Whether ``call`` is a module function that only builds new Keras objects
        (``def make_model(): return tf.keras.Sequential([...])``, no code of the module run in
        it): what it gives holds new variables, none of the values made before it."""
        if not isinstance(call.func, cst.Name) or call.args:
            return False
        callee = self.model.callee(call, self.model.scope_of(call.func))
        if callee is None or callee.cls is not None or not _plain_factory(self.model, callee):
            return False
        returned = self.model.return_values(callee)
        return bool(returned) and all(
            isinstance(r, cst.Call) and knowledge.class_kind(self.model.call_name(r)) is not None
            for r in returned
        )

    # --- calls -------------------------------------------------------------------------------
    def call(self, node: cst.Call, state: _State) -> Flow:
        func = node.func
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == self.block.name
            and state.current
        ):
            return self.tape_method(node, func.attr.value, state)
        if (
            state.current
            and minimizes_with_tape(node, self.block.name)
            and node.args[0].keyword is None
            and self.expr(node.args[0].value, state.copy()).kind != "callable"
        ):
            # `optimizer.minimize(loss, var_list, tape=tape)` with a loss tensor: Keras 2's
            # minimize takes `tape.gradient(loss, var_list)` itself (a callable it would run
            # under the tape)
            self.tape_method(node, "gradient", state)
            return NOTHING
        args = [self.expr(a.value, state) for a in node.args]
        joined = _join_all(args)
        if any(a.kind == "callable" for a in args):  # `tf.map_fn(f, x)`: f may read anything
            joined = replace(joined, unknown=True)
        name = self.model.call_name(node)
        if name is not None:
            return self.api_call(node, name, args, joined, state)
        if isinstance(func, cst.Attribute):
            flow = self.method_call(node, func, joined, state)
        elif isinstance(func, cst.Name):
            callee = self.model.callee(node, self.scope)
            if callee is not None and func.value not in state.env:
                return self.follow(callee, node, args, state)
            held = self.bound_lambda(func)
            if held is not None:
                return self.follow(held, node, args, state)
            if func.value not in state.env and self.own_keras_class(func) is not None:
                # a new object of the module's own Keras class: its variables are new; it
                # holds only what it is given
                return replace(joined, kind="object", elements=None)
            flow = self.object_call(node, func, self.name(func, state), joined, state)
        elif isinstance(func, cst.Call):  # `tf.keras.layers.Dense(3)(x)`: a fresh layer
            self.expr(func, state)
            return self.recorded(node, replace(joined, kind="tensor"), state)
        else:
            return UNKNOWN
        text = chain_text(func.value if isinstance(func, cst.Attribute) else func)
        if not state.active and text is not None:  # `fake = generator(noise)` before the block
            related = [o for o in self.origins if _related(text, o)]
            if related:
                cut = Cut(node, "outside-tape", "computed while the tape was not recording")
                flow = replace(flow, cuts=flow.cuts | {(o, cut) for o in related})
        return flow

    def bound_lambda(self, name: cst.Name) -> FunctionInfo | None:
        """The lambda ``name`` holds when its one binding assigns one (``loss_fn = lambda:
        cost``)."""
        sites = self.model.binding_of(name, self.scope).sites
        if len(sites) != 1 or sites[0].kind != SiteKind.ASSIGN:
            return None
        value = sites[0].value
        return self.model.function_of.get(value) if isinstance(value, cst.Lambda) else None

    def tape_method(self, node: cst.Call, method: str, state: _State) -> Flow:
        block = self.block
        args = [self.expr(a.value, state) for a in node.args]
        if method == "watch":
            origins: set[str] | None = set()
            if node.args:
                origins = _watched_origins(self.model, node.args[0].value)
                if origins is None:
                    block.watch_unknown = True
                    origins = set()
                symbolic = _symbolic_inputs(self.model, node.args[0].value, self.scope)
                if not any(w.call is node for w in block.watches):
                    block.watches.append(Watch(node, frozenset(origins), symbolic))
            if state.active:
                block.watched.update(origins)
            return NOTHING
        if method not in GRADIENT_METHODS:
            return NOTHING
        gradient = self.view.calls.get(id(node))
        if gradient is None:
            target = argument(node, 0, "target")
            gradient = GradientCall(node, block, target, self.sources.get(id(node)))
            unconnected = argument(node, 3, "unconnected_gradients")
            gradient.zero_unconnected = unconnected is not None and "ZERO" in (
                dotted_name(unconnected) or "ZERO"
            )
            self.view.calls[id(node)] = gradient
            block.calls.append(gradient)
        target_flow = args[0] if args else NOTHING
        gradient.flow = (
            target_flow
            if not (gradient.inside or gradient.after)
            else (gradient.flow.join(target_flow))
        )
        if state.active:
            gradient.inside = True
        else:
            gradient.after = True
        gradient.encloses = gradient.encloses or self.other_tape_records(node)
        if block.persistent is False and state.asked is not None and state.asked is not gradient:
            gradient.second = gradient.second or state.asked
        elif block.persistent is False and state.asked is gradient and gradient.second is None:
            gradient.second = gradient  # the same call made again (a loop)
        state.asked = gradient
        if not state.active:
            return Flow(kind="container")
        mark = f"@gradient:{id(node)}"
        self.grad_marks[mark] = gradient
        return replace(_join_all(args), live=_join_all(args).live | {mark}, kind="container")

    def other_tape_records(self, node: cst.Call) -> bool:
        """Whether the call sits in another tape's block too (nested tapes)."""
        for other in self.view.blocks:
            if other is not self.block and _contains(other.with_node, node):
                return True
        return False

    def api_call(
        self, node: cst.Call, name: str, args: list[Flow], joined: Flow, state: _State
    ) -> Flow:
        if name in _TO_PYTHON:
            short = name.removeprefix("builtins.")
            return joined.cut(self.host(node, f"Python `{short}()` gives a Python number"))
        if name in _HOST_BUILTINS:
            return NOTHING
        if name in _PASSING_BUILTINS:
            return joined
        if name.startswith("builtins."):
            return UNKNOWN
        if name.startswith("numpy."):
            what = f"`{name.replace('numpy.', 'np.', 1)}` gives a NumPy array"
            return joined.cut(self.host(node, what))
        cut = knowledge.gradient_cut(name)
        short = name.replace("tensorflow.", "tf.", 1)
        if cut is not None:
            if cut.reason == "integer-output":
                what = f"`{short}` gives an integer or bool tensor"
            else:
                what = f"`{short}` has no gradient"
            return joined.cut(Cut(node, cut.reason, what))
        position = knowledge.dtype_parameter(name)
        if position is not None:
            dtype = argument(node, position.dtype, "dtype")
            if dtype is not None and is_integer_dtype(self.model, dtype):
                return joined.cut(Cut(node, "integer-output", f"`{short}` to an integer dtype"))
        if name in VARIABLE_CONSTRUCTORS and (joined.live or joined.unknown):
            # `tf.Variable(w * x)`: a new variable holding a copy of the value; no gradient
            # flows back through it to what the value was made of
            return joined.cut(Cut(node, "no-gradient", f"`{short}` copies the value it is given"))
        if knowledge.fresh_model_function(name) and len(node.args) == 1:
            # `clone_model(model)`: the same layers with new variables, none of the model's
            return Flow(unknown=joined.unknown, kind="other")
        returned = knowledge.returns(name)
        if returned in ("tensor", "list[tensor]", "variable"):
            return self.recorded(node, replace(joined, kind="tensor"), state)
        if returned == "numpy":
            return joined.cut(self.host(node, f"`{short}` gives a NumPy array"))
        if returned in knowledge.HOST_KINDS:
            return NOTHING
        if knowledge.class_kind(name) is not None:
            return Flow(kind="other")  # a Keras or TF object made here: none of the sources
        if _library(name) is NOTHING:  # a TF or Keras function: what it gives comes from its
            return self.recorded(node, replace(joined, kind="tensor"), state)  # arguments
        return UNKNOWN

    def host(self, node: cst.CSTNode, what: str) -> Cut:
        """A step out of TensorFlow (NumPy, a Python number)."""
        function = self.scope if self.scope.kind == ScopeKind.FUNCTION else None
        return Cut(node, "host", what, traced=bool(function is not None and function.traced))

    def recorded(self, node: cst.CSTNode, flow: Flow, state: _State) -> Flow:
        """An op's result: recorded while the tape records, a cut after."""
        if state.active or not (flow.live or flow.unknown):
            return flow
        return flow.cut(Cut(node, "outside-tape", "computed after the tape stopped recording"))

    def method_call(self, node: cst.Call, func: cst.Attribute, joined: Flow, state: _State) -> Flow:
        method = func.attr.value
        receiver = self.expr(func.value, state)
        both = receiver.join(joined)
        text = chain_text(func.value)
        assigning = knowledge.assigning_method("variable", method)
        if assigning and (joined.live or joined.unknown):
            # `buf.assign(model(x))`, `canvas[2:4].assign(patch)`: the variable takes a copy of
            # the value; reading it back gives no gradient to what the value was made of
            written = func.value.value if type(func.value) is cst.Subscript else func.value
            written_text = chain_text(written)
            if written_text is not None:
                what = f"`.{method}()` copies the value into the variable"
                held = self.expr(written, state) if written is not func.value else receiver
                state.env[written_text] = held.join(joined.cut(Cut(node, "no-gradient", what)))
                return NOTHING
        if (assigning or method in _STORING_METHODS) and text is not None:
            state.env[text] = receiver.join(joined)
            return NOTHING
        held = self.model.kind_of(func, self.scope)
        if held is not None and held.kind == "metric" and (joined.live or joined.unknown):
            return self.metric_update(node, func, joined, state)  # `self.mae(y, pred)`
        if held is not None and held.kind == "loss" and held.cls and held.subclass is None:
            # `self.loss_fn(y, pred)`: a Keras loss object kept on an attribute computes from
            # what it is given, not from what else its owner holds
            return self.recorded(node, replace(joined, kind="tensor"), state)
        if knowledge.host_method("tensor", method) or knowledge.host_method("variable", method):
            return both.cut(self.host(node, f"`.{method}()` gives a NumPy value"))
        kind = self.model.kind_of(func.value, self.scope)
        if kind is None and self.holds_source_object(receiver):
            # a parameter that holds a source's Keras object: a Keras model's host method
            # (`model.get_weights()`) gives NumPy arrays
            for keras_kind in ("model", "layer"):
                if knowledge.host_method(keras_kind, method):
                    what = f"`{keras_kind.capitalize()}.{method}()` gives NumPy arrays"
                    return both.cut(self.host(node, what))
        if (
            kind is not None
            and kind.kind == "model"
            and method in _LOSS_METHODS
            and not own_method(self.model, self.scope, func.value, method)
            and not self.adds_layer_losses(node, method)
        ):  # `self.compiled_loss(y, y_pred)`: a function of what it is given
            return self.recorded(node, replace(joined, kind="tensor"), state)
        if kind is not None and kind.kind == "tape":  # another tape (an inner one, nested)
            if method in GRADIENT_METHODS:  # recorded by this tape too while it records
                return self.recorded(node, replace(both, kind="container"), state)
            return NOTHING
        if kind is not None and kind.kind == "metric" and method == "update_state":
            if joined.live or joined.unknown:
                self.metric_update(node, func.value, joined, state)
            return NOTHING
        if kind is not None and kind.kind == "metric" and method == "result":
            return replace(receiver, kind="tensor")  # read from its variables: what it holds
        if kind is not None and knowledge.assigning_method(kind.kind, method) and text:
            # `copy.set_weights(values)`: the values are copied in; no gradient reaches them
            what = f"`{kind.kind.capitalize()}.{method}()` copies values into the variables"
            copied = receiver.join(joined.cut(self.host(node, what)))
            state.env[text] = replace(copied, kind=receiver.kind)
            return NOTHING
        if kind is not None and knowledge.host_method(kind.kind, method):
            what = f"`{kind.kind.capitalize()}.{method}()` gives NumPy arrays"
            return both.cut(self.host(node, what))
        returned = self.model.kind_of(node, self.scope)
        if returned is not None and returned.kind in ("tensor", "list[tensor]"):
            return self.recorded(node, replace(both, kind="tensor"), state)
        if kind is not None and kind.kind in knowledge.CALLABLE_KERAS_KINDS and method == "call":
            return self.keras_call(node, func.value, kind, both, state)
        if receiver.kind == "tensor":  # a tensor's own method (`x.reshape`?): passes it on
            return self.recorded(node, both, state)
        if receiver.kind == "object" and not receiver.unknown:  # a method of the module's own
            return self.recorded(node, replace(both, kind="tensor"), state)  # Keras object
        return replace(both, unknown=True)

    def adds_layer_losses(self, node: cst.Call, method: str) -> bool:
        """Whether the loss ``node`` computes may add the model's layer losses, which read its
        variables: ``compiled_loss`` does when given ``regularization_losses``, Keras 3's
        ``compute_loss`` does always, and this module gives some layer a regularizer or adds a
        loss (``kernel_regularizer=``, ``add_loss``)."""
        if method == "compiled_loss":
            return any(
                a.keyword is not None and a.keyword.value == "regularization_losses"
                for a in node.args
            )

        def adds() -> bool:
            return any(
                a.keyword is not None and a.keyword.value.endswith("_regularizer")
                for a in self.model.nodes_of(cst.Arg)
            ) or any(a.attr.value == "add_loss" for a in self.model.nodes_of(cst.Attribute))

        return self.model.memo("adds-layer-losses", adds)

    def object_call(
        self, node: cst.Call, func: cst.Name, flow: Flow, joined: Flow, state: _State
    ) -> Flow:
        """``f(x)`` where ``f`` holds an object or a function the model cannot follow."""
        kind = self.model.kind_of(func, self.scope)
        if kind is not None and kind.kind in ("layer", "model"):
            through = self.through_layers(func, joined)
            if through is not None:  # the layers it runs cut what it is called on; what they
                # read of the sources is in `through`, what the object may hold is added below
                own = replace(flow, unknown=False)
                return self.keras_call(node, func, kind, own.join(through), state, known=True)
        if kind is not None and kind.kind == "metric" and (joined.live or joined.unknown):
            return self.metric_update(node, func, joined, state)  # `accuracy(y, pred)`
        if kind is not None and kind.kind in knowledge.CALLABLE_KERAS_KINDS:
            if _built_with_code(self.model, func, self.scope) and not self.fresh_own_object(func):
                return replace(flow.join(joined), unknown=True)  # `Lambda(lambda x: x * w)`
            return self.keras_call(node, func, kind, flow.join(joined), state)
        return replace(flow.join(joined), unknown=True)

    def metric_update(
        self, node: cst.Call, metric: cst.BaseExpression, given: Flow, state: _State
    ) -> Flow:
        """A Keras metric object given values (``m.update_state(y, pred)``, ``m(y, pred)``):
        it adds them into its variables by assignment, so its result carries no gradient to
        them. What it holds from then on, and gives, is cut."""
        what = "a Keras metric adds what it is given into its variables by assignment"
        held = given.cut(Cut(node, "no-gradient", what))
        text = chain_text(metric)
        if text is not None:
            state.env[text] = self.expr(metric, state).join(held)
        return held

    def through_layers(self, func: cst.BaseExpression, inputs: Flow) -> Flow | None:
        """What calling the Keras layer or model ``func`` gives for ``inputs``, where the
        module shows its construction (a ``Sequential``'s layers, a ``Lambda``'s function, a
        layer class's ``call``: the training view's) and some step there cuts the inputs
        (``tf.numpy_function`` in its first layer); None otherwise (then it is treated as
        Keras's own differentiable code)."""
        if self.block.with_node is None or not (inputs.live or inputs.unknown):
            return None  # the training view's own run (it applies layers itself)
        training = self.model.training
        construction = training.layer_construction(func, self.scope)
        if construction is None:
            return None
        interpreter = training.interpreter(self.scope)
        interpreter.origins = set(self.origins)  # sources read in the layers' code stay live
        given = Flow(inputs.live, frozenset(), inputs.unknown, "tensor")
        result = training.apply(construction, [given], interpreter, construction)
        if result.unknown or not result.cuts:
            return None
        live = frozenset(o for o in result.live if not o.startswith("@"))
        cuts = frozenset(p for p in result.cuts if p[0] is None or not p[0].startswith("@"))
        if not cuts or (inputs.live <= live and not inputs.unknown):
            return None
        return Flow(live, cuts | inputs.cuts, False, "tensor")

    def keras_call(
        self,
        node: cst.Call,
        func: cst.BaseExpression,
        kind,
        flow: Flow,
        state: _State,
        known: bool = False,
    ) -> Flow:
        """Calling a Keras layer, model, loss or metric: its result depends on its inputs and
        its own variables; a layer or model may hold a source object's layers unless the
        module shows it built without naming that object, and the module's own subclass may
        read anything."""
        if not known and (
            (kind.subclass is not None and not self.fresh_own_object(func))
            or (
                kind.cls is None
                and kind.kind != "loss"
                and not (self.clone_of_known(func) or self.fresh_own_object(func))
            )
        ):
            return replace(flow, unknown=True)
        if kind.kind in ("layer", "model") and state.active:
            held = frozenset(
                s.origin
                for s in self._all_sources()
                if s.kind == "object" and _may_hold(self.model, func, self.scope, s.origin)
            )
            flow = replace(flow, live=flow.live | held)
        if kind.kind == "metric":  # its result comes from its variables: not followed here
            return replace(flow, unknown=True)
        return self.recorded(node, replace(flow, kind="tensor"), state)

    def holds_source_object(self, flow: Flow) -> bool:
        """Whether a value of unknown kind is a source's Keras object itself (a parameter the
        callers pass ``model`` to): its flow names such a source, and it is no tensor."""
        if flow.kind == "tensor" or flow.unknown:
            return False
        objects = {s.origin for s in self._all_sources() if s.kind == "object"}
        return bool(objects & flow.live)

    def clone_of_known(self, func: cst.BaseExpression) -> bool:
        """Whether every value ``func`` holds is a ``clone_model`` of a Keras class's model
        (a clone has its class: it runs Keras's code, not the module's)."""
        values = self.model.bound_values(func, self.scope)
        for value in values:
            if not (
                isinstance(value, cst.Call)
                and knowledge.fresh_model_function(self.model.call_name(value))
                and value.args
            ):
                return False
            kind = self.model.kind_of(value.args[0].value, self.scope)
            if kind is None or kind.cls is None or kind.subclass is not None:
                return False
        return bool(values)

    def fresh_own_object(self, func: cst.BaseExpression) -> bool:
        """Whether every value ``func`` holds is a new object of the module's own Keras class
        that reads nothing of the module but what it is given (``copy = SineModel()``, a
        ``clone_model`` of one, or a function of the module returning one): calling it reads
        its own variables and its inputs only."""
        values = self.model.bound_values(func, self.scope)
        origins = [s.origin for s in self._all_sources()]
        return bool(values) and all(
            _fresh_object(self.model, v, self.scope, origins) for v in values
        )

    def _all_sources(self) -> Iterator[Source]:
        for sources in self.sources.values():
            yield from sources or ()

    def follow(self, callee, node: cst.Call, args: list[Flow], state: _State) -> Flow:
        """A call of the module's own function: its body run with what the call passes."""
        lambda_ = callee.kind == ScopeKind.LAMBDA  # `loss_fn = lambda: cost`: its body's value
        if self.depth >= MAX_CALL_DEPTH or callee.is_generator:
            return UNKNOWN
        if callee.kind != ScopeKind.FUNCTION and not lambda_:
            return UNKNOWN
        if own_gradient(self.model, callee):
            return replace(_join_all(args), unknown=True)
        statements = [] if lambda_ else body_statements(callee.node)
        env: dict[str, Flow] = {}
        positional = [a for a, arg in zip(args, node.args, strict=True) if arg.keyword is None]
        params = list(callee.params)
        if callee.cls is not None and params[:1] in (["self"], ["cls"]):
            return UNKNOWN  # a method: what `self` holds is not known here
        for index, arg in enumerate(node.args):
            if arg.star:
                return UNKNOWN
            if arg.keyword is not None:
                env[arg.keyword.value] = args[index]
        for param, flow in zip(params, positional, strict=False):
            env.setdefault(param, flow)
        inner = self.inner()
        inner.scope = callee
        if lambda_:
            return inner.expr(callee.node.body, _State(env, state.active, False, None))
        inner.statements(statements, _State(env, state.active, False, None))
        returned = inner.returned if inner.returned is not None else NOTHING
        return returned if state.active else _cut_at_call(returned, args, node)


def _cut_at_call(returned: Flow, args: list[Flow], call: cst.Call) -> Flow:
    """What a helper called while the tape is not recording gives, its own ops' cuts moved to
    the call: ``loss = add_weight_decay(loss, model)`` below the block computes the target
    there, after the tape stopped, though the helper's ``def`` comes first in the file."""
    passed = set().union(*(flow.cuts for flow in args))
    if not any(c.reason == "outside-tape" and (o, c) not in passed for o, c in returned.cuts):
        return returned
    cuts = frozenset(
        (origin, replace(c, node=call))
        if c.reason == "outside-tape" and (origin, c) not in passed and c.via is None
        else (origin, c)
        for origin, c in returned.cuts
    )
    return replace(returned, cuts=cuts)


def _reads_nothing_global(model: ModuleModel, name: cst.Name, parts: set[str]) -> bool:
    """Whether the name ``name`` (in a class's code) reads no source: not one by name, and
    not a variable or function of the module (an import, a class, a builtin, a local)."""
    if name.value in parts:
        return False
    binding = model.binding_of(name)
    if binding.scope is None or binding.scope.kind != ScopeKind.MODULE:
        return True  # a builtin, a local, a parameter, an attribute's name
    return all(s.kind in (SiteKind.IMPORT, SiteKind.CLASS) for s in binding.sites)


def own_gradient(model: ModuleModel, function: Scope) -> bool:
    """Whether a decorator other than ``tf.function`` wraps ``function`` (``@tf.custom_gradient``
    gives it its own gradient; another may do anything): its body says nothing of the path."""
    for decorator in getattr(function, "decorators", ()):
        expr = decorator.decorator
        name = model.qualified_name(expr.func if isinstance(expr, cst.Call) else expr)
        if name not in TF_FUNCTION_NAMES:
            return True
    return False


def minimizes_with_tape(call: cst.Call, tape: str) -> bool:
    """Whether ``call`` is ``<optimizer>.minimize(loss, var_list, tape=<tape>)``: a Keras 2
    optimizer's ``minimize`` given the tape takes ``tape.gradient(loss, var_list)`` itself."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "minimize"):
        return False
    given = argument(call, 4, "tape")
    return isinstance(given, cst.Name) and given.value == tape


def tape_calls(block: TapeBlock, statements: list[cst.CSTNode]) -> Iterator[cst.Call]:
    """The ``<tape>.gradient(...)`` calls in ``statements`` (nested defs and classes left out),
    and the ``minimize(..., tape=<tape>)`` calls that take the gradient from the tape."""
    found: list[cst.Call] = []

    def visit(node: cst.CSTNode) -> None:
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return
        if (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value == block.name
            and node.func.attr.value in GRADIENT_METHODS
        ) or (isinstance(node, cst.Call) and minimizes_with_tape(node, block.name)):
            found.append(node)
        for child in node.children:
            visit(child)

    for statement in statements:
        visit(statement)
    return iter(found)


def _tape_escapes(block: TapeBlock, statements: list[cst.CSTNode]) -> bool:
    """Whether the tape is read other than to call its own methods (handed to a helper that
    may watch what it likes, stored, returned), in the statements or the functions in them."""
    todo: list[cst.CSTNode] = list(statements)
    owned: set[int] = set()
    while todo:
        node = todo.pop()
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
            owned.add(id(node.value))  # `tape.gradient`, `tape.watch`: its own methods
        elif isinstance(node, cst.AsName):
            owned.add(id(node.name))
        elif isinstance(node, cst.AssignTarget):
            owned.add(id(node.target))  # `tape = tf.GradientTape()`
        elif isinstance(node, cst.WithItem) and isinstance(node.item, cst.Name):
            owned.add(id(node.item))
        elif isinstance(node, cst.Name) and node.value == block.name and id(node) not in owned:
            return True
        todo.extend(reversed(node.children))
    return False


def _param_node(function: cst.CSTNode, name: str) -> cst.Param | None:
    params = getattr(function, "params", None)
    if not isinstance(params, cst.Parameters):
        return None
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        if param.name.value == name:
            return param
    return None


def _contains(outer: cst.CSTNode, node: cst.CSTNode) -> bool:
    todo = [outer]
    while todo:
        current = todo.pop()
        if current is node:
            return True
        todo.extend(current.children)
    return False


def argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[position].value if len(positional) > position else None


def _library(qualified: str) -> Flow:
    """A name an import gives: TF, Keras and NumPy APIs read none of the module's values; a
    function of another module may."""
    if qualified.startswith(("tensorflow", "keras", "tf_keras", "numpy", "math", "builtins")):
        return NOTHING
    return CALLABLE


def _element_of(flow: Flow) -> Flow:
    return replace(flow, kind="other", elements=None) if flow.kind == "container" else flow


def _parts(flow: Flow, targets: Sequence[cst.BaseElement]) -> tuple[Flow, ...] | None:
    """The element flows a tuple target takes from a list or tuple display, one each."""
    if flow.kind != "container" or flow.elements is None or len(flow.elements) != len(targets):
        return None
    if any(
        isinstance(t.value, cst.StarredElement) or isinstance(t, cst.StarredElement)
        for t in targets
    ):
        return None
    return flow.elements


def _indexed(flow: Flow, index: Sequence[cst.SubscriptElement]) -> Flow | None:
    """``pair[0]`` of a list or tuple display: that element's flow."""
    if flow.kind != "container" or flow.elements is None or len(index) != 1:
        return None
    slice_ = index[0].slice
    if not isinstance(slice_, cst.Index):
        return None
    value = slice_.value
    negative = isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus)
    if negative:
        value = value.expression
    if not isinstance(value, cst.Integer):
        return None
    position = -value.evaluated_value if negative else value.evaluated_value
    if not -len(flow.elements) <= position < len(flow.elements):
        return None
    return flow.elements[position]


def _leaves(body: cst.BaseSuite) -> bool:
    """Whether a loop body may end a run early (``break``, ``continue``, ``return``,
    ``raise``): then the runs it makes are not known."""
    todo: list[cst.CSTNode] = [body]
    while todo:
        node = todo.pop()
        if isinstance(node, (cst.Break, cst.Continue, cst.Return, cst.Raise)):
            return True
        if not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            todo.extend(node.children)
    return False


def _continues(body: cst.BaseSuite) -> bool:
    """Whether a loop body that ended a path may still run again (a `continue` in it)."""
    return "continue" in cst.Module(body=[]).code_for_node(body)


def is_integer_dtype(model: ModuleModel, expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        return isinstance(value, str) and knowledge.is_integer_dtype(value)
    if isinstance(expr, cst.Name) and expr.value in ("int", "bool"):
        return model.binding_of(expr).is_builtin
    return knowledge.is_integer_dtype(model.qualified_name(expr))


def _watched_origins(model: ModuleModel, expr: cst.BaseExpression) -> set[str] | None:
    """The names a ``watch`` argument covers: a name (and the names it was assigned from), an
    attribute chain, the elements of a list or tuple display, ``X.trainable_variables`` (the
    object ``X``); None when the model cannot tell (a loop variable, a call's result)."""
    if isinstance(expr, (cst.List, cst.Tuple)):
        found: set[str] = set()
        for element in expr.elements:
            inner = _watched_origins(model, element.value)
            if inner is None:
                return None
            found |= inner
        return found
    text = chain_text(expr)
    if text is None:
        return None
    found = {text}
    if isinstance(expr, cst.Attribute) and expr.attr.value in VARIABLE_LISTS:
        found.add(chain_text(expr.value) or text)
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr)
        if any(
            s.kind not in (SiteKind.ASSIGN, SiteKind.UNPACK, SiteKind.AUGASSIGN, SiteKind.PARAM)
            for s in binding.sites
        ):
            return None  # a loop variable, an import...
        for value in binding.values:
            alias = chain_text(value)
            if alias is not None:
                found.add(alias)
            elif isinstance(value, (cst.List, cst.Tuple)):
                inner = _watched_origins(model, value)
                if inner is None:
                    return None
                found |= inner
    return found


# What a function may do with the new model it returns, besides calling it: none of these makes
# it hold another object's layers (`set_weights` copies values).
_FRESH_MODEL_METHODS = frozenset({"set_weights", "load_weights", "build", "compile", "summary"})


def _self_contained(model: ModuleModel, cls: ClassInfo, depth: int = 0) -> bool:
    """Whether the code of the module's class ``cls`` (and of its module bases) reads no name
    of the module but imports, classes and functions: its methods work on ``self`` and what
    they are given, so no other object's variables."""

    def check() -> bool:
        todo: list[cst.CSTNode] = [cls.node]
        while todo:
            node = todo.pop()
            if type(node) is cst.Name:
                binding = model.lookup(node.value, model.scope_of(node))
                if binding.scope is model.scope and any(
                    s.kind not in (SiteKind.IMPORT, SiteKind.CLASS, SiteKind.DEF)
                    for s in binding.sites
                ):
                    return False
            todo.extend(node.children)
        bases = [model.module_classes.get(b or "") for b in cls.base_names]
        return depth < 3 and all(
            base is None or _self_contained(model, base, depth + 1) for base in bases
        )

    return model.memo(("self-contained-class", id(cls)), check)


def _fresh_object(
    model: ModuleModel, value: cst.BaseExpression, scope: Scope, origins: list[str], depth: int = 0
) -> bool:
    """Whether ``value`` makes a new Keras object of the module's own self-contained class
    (given nothing that names a source), a ``clone_model`` of one, or is a call of a module
    function that returns such an object it only calls, builds or copies weights into."""
    if not isinstance(value, cst.Call) or depth > 2:
        return False
    func = value.func
    if type(func) is cst.Name and func.value in model.module_classes:
        cls = model.module_classes[func.value]
        names = [o.rpartition(".")[2] for o in origins]
        return (
            cls.keras_kind in ("layer", "model")
            and _self_contained(model, cls)
            and not any(mentions(a.value, n) for a in value.args for n in names)
        )
    if knowledge.fresh_model_function(model.call_name(value)) and value.args:
        kind = model.kind_of(value.args[0].value, scope)
        return (
            kind is not None and kind.subclass is not None and _self_contained(model, kind.subclass)
        )
    callee = model.callee(value, scope)
    if callee is None or callee.kind != ScopeKind.FUNCTION:
        return False
    returned = model.return_values(callee)
    if not returned:
        return False
    for result in returned:
        if type(result) is not cst.Name:
            return False
        binding = model.lookup(result.value, callee)
        made = binding.known_values
        if binding.scope is not callee or not made:
            return False
        if not all(_fresh_object(model, m, callee, origins, depth + 1) for m in made):
            return False
        if not _only_built(model, callee, result.value):
            return False
    return True


def _only_built(model: ModuleModel, fn: FunctionInfo, name: str) -> bool:
    """Whether the code of ``fn`` uses ``name`` only to call it, to call one of
    ``_FRESH_MODEL_METHODS`` on it, to bind it and to return it (no `name.layer = ...`)."""
    allowed: set[int] = set()
    for call in model.nodes_of(cst.Call):
        func = call.func
        if type(func) is cst.Name and func.value == name:
            allowed.add(id(func))
        elif (
            type(func) is cst.Attribute
            and type(func.value) is cst.Name
            and func.value.value == name
            and func.attr.value in _FRESH_MODEL_METHODS
        ):
            allowed.add(id(func.value))
    for node in (*model.nodes_of(cst.Attribute), *model.nodes_of(cst.Subscript)):
        read = node.value
        if type(read) is cst.Name and read.value == name and id(read) not in allowed:  # noqa: SIM102
            if model.scope_of(read) is fn:  # its own, not a name of the same spelling elsewhere
                return False
    return True


def _may_hold(model: ModuleModel, obj: cst.BaseExpression, scope: Scope, origin: str) -> bool:
    """Whether the Keras layer or model ``obj`` may hold the layers of the source object
    ``origin``: unless every value bound to it is built by a Keras class or a function of the
    module whose code never names ``origin`` (its last part: ``generator`` of
    ``self.generator``)."""
    text = chain_text(obj)
    if text is None or _related(text, origin):
        return True
    name = origin.rpartition(".")[2]
    values = model.bound_values(obj, scope)
    if not values:
        return True
    for value in values:
        if isinstance(value, cst.Call) and knowledge.fresh_model_function(model.call_name(value)):
            continue  # `clone_model(model)`: new variables, none of the source's
        if _fresh_object(model, value, scope, [origin]):
            continue  # `copy_model(model)` returning a new `SineModel()` it copied weights into
        if not isinstance(value, cst.Call) or mentions(value, name):
            return True
        if knowledge.class_kind(model.call_name(value)) is not None:
            continue
        callee = model.callee(value, scope)
        if callee is None or mentions(callee.node, name):
            return True
    return False


def _built_with_code(model: ModuleModel, func: cst.BaseExpression, scope: Scope) -> bool:
    """Whether the Keras object ``func`` was made with a function or lambda of the module
    (``Lambda(lambda x: x * w)``): calling it runs that code, which may read anything."""
    for value in model.bound_values(func, scope):
        todo: list[cst.CSTNode] = [value]
        while todo:
            node = todo.pop()
            if isinstance(node, cst.Lambda):
                return True
            if isinstance(node, cst.Name):
                factory = model.function_referenced(node, scope)
                called = isinstance(value, cst.Call) and value.func is node
                if factory is not None and not (called and _plain_factory(model, factory)):
                    return True
            todo.extend(node.children)
    return False


def _root_name(expr: cst.BaseExpression) -> cst.Name | None:
    """The name an attribute or subscript chain starts from (``copy`` of
    ``copy.layers[0]``)."""
    while isinstance(expr, (cst.Attribute, cst.Subscript)):
        expr = expr.value
    return expr if isinstance(expr, cst.Name) else None


def _plain_factory(model: ModuleModel, factory: Scope) -> bool:
    """Whether a module function that builds a Keras object (``def make_model(): return
    tf.keras.Sequential([...])``) runs no code of the module's own inside it: no lambda, no
    function or class defined in it, no function or class of the module referenced."""
    if not isinstance(factory.node, cst.FunctionDef):
        return False
    todo: list[cst.CSTNode] = list(body_statements(factory.node))
    while todo:
        node = todo.pop()
        if isinstance(node, (cst.Lambda, cst.FunctionDef, cst.ClassDef)):
            return False
        if isinstance(node, cst.Name) and (
            model.function_referenced(node, factory) is not None
            or node.value in model.module_classes
        ):
            return False
        todo.extend(node.children)
    return True


def _symbolic_inputs(model: ModuleModel, expr: cst.BaseExpression, scope: Scope) -> str | None:
    """The model whose symbolic inputs or outputs ``expr`` is (``model.inputs``), if it is."""
    if not isinstance(expr, cst.Attribute) or expr.attr.value not in (
        "inputs",
        "input",
        "outputs",
        "output",
    ):
        return None
    kind = model.kind_of(expr.value, scope)
    if kind is None or kind.kind not in ("model", "layer"):
        return None
    return cst.Module(body=[]).code_for_node(expr.value)
