"""What each ``with tf.GradientTape() as t:`` block records, and where its gradients stop.

The model's data-flow view of gradient tapes (``ModuleModel.tapes``), for the rules that ask
why a gradient is ``None``. For each tape block of a function (or of module code) it follows
the function's statements in order, as Python runs them (branches joined, loop bodies run
twice, a second call of a function's helper followed into its body), with the tape recording
only between entering and leaving the block, and says for each ``t.gradient(target,
sources)``:

* what the target depends on through operations the tape recorded and can differentiate
  (``Flow.live``: the sources it reaches), and, for sources it reaches only through a cut,
  the cut: an op without a gradient or with integer output (the knowledge base's, generated
  from TensorFlow), a step to NumPy or Python (``.numpy()``, ``float()``, ``model.predict``),
  or an operation run while the tape was not recording (``outside-tape``);
* what the module's own code does on the way: the functions it calls (three deep), the
  layers of a model it builds (the training view's), the methods of a new object of its own
  Keras class, another tape's gradient recorded inside the block (second order), a loop over
  what cannot be empty run at least once;
* which sources are watched: trainable variables read inside the block are, unless
  ``watch_accessed_variables=False``; tensors only through ``t.watch``;
* where the call is relative to the block, and how often a non-persistent tape is asked.

It claims a gradient is ``None`` only where it can show it: a call it cannot see into, an
object that may hold the source's variables, or a source it cannot name makes it say nothing.
Only modules whose code makes a ``GradientTape`` pay for it (the view is built on first use).
This module finds the blocks and names the sources; the statements run in tf2lint.analysis.tape_flow.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tf2lint.analysis import knowledge
from tf2lint.analysis.scopes import FunctionInfo, ScopeKind, SiteKind
from tf2lint.analysis.tape_flow import (  # noqa: F401 (the rules' names for the view's facts)
    GRADIENT_METHODS,
    VARIABLE_CONSTRUCTORS,
    VARIABLE_LISTS,
    Cut,
    Flow,
    GradientCall,
    Interpreter,
    Watch,
    argument,
    body_statements,
    chain_text,
    is_integer_dtype,
    minimizes_with_tape,
    tape_calls,
)
from tf2lint.base.lazy import cst

if TYPE_CHECKING:
    from tf2lint.analysis.model import ModuleModel
    from tf2lint.analysis.scopes import Scope

TAPE_CONSTRUCTORS = frozenset({"tensorflow.GradientTape", "tensorflow.autodiff.GradientTape"})


@dataclass(eq=False)
class Source:
    """One source of a ``gradient`` call: ``expr`` as written, ``origin`` the name or dotted
    attribute its reads are matched by (``w``, ``model``, ``self.generator``), ``aliases``
    other names that hold it, and what it is: "object" (``X.trainable_variables``: an object's
    variables), "variable" (a ``tf.Variable``), "tensor" (a tensor made before the block), or
    "unknown". ``defined``: the value that made it (for the evidence); ``trainable`` False for
    ``tf.Variable(..., trainable=False)``; ``integer`` the node that makes it an integer."""

    expr: cst.BaseExpression
    origin: str
    kind: str
    aliases: frozenset[str] = frozenset()
    defined: cst.CSTNode | None = None
    trainable: bool = True
    integer: cst.CSTNode | None = None
    before_block: bool = True  # every value it holds was made before the block
    # one element of a list display a name holds (`params = [tf.Variable(1), ...]`): ``expr``
    # is the name, ``defined`` the element
    listed: bool = False


@dataclass(frozen=True)
class Verdict:
    """Why a source's gradient is ``None``: ``cause`` "unwatched" (a tensor never watched, or
    a variable under ``watch_accessed_variables=False``), "frozen" (a non-trainable variable),
    "integer" (an integer source), "cut" (every path passes a cut: ``cut``), or "unread" (the
    target never reads it while the tape records)."""

    source: Source
    cause: str
    cut: Cut | None = None


@dataclass(eq=False)
class TapeBlock:
    """One ``with tf.GradientTape(...) as t:`` block (or ``with t:`` of a tape made before)."""

    with_node: cst.With
    name: str
    constructor: cst.Call | None
    persistent: bool | None  # None: not a literal
    watch_accessed: bool  # watch_accessed_variables
    scope: Scope
    calls: list[GradientCall] = field(default_factory=list)
    watches: list[Watch] = field(default_factory=list)
    watched: set[str] = field(default_factory=set)  # origins watched in the block
    # a watch the model cannot resolve, or the tape handed to other code: watched unknown
    watch_unknown: bool = False
    read: dict[str, cst.CSTNode] = field(default_factory=dict)  # origin -> first read inside
    model: ModuleModel | None = None  # the module's model, to order cuts

    @property
    def last_statement(self) -> cst.CSTNode:
        body = self.with_node.body
        statements = body.body if isinstance(body, cst.IndentedBlock) else [body]
        return statements[-1]

    def verdict(self, source: Source, flow: Flow) -> Verdict | None:
        names = {source.origin, *source.aliases}
        watched = bool(names & self.watched)
        if source.kind == "unknown":
            # what it is is not known, but every path from it to the target passing a cut
            # (`model.predict(image)`) says the gradient is None whatever it is
            cuts = [c for origin, c in flow.cuts if origin in names]
            if not cuts and not flow.unknown and not flow.live:
                # the target itself is made by an op run after the tape stopped recording
                # (`loss = loss + l2 * tf.nn.l2_loss(net.w)` below the block): the tape holds
                # no path to it from anything, whatever the source is
                cuts = [c for _, c in flow.cuts if _made_after_tape(c)]
            if flow.unknown or names & flow.live or not cuts:
                return None
            return Verdict(source, "cut", self.first_cut(cuts))
        if self.watch_unknown:
            watched = True  # it may be: nothing said about watching
        # an integer variable is never watched, whatever the path (the tape records no
        # integer): its gradient is None even where the path cannot be followed
        if source.integer is not None and (source.kind == "variable" or not flow.unknown):
            return Verdict(source, "integer")
        if source.kind == "variable" and not source.trainable and not watched:
            return Verdict(source, "frozen")
        if source.listed:
            return None  # read through the list's name, by index: the paths are not followed
        if source.kind == "tensor" and source.before_block and not watched:
            return Verdict(source, "unwatched")
        if source.kind in ("variable", "object") and not self.watch_accessed and not watched:
            return Verdict(source, "unwatched")
        if flow.unknown or names & flow.live:
            return None
        cuts = [cut for origin, cut in flow.cuts if origin in names]
        if not cuts:
            cuts = [cut for origin, cut in flow.cuts if origin is None]
        if cuts:
            return Verdict(source, "cut", self.first_cut(cuts))
        return Verdict(source, "unread")

    def cut_behind(self, verdict: Verdict, flow: Flow) -> Verdict | None:
        """For a source never watched: the step with no gradient every path from it to the
        target passes too (`model.predict(x)`), if there is one; watching it would not help."""
        if verdict.cause not in ("unwatched", "frozen") or flow.unknown:
            return None
        source = verdict.source
        names = {source.origin, *source.aliases}
        if names & flow.live:
            return None
        cuts = [c for o, c in flow.cuts if o in names and c.reason != "outside-tape"]
        if not cuts or any(c.reason == "outside-tape" for o, c in flow.cuts if o in names):
            return None
        return Verdict(source, "cut", self.first_cut(cuts))

    def first_cut(self, cuts: list[Cut]) -> Cut:
        """The cut to show of several: one made outside the tape first, then the first in
        the module's order (the same one on every run)."""
        if self.model is None:
            return min(cuts, key=lambda c: c.reason != "outside-tape")
        model = self.model
        return min(cuts, key=lambda c: (c.reason != "outside-tape", event_order(model, c.node)))


def _made_after_tape(cut: Cut) -> bool:
    """An op run after the tape stopped recording, on the way to the target itself (not a value
    made before the tape and read inside it, nor one a caller passed in)."""
    return cut.reason == "outside-tape" and not cut.before and cut.via is None and cut.made is None


class TapeView:
    """Every tape block of a module, with its gradient calls and watches, found on first use."""

    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self.blocks: list[TapeBlock] = []
        self.calls: dict[int, GradientCall] = {}
        withs = model.nodes_of(cst.With)
        if withs:
            self._find(withs)

    def for_call(self, call: cst.Call) -> GradientCall | None:
        return self.calls.get(id(call))

    def _find(self, withs: list[cst.CSTNode]) -> None:
        model = self.model
        by_scope: dict[int, list[TapeBlock]] = {}
        for node in withs:
            for item in node.items:
                block = self._block(node, item)
                if block is not None:
                    self.blocks.append(block)
                    by_scope.setdefault(id(block.scope), []).append(block)
        for blocks in by_scope.values():
            scope = blocks[0].scope
            statements = body_statements(scope.node)
            for block in blocks:
                sources = {
                    id(call): resolve_sources(model, call, block)
                    for call in tape_calls(block, statements)
                }
                Interpreter(model, block, self).run(statements, sources)

    def _block(self, node: cst.With, item: cst.WithItem) -> TapeBlock | None:
        model = self.model
        expr = item.item
        constructor: cst.Call | None = None
        if isinstance(expr, cst.Call) and model.call_name(expr) in TAPE_CONSTRUCTORS:
            constructor = expr
            if item.asname is None or not isinstance(item.asname.name, cst.Name):
                return None
            name_node = item.asname.name
        elif isinstance(expr, cst.Name):  # `tape = tf.GradientTape(); with tape:`
            values = model.binding_of(expr).values
            if len(values) != 1 or not isinstance(values[0], cst.Call):
                return None
            if model.call_name(values[0]) not in TAPE_CONSTRUCTORS:
                return None
            constructor, name_node = values[0], expr
        else:
            return None
        scope = model.scope_of(name_node)
        while scope.kind == ScopeKind.COMPREHENSION and scope.parent is not None:
            scope = scope.parent
        if scope.kind not in (ScopeKind.MODULE, ScopeKind.FUNCTION):
            return None
        return TapeBlock(
            node,
            name_node.value,
            constructor,
            _literal_flag(constructor, "persistent", 0, False),
            _literal_flag(constructor, "watch_accessed_variables", 1, True) is not False,
            scope,
            model=model,
        )


def _literal_flag(call: cst.Call | None, keyword: str, position: int, default: bool) -> bool | None:
    if call is None:
        return default
    positional = [a for a in call.args if a.keyword is None]
    arg = next((a for a in call.args if a.keyword and a.keyword.value == keyword), None)
    if arg is None and len(positional) > position:
        arg = positional[position]
    if arg is None:
        return default
    if isinstance(arg.value, cst.Name) and arg.value.value in ("True", "False"):
        return arg.value.value == "True"
    return None


# --- the sources of a gradient call ---------------------------------------------------------
def resolve_sources(model: ModuleModel, call: cst.Call, block: TapeBlock) -> list[Source] | None:
    """What ``call`` asks the gradient for, as sources the interpreter can match reads to;
    None when some source cannot be named (then no claim is made about any)."""
    expr = argument(call, 1, "sources")
    if expr is None and minimizes_with_tape(call, block.name):
        expr = argument(call, 1, "var_list")
    if expr is None:
        return None
    return _sources(model, expr, block, 0)


def _sources(
    model: ModuleModel, expr: cst.BaseExpression, block: TapeBlock, depth: int
) -> list[Source] | None:
    if depth > 4:
        return None
    if isinstance(expr, (cst.List, cst.Tuple)):
        found: list[Source] = []
        for element in expr.elements:
            if isinstance(element, cst.StarredElement):
                inner = _sources(model, element.value, block, depth + 1)
            else:
                inner = _sources(model, element.value, block, depth + 1)
            if inner is None:
                return None
            found.extend(inner)
        return found
    if isinstance(expr, cst.Dict):  # `tape.gradient(y, {"w": w, "b": b})`: a dict of them
        found = []
        for element in expr.elements:
            if not isinstance(element, cst.DictElement):
                return None
            inner = _sources(model, element.value, block, depth + 1)
            if inner is None:
                return None
            found.extend(inner)
        return found
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        left = _sources(model, expr.left, block, depth + 1)
        right = _sources(model, expr.right, block, depth + 1)
        return None if left is None or right is None else left + right
    if isinstance(expr, cst.Attribute) and expr.attr.value in VARIABLE_LISTS:
        owner = chain_text(expr.value)
        if owner is None:
            return None
        return [Source(expr, owner, "object")]
    if isinstance(expr, cst.Name):
        return _name_source(model, expr, block, depth)
    if isinstance(expr, cst.Attribute):
        text = chain_text(expr)
        if text is None:
            return None
        values = model.bound_values(expr, block.scope)
        if not values:  # `model.w` of an instance of the module's own class: its `self.w = ...`
            cls = model.instance_of(expr.value, block.scope)
            if cls is not None:
                assigned = cls.self_assignments.get(expr.attr.value, [])
                values = [v for v in assigned if v is not None]
        return [_valued_source(model, expr, text, values, block)]
    return None


def _name_source(
    model: ModuleModel, expr: cst.Name, block: TapeBlock, depth: int
) -> list[Source] | None:
    binding = model.binding_of(expr)
    values = binding.known_values
    if values is None and binding.is_param and len(binding.sites) == 1:
        passed = _passed_values(model, binding.scope, expr.value)
        if passed:  # every caller of the module passes a tensor made by a TF op
            source = _valued_source(model, expr, expr.value, passed, block)
            if source.kind == "tensor":
                return [source]
    if values is None:
        if binding.is_param or any(
            s.kind in (SiteKind.LOOP, SiteKind.COMPREHENSION) for s in binding.sites
        ):
            return [Source(expr, expr.value, "unknown")]
        return None
    if len(values) == 1 and isinstance(values[0], (cst.List, cst.Tuple, cst.BinaryOperation)):
        inner = _sources(model, values[0], block, depth + 1)
        if inner is not None:
            return inner
        made = _made_variables(model, values[0])
        if made:  # `params = [tf.Variable(1), tf.Variable(2)]`: each read through the name
            found = []
            for element in made:
                source = _valued_source(model, expr, expr.value, [element], block)
                source.listed = True
                found.append(source)
            return found
    listed = len(values) == 1 and isinstance(values[0], cst.Attribute)
    if listed and values[0].attr.value in VARIABLE_LISTS:  # `params = model.trainable_variables`
        inner = _sources(model, values[0], block, depth + 1)
        if inner is not None:
            for source in inner:
                source.aliases = source.aliases | {expr.value}
                source.defined = values[0]
            return inner
    source = _valued_source(model, expr, expr.value, values, block)
    start = event_order(model, block.with_node)
    source.before_block = all(site.order < start for site in binding.sites)
    return [source]


def _made_variables(model: ModuleModel, display: cst.BaseExpression) -> list[cst.Call] | None:
    """The elements of a list or tuple display when every one is a ``tf.Variable(...)``."""
    if not isinstance(display, (cst.List, cst.Tuple)) or not display.elements:
        return None
    found = []
    for element in display.elements:
        value = element.value
        if not isinstance(value, cst.Call) or model.call_name(value) not in VARIABLE_CONSTRUCTORS:
            return None
        found.append(value)
    return found


def _passed_values(model: ModuleModel, function: Scope | None, param: str) -> list | None:
    """What the module's calls pass to ``param`` of its function ``function`` (names followed
    to their values), when every use of the function's name is such a call and each passes it."""
    if not isinstance(function, FunctionInfo) or function.cls is not None:
        return None
    if isinstance(function.node, cst.Lambda):
        return None
    sites = [s for s in model.call_sites if s.callee is function]
    if not sites:
        return None
    uses = sum(
        1
        for name in model.nodes_of(cst.Name)
        if name.value == function.name and name is not function.node.name
    )
    if uses != len(sites):
        return None  # handed on (to `tf.function`, a callback) or called from elsewhere
    values: list = []
    for site in sites:
        passed = site.argument(param)
        if passed is None:
            return None
        if isinstance(passed, cst.Name):
            known = model.binding_of(passed, site.scope).known_values
            if not known:
                return None
            values.extend(known)
        else:
            values.append(passed)
    return values


def _valued_source(
    model: ModuleModel,
    expr: cst.BaseExpression,
    origin: str,
    values: list[cst.BaseExpression],
    block: TapeBlock,
) -> Source:
    """A source held by a name or attribute, judged by every value bound to it."""
    if not values:
        return Source(expr, origin, "unknown")
    kinds = set()
    trainable = True
    integer = None
    aliases: set[str] = set()
    for value in values:
        if isinstance(value, (cst.Name, cst.Attribute)):
            alias = chain_text(value)
            if alias is not None:
                aliases.add(alias)
            kinds.add("unknown")
            continue
        if isinstance(value, cst.BinaryOperation) and _tf_arithmetic(model, value):
            kinds.add("tensor")  # `tf.Variable(2.0) + 1.0`: a tensor, not the variable
            continue
        if not isinstance(value, cst.Call):
            kinds.add("unknown")  # arithmetic on tensors, or a list concatenation
            continue
        name = model.call_name(value)
        if name in VARIABLE_CONSTRUCTORS:
            kinds.add("variable")
            flag = _literal_flag(value, "trainable", 1, True)
            if flag is None:
                kinds.add("unknown")
            elif flag is False:
                trainable = False
        elif knowledge.returns(name) == "tensor" and (name or "").startswith("tensorflow."):
            kinds.add("tensor")
        else:
            kinds.add("unknown")
            continue
        if integer is None and integer_value(model, value):
            integer = value
    kind = kinds.pop() if len(kinds) == 1 else "unknown"
    return Source(
        expr,
        origin,
        kind,
        frozenset(aliases),
        values[-1],
        trainable,
        integer if kind != "unknown" else None,
    )


def _tf_arithmetic(model: ModuleModel, expr: cst.BinaryOperation) -> bool:
    """``tf.Variable(2.0) + 1.0``, ``tf.ones(3) * 2``: Python arithmetic on a TF call's value
    (a tensor or a variable) and numbers, which makes a new float tensor."""
    if not isinstance(expr.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.Power)):
        return False
    made = False
    for operand in (expr.left, expr.right):
        if isinstance(operand, cst.Float):
            continue
        if not isinstance(operand, cst.Call):
            return False
        name = model.call_name(operand)
        if not (name in VARIABLE_CONSTRUCTORS or knowledge.returns(name) == "tensor"):
            return False
        if not (name or "").startswith("tensorflow.") or integer_value(model, operand):
            return False
        made = True
    return made


def integer_value(model: ModuleModel, call: cst.Call) -> bool:
    """A ``tf.Variable``/``tf.constant``-like call that makes an integer tensor: an integer
    dtype given, or, with no dtype, an integer literal (or a list of them), or such a call, as
    its value."""
    where = knowledge.dtype_parameter(model.call_name(call))
    if where is None:
        return False
    dtype = argument(call, where.dtype, "dtype")
    if dtype is not None:
        return is_integer_dtype(model, dtype)
    if where.value is None:
        return False
    value = argument(call, where.value, "value") or argument(call, where.value, "initial_value")
    if isinstance(value, cst.Call):  # `tf.Variable(tf.zeros((2,), tf.int32))`
        return integer_value(model, value)
    if isinstance(value, cst.Name):  # `init = 3` ... `tf.Variable(init)`
        values = model.binding_of(value).known_values
        return bool(values) and all(_integer_literal(v) for v in values)
    return value is not None and _integer_literal(value)


def _integer_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.Integer):
        return True
    if isinstance(expr, cst.UnaryOperation):
        return _integer_literal(expr.expression)
    if isinstance(expr, (cst.List, cst.Tuple)) and expr.elements:
        return all(_integer_literal(e.value) for e in expr.elements)
    return False


def event_order(model: ModuleModel, node: cst.CSTNode) -> int:
    """Where ``node`` starts in the model's walk, comparable with ``BindingSite.order``: which
    of two statements runs first in straight-line code (-1: not in the module)."""
    return model.event_index().get(id(node), -1)
