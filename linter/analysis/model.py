"""The TF-aware semantic model of one module, built in one pass of our own over the tree.

The facade the rules use. Its concerns each live in a short module: what TF names mean
(``tfnames``), scopes and bindings (``scopes``), module names read in statement order
(``order``), values and kinds (``kinds``, with the knowledge base in ``knowledge``),
traced-ness (``tracing``) and guards (``guards``); this module holds the lookups and the one
walk that fills them.

It answers what the rules keep asking: what does this name refer to (import aliases), which
functions are traced by ``tf.function`` (and why), where are they called, what does each function
assign, and is this expression a tensor. It does not use libcst's metadata providers: their
scope and position passes cost 6 times the parse (t2t_model.py: 1.31 s against 0.21 s of CPU),
while a whole check may cost 1.4 times it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TypeVar

from tf2lint.analysis import knowledge
from tf2lint.analysis.guards import (
    ONCE_DECORATORS,
    _clears_flag,
    _tests_eager,
    is_one_time_guard,
)
from tf2lint.analysis.keras_flow import TrainingView
from tf2lint.analysis.kinds import Kind, kind_of
from tf2lint.analysis.order import ReadOrder
from tf2lint.analysis.project import (
    ClassSummary,
    Edge,
    ExternalName,
    FunctionSummary,
    ModuleFacts,
    ModuleIdentity,
    ModuleSummary,
)
from tf2lint.analysis.reads import Read
from tf2lint.analysis.reads import index as reads_index
from tf2lint.analysis.scopes import (
    _CONTAINER_BUILTINS,
    _SCALAR_BUILTINS,
    _VALUE_KINDS,
    Binding,
    BindingSite,
    CallSite,
    ClassInfo,
    FunctionInfo,
    Root,
    Scope,
    ScopeKind,
    SiteKind,
    _Edge,
    passed_argument,
)
from tf2lint.analysis.shapes import UnknownDimension, unknown_dimension
from tf2lint.analysis.tape import TapeView
from tf2lint.analysis.tfnames import (  # noqa: F401
    BUILTIN_NAMES,
    DATASET_FUNCTION_METHODS,
    KERAS2_ROOTS,
    KERAS_ROOTS,
    PY_FUNCTION_NAMES,
    REGULARIZER_SUFFIX,
    TF_FUNCTION_NAMES,
    _chain,
    dotted_name,
    head_name,
    is_keras,
    normalize,
)
from tf2lint.analysis.tracing import (
    TracedBy,
    _autograph,
    compiled_arguments,
    input_signature,
    positional_capacity,
    propagate,
    reach,
    shared_selves,
    takes_hook_arguments,
)
from tf2lint.analysis.walk import LEAVE, children_by_type, children_function, walk
from tf2lint.base.lazy import cst

# Qualified names that are never another linted module: not worth a summary edge.
_LIBRARY_ROOTS = (
    "builtins.",
    "tensorflow.",
    "keras.",
    "tf_keras.",
    "numpy.",
    "absl.",
    "os.",
    "sys.",
    "math.",
    "collections.",
    "functools.",
    "itertools.",
    "typing.",
    "re.",
    "json.",
    "logging.",
)


T = TypeVar("T")


class ModuleModel:
    """Everything the rules need to know about one module, computed once."""

    def __init__(
        self,
        module: cst.Module,
        identity: ModuleIdentity | None = None,
        facts: ModuleFacts | None = None,
        keras_version: int = 3,
    ) -> None:
        self.module = module
        # its dotted name and package, when known (relative imports, the project's summaries)
        self.identity = identity
        self.facts = facts  # what the other modules linted with it say about it
        # the project's `keras-version` setting: 2 when it runs with TF_USE_LEGACY_KERAS=1 set
        # in its environment (shell, Dockerfile, CI), so that `tf.keras` is tf-keras, Keras 2
        self.keras_version = keras_version
        self.scope = Scope(kind=ScopeKind.MODULE, node=module, parent=None)
        # local name -> qualified name, for imports anywhere in the module (the tf1-api rules'
        # candidates; what a name means at a given place is ``lookup``'s answer)
        self.imports: dict[str, str] = {}
        # every name imported anywhere in the module, qualified
        self.imported: set[str] = set()
        # TensorFlow and Keras modules imported whole: ``from tensorflow.keras.layers import *``
        self.star_imports: list[str] = []
        self.functions: list[FunctionInfo] = []
        self.function_of: dict[cst.CSTNode, FunctionInfo] = {}
        self.classes: dict[cst.ClassDef, ClassInfo] = {}
        self.module_functions: dict[str, FunctionInfo] = {}
        self.module_classes: dict[str, ClassInfo] = {}
        # how the module's own code traces functions: decorators, tf.function(f), Dataset.map(f)
        self.roots: list[Root] = []
        # its Keras model classes whose instances it compiles with `run_eagerly=True` (or sets
        # `run_eagerly = True` on) and never compiles otherwise: fit/evaluate/predict run their
        # train_step, test_step, predict_step and call eagerly, so Keras traces none of them;
        # and the layers only those models build, whose call they run eagerly too
        self.eager_models: set[ClassInfo] = set()
        # in source order, each `obj.compile(...)` and `obj.run_eagerly = value` of the module:
        # (obj, whether it makes Keras run obj eagerly, the scope it is in, the compile call)
        self._eager_settings: list[tuple[cst.BaseExpression, bool, Scope, cst.Call | None]] = []
        # its functions that hand their first parameter to tf.function ("trace") or to
        # tf.py_function ("eager"), with that call
        self.wrappers: dict[FunctionInfo, tuple[str, cst.Call]] = {}
        # a unique key per function (its qualname, numbered when several share one)
        self.function_keys: dict[str, FunctionInfo] = {}
        self.queries: set[str] = set()  # qualified names of other modules the rules asked about
        self._edges: dict[int, list[_Edge]] = {}
        # id(function) -> the context managers its `with` statements enter (their `__enter__`
        # and `__exit__` run where the `with` does)
        self.with_items: dict[int, list[cst.BaseExpression]] = {}
        self._callees: dict[int, FunctionInfo | None] = {}
        self._returns: dict[int, bool] = {}  # id(function) -> whether it returns a tensor
        self._return_statements: dict[int, list[cst.Return]] = {}  # id(function) -> its returns
        # every call in the module with the function it is in, its enclosing loops and scope
        self._calls: list[tuple[cst.Call, FunctionInfo | None, tuple[cst.CSTNode, ...], Scope]] = []
        # id(Name) -> its scope, for names read outside the module scope
        self._name_scopes: dict[int, Scope] = {}
        # ids of assignment and `del` targets (the outermost node of each target)
        self._targets: set[int] = set()
        # id(body block) -> "guard" (one-time guard), "init_scope" (`with tf.init_scope():`) or
        # "eager" (`if tf.executing_eagerly():`): how code in it runs when its function is traced
        self.blocks: dict[int, str] = {}
        # id(FunctionDef, Lambda, ClassDef or comprehension) -> the scope it opens
        self.scope_at: dict[int, Scope] = {}
        # id(For, While or comprehension) -> (first, last) event index: what lies inside it
        self.loop_spans: dict[int, tuple[int, int]] = {}
        self._lookups: dict[tuple[str, int], Binding] = {}
        # (module, id(scope)) -> alias_of's answer: asked at every call by several rules, each
        # answer a lookup of every name that may hold a module (dozens in a large module)
        self._aliases: dict[tuple[str, int], str | None] = {}
        # (name, id(the scope binding it)) -> its Binding, for every scope reading it (_lookup)
        self._bound: dict[tuple[str, int], Binding] = {}
        # id(scope) -> the module-holding names it may read otherwise than the module (alias_of)
        self._shadowed: dict[int, frozenset[str] | None] = {}
        self._qualified_names: dict[int, tuple[cst.BaseExpression, str | None]] = {}
        self._resolving: set[str] = set()  # names whose aliasing is being resolved
        self._scalar_pending: set[tuple[str, int]] = set()  # names is_python_scalar is judging
        # The walk's events in order, (node, True) on entering and (node, False) on leaving, so
        # that the engine's rule traversal replays them instead of walking the tree again.
        self.events: list[tuple[cst.CSTNode, bool]] = []
        self._by_type: dict[type, list[cst.CSTNode]] = defaultdict(list)
        # Module names read in statement order (tf2lint.analysis.order), once the walk is done.
        self._order: ReadOrder | None = None
        self._answers: dict[object, object] = {}  # see ``memo``
        _ModelBuilder(self).build()

    def release(self) -> None:
        """Break the model's reference cycles once a lint is done with it: a scope's bindings
        name the function that binds them, a function its nested ones and its class its
        methods, the read order its model. Reference counting then frees the module's tree
        at once, instead of the cyclic collector tracing every node of it first (a tenth of
        a cold run; see tf2lint.run.runner.collected_once). The model answers nothing after."""
        for scope in (self.scope, *self.scope_at.values()):
            scope.bindings = {}
            if isinstance(scope, FunctionInfo):
                scope.nested = {}
            elif isinstance(scope, ClassInfo):
                scope.methods = {}
        self.__dict__.clear()

    def memo(self, key: object, compute: Callable[[], T]) -> T:
        """The answer to a question about this module, computed once: ``key`` names it (a
        query and the ids of the nodes and scope it is asked about, say), ``compute`` answers it.
        For queries built on the model (the kinds of receivers and values the rule families
        ask about at every call), so that each rule asking again costs a lookup."""
        try:
            return self._answers[key]  # type: ignore[return-value]
        except KeyError:
            value = self._answers[key] = compute()
            return value

    @cached_property
    def imports_keras2(self) -> bool:
        """The module imports the Keras 2 package (``tf_keras``, or TF's own legacy copy): its
        Keras objects keep the Keras 2 API."""
        return any(q.startswith(("tf_keras", "tensorflow.python.keras")) for q in self.imported)

    @cached_property
    def keras2_possible(self) -> bool:
        """Whether the module's Keras may be Keras 2, whatever its ``keras`` names say: it
        imports ``tf_keras`` (``try: import tf_keras as keras / except ImportError: import
        keras``), or :attr:`keras2_forced`."""
        return self.imports_keras2 or self.keras2_forced

    @cached_property
    def _legacy_keras_strings(self) -> bool:
        """Whether a string of the module is ``"TF_USE_LEGACY_KERAS"`` (its text is looked at
        first: evaluating every string literal costs a parse each)."""
        return any(
            _LEGACY_KERAS in s.value and s.evaluated_value == _LEGACY_KERAS
            for s in self.nodes_of(cst.SimpleString)
        )

    @cached_property
    def sets_legacy_keras(self) -> bool:
        """The module sets ``TF_USE_LEGACY_KERAS`` to a true value (``os.environ[...] = "1"``,
        ``os.environ.setdefault(..., "1")``): ``tf.keras`` is then tf-keras, Keras 2, when TensorFlow
        is imported after it, as a module's own setting must be to take effect. Or the project
        says its environment sets it (``keras-version = 2``): the same answer."""
        if self.keras_version == 2:
            return True
        if not self._legacy_keras_strings:
            return False
        for node in self.nodes_of(cst.Assign):
            if _truthy_setting(node.value) and any(
                type(t.target) is cst.Subscript
                and any(
                    type(e.slice) is cst.Index
                    and type(e.slice.value) is cst.SimpleString
                    and e.slice.value.evaluated_value == _LEGACY_KERAS
                    for e in t.target.slice
                )
                for t in node.targets
            ):
                return True
        return any(
            len(node.args) >= 2
            and type(node.args[0].value) is cst.SimpleString
            and node.args[0].value.evaluated_value == _LEGACY_KERAS
            and _truthy_setting(node.args[1].value)
            for node in self.nodes_of(cst.Call)
        )

    @cached_property
    def keras2_forced(self) -> bool:
        """Whether the module makes every Keras name mean Keras 2, or may: it sets
        ``TF_USE_LEGACY_KERAS`` (``tf.keras`` is then tf-keras), or checks the Keras version
        and raises (it refuses one Keras, so it runs under the other); or the project's
        environment sets ``TF_USE_LEGACY_KERAS`` (``keras-version = 2``)."""
        if self.keras_version == 2 or self._legacy_keras_strings:
            return True
        for node in self.nodes_of(cst.If):
            branches = [node.body] + ([node.orelse.body] if type(node.orelse) is cst.Else else [])
            if self._reads_keras_version(node.test) and any(_raises(b) for b in branches):
                return True
        return any(self._reads_keras_version(node.test) for node in self.nodes_of(cst.Assert))

    def _reads_keras_version(self, test: cst.BaseExpression) -> bool:
        """``keras.__version__``, ``tf.keras.__version__``, ``keras.version()`` in ``test``."""
        found = False

        def enter(node: cst.CSTNode) -> bool:
            nonlocal found
            if type(node) is cst.Attribute and node.attr.value in ("__version__", "version"):
                found = found or is_keras((self.qualified_name(node.value) or "") + ".")
                if (self.qualified_name(node) or "") in ("keras.version", "tf_keras.version"):
                    found = True
            return not found

        walk(test, enter)
        return found

    @cached_property
    def tapes(self) -> TapeView:
        """What each ``with tf.GradientTape() as t:`` block records and where its gradients
        stop (see tf2lint.analysis.tape), built on first use: modules without a tape never pay for it."""
        return TapeView(self)

    @cached_property
    def training(self) -> TrainingView:
        """Where the gradient stops in the losses and models Keras trains with ``compile`` and
        ``fit`` (see tf2lint.analysis.keras_flow), built on first use."""
        return TrainingView(self)

    @cached_property
    def call_sites(self) -> list[CallSite]:
        """Every call of a function of this module, with where it is made."""
        sites = []
        for call, caller, loops, scope in self._calls:
            callee = self.callee(call, scope)
            if callee is not None:
                sites.append(CallSite(call, callee, caller, loops, scope))
        return sites

    def calls_made_by(self, fn: FunctionInfo | None) -> list[cst.Call]:
        """The calls ``fn``'s own code makes (None: module-level code, class bodies included),
        in source order."""
        if fn is not None:
            return fn.calls
        return self.memo(
            ModuleModel.calls_made_by,
            lambda: [c for c, caller, _, _ in self._calls if caller is None],
        )

    def nodes_of(self, node_type: type) -> list[cst.CSTNode]:
        """Every node of exactly ``node_type``, in source order, for rules that look at all
        nodes of a kind at once rather than one visit at a time."""
        return self._by_type.get(node_type, [])

    def event_index(self) -> dict[int, int]:
        """Each node's position (by ``id``) where it starts in the module's walk
        (``model.events``), comparable with ``BindingSite.order``: which of two nodes comes
        first. Built once per module."""
        return self.memo(
            "event-order",
            lambda: {id(node): i for i, (node, entering) in enumerate(self.events) if entering},
        )

    # --- names -------------------------------------------------------------------------------
    def scope_of(self, name: cst.Name) -> Scope:
        """The scope a Name of this module is read in (the module scope for names not in it)."""
        return self._name_scopes.get(id(name), self.scope)

    def lookup(self, name: str, scope: Scope | None = None) -> Binding:
        """What ``name`` holds where code in ``scope`` reads it, by Python's rules: ``global``
        and ``nonlocal`` declarations, enclosing functions, class bodies only for their own
        code, then the module and the builtins."""
        scope = scope or self.scope
        key = (name, id(scope))
        found = self._lookups.get(key)
        if found is None:
            found = self._lookup(name, scope)
            if self._order is not None and found.scope is self.scope and len(found.sites) > 1:
                found = self._order.when_run(found, scope)
            self._lookups[key] = found
        return found

    @cached_property
    def reads(self) -> dict[str, list[Read]]:
        """Every read in the module by name (``n`` of ``x.n`` too), each with the function that
        reads it, the loops around it there and its role (see tf2lint.analysis.reads); built when first
        asked."""
        return reads_index(self)

    def alias_of(self, module: str, scope: Scope | None = None) -> str | None:
        """A name that holds the module ``module`` ("tensorflow", "tensorflow.compat.v1") where
        code in ``scope`` reads it, ``tf`` first; None where no name does (a local ``tf`` that
        holds something else, say)."""
        walked = self._order is not None  # during the walk the bindings are still growing
        key = (module, id(scope or self.scope))
        if walked:
            try:
                return self._aliases[key]
            except KeyError:
                pass
        # Asked at every call by several rules, from each of hundreds of functions: a name no
        # scope around ``scope`` binds is read as the module's code reads it (looked up once).
        shadowed = self._alias_names_shadowed(scope) if walked and scope is not None else None
        found = None
        for local in self._module_alias_candidates:
            if shadowed is None or local in shadowed:
                qualified = self.lookup(local, scope).qualified
            else:
                qualified = self.lookup(local).qualified
            if (qualified if qualified != "tensorflow.compat.v2" else "tensorflow") == module:
                found = local
                break
        if walked:
            self._aliases[key] = found
        return found

    def _alias_names_shadowed(self, scope: Scope) -> frozenset[str] | None:
        """The names that may hold a module which code in ``scope`` may read otherwise than the
        module's own code: bound or declared in it or a scope around it, or bound more than
        once at module level (which binding holds depends on when the code runs, see
        ReadOrder); None where ``scope`` is not in the module's tree of scopes."""
        found = self._shadowed.get(id(scope))
        if found is not None or id(scope) in self._shadowed:
            return found
        names, shadowed = self._module_alias_names
        module = self.scope
        current: Scope | None = scope
        while current is not None and current is not module:
            for held in (current.bindings, current.global_names, current.nonlocal_names):
                if not names.isdisjoint(held):
                    shadowed = shadowed | names.intersection(held)
            current = current.parent
        result = frozenset(shadowed) if current is module else None
        self._shadowed[id(scope)] = result
        return result

    @cached_property
    def _module_alias_names(self) -> tuple[frozenset[str], frozenset[str]]:
        """The names that may hold a module, and those of them bound more than once at module
        level."""
        names = frozenset(self._module_alias_candidates)
        bindings = self.scope.bindings
        return names, frozenset(n for n in names if len(bindings.get(n, ())) > 1)

    @cached_property
    def _module_alias_candidates(self) -> list[str]:
        # A name holds a module only through an import or an alias (`tf1 = tf.compat.v1`)
        # somewhere: only those names need a lookup. `tf` first.
        holders = {
            name
            for scope in (self.scope, *self.scope_at.values())
            for name, sites in scope.bindings.items()
            if any(
                s.kind == SiteKind.IMPORT
                or (s.kind == SiteKind.ASSIGN and type(s.value) in (cst.Name, cst.Attribute))
                for s in sites
            )
        }
        names = {*self.imports, *self.scope.bindings} & holders
        return sorted(names, key=lambda n: (n != "tf", n))

    def binding_of(self, name: cst.Name, scope: Scope | None = None) -> Binding:
        """What the Name node ``name`` holds: looked up where it stands in the module (``scope``
        is the fallback for a node built outside the tree); a module name read by module-level
        code, in statement order."""
        scope = self._name_scopes.get(id(name), scope) or self.scope
        found = self.lookup(name.value, scope)
        if (
            self._order is not None
            and found.scope is self.scope
            and len(found.sites) > 1
            and scope.function is None
        ):
            found = self._order.at(found, name)
        return found

    def _lookup(self, name: str, scope: Scope) -> Binding:
        current: Scope | None = scope
        while current is not None:
            if current is not scope and current.kind == ScopeKind.CLASS:
                current = current.parent  # class bodies are invisible to nested scopes
                continue
            if name in current.global_names:
                current = self.scope
            elif name in current.nonlocal_names:
                current = current.parent
                while current is not None and current.kind == ScopeKind.CLASS:
                    current = current.parent
                if current is None:
                    break
                continue
            sites = current.bindings.get(name)
            if sites:
                if self._resolving or self._order is None:
                    # an alias being resolved (the answer may be cut short), or the walk still
                    # adding bindings
                    return Binding(name, current, tuple(sites), self._qualified(name, sites))
                # The same for every scope that reads the name from ``current``: computed once
                # (the module's imports are read from each of hundreds of functions).
                key = (name, id(current))
                found = self._bound.get(key)
                if found is None:
                    qualified = self._qualified(name, sites)
                    found = self._bound[key] = Binding(name, current, tuple(sites), qualified)
                return found
            current = current.parent
        return Binding(name, None)

    def _qualified(self, name: str, sites: list[BindingSite]) -> str | None:
        """What a name bound by ``sites`` holds, when that is an imported module or API."""
        held: str | None = None
        for site in sites:
            if site.kind == SiteKind.IMPORT:
                held = site.imported
            elif site.kind == SiteKind.ASSIGN and type(site.value) in (cst.Name, cst.Attribute):
                dotted = dotted_name(site.value)
                if dotted is None:
                    return None
                if dotted == "None":
                    continue
                head, _, rest = dotted.partition(".")
                if head == name:  # `tf = tf.compat.v2`: the name as bound so far
                    base = held
                elif name in self._resolving:
                    return None
                else:
                    self._resolving.add(name)
                    try:
                        scope = self.scope_of(head_name(site.value))
                        base = self.lookup(head, scope).qualified
                    finally:
                        self._resolving.discard(name)
                if base is None:
                    return None
                held = f"{base}.{rest}" if rest else base
            else:
                return None
        return held

    def is_target(self, node: cst.CSTNode) -> bool:
        """Whether ``node`` is assigned to or deleted (``x = ...``, ``tf.log = ...``,
        ``del tf.x``, a ``for`` or ``with ... as`` target), not read."""
        return id(node) in self._targets

    def qualified_name(self, node: cst.BaseExpression) -> str | None:
        """Resolve a Name/Attribute chain through the imports in scope: ``tf.nn.relu`` ->
        tensorflow.nn.relu. Builtins resolve to ``builtins.<name>`` unless rebound."""
        # Memoised: every rule asks of the same calls. The entry keeps its node alive, so that
        # no other node takes its id.
        found = self._qualified_names.get(id(node))
        if found is None:
            found = self._qualified_names[id(node)] = (node, self._qualified_name(node))
        return found[1]

    def _qualified_name(self, node: cst.BaseExpression) -> str | None:
        chain = _chain(node)
        if chain is None:
            return None
        head_node, dotted = chain
        head, _, rest = dotted.partition(".")
        binding = self.binding_of(head_node) if type(head_node) is cst.Name else self.lookup(head)
        target = binding.qualified
        if target is None:
            if not binding.is_builtin:
                if binding.sites or not self.star_imports:
                    return None
                target = self._star_imported(head)
                if target is None:
                    return None
            else:
                target = "builtins." + head
        return normalize(f"{target}.{rest}" if rest else target)

    def _star_imported(self, name: str) -> str | None:
        """``name``, bound nowhere in the module, as a name of a TensorFlow or Keras module it
        imports with ``*``, when the knowledge base knows that API (a class, or a function
        whose result it knows): ``Dense`` after ``from tensorflow.keras.layers import *``."""
        for base in reversed(self.star_imports):
            candidate = f"{base}.{name}"
            if knowledge.class_kind(candidate) or knowledge.returns(candidate):
                return candidate
        return None

    def call_name(self, call: cst.Call) -> str | None:
        # qualified_name's memo read here: a dozen rules ask this of every call of the module
        found = self._qualified_names.get(id(call.func))
        return self.qualified_name(call.func) if found is None else found[1]

    def imports_tensorflow(self) -> bool:
        return any(
            q == "tensorflow" or q.startswith(("tensorflow.", "keras", "tf_keras"))
            for q in self.imported
        )

    # --- functions ---------------------------------------------------------------------------
    def resolve_function(self, name: str, scope: Scope | None) -> FunctionInfo | None:
        """The function a bare name refers to from inside ``scope`` (lexical lookup)."""
        binding = self.lookup(name, scope)
        for site in reversed(binding.sites):
            if site.kind == SiteKind.DEF:
                return self.function_of[site.node]
        return None

    def resolve_method(self, cls: ClassInfo, name: str) -> FunctionInfo | None:
        """The method ``name`` of ``cls`` as Python finds it: along the class's MRO."""
        for c in self.mro(cls):
            if name in c.methods:
                return c.methods[name]
        return None

    def mro(self, cls: ClassInfo) -> list[ClassInfo]:
        """``cls`` and its bases in this module, in Python's method resolution order (C3
        linearisation; bases the module does not define are left out). A hierarchy C3 cannot
        order (Python would refuse it) falls back to depth-first, left to right."""
        return self.memo((ModuleModel.mro, id(cls)), lambda: _mro(cls, self.module_classes))

    def callee(self, call: cst.Call, scope: Scope | None) -> FunctionInfo | None:
        """The function of this module that ``call`` calls, if the model knows it: a function,
        a method through ``self``, a lambda, or a method of an instance of a module class
        (``layer(x)`` is its ``__call__``, ``encoder.encode(x)`` its ``encode``)."""
        key = id(call)
        if key in self._callees:
            return self._callees[key]
        func = call.func
        found = self.function_referenced(func, scope)
        if found is None:
            if type(func) is cst.Attribute:
                receiver, method = func.value, func.attr.value
            else:
                receiver, method = func, "__call__"
            cls = self.instance_of(receiver, scope)
            found = self.resolve_method(cls, method) if cls is not None else None
        self._callees[key] = found
        return found

    def instance_of(self, expr: cst.BaseExpression, scope: Scope | None) -> ClassInfo | None:
        """The module class ``expr`` is an instance of, when every value the module assigns to
        it (a name, or ``self.<attr>``) constructs that class, or that ``expr`` constructs right
        there (``Compressor(32).train(m)`` calls ``Compressor.train``)."""
        t = type(expr)
        if t is cst.Name:
            if expr.value == "self":
                return None  # self.f() is function_referenced's
        elif t is cst.Call:
            return self.constructed_class(expr, scope)
        elif t is not cst.Attribute:
            return None
        if t is cst.Name and self.binding_of(expr, scope).param_only:
            return self.passed_instance(expr, scope)
        found = None
        for value in self.bound_values(expr, scope):
            if type(value) is cst.Name and t is cst.Attribute:
                # `self.w = w` in `__init__`: what each construction passes
                cls = self.passed_instance(value, self.scope_of(value))
                if cls is None or (found is not None and cls is not found):
                    return None
                found = cls
                continue
            if type(value) is not cst.Call or type(value.func) is not cst.Name:
                return None
            binding = self.binding_of(value.func, scope)
            classes = [s.node for s in binding.sites if s.kind == SiteKind.CLASS]
            if len(classes) != len(binding.sites) or not classes:
                return None
            cls = self.classes[classes[-1]]
            if found is not None and cls is not found:
                return None
            found = cls
        return found

    def passed_instance(self, name: cst.Name, scope: Scope | None) -> ClassInfo | None:
        """The module class of the object every call the module makes of a function passes
        to its parameter ``name`` (``run(decoder, x)`` with ``decoder = Decoder(6)``: the
        function's ``decoder_instance(x)`` calls ``Decoder.__call__``); None when a call
        passes something else or nothing, or the module shows no call. Calls by the
        function's own name only (what a method receives depends on more than its calls)."""
        binding = self.binding_of(name, scope)
        fn = binding.scope if isinstance(binding.scope, FunctionInfo) else None
        if fn is None or (fn.cls is not None and fn.name != "__init__"):
            return None
        key = ("passed-instance", id(fn), name.value)
        if key in self._answers:
            return self._answers[key]  # type: ignore[return-value]
        self._answers[key] = None  # while it is asked: a cycle of calls shows nothing
        found = None
        calls = self._calls if fn.cls is not None else self._calls_naming().get(id(fn), ())
        for call, caller, loops, call_scope in calls:
            if fn.cls is None:
                value = CallSite(call, fn, caller, loops, call_scope).argument(name.value)
            else:  # `__init__`'s parameter: what each construction `Cls(...)` passes
                if self.constructed_class(call, call_scope) is not fn.cls:
                    continue
                value = _constructor_argument(call, fn, name.value)
            cls = self.instance_of(value, call_scope) if value is not None else None
            if cls is None or (found is not None and cls is not found):
                found = None
                break
            found = cls
        self._answers[key] = found
        return found

    def _calls_naming(self) -> dict[int, list[tuple]]:
        """The module's calls (as ``_calls`` holds them) by the function of this module their
        callee expression names (``function_referenced``), keyed by its ``id``."""

        def index() -> dict[int, list[tuple]]:
            found: dict[int, list[tuple]] = {}
            for entry in self._calls:
                fn = self.function_referenced(entry[0].func, entry[3])
                if fn is not None:
                    found.setdefault(id(fn), []).append(entry)
            return found

        return self.memo(ModuleModel._calls_naming, index)

    def constructor_arguments(
        self, init: FunctionInfo, param: str
    ) -> list[tuple[cst.BaseExpression | None, Scope, FunctionInfo | None]]:
        """What each construction ``Cls(...)`` the module makes of the class whose ``__init__``
        is ``init`` passes to ``param`` (None: nothing it shows), with where it is evaluated and
        the function that makes it."""
        if init.cls is None or init.name != "__init__":
            return []
        return [
            (_constructor_argument(call, init, param), scope, caller)
            for call, caller, _, scope in self._calls
            if self.constructed_class(call, scope) is init.cls
        ]

    def function_referenced(
        self, expr: cst.BaseExpression, scope: Scope | None
    ) -> FunctionInfo | None:
        """The module function (``f``), same-class method (``self.f``) or lambda that ``expr``
        names."""
        t = type(expr)
        if t is cst.Name:
            for site in reversed(self.binding_of(expr).sites):
                if site.kind == SiteKind.DEF:
                    return self.function_of[site.node]
            return None
        if t is cst.Lambda:
            return self.function_of.get(expr)
        if t is cst.Attribute:
            owner = expr.value
            if type(owner) is cst.Name and owner.value == "self":
                cls = self.enclosing_class(scope)
                if cls is not None:
                    method = self.resolve_method(cls, expr.attr.value)
                    if method is None:  # `self.conv = lambda t: ...` in `__init__`
                        values = cls.self_assignments.get(expr.attr.value, ())
                        if len(values) == 1 and type(values[0]) is cst.Lambda:
                            return self.function_of.get(values[0])
                    return method
        return None

    def function_target(
        self, expr: cst.BaseExpression, scope: Scope | None
    ) -> FunctionInfo | str | None:
        """The function ``expr`` names: one of this module, else the qualified name of one that
        may be another linted module's (``utils.preprocess``, an imported name)."""
        t = type(expr)
        if t is not cst.Name and t is not cst.Attribute and t is not cst.Lambda:
            return None  # a literal, a call...: asked of every argument of every call
        found = self.function_referenced(expr, scope)
        if found is not None:
            return found
        qualified = self.qualified_name(expr)
        return qualified if qualified and not qualified.startswith(_LIBRARY_ROOTS) else None

    def call_target(self, call: cst.Call, scope: Scope | None) -> FunctionInfo | str | None:
        """What ``call`` calls: a function of this module (``callee``), else the qualified name
        of what may be another linted module's function, class or method (``lib.f``, an
        instance of an imported class: ``"lib.Encoder.__call__"``)."""
        found = self.callee(call, scope)
        if found is not None:
            return found
        qualified = self.call_name(call)
        if qualified is None:
            func = call.func
            receiver, method = (
                (func.value, func.attr.value)
                if isinstance(func, cst.Attribute)
                else (func, "__call__")
            )
            values = (
                self.bound_values(receiver, scope) if not isinstance(receiver, cst.Call) else []
            )
            classes = {self.call_name(v) for v in values if isinstance(v, cst.Call)}
            if len(classes) != 1 or len(values) != len(
                [v for v in values if isinstance(v, cst.Call)]
            ):
                return None
            (cls,) = classes
            if cls is None:
                return None
            qualified = f"{cls}.{method}"
        return None if qualified.startswith(_LIBRARY_ROOTS) else qualified

    def local_edges(self, fn: FunctionInfo) -> list[tuple[FunctionInfo, str, bool, str]]:
        """What tracing ``fn`` traces in this module: (function, "defined" | "called" |
        "passed", under a one-time guard, the receiver of a method call)."""
        return [(e.target, e.kind, e.guarded, e.receiver) for e in self.edges(fn) if e.local]

    def unconverted_edges(self, fn: FunctionInfo) -> Iterator[FunctionInfo]:
        """What runs unconverted when ``fn`` does: what it defines and calls (functions it
        hands to tf.map_fn, tf.cond and the like are converted by those)."""
        return (target for target, kind, _, _ in self.local_edges(fn) if kind != "passed")

    def edges(self, fn: FunctionInfo) -> list[_Edge]:
        """What ``fn`` defines, calls and hands on, in this module or (a qualified name) not."""
        found = self._edges.get(id(fn))
        if found is None:
            found = self._edges[id(fn)] = list(self._all_edges(fn))
        return found

    def _all_edges(self, fn: FunctionInfo) -> Iterator[_Edge]:
        for nested in fn.nested.values():
            yield _Edge(nested, "defined", False)
        for call in fn.calls:
            target = self.call_target(call, fn)
            if isinstance(target, FunctionInfo) and target.eager_by is not None:
                continue  # a py_function wrapper's function runs eagerly, not in the graph
            if target is not None:
                receiver = self._receiver(call, fn)
                yield _Edge(target, "called", id(call) in fn.guarded_calls, receiver, call)
            if self.call_name(call) in PY_FUNCTION_NAMES:
                continue  # its function runs eagerly, in Python, on every call
            for arg in call.args:  # callables handed to tf.cond, tf.map_fn, strategy.run ...
                passed = self.function_target(arg.value, fn)
                if isinstance(passed, FunctionInfo) and passed.eager_by is not None:
                    continue  # what its py_function decorator made of it runs eagerly
                if passed is not None:
                    yield _Edge(passed, "passed", False, site=arg.value)
        for manager in self.with_items.get(id(fn), ()):
            yield from self._context_manager_edges(manager, fn)

    def _context_manager_edges(
        self, manager: cst.BaseExpression, fn: FunctionInfo
    ) -> Iterator[_Edge]:
        """``with m:`` calls ``m.__enter__()`` and ``m.__exit__(...)`` where it runs: the
        methods of the module class ``m`` is an instance of (``with Timer():``, ``with t:``)."""
        if isinstance(manager, cst.Call):  # `with Timer():` enters an object built right here
            cls, receiver = self.constructed_class(manager, fn), "fresh"
        else:
            cls = self.instance_of(manager, fn)
            receiver = "fresh" if self._fresh(manager, fn) else "other"
        if cls is None:
            return
        for method in ("__enter__", "__exit__"):
            target = self.resolve_method(cls, method)
            if target is not None:
                yield _Edge(target, "called", False, receiver, manager)

    def constructed_class(self, call: cst.Call, scope: Scope) -> ClassInfo | None:
        """The module class ``call`` constructs (``Timer()``), if it names one."""
        if type(call.func) is not cst.Name:
            return None
        sites = self.binding_of(call.func, scope).sites
        if not sites or any(s.kind != SiteKind.CLASS for s in sites):
            return None
        return self.classes.get(sites[-1].node)

    def _receiver(self, call: cst.Call, scope: Scope) -> str:
        """Whose method ``call`` calls: "self" (``self.m()``, ``super().m()``), "fresh" (an object
        this function built itself: ``squash = BatchSquash(2); squash.flatten(x)``), "other"."""
        func = call.func
        if type(func) is not cst.Attribute:
            return "fresh" if self._fresh(func, scope) else "other"
        owner = func.value
        if type(owner) is cst.Name and owner.value == "self":
            return "self"
        if type(owner) is cst.Call and self.call_name(owner) == "builtins.super":
            return "self"
        return "fresh" if self._fresh(owner, scope) else "other"

    def _fresh(self, expr: cst.BaseExpression, scope: Scope) -> bool:
        """A local name every binding of which constructs an object of a class."""
        if type(expr) is not cst.Name:
            return False
        binding = self.binding_of(expr, scope)
        values = binding.known_values
        if not values or binding.scope is None or binding.scope.function is not scope.function:
            return False
        for value in values:
            if type(value) is not cst.Call:
                return False
            if self.instance_of(expr, scope) is None:
                name = self.call_name(value) or ""
                if not name.rpartition(".")[2][:1].isupper():
                    return False
        return True

    def external(self, qualified: str | None) -> ExternalName | None:
        """``qualified`` as a tf.function of another linted module, when the project knows; the
        question is recorded either way, so that the project can tell which modules its answers
        change."""
        if not qualified or qualified.startswith(_LIBRARY_ROOTS):
            return None
        self.queries.add(qualified)
        return self.facts.external.get(qualified) if self.facts else None

    def external_sites(self) -> list[cst.CSTNode]:
        """The calls and arguments through which this module's functions reach functions of
        other modules: the summary gives their positions (see summary). Of a function's edges
        to one name of one kind, only the first: the project places an edge from one function
        to another at its first call (Project._sites), and a position costs the code generation
        of its statement (a third of tensor2tensor's external sites are repeats)."""
        sites = []
        for fn in self.function_keys.values():
            seen: set[tuple[str, str]] = set()
            for edge in self.edges(fn):
                if edge.site is None or edge.local:
                    continue
                key = (edge.target, edge.kind)  # the project resolves an edge by these alone
                if key not in seen:
                    seen.add(key)
                    sites.append(edge.site)
        return sites

    def summary(self, positions: Mapping[int, tuple] | None = None) -> ModuleSummary:
        """What the project needs of this module (see tf2lint.analysis.project); ``positions`` (node id
        -> line, column from 0, ...) places the sites of edges to other modules."""
        name = self.identity.name if self.identity else ""
        out = ModuleSummary(name)
        own_roots = {id(r.target): r for r in self.roots if isinstance(r.target, FunctionInfo)}
        for key, fn in self.function_keys.items():
            info = FunctionSummary(once=fn.runs_once)
            root = own_roots.get(id(fn))
            if root is not None:
                info.root, info.autograph = root.reason.kind, root.autograph
                info.tf_function = root.reason.kind == "decorator"
                info.signature = root.signature
            if fn.cls is not None:
                info.cls = fn.cls.name
                info.positional = positional_capacity(fn.node)
            if fn in self.wrappers:
                info.wraps = self.wrappers[fn][0]
            out.functions[key] = info
            for edge in self.edges(fn):
                target = edge.target
                external = isinstance(target, str)
                line = column = 0
                if external and positions and edge.site is not None:
                    line, column = positions.get(id(edge.site), (0, -1))[:2]
                    column += 1
                out.edges.append(
                    Edge(
                        key,
                        target if external else target.key,
                        edge.kind,
                        external,
                        edge.guarded,
                        receiver=edge.receiver,
                        line=line,
                        column=column,
                    )
                )
        for root in self.roots:
            if isinstance(root.target, str):
                out.edges.append(
                    Edge("", root.target, root.reason.kind, True, False, root.autograph)
                )
        for cls in self.classes.values():
            bases = [f"{name}.{b}" if b in self.module_classes else b for b in cls.base_names if b]
            out.classes[cls.name] = ClassSummary(
                bases, cls.keras_kind, cls.keras2, cls in self.eager_models
            )
        for local, sites in self.scope.bindings.items():
            if sites[-1].kind == SiteKind.IMPORT and sites[-1].imported:
                out.exports[local] = sites[-1].imported
            elif sites[-1].kind == SiteKind.ASSIGN:  # `keras = tf.keras`: an alias, re-exported too
                qualified = self.lookup(local).qualified
                if qualified and qualified.startswith(_LIBRARY_ROOTS):
                    out.exports[local] = qualified
        out.queries = sorted(self.queries)
        return out

    def kind_of(self, expr: cst.BaseExpression, scope: Scope | None = None) -> Kind | None:
        """What kind of object ``expr`` holds where ``scope`` evaluates it ("model", "layer",
        "callback", "optimizer", "tensor", "dataset", "list[layer]"...), with why; None when
        the module does not show it. See tf2lint.analysis.kinds."""
        return kind_of(self, expr, scope)

    def unknown_dimension(
        self, expr: cst.BaseExpression, scope: Scope | None
    ) -> UnknownDimension | None:
        """Whether ``expr`` (``x.shape[i]``, or a local bound to one) is a dimension that may be
        None while its function is traced, and why (an ``input_signature`` with None, a Keras
        batch dimension, relaxed shapes). See tf2lint.analysis.shapes."""
        return unknown_dimension(self, expr, scope)

    def return_values(self, fn: FunctionInfo) -> list[cst.BaseExpression]:
        """What ``fn``'s ``return`` statements return (not those of functions inside it)."""
        if isinstance(fn.node, cst.Lambda):
            return [fn.node.body]
        return [r.value for r in self.return_statements(fn) if r.value is not None]

    def return_statements(self, fn: FunctionInfo) -> list[cst.Return]:
        """``fn``'s own ``return`` statements, bare ones included (not those of functions or
        classes inside it; none for a lambda), found once per function."""
        found = self._return_statements.get(id(fn))
        if found is None:
            found = self._return_statements[id(fn)] = _return_statements(fn.node)
        return found

    def bound_values(
        self, expr: cst.BaseExpression, scope: Scope | None
    ) -> list[cst.BaseExpression]:
        """The values the module assigns to ``expr`` where ``scope`` reads it: a name (see
        ``lookup``), or a ``self.<attr>`` of the enclosing class (assigned in any method).
        Empty when unknown (a parameter, say)."""
        if isinstance(expr, cst.Name):
            return self.binding_of(expr, scope).values
        if (
            isinstance(expr, cst.Attribute)
            and isinstance(expr.value, cst.Name)
            and expr.value.value == "self"
        ):
            cls = self.enclosing_class(scope)
            if cls is not None:
                return [v for v in cls.self_assignments.get(expr.attr.value, []) if v is not None]
        return []

    def assigns(self, target: str, region: cst.CSTNode) -> bool:
        """Whether code in ``region`` (a loop, a function: not in a function, class or lambda
        defined there, nor the region's own ``for`` target) stores to ``target``, a name or an
        attribute chain (``self.model``) by its code: as an assignment's target (``=``, an
        annotated one, ``+=``), an element of a tuple or list target, or a ``for`` loop's whole
        target. Dead code counts (what the code spells, not what runs)."""
        for store in self.memo(ModuleModel.assigns, lambda: _stores(self.module)).get(target, ()):
            if store.statement is region:
                continue
            for i, outer in enumerate(store.outers):
                if outer is region:
                    if not any(isinstance(o, _definitions()) for o in store.outers[i + 1 :]):
                        return True
                    break
        return False

    def inside(self, site: BindingSite, loop: cst.CSTNode) -> bool:
        """Whether ``site`` binds inside ``loop`` (a for, while or comprehension)."""
        start, end = self.loop_spans.get(id(loop), (0, -1))
        return start <= site.order < end

    def arguments(self, fn: FunctionInfo, param: str) -> list[tuple[cst.BaseExpression, Scope]]:
        """What the module passes to ``param`` of ``fn``: each argument expression at the calls
        the model can see, with the scope it is evaluated in."""
        found = []
        for site in self.call_sites:
            if site.callee is fn:
                value = site.argument(param)
                if value is not None:
                    found.append((value, site.scope))
        return found

    def is_python_scalar(
        self, expr: cst.BaseExpression, scope: Scope | None, _depth: int = 0
    ) -> bool:
        """A Python number, string or bool: a literal, arithmetic on such values, a name every
        binding of which is one (a counter, a loop variable over ``range()``), ``len()``..."""
        if _depth > 8:
            return False
        deeper = _depth + 1
        if isinstance(expr, _SCALAR_LITERALS):
            return True
        if isinstance(expr, cst.UnaryOperation):
            return self.is_python_scalar(expr.expression, scope, deeper)
        if isinstance(expr, cst.BinaryOperation):
            return self.is_python_scalar(expr.left, scope, deeper) and self.is_python_scalar(
                expr.right, scope, deeper
            )
        if isinstance(expr, cst.Comparison):  # `epoch % 2 == 0`: a Python bool
            return self.is_python_scalar(expr.left, scope, deeper) and all(
                self.is_python_scalar(c.comparator, scope, deeper) for c in expr.comparisons
            )
        if isinstance(expr, cst.Call):
            return self.call_name(expr) in _SCALAR_BUILTINS and not any(
                self.is_tensor(a.value, scope) for a in expr.args
            )
        if isinstance(expr, cst.Subscript):  # `sigmas[-1]` of a literal `sigmas = [1.0, 0.5]`
            return self.literal_sequence(expr.value, scope) is not None
        if not isinstance(expr, cst.Name):
            return False
        if expr.value in ("True", "False"):
            return True
        binding = self.binding_of(expr, scope)
        key = (expr.value, id(binding.scope))
        if not binding.sites or key in self._scalar_pending:
            # `lr = lr * 0.5`: the name's other bindings decide
            return bool(binding.sites)
        self._scalar_pending.add(key)
        try:
            for site in binding.sites:
                if site.kind in (SiteKind.ASSIGN, SiteKind.AUGASSIGN):
                    if site.value is None or not self.is_python_scalar(site.value, scope, deeper):
                        return False
                elif site.kind in (SiteKind.LOOP, SiteKind.COMPREHENSION):
                    if not self._scalar_iteration(site, scope):
                        return False
                else:
                    return False
            return True
        finally:
            self._scalar_pending.discard(key)

    def is_scalar_builtin(self, call: cst.Call) -> bool:
        """A builtin or ``math`` call that returns a Python number or string when given them
        (``min``, ``max``, ``round``, ``len``, ``str``, ``math.exp``...)."""
        return self.call_name(call) in _SCALAR_BUILTINS

    def _scalar_iteration(self, site: BindingSite, scope: Scope | None) -> bool:
        """A loop variable that takes Python numbers or strings: the target of ``range()``, the
        index of ``enumerate()``, an element of a literal sequence of literals."""
        iterable = site.value
        if isinstance(iterable, cst.Call):
            name = self.call_name(iterable)
            if name == "builtins.range":
                return not any(self.is_tensor(a.value, scope) for a in iterable.args)
            return name == "builtins.enumerate" and site.index == 0
        return self.literal_sequence(iterable, scope) is not None

    def literal_sequence(
        self, expr: cst.BaseExpression | None, scope: Scope | None
    ) -> cst.List | cst.Tuple | None:
        """The list or tuple literal of number and string literals ``expr`` holds: the literal
        itself, or a name every binding of which is that one literal (``sigmas = [1.0, 0.5]``)."""
        if isinstance(expr, cst.Name):
            values = self.binding_of(expr, scope).sites
            if len(values) != 1 or values[0].kind != SiteKind.ASSIGN:
                return None
            expr = values[0].value
        if (
            isinstance(expr, (cst.List, cst.Tuple))
            and bool(expr.elements)
            and all(isinstance(e.value, _SCALAR_LITERALS) for e in expr.elements)
        ):
            return expr
        return None

    def is_dataset(self, expr: cst.BaseExpression, _depth: int = 0) -> bool:
        """Whether ``expr`` looks like a tf.data pipeline (its iterator advances in the graph):
        built by tf.data or tf.distribute (the knowledge base's datasets), bound to one, or
        named like one (``ds``, ``train_dataset``)."""
        while isinstance(expr, cst.Call):  # ds.batch(8).map(f): look through the chain
            name = self.call_name(expr)
            if name is not None:
                return (
                    knowledge.returns(name) == "dataset"
                    or name.startswith(("tensorflow.data.", "tensorflow.distribute."))
                    # Keras's loaders: image_dataset_from_directory, timeseries_dataset_from_array
                    or (is_keras(name) and "_dataset_from_" in name.rpartition(".")[2])
                )
            if not isinstance(expr.func, cst.Attribute):
                return False
            if "dataset" in expr.func.attr.value:
                return True  # strategy.experimental_distribute_dataset(ds), make_dataset()...
            expr = expr.func.value
        name_read = isinstance(expr, cst.Name)
        if isinstance(expr, cst.Attribute):  # self.dataset
            if isinstance(expr.value, cst.Name) and _depth < 4:  # self.files = list_files(...)
                values = self.bound_values(expr, self.scope_of(expr.value))
                if any(isinstance(v, cst.Call) and self.is_dataset(v, _depth + 1) for v in values):
                    return True
            expr = expr.attr
        if isinstance(expr, cst.Name):
            lowered = expr.value.lower()
            if "dataset" in lowered or lowered == "ds" or lowered.endswith("_ds"):
                return True
            if name_read and _depth < 4:  # dist = strategy.experimental_distribute_dataset(ds)
                scope = self.scope_of(expr)
                values = self.bound_values(expr, scope)
                if any(isinstance(v, cst.Call) and self.is_dataset(v, _depth + 1) for v in values):
                    return True
                # `def pipeline(files): return files.map(f)`: what every caller passes
                binding = self.binding_of(expr, scope)
                if binding.is_param and isinstance(binding.scope, FunctionInfo):
                    passed = self.arguments(binding.scope, expr.value)
                    return bool(passed) and all(
                        isinstance(v, (cst.Call, cst.Name)) and self.is_dataset(v, _depth + 1)
                        for v, _ in passed
                    )
        return False

    def enclosing_class(self, scope: Scope | None) -> ClassInfo | None:
        fn = scope.function if scope is not None else None
        while fn is not None:
            if fn.cls is not None:
                return fn.cls
            fn = fn.outer
        return None

    # --- tensors -----------------------------------------------------------------------------
    def is_tensor(self, node: cst.BaseExpression, fn: Scope | None, _depth: int = 0) -> bool:
        """Whether ``node`` evaluates to a tf.Tensor when ``fn`` is traced.

        Conservative: True only for values known to be tensors (tf ops, traced-function results,
        Keras layer calls, tensor parameters of traced functions, arithmetic on those); shapes,
        dtypes, Python numbers and unknown calls are not tensors.
        """
        if _depth > 20:
            return False
        deeper = _depth + 1
        if isinstance(node, cst.Call):
            name = self.call_name(node)
            if name is not None:
                return self._tensor_api(name)
            callee = self.callee(node, fn)
            if callee is not None:
                return self.returns_tensor(callee)
            func = node.func
            if isinstance(func, cst.Call):  # tf.keras.layers.Dense(4)(x)
                return is_keras(self.call_name(func))
            if type(func) is cst.Name and self._keras_callable_param(func, fn):
                return True  # `model(x)` with every caller passing a Keras model or layer
            if type(func) is cst.Name and func.value == "self":
                # `y_pred = self(x, training=False)` in a Keras model's `test_step`
                cls = self.enclosing_class(fn)
                return cls is not None and cls.keras_kind in ("model", "layer")
            if isinstance(func, cst.Attribute):
                if func.attr.value in ("numpy", "item", "tolist", "get_shape", "as_list"):
                    return False
                # self.<layer>(x) where self.<layer> holds a Keras layer
                cls = self.enclosing_class(fn)
                if (
                    cls is not None
                    and isinstance(func.value, cst.Name)
                    and func.value.value == "self"
                ):
                    values = cls.self_assignments.get(func.attr.value, ())
                    return any(
                        isinstance(v, cst.Call) and is_keras(self.call_name(v)) for v in values
                    )
            return False
        if isinstance(node, cst.BinaryOperation):
            return self.is_tensor(node.left, fn, deeper) or self.is_tensor(node.right, fn, deeper)
        if isinstance(node, cst.UnaryOperation):
            return not isinstance(node.operator, cst.Not) and self.is_tensor(
                node.expression, fn, deeper
            )
        if isinstance(node, cst.Subscript):
            value = node.value
            if isinstance(value, cst.Call) and (  # `tf.nn.moments(x, [0])[1]`: one of its tensors
                knowledge.returns(self.call_name(value)) == "list[tensor]"
            ):
                return True
            return self.is_tensor(value, fn, deeper)
        if isinstance(node, cst.Name) and fn is not None:
            binding = self.binding_of(node, fn)
            scope = binding.scope
            if not isinstance(scope, FunctionInfo):
                return False
            if any(
                s.kind in _VALUE_KINDS
                and s.value is not None
                and self.is_tensor(s.value, scope, deeper)
                for s in binding.sites
            ):
                return True
            if any(s.kind in _VALUE_KINDS and self._host_value(s.value) for s in binding.sites):
                return False  # `dtype = tf.as_dtype(dtype)`: the parameter is replaced
            return binding.is_param and scope.traced and self._param_is_tensor(scope, node.value)
        return False

    def _keras_callable_param(self, func: cst.Name, fn: Scope | None) -> bool:
        """A parameter of a traced function every call of which in the module passes a Keras
        model or layer: calling it in the trace gives a tensor."""
        binding = self.binding_of(func, fn)
        scope = binding.scope
        if not (isinstance(scope, FunctionInfo) and scope.traced and binding.param_only):
            return False
        passed = self.arguments(scope, func.value)
        return bool(passed) and all(
            (kind := kind_of(self, value, caller)) is not None and kind.kind in ("model", "layer")
            for value, caller in passed
        )

    def _host_value(self, value: cst.BaseExpression | None) -> bool:
        """A TF call the knowledge base says returns a host value (a dtype, a shape, a spec)."""
        if not isinstance(value, cst.Call):
            return False
        return knowledge.returns(self.call_name(value)) in knowledge.HOST_KINDS

    def returns_tensor(self, fn: FunctionInfo) -> bool:
        """Whether calling ``fn`` gives a tensor: it is a tf.function, or it returns a tensor
        (one of its ``return`` values is one)."""
        if fn.traced_by is not None and fn.traced_by.kind in ("decorator", "wrapped"):
            return True
        known = self._returns.get(id(fn))
        if known is None:
            self._returns[id(fn)] = False  # while judging (recursion): not known to be one
            known = any(self.is_tensor(value, fn) for value in self.return_values(fn))
            self._returns[id(fn)] = known
        return known

    def _tensor_api(self, name: str) -> bool:
        """A TF/Keras call that returns a tensor, as the knowledge base says."""
        return knowledge.returns(name) == "tensor"

    def _param_is_tensor(self, fn: FunctionInfo, name: str) -> bool:
        if name in ("self", "cls", "training", "mask"):
            return False
        default = fn.param_defaults.get(name)
        # A Python-valued default (flags, sizes, names, None) marks a Python parameter.
        if default is not None and isinstance(
            default,
            (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString, cst.Name),
        ):
            return False
        if fn.params[:1] == [name] and fn in self.decorators_of:
            return False  # a decorator's parameter: what it decorates, a function or class
        # So does a caller passing a Python value, or a function, class or module.
        return not any(
            _python_container(value)
            or (isinstance(value, cst.Call) and self.call_name(value) in _CONTAINER_BUILTINS)
            or self.is_python_scalar(value, scope)
            or self.names_definition(value, scope)
            or self._names_python_container(value, scope)
            for value, scope in self.arguments(fn, name)
        )

    def _names_python_container(self, value: cst.BaseExpression, scope: Scope | None) -> bool:
        """A name every binding of which is a Python container display or comprehension
        (``data = [(x, y)] * 100``, ``batches = [b for b in ...]``): a list, not a tensor."""
        if type(value) is not cst.Name:
            return False
        values = self.binding_of(value, scope).known_values
        return bool(values) and all(_python_container(v) for v in values)

    def names_definition(self, expr: cst.BaseExpression, scope: Scope | None) -> bool:
        """Whether ``expr`` is a function, class or module itself, not a value computed from
        one: a lambda, a name every binding of which is a ``def`` or ``class``, or a name in a
        library (``tf.nn.gelu``, ``tf.keras.layers.Dense``, ``tf.float32``; not a name another
        linted module may bind to data)."""
        t = type(expr)
        if t is cst.Lambda:
            return True
        if t is not cst.Name and t is not cst.Attribute:
            return False
        if t is cst.Name:
            sites = self.binding_of(expr, scope).sites
            if sites and all(s.kind in (SiteKind.DEF, SiteKind.CLASS) for s in sites):
                return True
        qualified = self.qualified_name(expr)  # an API of a library, not a value made with it
        return (
            qualified is not None
            and qualified.startswith(_LIBRARY_ROOTS)
            and not qualified.startswith("builtins.")
        )

    @cached_property
    def decorators_of(self) -> set[FunctionInfo]:
        """The module's functions that decorate (``@register`` names one; ``@register("x")``
        makes one of the functions ``register`` defines): their first parameter receives the
        decorated function or class."""
        found: set[FunctionInfo] = set()
        decorated = [(f.decorators, f.outer) for f in self.functions]
        decorated += [(c.node.decorators, c.parent) for c in self.classes.values()]
        for decorators, outer in decorated:
            for decorator in decorators:
                expr = decorator.decorator
                func = expr.func if isinstance(expr, cst.Call) else expr
                local = self.function_referenced(func, outer if outer is not None else self.scope)
                if local is None:
                    continue
                if isinstance(expr, cst.Call):
                    found.update(local.nested.values())
                else:
                    found.add(local)
        return found


class _ModelBuilder:
    """Fills a ModuleModel in one walk of the tree, then resolves what needs the whole module."""

    def __init__(self, model: ModuleModel) -> None:
        self.model = model
        self.scopes: list[Scope] = [model.scope]  # stack, innermost last
        self.functions: list[FunctionInfo] = []  # stack
        self.classes: list[tuple[ClassInfo, int]] = []  # stack, with function depth at entry
        self.loops: list[list[cst.CSTNode]] = [[]]  # per function level
        self.guard_depth: list[int] = [0]  # per function level: one-time guard blocks around
        self.lifted_depth: list[int] = [0]  # per function level: init_scope / eager-only blocks
        self.loop_starts: list[int] = []  # event index where each open loop began
        self.events = model.events

    def build(self) -> None:
        self.walk()
        self.outer_names()
        # Lookups made during the walk (`with tf.init_scope():`) saw only the bindings so far.
        self.model._lookups.clear()
        self.model._qualified_names.clear()
        self.model._order = ReadOrder(self.model)  # the walk is done: statement order is known
        self.resolve_classes()
        self.collect_roots()
        self.mark_traced()

    def outer_names(self) -> None:
        """Names in a def's or class's decorators, a def's parameter defaults and a class's
        bases are read where the definition stands, not inside it: ``@tf.function
        def step(x, tf=None)`` is decorated with the module's ``tf``. The walk filed them under
        the scope they open; file them under the one around it."""
        model = self.model
        name_scopes = model._name_scopes
        name_type = cst.Name
        for node, scope in (*model.function_of.items(), *model.classes.items()):
            outer = scope.parent
            heads: list[cst.CSTNode] = []
            if type(node) is cst.ClassDef:
                heads += node.decorators
                heads += node.bases
                heads += node.keywords
            else:
                if type(node) is cst.FunctionDef:
                    heads += node.decorators
                params = node.params
                for param in (*params.posonly_params, *params.params, *params.kwonly_params):
                    if param.default is not None:
                        heads.append(param.default)
            if not heads:
                continue

            def enter(child: cst.CSTNode, outer: Scope | None = outer) -> bool | None:
                if type(child) is name_type:
                    if outer is None or outer is model.scope:
                        name_scopes.pop(id(child), None)
                    elif name_scopes.get(id(child)) is not None:
                        name_scopes[id(child)] = outer
                    return False
                # a lambda or comprehension there keeps the names of its own scope
                return id(child) not in model.scope_at

            for head in heads:
                walk(head, enter)

    # --- the walk ----------------------------------------------------------------------------
    def current(self) -> FunctionInfo | None:
        return self.functions[-1] if self.functions else None

    def add_site(
        self,
        name: str,
        kind: SiteKind,
        node: cst.CSTNode,
        value: cst.BaseExpression | None,
        imported: str | None = None,
        index: int | None = None,
    ) -> None:
        """Bind ``name`` where Python binds it from the current scope: the module for a
        ``global`` name, the enclosing function for a ``nonlocal`` one, else here."""
        scope = self.scopes[-1]
        if name in scope.global_names:
            scope = self.model.scope
        elif name in scope.nonlocal_names:
            scope = scope.parent
            while scope is not None and scope.kind in (ScopeKind.CLASS, ScopeKind.COMPREHENSION):
                scope = scope.parent
            scope = scope or self.model.scope
        loops = self.loops[-1]
        site = BindingSite(
            kind,
            node,
            value,
            self.current(),
            len(self.events),
            imported,
            index,
            loops[0] if loops else None,
        )
        scope.bindings.setdefault(name, []).append(site)

    def bind(
        self,
        target: cst.BaseExpression,
        value: cst.BaseExpression | None,
        kind: SiteKind,
        index: int | None = None,
    ) -> None:
        self.model._targets.add(id(target))
        t = type(target)  # exact types: libcst's are ABCs, isinstance is slow
        if t is cst.Name:
            self.add_site(target.value, kind, target, value, None, index)
        elif t is cst.Tuple or t is cst.List:
            if kind == SiteKind.ASSIGN and _pairs_elementwise(target, value):
                # `a, b = 0, 0.1` binds each name to its own element, as `a = 0; b = 0.1`
                for element, item in zip(target.elements, value.elements, strict=True):
                    self.bind(element.value, item.value, SiteKind.ASSIGN)
                return
            for position, element in enumerate(target.elements):
                # a nested target (`for i, (x, y) in enumerate(ds)`) keeps the outer position
                position = position if index is None else index
                inner = element.value
                if isinstance(inner, cst.StarredElement):
                    inner = inner.value
                if kind in (SiteKind.ASSIGN, SiteKind.UNPACK):
                    # Unpacked values are element-wise unknown; a tensor unpacks to tensors.
                    unpacked = value if value is not None and _is_call(value) else None
                    self.bind(inner, unpacked, SiteKind.UNPACK, position)
                else:
                    self.bind(inner, value, kind, position)
        elif isinstance(target, cst.StarredElement):
            self.bind(target.value, None, kind)
        elif isinstance(target, cst.Attribute):
            if target.attr.value == "run_eagerly" and value is not None:
                setting = (target.value, _is_true(value), self.scopes[-1], None)
                self.model._eager_settings.append(setting)
            owner = self.model.enclosing_class(self.current())
            if owner is not None:
                owner.instance_sets.add(target.attr.value)
            if (
                owner is not None
                and isinstance(target.value, cst.Name)
                and target.value.value == "self"
            ):
                owner.self_assignments.setdefault(target.attr.value, []).append(value)

    def walk(self) -> None:
        """Depth-first and in source order, recording each node's entering and leaving event.

        One loop, not walk.walk with callbacks: it runs for every node of every module, and
        a Python call per node and event is a good part of its cost."""
        append = self.events.append
        by_type = self.model._by_type
        name_scopes = self.model._name_scopes
        scopes = self.scopes
        module_scope = self.model.scope
        handlers, leave_types, leaf_types = _walk_tables()
        pruned_types = _PRUNED_TYPES
        children_of = children_by_type.get  # made per node type (see children_function)
        name_type = cst.Name
        leave_marker = LEAVE
        stack: list = [self.model.module]
        push, pop, extend = stack.append, stack.pop, stack.extend
        while stack:
            node = pop()
            if node is leave_marker:
                node = pop()
                append((node, False))
                if type(node) in leave_types:
                    self.leave(node)
                continue
            append((node, True))
            t = type(node)
            by_type[t].append(node)
            if t in leaf_types:  # a third of all nodes are names: skip looking for children
                if t is name_type and scopes[-1] is not module_scope:
                    name_scopes[id(node)] = scopes[-1]
                append((node, False))
                continue
            # Exact-type dispatch: libcst's node classes are ABCs, and each isinstance check
            # against one goes through ABCMeta.__instancecheck__.
            handler = handlers.get(t)
            if handler is not None:
                handler(self, node)
            kids = (children_of(t) or children_function(t))(node)
            if t in pruned_types:  # code that never runs is evidence of nothing: not walked
                kids = _reachable(node, kids)
            if kids:
                push(node)
                push(leave_marker)
                kids.reverse()
                extend(kids)
            else:  # a leaf (a literal): leave it at once
                append((node, False))
                if t in leave_types:
                    self.leave(node)

    def _enter_block(self, node: cst.IndentedBlock | cst.SimpleStatementSuite) -> None:
        kind = self.model.blocks.get(id(node))
        if kind == "guard":
            self.guard_depth[-1] += 1
        elif kind is not None:
            self.lifted_depth[-1] += 1

    def _enter_if(self, node: cst.If) -> None:
        blocks = self.model.blocks
        test = node.test
        if _tests_eager(test):
            blocks[id(node.body)] = "eager"
        elif (
            isinstance(test, cst.UnaryOperation)
            and isinstance(test.operator, cst.Not)
            and _tests_eager(test.expression)
        ):
            if isinstance(node.orelse, cst.Else):
                blocks[id(node.orelse.body)] = "eager"
        elif is_one_time_guard(test) or _clears_flag(test, node.body):
            blocks[id(node.body)] = "guard"

    def _enter_if_exp(self, node: cst.IfExp) -> None:
        """``self.v = tf.Variable(0) if self.v is None else self.v``: the guarded singleton
        (TensorFlow's guide's idiom) creates once; its other branch only reads a name, so the
        whole expression is one-time code."""
        if is_one_time_guard(node.test) and dotted_name(node.orelse) is not None:
            self.model.blocks[id(node)] = "guard"
            self.guard_depth[-1] += 1

    def _enter_with(self, node: cst.With) -> None:
        fn = self.current()
        if fn is not None:
            self.model.with_items.setdefault(id(fn), []).extend(i.item for i in node.items)
        for item in node.items:
            if (
                isinstance(item.item, cst.Call)
                and self.model.call_name(item.item) == "tensorflow.init_scope"
            ):
                self.model.blocks[id(node.body)] = "init_scope"

    def _enter_class(self, node: cst.ClassDef) -> None:
        model = self.model
        self.add_site(node.name.value, SiteKind.CLASS, node, None)
        model._targets.add(id(node.name))
        info = ClassInfo(
            kind=ScopeKind.CLASS, node=node, parent=self.scopes[-1], name=node.name.value
        )
        model.classes[node] = info
        model.scope_at[id(node)] = info
        if not self.functions and not self.classes:
            model.module_classes[info.name] = info
        self.classes.append((info, len(self.functions)))
        self.scopes.append(info)

    def _enter_import(self, node: cst.Import) -> None:
        model = self.model
        for alias in node.names:
            full = dotted_name(alias.name)
            if full is None:
                continue
            model.imported.add(full)
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
                self.add_site(local, SiteKind.IMPORT, alias, None, full)
                model.imports[local] = full
            else:
                local = full.split(".")[0]
                self.add_site(local, SiteKind.IMPORT, alias, None, local)
                model.imports.setdefault(local, local)

    def _enter_import_from(self, node: cst.ImportFrom) -> None:
        # Its children (aliases, names) are still walked, for the rules' traversal; none of them
        # means anything to the model.
        if isinstance(node.names, cst.ImportStar):
            base = dotted_name(node.module) if node.module is not None else None
            if base and not node.relative and base.startswith(("tensorflow", "keras", "tf_keras")):
                self.model.star_imports.append(base)
            return
        model = self.model
        base = dotted_name(node.module) if node.module is not None else ""
        if node.relative:  # from . import x, from ..a import b: needs the module's package
            if model.identity is None or base is None:
                return
            package = model.identity.package.split(".") if model.identity.package else []
            up = len(node.relative) - 1
            if up > len(package):
                return
            parts = package[: len(package) - up] + ([base] if base else [])
            base = ".".join(parts)
        if not base:
            return
        for alias in node.names:
            if not isinstance(alias.name, cst.Name):
                continue
            local = alias.name.value
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
            target = f"{base}.{alias.name.value}"
            model.imported.add(target)
            self.add_site(local, SiteKind.IMPORT, alias, None, target)
            model.imports[local] = target

    def _enter_assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self.bind(target.target, node.value, SiteKind.ASSIGN)

    def _enter_ann_assign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self.bind(node.target, node.value, SiteKind.ASSIGN)

    def _enter_aug_assign(self, node: cst.AugAssign) -> None:
        self.bind(node.target, node.value, SiteKind.AUGASSIGN)

    def _enter_named_expr(self, node: cst.NamedExpr) -> None:
        # PEP 572: a walrus in a comprehension binds in the scope around the comprehension.
        inner = []
        while self.scopes[-1].kind == ScopeKind.COMPREHENSION:
            inner.append(self.scopes.pop())
        self.bind(node.target, node.value, SiteKind.ASSIGN)
        self.scopes.extend(reversed(inner))

    def _enter_for(self, node: cst.For) -> None:
        self._enter_loop(node)  # first: the target is rebound on every iteration
        self.bind(node.target, node.iter, SiteKind.LOOP)

    def _enter_comprehension(self, node: cst.CSTNode) -> None:
        # A comprehension is a scope of its own and, like a loop, repeats what it contains.
        scope = Scope(kind=ScopeKind.COMPREHENSION, node=node, parent=self.scopes[-1])
        self.model.scope_at[id(node)] = scope
        self.scopes.append(scope)
        self._enter_loop(node)

    def _enter_comp_for(self, node: cst.CompFor) -> None:
        self.bind(node.target, node.iter, SiteKind.COMPREHENSION)

    def _enter_while(self, node: cst.While) -> None:
        self._enter_loop(node)

    def _enter_with_item(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            self.bind(node.asname.name, node.item, SiteKind.WITH)

    def _enter_except(self, node: cst.ExceptHandler) -> None:
        if node.name is not None:
            self.bind(node.name.name, None, SiteKind.EXCEPT)

    def _enter_match_capture(self, node: cst.MatchAs | cst.MatchStar) -> None:
        # `case tf:`, `case [tf]`, `case P(x=tf)`, `... as tf`, `*tf`: a capture binds the name
        if node.name is not None:
            self.bind(node.name, None, SiteKind.MATCH)

    def _enter_match_mapping(self, node: cst.MatchMapping) -> None:
        if node.rest is not None:  # `case {**tf}`
            self.bind(node.rest, None, SiteKind.MATCH)

    def _enter_del(self, node: cst.Del) -> None:
        target = node.target
        targets = [e.value for e in target.elements] if isinstance(target, cst.Tuple) else [target]
        self.model._targets.update(id(t) for t in targets)

    def _enter_global(self, node: cst.Global) -> None:
        self.scopes[-1].global_names.update(n.name.value for n in node.names)

    def _enter_nonlocal(self, node: cst.Nonlocal) -> None:
        self.scopes[-1].nonlocal_names.update(n.name.value for n in node.names)

    def _enter_call(self, node: cst.Call) -> None:
        fn = self.current()
        if (
            fn is not None
            and fn.kind == ScopeKind.FUNCTION
            and any(d.decorator is node for d in fn.node.decorators)
        ):
            fn = fn.outer  # `@make_decorator(...)` runs where the function is defined
        if fn is not None:
            if self.lifted_depth[-1]:
                fn.lifted_calls.add(id(node))
            else:
                fn.calls.append(node)
            if self.guard_depth[-1]:
                fn.guarded_calls.add(id(node))
        self.model._calls.append((node, fn, tuple(self.loops[-1]), self.scopes[-1]))
        if type(node.func) is cst.Attribute and node.func.attr.value == "compile":
            setting = (node.func.value, _run_eagerly(node), self.scopes[-1], node)
            self.model._eager_settings.append(setting)
        if type(node.func) is cst.Name and node.func.value == "setattr" and len(node.args) > 1:
            name = node.args[1].value
            owner = self.model.enclosing_class(self.current())
            if owner is not None and isinstance(name, cst.SimpleString):
                owner.instance_sets.add(name.evaluated_value)

    def _enter_yield(self, node: cst.Yield) -> None:
        fn = self.current()
        if fn is not None:
            fn.is_generator = True

    def enter_function(self, node: cst.FunctionDef | cst.Lambda) -> None:
        model = self.model
        outer = self.current()
        cls = None
        if self.classes and self.classes[-1][1] == len(self.functions):
            cls = self.classes[-1][0]
        is_def = isinstance(node, cst.FunctionDef)
        name = node.name.value if is_def else "<lambda>"
        if cls is not None:
            qualname = f"{cls.name}.{name}"
        elif outer is not None:
            qualname = f"{outer.qualname}.<locals>.{name}"
        else:
            qualname = name
        if is_def:
            self.add_site(name, SiteKind.DEF, node, None)
            model._targets.add(id(node.name))
        info = FunctionInfo(
            kind=ScopeKind.FUNCTION if is_def else ScopeKind.LAMBDA,
            node=node,
            parent=self.scopes[-1],
            name=name,
            qualname=qualname,
            outer=outer,
            cls=cls if is_def else None,
            defined_in=tuple(self.loops[-1]),
        )
        params = node.params
        for param in (*params.posonly_params, *params.params, *params.kwonly_params):
            info.params.append(param.name.value)
            if param.default is not None:
                info.param_defaults[param.name.value] = param.default
        for star in (params.star_arg, params.star_kwarg):
            if isinstance(star, cst.Param):
                info.params.append(star.name.value)
        for param_name in info.params:
            info.bindings[param_name] = [
                BindingSite(
                    SiteKind.PARAM,
                    node,
                    info.param_defaults.get(param_name),
                    info,
                    len(self.events),
                )
            ]
        if is_def:
            if cls is not None:
                cls.methods.setdefault(name, info)
            elif outer is not None:
                outer.nested[name] = info
            elif not self.classes:
                model.module_functions[name] = info
        for decorator in info.decorators:
            expr = decorator.decorator
            dotted = dotted_name(expr.func if isinstance(expr, cst.Call) else expr) or ""
            if dotted.rpartition(".")[2] in ONCE_DECORATORS:
                info.runs_once = info.one_time = True
        model.functions.append(info)
        model.function_of[node] = info
        model.scope_at[id(node)] = info
        key, n = qualname, 1
        while key in model.function_keys:
            n += 1
            key = f"{qualname}#{n}"
        info.key = key
        model.function_keys[key] = info
        self.functions.append(info)
        self.scopes.append(info)
        self.loops.append([])
        self.guard_depth.append(0)
        self.lifted_depth.append(0)

    def leave(self, node: cst.CSTNode) -> None:
        kind = self.model.blocks.get(id(node))
        if kind == "guard":
            self.guard_depth[-1] -= 1
        elif kind is not None:
            self.lifted_depth[-1] -= 1
        t = type(node)
        if t is cst.FunctionDef or t is cst.Lambda:
            self.functions.pop()
            self.scopes.pop()
            self.loops.pop()
            self.guard_depth.pop()
            self.lifted_depth.pop()
        elif t is cst.ClassDef:
            self.classes.pop()
            self.scopes.pop()
        elif t is cst.For or t is cst.While:
            self._leave_loop(node)
        elif t in _COMPREHENSION_TYPES:
            self.scopes.pop()
            self._leave_loop(node)

    def _enter_loop(self, node: cst.CSTNode) -> None:
        self.loops[-1].append(node)
        self.loop_starts.append(len(self.events))

    def _leave_loop(self, node: cst.CSTNode) -> None:
        self.loops[-1].pop()
        self.model.loop_spans[id(node)] = (self.loop_starts.pop(), len(self.events))

    # --- whole-module resolution -------------------------------------------------------------
    def resolve_classes(self) -> None:
        model = self.model
        for info in model.classes.values():
            for base in info.node.bases:
                dotted = dotted_name(base.value)
                if dotted in model.module_classes:
                    info.base_names.append(dotted)
                else:
                    qualified = model.qualified_name(base.value)
                    info.base_names.append(qualified)
                    known = knowledge.class_kind(qualified)
                    if known in knowledge.KERAS_KINDS:
                        info.keras_kind = known
                    elif is_keras(qualified, "Model", "Sequential", "Functional"):
                        info.keras_kind = "model"
                    elif is_keras(qualified, "Layer", "layers.Layer") or (
                        qualified and is_keras(qualified) and ".layers." in qualified
                    ):
                        info.keras_kind = info.keras_kind or "layer"
                    if info.keras_kind and (
                        qualified.startswith(KERAS2_ROOTS)
                        or model.keras2_forced
                        or self._keras2_alternative(base.value)
                    ):
                        info.keras2 = True
        if model.facts:  # a Keras base class in another linted module
            for info in model.classes.values():
                kind = model.facts.classes.get(info.name)
                if kind is not None and not info.keras_kind:
                    info.keras_kind, info.keras2 = kind
        changed = True
        while changed:  # Keras-ness is inherited from classes in the same module
            changed = False
            for info in model.classes.values():
                if info.keras_kind:
                    continue
                for base in info.base_names:
                    parent = model.module_classes.get(base or "")
                    if parent is not None and parent.keras_kind:
                        info.keras_kind = parent.keras_kind
                        info.keras2 = parent.keras2
                        changed = True

    def _keras2_alternative(self, base: cst.BaseExpression) -> bool:
        """Whether the name a base class is read through is also bound to Keras 2 (``try:
        import tf_keras as keras / except ImportError: import keras``)."""
        head = head_name(base)
        if head is None:
            return False
        sites = self.model.binding_of(head).sites
        keras2 = ("tf_keras", "tensorflow.python.keras")
        return any(
            s.kind == SiteKind.IMPORT and (s.imported or "").startswith(keras2) for s in sites
        )

    def find_wrappers(self) -> None:
        """The module's own decorators that hand the function they decorate to ``tf.function``
        ("trace") or to ``tf.py_function``/``tf.numpy_function`` ("eager"):
        ``def compiled(f): return tf.function(f, jit_compile=True)``."""
        model = self.model
        for call, caller, _, scope in model._calls:
            if caller is None or not call.args or type(call.args[0].value) is not cst.Name:
                continue
            name = model.call_name(call)
            effect = (
                "trace"
                if name in TF_FUNCTION_NAMES
                else "eager"
                if name in PY_FUNCTION_NAMES
                else None
            )
            if effect is None:
                continue
            binding = model.binding_of(call.args[0].value, scope)
            owner = binding.scope
            if (
                binding.is_param
                and isinstance(owner, FunctionInfo)
                and owner.params[:1] == [call.args[0].value.value]
            ):
                model.wrappers[owner] = (effect, call)

    def decorator_effect(
        self, fn: FunctionInfo, expr: cst.BaseExpression
    ) -> tuple[str, str] | None:
        """What a decorator of ``fn`` does with it, by the wrappers this module (or, through
        the project, another) defines: ("trace" | "eager", the decorator's name)."""
        model = self.model
        scope = fn.outer or model.scope
        func = expr.func if isinstance(expr, cst.Call) else expr
        local = model.function_referenced(func, scope)
        if local is not None:
            candidates = [local] if not isinstance(expr, cst.Call) else list(local.nested.values())
            for candidate in candidates:
                if candidate in model.wrappers:
                    return model.wrappers[candidate][0], local.qualname
            return None
        qualified = model.qualified_name(func)
        external = model.external(qualified)
        if external is not None and external.wraps and qualified:
            return external.wraps, qualified
        return None

    def collect_roots(self) -> None:
        """How the module's own code makes tf.function trace a function: decorators (its own
        wrappers of tf.function too), ``tf.function(f)``, ``Dataset.map(f)`` and Keras
        ``compile(loss=f, metrics=[g])``, of its own functions or of imported ones."""
        model = self.model
        self.find_wrappers()
        for fn in model.functions:
            for decorator in fn.decorators:
                expr = decorator.decorator
                name = model.qualified_name(expr.func if isinstance(expr, cst.Call) else expr)
                if name == "functools.partial" and expr.args:
                    # `@functools.partial(tf.function, jit_compile=True)`: tf.function with
                    # those keywords
                    name = model.qualified_name(expr.args[0].value)
                if name in TF_FUNCTION_NAMES:
                    reason = TracedBy("decorator", name)
                    model.roots.append(
                        Root(fn, reason, _autograph(name, expr), input_signature(expr))
                    )
                    continue
                effect = self.decorator_effect(fn, expr)
                if effect is not None and effect[0] == "trace":
                    model.roots.append(Root(fn, TracedBy("decorator", effect[1])))
                elif effect is not None:
                    fn.eager_by = effect[1]
        for call, _, _, scope in model._calls:
            func = call.func
            if type(func) is cst.Attribute and func.attr.value == "compile":
                if _run_eagerly(call):
                    continue  # Keras runs the step, and its losses and metrics, eagerly
                for via, given in compiled_arguments(call):
                    for value, where in self._passed_through(
                        self._compiled_elements(given, scope), scope
                    ):
                        target = self._handed_function(value, where)
                        if target is None and type(value) is cst.Call:
                            # `loss=perceptual_loss(layer)`: the function the factory returns
                            target = self._returned_function(value, where)
                        elif target is None:
                            # `loss=weighted` with `weighted = WeightedLoss()`: its __call__
                            cls = model.instance_of(value, where)
                            if cls is not None:
                                target = model.resolve_method(cls, "__call__")
                        if target is not None:
                            reason = TracedBy("compiled", via)
                            # Keras 3's train step runs unconverted, and what it calls
                            autograph = model.keras2_possible
                            model.roots.append(Root(target, reason, autograph))
                continue
            self._regularizer_roots(call, scope)
            self._activation_roots(call, scope)
            func = call.func
            t = type(func)
            if t is cst.Attribute:
                attr = func.attr.value
                if attr != "function" and attr != "Lambda" and attr not in DATASET_FUNCTION_METHODS:
                    continue  # neither tf.function(f) nor ds.map(f) nor layers.Lambda(f)
            elif t is not cst.Name or func.value not in model.imports:
                continue  # a tf.function imported under another name is an import
            name = model.call_name(call)
            if call.args and is_keras(name, "layers.Lambda"):
                # Keras calls a Lambda layer's function in the model's traced call (and on
                # symbolic inputs when a functional model is built)
                target = model.function_target(call.args[0].value, scope)
                if target is not None:
                    reason = TracedBy("lambda_layer", "Lambda")
                    # unconverted under tf-keras too: Keras's own Lambda.call calls it, and
                    # AutoGraph leaves library code and what it calls alone (TF 2.21 with
                    # TF_USE_LEGACY_KERAS=1: `if t > 0:` there raises OperatorNotAllowedInGraphError)
                    model.roots.append(Root(target, reason, False))
                continue
            if name in TF_FUNCTION_NAMES and call.args:
                target = self._handed_function(call.args[0].value, scope)
                if target is not None:
                    model.roots.append(
                        Root(
                            target,
                            TracedBy("wrapped", scope.function.qualname if scope.function else ""),
                            _autograph(name, call),
                            input_signature(call),
                        )
                    )
            elif (
                isinstance(call.func, cst.Attribute)
                and call.func.attr.value in DATASET_FUNCTION_METHODS
                and model.is_dataset(call.func.value)
            ):
                for arg in call.args:
                    if arg.keyword is None or arg.keyword.value in ("map_func", "predicate"):
                        # `def build(ds, transform): return ds.map(transform)`: what callers
                        # pass; `ds.map(self.transform)`: what the constructor was given
                        handed = self._passed_through([arg.value], scope)
                        handed += self._constructor_given(arg.value, scope)
                        for value, where in handed:
                            target = self._handed_function(value, where)
                            if target is not None:
                                reason = TracedBy("dataset", call.func.attr.value)
                                model.roots.append(Root(target, reason))
                        break
        self.find_eager_models()

    def _regularizer_roots(self, call: cst.Call, scope: Scope | None) -> None:
        """``Dense(4, kernel_regularizer=spectral)`` (or an instance of the module's own
        regularizer class): Keras adds what the regularizer returns to the losses of the
        traced train step, calling it there on the layer's weight (or output)."""
        model = self.model
        for arg in call.args:
            keyword = arg.keyword
            if keyword is None:
                continue
            # `self.add_weight(..., regularizer=f)` in a layer: Keras regularizes that weight
            weight = keyword.value == "regularizer" and _self_adds_weight(call)
            if not weight and not keyword.value.endswith(REGULARIZER_SUFFIX):
                continue
            if not weight and not is_keras(model.call_name(call)):
                return  # the module's own class decides what it does with the argument
            value = arg.value
            target = self._handed_function(value, scope)  # a function, or `Spectral(0.1)`
            if target is None and type(value) is cst.Call and scope is not None:
                # `kernel_regularizer=eigen_penalty(other)`: the function the factory returns
                target = self._returned_function(value, scope)
            if target is None:  # `kernel_regularizer=spectral` with `spectral = Spectral()`
                cls = model.instance_of(value, scope)
                if cls is not None:
                    target = model.resolve_method(cls, "__call__")
            if isinstance(target, FunctionInfo):
                reason = TracedBy("regularizer", keyword.value)
                model.roots.append(Root(target, reason, model.keras2_possible))

    def _activation_roots(self, call: cst.Call, scope: Scope | None) -> None:
        """``Dense(4, activation=piecewise)``, ``LSTM(8, recurrent_activation=f)`` or
        ``Activation(piecewise)``: Keras's own layer ``call`` applies the function to the
        layer's output, so it runs wherever that call is traced (on the symbolic batch when a
        functional model is built, in the train step of ``fit``), unconverted: AutoGraph
        leaves Keras's code, and what it calls, alone (TF 2.21, Keras 3 and tf-keras)."""
        model = self.model
        args = call.args
        if not args:
            return
        keyword = any(
            a.keyword is not None and a.keyword.value.endswith("activation") for a in args
        )
        if not keyword and (args[0].keyword is not None or type(call.func) is cst.Call):
            return  # neither `activation=` nor a first positional (an `Activation(f)`)
        name = model.call_name(call)
        if not is_keras(name):
            return  # the module's own class decides what it does with the argument
        positional = is_keras(name, "layers.Activation")
        handed = [
            arg.value
            for index, arg in enumerate(args)
            if (arg.keyword is not None and arg.keyword.value.endswith("activation"))
            or (positional and arg.keyword is None and index == 0)
        ]
        for value in handed:
            target = model.function_target(value, scope)
            if isinstance(target, FunctionInfo):
                model.roots.append(Root(target, TracedBy("activation", "activation"), False))

    def _handed_function(
        self, expr: cst.BaseExpression, scope: Scope | None
    ) -> FunctionInfo | str | None:
        """The function a tracing API is handed: what ``function_target`` names, the function
        of ``functools.partial(f, ...)`` (called with the bound arguments added), or the method
        of an instance of a module class (``solver.step``, ``vae.vae_loss``: a bound method)."""
        model = self.model
        target = model.function_target(expr, scope)
        if target is not None:
            return target
        if type(expr) is cst.Call:
            if (
                expr.args
                and expr.args[0].keyword is None
                and model.call_name(expr) == "functools.partial"
            ):
                return self._handed_function(expr.args[0].value, scope)
            if type(expr.func) is not cst.Name:
                return None
            # `ds.map(RandomCrop(24))`: the instance's __call__
            sites = model.binding_of(expr.func, scope).sites
            classes = [model.classes.get(s.node) for s in sites if s.kind == SiteKind.CLASS]
            if len(classes) != len(sites) or not classes or classes[-1] is None:
                return None
            return model.resolve_method(classes[-1], "__call__")
        if type(expr) is cst.Attribute:
            cls = model.instance_of(expr.value, scope)
            if cls is not None:
                return model.resolve_method(cls, expr.attr.value)
        cls = model.instance_of(expr, scope)  # `crop = RandomCrop(24)`, `ds.map(crop)`
        return model.resolve_method(cls, "__call__") if cls is not None else None

    def _constructor_given(
        self, expr: cst.BaseExpression, scope: Scope
    ) -> list[tuple[cst.BaseExpression, Scope]]:
        """What ``self.<attr>`` holds when ``__init__`` stores a parameter there
        (``self.transform = transform``): the values the module's constructions pass it."""
        model = self.model
        if type(expr) is not cst.Attribute or type(expr.value) is not cst.Name:
            return []
        if expr.value.value != "self":
            return []
        cls = model.enclosing_class(scope)
        init = model.resolve_method(cls, "__init__") if cls is not None else None
        if init is None:
            return []
        found: list[tuple[cst.BaseExpression, Scope]] = []
        for value in cls.self_assignments.get(expr.attr.value, ()):
            if type(value) is not cst.Name or value.value not in init.params:
                continue
            for given, where, _ in model.constructor_arguments(init, value.value):
                if given is not None:
                    found.append((given, where))
        return found

    def _passed_through(
        self, values: list[cst.BaseExpression], scope: Scope
    ) -> list[tuple[cst.BaseExpression, Scope]]:
        """Each value with its scope; a parameter of the function around it (``def
        train(loss_fn): model.compile(loss=loss_fn)``) stands for what the module's calls pass
        it (``train(f1_objective)``)."""
        model = self.model
        found: list[tuple[cst.BaseExpression, Scope]] = []
        for value in values:
            fn = scope if isinstance(scope, FunctionInfo) else None
            if type(value) is cst.Name and fn is not None:
                binding = model.binding_of(value, scope)
                if binding.scope is fn and binding.param_only:
                    found.extend(model.arguments(fn, value.value))
                    continue
            found.append((value, scope))
        return found

    def _compiled_elements(
        self, expr: cst.BaseExpression, scope: Scope, depth: int = 0
    ) -> list[cst.BaseExpression]:
        """What a ``compile`` argument lists: the elements of a display, of a concatenation of
        them (``metrics + [f1]``), or of the display a name is bound to (``metrics = [f1, f2]``
        then ``compile(metrics=metrics)``); else the value itself."""
        if depth > 3:
            return [expr]
        if type(expr) is cst.BinaryOperation and type(expr.operator) is cst.Add:
            return self._compiled_elements(expr.left, scope, depth + 1) + self._compiled_elements(
                expr.right, scope, depth + 1
            )
        if type(expr) is cst.Name:
            values = self.model.binding_of(expr, scope).known_values
            displays = (cst.List, cst.Tuple, cst.Dict, cst.BinaryOperation)
            if values and all(isinstance(v, displays) for v in values):
                return [e for v in values for e in self._compiled_elements(v, scope, depth + 1)]
            return [expr]
        return _elements(expr)

    def _returned_function(self, call: cst.Call, scope: Scope) -> FunctionInfo | None:
        """The function of this module that ``call``'s callee defines and returns (a factory
        of losses or metrics: ``def make_loss(w): def loss(y, p): ...; return loss``)."""
        model = self.model
        factory = model.callee(call, scope)
        if factory is None:
            return None
        for value in model.return_values(factory):
            if type(value) is cst.Name:
                found = factory.nested.get(value.value)
                if found is not None:
                    return found
            elif type(value) is cst.Lambda:
                return model.function_of.get(value)
        return None

    def find_eager_models(self) -> None:
        """The Keras models the module runs eagerly: model classes of its own whose every
        instance it compiles, the last time, with `run_eagerly=True` or sets `run_eagerly =
        True` on after (a literal True; `compile` without it sets it back), and that no
        subclass run the usual way inherits from."""
        model = self.model
        last: dict[tuple[ClassInfo, str], bool] = {}  # (class, receiver's code) -> eager
        for receiver, is_eager, scope, call in model._eager_settings:
            cls = self._instance_class(receiver, scope)
            if cls is None:
                continue
            own_compile = any("compile" in c.methods for c in model.mro(cls))
            if call is not None and own_compile and type(receiver) is not cst.Call:
                continue  # the class's own compile(), which says itself how it compiles
            last[(cls, model.module.code_for_node(receiver))] = is_eager
        eager = {cls for (cls, _), is_eager in last.items() if is_eager}
        eager -= {cls for (cls, _), is_eager in last.items() if not is_eager}
        derived = {
            base
            for cls in model.classes.values()
            if cls not in eager
            for base in model.mro(cls)[1:]
        }
        eager -= derived
        model.eager_models = eager | self._used_only_by(eager)

    def _used_only_by(self, eager: set[ClassInfo]) -> set[ClassInfo]:
        """The module's classes whose every use it shows is ``Cls(...)`` in a method of a model
        it runs eagerly (``self.block = Block()`` in its ``__init__``): Keras calls a layer's
        ``call`` from the model's own code, so eagerly too. A class used anywhere else (another
        model, a base, a value handed on) or nowhere is left as it is."""
        model = self.model
        if not eager:
            return set()
        inside: set[int] = set()  # the class names called in the eager models' methods
        for call, fn, _, _ in model._calls:
            if type(call.func) is cst.Name and fn is not None:
                owner = fn
                while owner.outer is not None:
                    owner = owner.outer
                if owner.cls in eager:
                    inside.add(id(call.func))
        by_name = {c.name: c for c in model.classes.values() if c not in eager}
        definitions = {id(c.node.name) for c in model.classes.values()}
        only_there: dict[ClassInfo, bool] = {}
        for name in model.nodes_of(cst.Name):
            cls = by_name.get(name.value)
            if cls is None or id(name) in definitions:
                continue
            if not any(
                s.kind == SiteKind.CLASS and s.node is cls.node
                for s in model.binding_of(name).sites
            ):
                continue
            only_there[cls] = only_there.get(cls, True) and id(name) in inside
        return {cls for cls, only in only_there.items() if only}

    def _instance_class(self, receiver: cst.BaseExpression, scope: Scope) -> ClassInfo | None:
        """The module's own class ``receiver`` is an instance of, where the module shows it:
        ``self``/``super()`` in its methods, a name assigned ``Cls(...)``. Its Keras base may be
        in another module (known only to the project's second pass): the class is asked about
        whatever its kind, since only a Keras model's instances have ``compile``."""
        model = self.model
        kind = kind_of(model, receiver, scope, 1)  # 1: not memoised before tracing is known
        if kind is not None and kind.subclass is not None:
            return kind.subclass
        is_self = type(receiver) is cst.Name and receiver.value == "self"
        if is_self or (
            type(receiver) is cst.Call and model.call_name(receiver) == "builtins.super"
        ):
            return model.enclosing_class(scope)
        if type(receiver) is not cst.Name:
            return None
        values = model.binding_of(receiver, scope).values
        for value in values:
            if type(value) is cst.Call and type(value.func) is cst.Name:
                sites = model.binding_of(value.func, scope).sites
                classes = [model.classes.get(s.node) for s in sites if s.kind == SiteKind.CLASS]
                if classes and classes[-1] is not None:
                    return classes[-1]
        return None

    def mark_traced(self) -> None:
        """Which functions tf.function traces, why, and whether AutoGraph converts them: from
        the roots (decorators, Keras methods, ``tf.function(f)``, ``Dataset.map(f)``, and what
        other modules say), through what traced code calls, defines and hands on."""
        model = self.model
        facts = model.facts
        roots: list[tuple[FunctionInfo, TracedBy, bool]] = []
        unconverted: list[FunctionInfo] = []
        if facts:
            for key, (reason, once) in facts.traced.items():
                fn = model.function_keys.get(key)
                if fn is not None and fn.eager_by is None:
                    roots.append((fn, reason, once))
            unconverted += (
                model.function_keys[k] for k in facts.unconverted if k in model.function_keys
            )
        # functions their own @tf.function converts, whoever else traces or calls them
        converted = {
            root.target
            for root in model.roots
            if isinstance(root.target, FunctionInfo)
            and root.reason.kind == "decorator"
            and root.autograph
        }
        for root in model.roots:
            if isinstance(root.target, FunctionInfo):
                if root.target.eager_by is not None and root.reason.kind != "decorator":
                    # its name holds what the decorator made of it, which hands it to
                    # tf.py_function: it runs eagerly, on every element or call
                    continue
                roots.append((root.target, root.reason, False))
                if not root.autograph:
                    unconverted.append(root.target)
        for fn in model.functions:
            cls = fn.cls
            if (
                cls is not None
                and fn.name in knowledge.traced_methods(cls.keras_kind)
                and cls not in model.eager_models
                and takes_hook_arguments(positional_capacity(fn.node), cls.keras_kind, fn.name)
            ):
                roots.append((fn, TracedBy("keras", cls.keras_kind), False))
                if not cls.keras2:
                    unconverted.append(fn)
        traced, one_time = propagate(
            roots, model.local_edges, lambda fn: fn.qualname, lambda fn: fn.runs_once, caller=True
        )
        for fn, reason in traced.items():
            fn.traced_by = reason
            fn.one_time = one_time[fn]
        shared = shared_selves(
            traced,
            (r[0] for r in roots if not (facts and r[0].key in facts.fresh)),
            model.local_edges,
        )
        for fn in traced:
            fn.fresh_self = fn.cls is not None and fn not in shared
        unconverted = [fn for fn in unconverted if fn not in converted]

        def unconverted_edges(fn: FunctionInfo) -> Iterator[FunctionInfo]:
            return (t for t in model.unconverted_edges(fn) if t not in converted)

        for fn in reach(unconverted, unconverted_edges):
            fn.autograph = False


# Node type -> what the walk does on entering it. By name, resolved on first use: importing the
# model (as every rule module does) must not load libcst, which a fully cached run never needs.
_ENTER = {
    "IndentedBlock": "_enter_block",
    "SimpleStatementSuite": "_enter_block",
    "If": "_enter_if",
    "IfExp": "_enter_if_exp",
    "FunctionDef": "enter_function",
    "Lambda": "enter_function",
    "ClassDef": "_enter_class",
    "Import": "_enter_import",
    "ImportFrom": "_enter_import_from",
    "Assign": "_enter_assign",
    "AnnAssign": "_enter_ann_assign",
    "AugAssign": "_enter_aug_assign",
    "NamedExpr": "_enter_named_expr",
    "For": "_enter_for",
    "ListComp": "_enter_comprehension",
    "SetComp": "_enter_comprehension",
    "DictComp": "_enter_comprehension",
    "GeneratorExp": "_enter_comprehension",
    "CompFor": "_enter_comp_for",
    "While": "_enter_while",
    "With": "_enter_with",
    "WithItem": "_enter_with_item",
    "ExceptHandler": "_enter_except",
    "MatchAs": "_enter_match_capture",
    "MatchStar": "_enter_match_capture",
    "MatchMapping": "_enter_match_mapping",
    "Del": "_enter_del",
    "Global": "_enter_global",
    "Nonlocal": "_enter_nonlocal",
    "Call": "_enter_call",
    "Yield": "_enter_yield",
}
_COMPREHENSIONS = ("ListComp", "SetComp", "DictComp", "GeneratorExp")
# Node types whose leaving the walk follows. Blocks (bodies of one-time guards) are never leaves:
# a block holds at least one statement.
_LEAVE = (
    "IfExp",
    "FunctionDef",
    "Lambda",
    "ClassDef",
    "For",
    "While",
    "IndentedBlock",
    "SimpleStatementSuite",
    *_COMPREHENSIONS,
)


# Node types that never hold code (only a value, brackets and whitespace).
_LEAVES = ("Name", "Integer", "Float", "Imaginary", "SimpleString", "Pass", "Break", "Continue")


@cache
def _walk_tables() -> tuple[dict[type, Callable], frozenset[type], frozenset[type]]:
    handlers = {
        getattr(cst, name): getattr(_ModelBuilder, method) for name, method in _ENTER.items()
    }
    leave_types = frozenset(getattr(cst, name) for name in _LEAVE)
    global _COMPREHENSION_TYPES, _SCALAR_LITERALS, _PYTHON_VALUES, _PRUNED_TYPES
    global _FLOW_END_TYPES
    _PRUNED_TYPES = frozenset({cst.IndentedBlock, cst.If, cst.While})
    _FLOW_END_TYPES = frozenset({cst.Return, cst.Raise, cst.Continue, cst.Break})
    _COMPREHENSION_TYPES = frozenset(getattr(cst, name) for name in _COMPREHENSIONS)
    _SCALAR_LITERALS = (
        cst.Integer,
        cst.Float,
        cst.Imaginary,
        cst.SimpleString,
        cst.ConcatenatedString,
        cst.FormattedString,
    )
    _PYTHON_VALUES = (
        *_SCALAR_LITERALS,
        cst.List,
        cst.Tuple,
        cst.Dict,
        cst.Set,
        *(getattr(cst, name) for name in _COMPREHENSIONS),
    )
    return handlers, leave_types, frozenset(getattr(cst, name) for name in _LEAVES)


_COMPREHENSION_TYPES: frozenset[type] = frozenset()
_PRUNED_TYPES: frozenset[type] = frozenset()  # nodes whose children may hold unreachable code
_FLOW_END_TYPES: frozenset[type] = frozenset()  # statements after which a block runs no further
_SCALAR_LITERALS: tuple[type, ...] = ()
_PYTHON_VALUES: tuple[type, ...] = ()  # literals, containers and comprehensions


def _python_container(value: cst.BaseExpression) -> bool:
    """A Python literal, container display or comprehension, or a list or tuple display
    repeated (``[(x, y)] * 100``, ``[0] * n``): a Python value, never a tensor."""
    if isinstance(value, _PYTHON_VALUES):
        return True
    return (
        type(value) is cst.BinaryOperation
        and type(value.operator) is cst.Multiply
        and (
            type(value.left) in (cst.List, cst.Tuple) or type(value.right) in (cst.List, cst.Tuple)
        )
    )


_LEGACY_KERAS = "TF_USE_LEGACY_KERAS"


def _truthy_setting(value: cst.BaseExpression) -> bool:
    """``"1"``, ``"true"``, ``"True"``: what TensorFlow reads as an environment switch that is on."""
    return type(value) is cst.SimpleString and str(value.evaluated_value).lower() in ("1", "true")


def _raises(block: cst.BaseSuite) -> bool:
    """Whether a block's own statements include a ``raise``."""
    lines = [block] if isinstance(block, cst.SimpleStatementSuite) else block.body
    return any(
        isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
        and any(isinstance(small, cst.Raise) for small in line.body)
        for line in lines
    )


def _mro(cls: ClassInfo, classes: dict[str, ClassInfo]) -> list[ClassInfo]:
    """C3 linearisation of ``cls`` over the module's classes ``classes`` (by name)."""
    done: dict[int, list[ClassInfo]] = {}
    order: list[ClassInfo] = []  # classes to linearise, bases before the classes above them
    ordered: set[int] = set()
    todo: list[tuple[ClassInfo, bool]] = [(cls, False)]
    on_path: set[int] = set()
    while todo:  # an explicit stack: a chain of thousands of classes needs no recursion
        current, expanded = todo.pop()
        if expanded:
            on_path.discard(id(current))
            order.append(current)
            ordered.add(id(current))
            continue
        if id(current) in on_path or id(current) in ordered:
            continue
        on_path.add(id(current))
        todo.append((current, True))
        for base in reversed(current.base_names):
            parent = classes.get(base or "")
            if parent is not None and id(parent) not in on_path:
                todo.append((parent, False))
    for current in order:
        bases = [classes[b] for b in current.base_names if b in classes]
        bases = [b for b in bases if id(b) in done]  # a cycle of names: the base is left out
        merged = _c3_merge([done[id(b)] for b in bases] + [bases])
        done[id(current)] = [current] + (
            merged if merged is not None else _depth_first(bases, done)
        )
    return done.get(id(cls), [cls])


def _c3_merge(sequences: list[list[ClassInfo]]) -> list[ClassInfo] | None:
    sequences = [list(s) for s in sequences if s]
    merged: list[ClassInfo] = []
    while sequences:
        for sequence in sequences:
            head = sequence[0]
            if not any(head in s[1:] for s in sequences):
                break
        else:
            return None  # no consistent order
        merged.append(head)
        sequences = [s[1:] if s[0] is head else s for s in sequences]
        sequences = [s for s in sequences if s]
    return merged


def _depth_first(bases: list[ClassInfo], done: dict[int, list[ClassInfo]]) -> list[ClassInfo]:
    out: list[ClassInfo] = []
    for base in bases:
        out += (c for c in done[id(base)] if c not in out)
    return out


def _reachable(node: cst.CSTNode, kids: list[cst.CSTNode]) -> list[cst.CSTNode]:
    """The children of a block, ``if`` or ``while`` that can run: not what follows a
    ``return``, ``raise``, ``continue`` or ``break`` (or an ``if`` whose every branch ends so)
    in the same block, nor a branch under a constant test (``if False:``, ``while 0:``, the
    ``else`` of ``if True:``). A module's own statements are never cut: a notebook's cells
    after one that raises still run, by hand."""
    t = type(node)
    if t is not cst.IndentedBlock:  # an `if` or `while`
        truth = _constant_truth(node.test)
        if truth is False:
            return [k for k in kids if k is not node.body]
        if truth is True and t is cst.If and node.orelse is not None:
            return [k for k in kids if k is not node.orelse]
        return kids
    body = node.body
    for index in range(len(body) - 1):
        if _ends_flow(body[index]):
            dead = {id(s) for s in body[index + 1 :]}
            return [k for k in kids if id(k) not in dead]
    return kids


def _ends_flow(statement: cst.CSTNode) -> bool:
    """Whether nothing after ``statement`` in its block runs."""
    t = type(statement)
    if t is cst.SimpleStatementLine or t is cst.SimpleStatementSuite:
        ends = _FLOW_END_TYPES
        return any(type(s) in ends for s in statement.body)
    if t is cst.If:
        truth = _constant_truth(statement.test)
        body_ends = _block_ends_flow(statement.body)
        if truth is True:
            return body_ends
        orelse = statement.orelse
        if orelse is None:
            return False
        rest = _ends_flow(orelse) if type(orelse) is cst.If else _block_ends_flow(orelse.body)
        return rest if truth is False else body_ends and rest
    return False


def _block_ends_flow(block: cst.BaseSuite) -> bool:
    if isinstance(block, cst.SimpleStatementSuite):
        return _ends_flow(block)
    return any(_ends_flow(s) for s in block.body)


def _constant_truth(test: cst.BaseExpression) -> bool | None:
    """The truth of a test that is a constant (``True``, ``False``, ``None``, ``0``, ``1``,
    ``not`` of one), else None."""
    t = type(test)
    if t is cst.Name:
        return {"True": True, "False": False, "None": False}.get(test.value)
    if t is cst.Integer:
        return test.evaluated_value != 0
    if t is cst.UnaryOperation and type(test.operator) is cst.Not:
        inner = _constant_truth(test.expression)
        return None if inner is None else not inner
    return None


def _elements(expr: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The elements of a list, tuple or dict display (its values), else ``[expr]``."""
    if isinstance(expr, (cst.List, cst.Tuple)):
        return [e.value for e in expr.elements if isinstance(e, cst.Element)]
    if isinstance(expr, cst.Dict):
        return [e.value for e in expr.elements if isinstance(e, cst.DictElement)]
    return [expr]


def _return_statements(node: cst.FunctionDef | cst.Lambda) -> list[cst.Return]:
    """A def's ``return`` statements (not those of the functions and classes it defines)."""
    if isinstance(node, cst.Lambda):
        return []
    found: list[cst.Return] = []

    def enter(child: cst.CSTNode) -> bool:
        if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        if isinstance(child, cst.Return):
            found.append(child)
        return True

    walk(node.body, enter)
    return found


def _pairs_elementwise(target: cst.Tuple | cst.List, value: cst.BaseExpression | None) -> bool:
    """Whether ``target = value`` pairs element by element: a tuple or list literal of the
    same length on both sides, nothing starred."""
    return (
        isinstance(value, (cst.Tuple, cst.List))
        and len(value.elements) == len(target.elements)
        and not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements))
    )


def _is_call(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call)


def _is_true(expr: cst.BaseExpression) -> bool:
    return type(expr) is cst.Name and expr.value == "True"


def _run_eagerly(call: cst.Call) -> bool:
    """Whether a Keras ``compile(...)`` call passes ``run_eagerly=True`` (a literal True)."""
    return any(
        arg.keyword is not None and arg.keyword.value == "run_eagerly" and _is_true(arg.value)
        for arg in call.args
    )


def _self_adds_weight(call: cst.Call) -> bool:
    """``self.add_weight(...)`` (``add_variable``): a layer creating a weight of its own."""
    func = call.func
    return (
        type(func) is cst.Attribute
        and func.attr.value in ("add_weight", "add_variable")
        and type(func.value) is cst.Name
        and func.value.value == "self"
    )


# --- stores, by the code of what they store to (ModuleModel.assigns) ------------------------------


@cache
def _definitions() -> tuple[type, ...]:
    """What a store in a region may be nested in without being the region's own code (a
    function, not a constant: naming libcst's classes at import would load libcst, which a run
    answered from the cache never does)."""
    return (cst.FunctionDef, cst.ClassDef, cst.Lambda)


@cache
def _outers() -> tuple[type, ...]:
    """The nodes a region can be (loops, comprehensions, definitions, blocks): a store's outers."""
    return (cst.BaseCompoundStatement, cst.Lambda, cst.BaseComp, cst.BaseSuite, cst.Module)


@dataclass(frozen=True)
class _Store:
    statement: cst.CSTNode  # the assignment or `for` loop
    outers: tuple[cst.CSTNode, ...]  # the nodes of _outers() around it, outermost first


def _stores(module: cst.Module) -> dict[str, list[_Store]]:
    """Every store of the module (dead code too) by the code of its target: each target of an
    assignment (``=``, annotated, augmented), each element of a tuple or list target, and the
    whole target of a ``for`` loop."""
    found: dict[str, list[_Store]] = {}
    outers: list[cst.CSTNode] = []
    kept = _outers()

    def add(statement: cst.CSTNode, target: cst.CSTNode) -> None:
        text = cst.Module(body=[]).code_for_node(target)
        found.setdefault(text, []).append(_Store(statement, tuple(outers)))

    def enter(node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            targets = (
                [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            )
            for t in targets:
                if isinstance(t, (cst.Tuple, cst.List)):
                    for element in t.elements:
                        add(node, element.value)
                else:
                    add(node, t)
        elif isinstance(node, cst.For):
            add(node, node.target)
        if isinstance(node, kept):
            outers.append(node)
        return True

    def leave(node: cst.CSTNode) -> None:
        if outers and outers[-1] is node:
            outers.pop()

    walk(module, enter, leave)
    return found


def _constructor_argument(
    call: cst.Call, init: FunctionInfo, param: str
) -> cst.BaseExpression | None:
    """The expression a construction ``Cls(...)`` passes to ``param`` of ``Cls.__init__``."""
    return passed_argument(call, init.params[1:], param)
