"""Scopes and bindings: what the model records of each scope, name binding, class, function
and call, as data (lookups themselves are the model's, in statement order)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from tf2lint.analysis.tfnames import BUILTIN_NAMES
from tf2lint.analysis.tracing import TracedBy
from tf2lint.base.lazy import cst

# --- scopes and bindings ---------------------------------------------------------------------


class ScopeKind(StrEnum):
    """What a scope is."""

    MODULE = "module"
    CLASS = "class"  # a class body
    FUNCTION = "function"  # a def
    LAMBDA = "lambda"
    COMPREHENSION = "comprehension"


class SiteKind(StrEnum):
    """How a binding site binds its name (see BindingSite)."""

    ASSIGN = "assign"
    UNPACK = "unpack"
    AUGASSIGN = "augassign"
    PARAM = "param"
    IMPORT = "import"
    DEF = "def"
    CLASS = "class"
    LOOP = "loop"
    COMPREHENSION = "comprehension"
    WITH = "with"
    EXCEPT = "except"
    MATCH = "match"


@dataclass(eq=False, slots=True)
class BindingSite:
    """One place that binds a name: an assignment, a parameter, an import, a def ...

    ``kind`` is one of "assign" (``=``, annotated, walrus), "unpack" (an element of a tuple
    target; ``value`` is the whole right-hand side when it is a call, else None), "augassign"
    (``+=``; ``value`` is the operand), "param" (``value``: its default), "import"
    (``imported``: the qualified name), "def", "class", "loop" and "comprehension" (``value``:
    the iterable), "with" (``value``: the context manager), "except", "match" (a capture
    pattern of a ``case``).
    """

    kind: SiteKind
    node: cst.CSTNode  # the bound Name, or the def / class / import alias / param
    value: cst.BaseExpression | None
    where: FunctionInfo | None  # the function whose code binds it (differs under `global`)
    order: int  # position in the walk: which of two bindings comes first
    imported: str | None = None
    index: int | None = None  # the position in an unpacked target (`i` of `for i, x in ...`)
    loop: cst.CSTNode | None = None  # the outermost loop around it within its function


# Binding kinds whose value is the expression the name then holds.
_VALUE_KINDS = frozenset({SiteKind.ASSIGN, SiteKind.UNPACK, SiteKind.AUGASSIGN})
# Calls that build a Python container.
_CONTAINER_BUILTINS = frozenset(
    {"builtins.list", "builtins.tuple", "builtins.dict", "builtins.set", "builtins.range"}
)
# Calls that return a Python number or string (when not given a tensor).
_SCALAR_BUILTINS = frozenset(
    {
        "builtins.len",
        "builtins.int",
        "builtins.float",
        "builtins.round",
        "builtins.str",
        "builtins.bool",
        "builtins.abs",
        "builtins.min",
        "builtins.max",
        "math.sqrt",
        "math.exp",
        "math.cos",
        "math.sin",
        "math.log",
        "math.pow",
    }
)


@dataclass(eq=False, kw_only=True, slots=True)
class Scope:
    """A Python scope: the module, a class body, a function or lambda, a comprehension."""

    kind: ScopeKind
    node: cst.CSTNode
    parent: Scope | None  # the lexically enclosing scope
    bindings: dict[str, list[BindingSite]] = field(default_factory=dict)
    global_names: set[str] = field(default_factory=set)
    nonlocal_names: set[str] = field(default_factory=set)

    def binds(self, name: str) -> bool:
        """Whether ``name`` is local to this scope (not declared global or nonlocal here)."""
        return (
            name in self.bindings
            and name not in self.global_names
            and name not in self.nonlocal_names
        )

    @property
    def function(self) -> FunctionInfo | None:
        """The innermost function (or lambda) at or around this scope, not crossing a class."""
        scope: Scope | None = self
        while scope is not None and scope.kind == ScopeKind.COMPREHENSION:
            scope = scope.parent
        return scope if isinstance(scope, FunctionInfo) else None


@dataclass(frozen=True)
class Binding:
    """What a name holds where it is read: the scope that binds it and every site binding it
    there (flow-insensitively). ``scope`` is None for builtins and unbound names."""

    name: str
    scope: Scope | None
    sites: tuple[BindingSite, ...] = ()
    # The module or API object the name holds, qualified (``tensorflow.keras.layers``): bound by
    # imports and by aliasing assignments (``tf = tf.compat.v2``, ``layers = tf.keras.layers``),
    # in order; `x = None` fallbacks of an optional import are ignored. None for anything else.
    qualified: str | None = None

    @property
    def values(self) -> list[cst.BaseExpression]:
        """The expressions assigned to the name (``=``, ``+=``, unpacked calls), unknown ones
        left out; parameters, loop variables and the like hold no known expression."""
        return [s.value for s in self.sites if s.kind in _VALUE_KINDS and s.value is not None]

    @property
    def known_values(self) -> list[cst.BaseExpression] | None:
        """Every value the name can hold here, when each site assigns a known expression; None
        when some site binds something unknown (a parameter, a loop variable, an import...)."""
        if not self.sites or any(s.kind not in _VALUE_KINDS or s.value is None for s in self.sites):
            return None
        return [s.value for s in self.sites]  # type: ignore[misc]

    @property
    def kinds(self) -> set[SiteKind]:
        return {s.kind for s in self.sites}

    @property
    def param_only(self) -> bool:
        """Every site binding the name is a parameter: it holds what the caller passed, never
        rebound in its function."""
        return bool(self.sites) and all(s.kind == SiteKind.PARAM for s in self.sites)

    @property
    def is_builtin(self) -> bool:
        return self.scope is None and self.name in BUILTIN_NAMES

    @property
    def is_param(self) -> bool:
        return any(s.kind == SiteKind.PARAM for s in self.sites)


@dataclass(eq=False, kw_only=True, slots=True)
class ClassInfo(Scope):
    name: str
    methods: dict[str, FunctionInfo] = field(default_factory=dict)
    base_names: list[str | None] = field(default_factory=list)  # resolved after the pass
    keras_kind: str | None = None  # its Keras kind ("layer", "model", "loss", "metric"...)
    keras2: bool = False  # its Keras base comes from Keras 2 (`tf_keras`), not Keras 3
    # self.<attr> = <value> in any method
    self_assignments: dict[str, list[cst.BaseExpression]] = field(default_factory=dict)
    # attributes its own code sets on an object (`obj.name = ...`, `setattr(obj, "name", ...)`):
    # a method among them is replaced on the instance, and callers get the replacement
    instance_sets: set[str] = field(default_factory=set)


@dataclass(eq=False, kw_only=True, slots=True)
class FunctionInfo(Scope):
    """A function scope: a def or a lambda (``name`` "<lambda>")."""

    name: str
    qualname: str
    outer: FunctionInfo | None  # the enclosing function, if any
    cls: ClassInfo | None  # set when this is a method
    params: list[str] = field(default_factory=list)
    param_defaults: dict[str, cst.BaseExpression] = field(default_factory=dict)
    calls: list[cst.Call] = field(default_factory=list)  # calls its code makes (not lifted ones)
    guarded_calls: set[int] = field(default_factory=set)  # ids of calls under a one-time guard
    # ids of calls under `with tf.init_scope():` or `if tf.executing_eagerly():`: they never run
    # in the graph, so what they call is not traced
    lifted_calls: set[int] = field(default_factory=set)
    nested: dict[str, FunctionInfo] = field(default_factory=dict)
    # the loops around its definition, within the enclosing function (or module), outermost
    # first: a def in a loop makes a new function on every iteration
    defined_in: tuple[cst.CSTNode, ...] = ()
    is_generator: bool = False
    traced_by: TracedBy | None = None  # why tf.function traces this function, if it does
    # Whether AutoGraph converts it when traced (rewriting `if tensor:`, `int(tensor)`...):
    # not under `autograph=False`, nor in methods Keras 3 traces (it calls them unconverted),
    # nor in what such code calls.
    autograph: bool = True
    # its body runs once: decorated with a once/cache decorator, or traced code calls it only
    # from under a one-time guard
    one_time: bool = False
    key: str = ""  # unique in its module: the qualname, numbered when several share one
    # a traced method whose `self` is always an object built during the trace (its attributes
    # are that trace's own state, not state that outlives it)
    fresh_self: bool = False
    runs_once: bool = False  # decorated with a once/cache decorator
    # decorated with a wrapper that hands it to tf.py_function (its name): it runs eagerly,
    # in Python, on every call, even from traced code
    eager_by: str | None = None

    @property
    def traced(self) -> bool:
        return self.traced_by is not None

    @property
    def traced_reason(self) -> str | None:
        return self.traced_by.describe() if self.traced_by is not None else None

    @property
    def decorators(self) -> Sequence[cst.Decorator]:
        return self.node.decorators if self.kind == ScopeKind.FUNCTION else ()


@dataclass(frozen=True)
class CallSite:
    """A call of a function the model knows, with the function it is made from (None: module)."""

    call: cst.Call
    callee: FunctionInfo
    caller: FunctionInfo | None
    # enclosing for/while loops and comprehensions within the caller, outermost first
    loops: tuple[cst.CSTNode, ...]
    scope: Scope  # where the call is evaluated

    def argument(self, param: str) -> cst.BaseExpression | None:
        """The expression this call passes to the callee's ``param``, if it can be told."""
        params = self.callee.params
        callee = self.callee
        if (
            callee.cls is not None
            and params
            and (isinstance(self.call.func, cst.Attribute) or callee.name == "__call__")
        ):
            # self.f(x), obj.f(x), and obj(x) calling __call__: the receiver is the first one
            params = params[1:]
        return passed_argument(self.call, params, param)


def passed_argument(call: cst.Call, params: Sequence[str], param: str) -> cst.BaseExpression | None:
    """The expression ``call`` passes to ``param`` of a function whose parameters (after any
    receiver) are ``params``; None where a ``*args``/``**kwargs`` hides it or nothing does."""
    for index, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is not None:
            if arg.keyword.value == param:
                return arg.value
        elif index < len(params) and params[index] == param:
            return arg.value
    return None


@dataclass(frozen=True)
class _Edge:
    target: FunctionInfo | str
    kind: str
    guarded: bool
    # for calls of methods: "self" (self.m()), "fresh" (an object the caller built itself,
    # so it lives no longer than one trace when traced code builds it), else "other"
    receiver: str = "other"
    # the call or argument that makes the edge (the evidence of another module points at it)
    site: cst.CSTNode | None = field(default=None, compare=False)

    @property
    def local(self) -> bool:
        return not isinstance(self.target, str)


@dataclass(frozen=True)
class Root:
    """Code of this module that makes tf.function trace ``target``: a function of the module,
    or the qualified name of one elsewhere."""

    target: FunctionInfo | str
    reason: TracedBy
    autograph: bool = True
    signature: bool = False  # a fixed input_signature: Python arguments become tensors


# --- statement order at module level ---------------------------------------------------------
#
# A module (a script, or a notebook's cells joined) runs its top-level statements once, top to
# bottom, so a name rebound at module level means different things at different places:
#
# - code at module level (a statement, a class body, a decorator, a comprehension there) at
#   top-level statement ``s`` sees the bindings made before ``s``, from the last one that always
#   binds (a simple statement, a ``def``, a ``class``) on; inside a compound statement (``if``,
#   ``for``, ``try``, ``with``) its own earlier bindings too, and in a loop all of them;
# - a function body reads module names when it runs, which is when module code calls it: it
#   sees the bindings visible when its definition ends and every one made up to the last
#   top-level statement that calls it. When it can run later than any statement shows (module
#   code passes or stores it, another function refers to it, a method, a nested function),
#   every later binding counts too. That is sound: a body never misses a binding it can see.
# - bindings that a function's code makes (``global x``) are visible everywhere.
#
# A read that sees no binding (a notebook's cells run out of order) keeps every binding.


class StatementOrder:
    """Where each top-level statement starts in the model's walk, to answer which of a module
    name's bindings a read at a given place can see."""

    def __init__(self, module: cst.Module, events: list[tuple[cst.CSTNode, bool]]) -> None:
        top = {id(statement) for statement in module.body}
        self.starts: list[int] = []  # event index where each top-level statement begins
        self.always_binds: list[bool] = []  # its bindings replace the earlier ones
        self.loops: list[bool] = []  # a loop: its bindings reach its own earlier reads
        self.name_events: dict[int, int] = {}  # id(Name) -> its event index
        simple = (cst.SimpleStatementLine, cst.FunctionDef, cst.ClassDef)
        for index, (node, entering) in enumerate(events):
            if not entering:
                continue
            if type(node) is cst.Name:
                self.name_events[id(node)] = index
            elif id(node) in top:
                self.starts.append(index)
                self.always_binds.append(isinstance(node, simple))
                self.loops.append(isinstance(node, (cst.For, cst.While)))

    def statement(self, event: int) -> int:
        """The top-level statement (its index in the module body) holding the ``event``."""
        return bisect_right(self.starts, event) - 1

    def visible_at(
        self, sites: Sequence[BindingSite], statement: int, event: int | None = None
    ) -> list[BindingSite]:
        """The sites a read in top-level ``statement`` (at ``event``, when known) can see."""
        seen: list[BindingSite] = []
        for site in sites:
            if site.where is not None:  # bound when some function runs
                seen.append(site)
                continue
            at = self.statement(site.order)
            if at < statement:
                if self.always_binds[at]:
                    seen = [s for s in seen if s.where is not None]
                seen.append(site)
            elif (
                at == statement
                and not self.always_binds[at]
                and (self.loops[at] or event is None or site.order < event)
            ):
                seen.append(site)
        return seen

    def visible_between(
        self, sites: Sequence[BindingSite], first: int, last: int | None
    ) -> list[BindingSite]:
        """The sites code running anywhere after top-level statement ``first`` up to and
        including ``last`` (None: to the end) can see."""
        seen = self.visible_at(sites, first + 1)
        for site in sites:
            at = self.statement(site.order)
            later = site.where is None and at > first and (last is None or at <= last)
            if later and site not in seen:
                seen.append(site)
        return seen
