"""Small questions several rule families ask about code, answered from the semantic model,
and what the two files of one family share (the Keras 3 rules: the generated table, their base
class and evidence, the fix that renames a Keras file), so that no rule module imports another."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import PurePath

from tf2lint.analysis import knowledge
from tf2lint.analysis.keras_tables import keras2_history, keras3_migration
from tf2lint.analysis.kinds import keras_object
from tf2lint.analysis.model import (
    ClassInfo,
    FunctionInfo,
    ModuleModel,
    Scope,
    ScopeKind,
    SiteKind,
    dotted_name,
    is_keras,
)
from tf2lint.analysis.tape import argument, event_order
from tf2lint.analysis.tfnames import KERAS2_ROOTS, KERAS3_ROOTS, KerasName, keras3_name
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule

# Containers mutated in place by these methods.
MUTATING_METHODS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "update",
        "add",
        "setdefault",
        "remove",
        "discard",
        "clear",
        "pop",
    }
)


def keras_layer_state(qualified: str) -> str | None:
    """What building and calling the public Keras layer ``qualified`` creates: "none",
    "seed" (a random seed variable: Keras 3's Dropout and random layers), "variables",
    "unknown" (not built by the generator), or None for a name that is no layer class."""
    version = "keras2" if qualified.startswith(KERAS2_ROOTS) else "keras3"
    return keras3_migration()["layer_state"][version].get(qualified.rsplit(".", 1)[-1])


def variable_kind(model: ModuleModel, call: cst.Call) -> str | None:
    """What stateful TF object ``call`` constructs: "tf.Variable", "Keras layer", ... or None."""
    name = model.call_name(call)
    if name is None:
        return None
    if name in ("tensorflow.Variable", "tensorflow.compat.v1.Variable"):
        return "tf.Variable"
    returned = knowledge.returns(name)
    if returned == "variable":  # `K.variable`, `K.zeros`: the knowledge base's
        return "Keras backend variable"
    if returned == "model":  # `VGG19(...)`, `load_model(...)`: a new model with its weights
        return "Keras model"
    # `tf.optimizers` and `tf.metrics` are Keras's modules under TensorFlow's own name
    if not (is_keras(name) or name.startswith(("tensorflow.optimizers.", "tensorflow.metrics."))):
        return None
    leaf = name.rsplit(".", 1)[-1]
    if not leaf[:1].isupper():
        return None
    if is_keras(name, "Sequential", "Model"):
        return "Keras model"
    if ".optimizers." in name and "schedules" not in name:
        return "Keras optimizer"
    if ".metrics." in name:
        return "Keras metric"
    if ".layers." in name:
        state = keras_layer_state(name)
        if state == "seed":
            return "Keras 3 layer (it owns a random seed variable)"
        if state in ("variables", "unknown"):
            return "Keras layer"
    return None


def keras_optimizer_class(name: str | None) -> str | None:
    """The class name when ``name`` is a Keras optimizer constructor (``...optimizers.Adam``)."""
    if not name or not (is_keras(name) or name.startswith("tensorflow.optimizers.")):
        return None
    if ".optimizers." not in name or "schedules" in name:
        return None
    leaf = name.rsplit(".", 1)[-1]
    return leaf if leaf[:1].isupper() and leaf != "Optimizer" else None


def constructed_by(
    model: ModuleModel, scope: Scope | None, expr: cst.BaseExpression, accept
) -> bool:
    """Whether some value bound to ``expr`` (``x = C(...)``, ``with C() as x``) is a call whose
    qualified name satisfies ``accept``."""
    if isinstance(expr, cst.Name):
        binding = model.binding_of(expr, scope)
        values = [s.value for s in binding.sites if s.kind in (SiteKind.ASSIGN, SiteKind.WITH)]
    else:
        values = model.bound_values(expr, scope)
    return any(isinstance(v, cst.Call) and accept(model.call_name(v) or "") for v in values)


def is_local(model: ModuleModel, scope: Scope, name: str) -> bool:
    """Whether ``name``, read in ``scope``, lives only as long as one trace: bound in the traced
    function around it (or one of its comprehensions), not a global or an outer closure
    variable."""
    owner = model.lookup(name, scope).scope
    if owner is None or owner.kind in (ScopeKind.MODULE, ScopeKind.CLASS):
        return False
    fn = owner.function
    return fn is not None and fn.traced


def outer_target(model: ModuleModel, scope: Scope, target: cst.BaseExpression) -> str | None:
    """Describe ``target`` if writing to it changes state outside the call, else None.

    ``global``/``nonlocal`` names, attributes of ``self`` or of non-local objects, and items of
    Python containers that outlive the call escape the function; locals do not.
    """
    if isinstance(target, cst.Name):
        owner = model.lookup(target.value, scope).scope
        if owner is model.scope and scope is not model.scope:
            return f"global `{target.value}`"
        if (
            owner is not None
            and owner.function is not scope.function
            and not is_local(model, scope, target.value)
        ):
            return f"nonlocal `{target.value}`"
        return None
    if isinstance(target, cst.Attribute):
        root = _root_name(target)
        if root == "self" and _constructs(scope):
            return None  # __init__ sets up the object it builds: state of that object only
        if root == "self" or (root is not None and not is_local(model, scope, root)):
            return f"attribute `{code(target)}`"
        return None
    if isinstance(target, cst.Subscript):
        if _root_name(target) == "self" and _constructs(scope):
            return None
        kind = python_container(model, scope, target.value)
        if kind is not None:
            return f"outer {kind} `{code(target.value)}`"
    return None


# Methods that set up the object they are called on: its attributes are its own state, even
# when traced code constructs it.
CONSTRUCTORS = frozenset({"__init__", "__new__", "__post_init__", "__setstate__"})


def _constructs(scope: Scope) -> bool:
    """Whether ``self`` here is an object being built (in ``__init__``) or built during the trace
    (a method traced code calls on an object it made itself)."""
    fn = scope.function
    while fn is not None and fn.cls is None:
        fn = fn.outer  # a closure in a method: its `self` is the method's
    return fn is not None and (fn.name in CONSTRUCTORS or fn.fresh_self)


def outer_container(model: ModuleModel, scope: Scope, call: cst.Call) -> str | None:
    """For ``x.append(v)``-style calls on a Python container that outlives the call: its name."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value in MUTATING_METHODS):
        return None
    if _root_name(func.value) == "self" and _constructs(scope):
        return None
    kind = python_container(model, scope, func.value)
    return f"{kind} `{code(func.value)}`" if kind is not None else None


_CONTAINER_LITERALS = {  # by node type name
    "List": "list",
    "ListComp": "list",
    "Dict": "dict",
    "DictComp": "dict",
    "Set": "set",
    "SetComp": "set",
}
_CONTAINER_CALLS = {
    "builtins.list": "list",
    "builtins.dict": "dict",
    "builtins.set": "set",
    "collections.deque": "deque",
    "collections.defaultdict": "dict",
    "collections.OrderedDict": "dict",
    "collections.Counter": "dict",
}


def python_container(model: ModuleModel, scope: Scope, expr: cst.BaseExpression) -> str | None:
    """ "list", "dict", ... when ``expr`` is a global, closure or ``self`` attribute that the
    module binds to a Python container, and so outlives one trace. Unknown objects (which may
    well be TF-backed, like a TFDeque) give None."""
    if isinstance(expr, cst.Name) and is_local(model, scope, expr.value):
        return None
    values = model.bound_values(expr, scope)
    if not values and _root_name(expr) == "self" and isinstance(expr, cst.Attribute):
        cls = model.enclosing_class(scope)
        if cls is not None and cls.keras_kind == "model":
            values = callback_model_assignments(model).get(expr.attr.value, [])
    for value in values:
        kind = _CONTAINER_LITERALS.get(type(value).__name__)
        if kind is None and isinstance(value, cst.Call):
            kind = _CONTAINER_CALLS.get(model.call_name(value) or "")
        if kind is not None:
            return kind
    return None


def callback_model_assignments(model: ModuleModel) -> dict[str, list[cst.BaseExpression]]:
    """What the module's Keras callbacks assign to attributes of ``self.model``, the model
    ``fit`` trains (Keras sets it on every callback it is given): attribute -> values."""

    def compute() -> dict[str, list[cst.BaseExpression]]:
        found: dict[str, list[cst.BaseExpression]] = {}
        for cls in model.classes.values():
            if cls.keras_kind != "callback":
                continue
            for method in cls.methods.values():
                for node in _assignments(method.node):
                    for target in node.targets:
                        t = target.target
                        if (
                            isinstance(t, cst.Attribute)
                            and isinstance(t.value, cst.Attribute)
                            and t.value.attr.value == "model"
                            and isinstance(t.value.value, cst.Name)
                            and t.value.value.value == "self"
                        ):
                            found.setdefault(t.attr.value, []).append(node.value)
        return found

    return model.memo(callback_model_assignments, compute)


def _assignments(node: cst.CSTNode) -> list[cst.Assign]:
    found: list[cst.Assign] = []

    def enter(child: cst.CSTNode) -> bool | None:
        if isinstance(child, cst.Assign):
            found.append(child)
        return None

    walk(node, enter)
    return found


def _root_name(node: cst.BaseExpression) -> str | None:
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def code(node: cst.CSTNode) -> str:
    """The source code of ``node``."""
    return cst.Module(body=[]).code_for_node(node)


def short(node: cst.CSTNode, limit: int = 40) -> str:
    """The source of ``node`` on one line, cut to ``limit`` characters for a message."""
    text = " ".join(code(node).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def is_python_literal(node: cst.CSTNode) -> bool:
    """A number or string literal: a Python value, not a tensor."""
    return isinstance(node, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString))


def np_call(model: ModuleModel, node: cst.BaseExpression) -> bool:
    """A call into NumPy (``np.zeros(...)``, ``np.load(...)``): a host array."""
    if not isinstance(node, cst.Call):
        return False
    name = model.call_name(node) or ""
    return name.startswith("numpy.")


def is_test_path(path: str) -> bool:
    """Test code: ``test_*.py``, ``*_test.py``, ``conftest.py`` or a file under ``tests/``."""
    pure = PurePath(path)
    name = pure.name
    return (
        name.startswith("test_")
        or name.endswith(("_test.py", "_tests.py"))
        or name == "conftest.py"
        or any(part in ("tests", "test") for part in pure.parts[:-1])
    )


class StoreRule(Rule):
    """Base of rules about stores: ``x = v``, ``x += v`` and ``x: T = v`` each call
    :meth:`check_store` with the target and the stored value."""

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self.check_store(target.target, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self.check_store(node.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self.check_store(node.target, node.value)

    def check_store(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        raise NotImplementedError


# --- the Keras 3 rules (rules/keras3.py, rules/keras3_usage.py): the generated table, the rules'
# base class and evidence, and the fix that renames a Keras file -------------------------------


def keras3(name: str | None, *suffixes: str) -> bool:
    """Whether ``name`` is a Keras 3 API ending in one of ``suffixes`` (any, if none given)."""
    if not name:
        return False
    for root in KERAS3_ROOTS:
        if name.startswith(root):
            rest = name[len(root) :].removeprefix("src.")
            return not suffixes or any(rest == s or rest.endswith("." + s) for s in suffixes)
    return False


def uses_tf_keras(model: ModuleModel) -> bool:
    """The module works with the Keras 2 package ``tf_keras``, imported or made ``tf.keras`` by
    ``TF_USE_LEGACY_KERAS=1``: its objects keep the Keras 2 API."""
    return model.imports_keras2 or model.sets_legacy_keras  # both computed once per module


# --- the generated table ------------------------------------------------------------------------


class Keras3Table:
    """The generated Keras 2 -> Keras 3 tables, with the lookups the rules need."""

    def __init__(self, data: dict, history: dict | None = None) -> None:
        self.versions = (data["keras_version"], data["tf_keras_version"])
        self.symbols: dict[str, dict] = data["symbols"]
        self.members: dict[str, dict[str, str | None]] = data["members"]
        self.ancestors: dict[str, list[str]] = data["ancestors"]
        self.aliases: dict[str, str] = data["class_aliases"]
        self.arguments: dict[str, dict[str, dict]] = data["arguments"]
        self.removed_keywords = frozenset(k for removed in self.arguments.values() for k in removed)
        # leaves of the callables a positional argument of which Keras 3 no longer takes
        self.positional_leaves = frozenset(
            path.rsplit(".", 1)[-1]
            for path, removed in self.arguments.items()
            if any("position" in entry for entry in removed.values())
        )
        # keywords of a layer's call that Keras 3 refuses (`lstm(inputs=x)`), by layer class
        self.call_arguments: dict[str, dict[str, dict]] = data.get("call_arguments", {})
        self.removed_call_keywords = frozenset(
            k for removed in self.call_arguments.values() for k in removed
        )
        # constructors and functions whose Keras 3 signature binds a position elsewhere
        self.positional_moves: dict[str, dict] = data.get("positional_moves", {})
        # a subclass's own Keras 3 keywords that a base's entry removes (`Embedding(weights=)`)
        self.accepted_arguments: dict[str, list[str]] = data.get("accepted_arguments", {})
        # removed methods whose Keras 2 body only forwarded to a Keras 3 method (fit_generator)
        self.forwarding_members: dict[str, dict] = data.get("forwarding_members", {})
        # what every Keras 3 class of a kind takes in a method (a layer known only by kind)
        self.kind_signatures: dict[str, dict[str, dict]] = data.get("kind_signatures", {})
        # callbacks writing a key into fit's logs under a new name: {"lr": "learning_rate"}
        self.renamed_log_keys: dict[str, dict[str, str]] = data.get("renamed_log_keys", {})
        self.defaults: dict[str, dict[str, list]] = data["defaults"]
        self.member_names = frozenset(m for ms in self.members.values() for m in ms)
        self.symbol_leaves = frozenset(p.rsplit(".", 1)[-1] for p in self.symbols)
        self.default_owners = frozenset(self.defaults)
        self.keras_tensor = {kind: frozenset(names) for kind, names in data["keras_tensor"].items()}
        self.keras_tensor_members = frozenset().union(*self.keras_tensor.values())
        self.backend: dict[str, list[str]] = data["backend"]
        self.size_layers = frozenset(data["size_layers"])
        self.member_kinds: dict[str, dict[str, str]] = data["member_kinds"]
        # every member some class changed the kind of: for any other, member_kind is None
        self.kind_changed = frozenset(m for kinds in self.member_kinds.values() for m in kinds)
        # Paths only `import keras` lost (tf.keras keeps them): reported for that spelling.
        self.package_symbols: dict[str, dict] = data["package_symbols"]
        self.symbol_leaves |= {p.rsplit(".", 1)[-1] for p in self.package_symbols}
        # Paths of Keras 2's `tf.compat.v1.keras` that Keras 3 lacks (beyond `symbols`).
        self.compat_v1_symbols: dict[str, dict] = data.get("compat_v1_symbols", {})
        self.symbol_leaves |= {p.rsplit(".", 1)[-1] for p in self.compat_v1_symbols}
        # Keywords Keras 3 still takes but refuses with the other boolean: `dynamic=False`.
        self.refused_values: dict[str, dict[str, dict]] = data.get("refused_values", {})
        # What Keras 2 itself removed during TF 2.x, before tf-keras 2.21 (each entry with the
        # `first` and `last` release whose tf.keras had it): generate_keras_history.py.
        history = history or {}
        self.history_symbols: dict[str, dict] = history.get("symbols", {})
        self.symbol_leaves |= {p.rsplit(".", 1)[-1] for p in self.history_symbols}
        self.history_members: dict[str, dict[str, dict]] = history.get("members", {})
        self.member_names |= {m for ms in self.history_members.values() for m in ms}
        self.history_arguments: dict[str, dict[str, dict]] = history.get("arguments", {})
        self.removed_keywords |= {k for a in self.history_arguments.values() for k in a}
        self.kind_members: dict[str, dict[str, dict]] = history.get("kind_members", {})
        self.member_names |= {m for ms in self.kind_members.values() for m in ms}

    def symbol(self, name: KerasName) -> tuple[str, dict] | None:
        """The longest prefix of ``name`` that Keras 3 removed, with its entry."""
        parts = name.path.split(".")
        for i in range(len(parts), 0, -1):
            prefix = ".".join(parts[:i])
            entry = self.symbols.get(prefix)
            if entry is not None:
                if name.package and entry["in_keras"]:
                    return None  # `import keras` still has it
                return prefix, entry
            if name.package and prefix in self.package_symbols:
                return prefix, self.package_symbols[prefix]
            if name.compat_v1 and prefix in self.compat_v1_symbols:
                return prefix, self.compat_v1_symbols[prefix]
            entry = self.history_symbols.get(prefix)
            if entry is not None and not (name.package and entry["in_keras"]):
                return prefix, entry
            entry = self.compat_v1_symbols.get(prefix)
            if entry is not None and not (name.package and entry["in_keras"]):
                # TF1's Keras name (`initializers.normal`, `layers.CuDNNGRU`), which only Keras
                # 2's v1 API kept: Keras 3 has it under no spelling, `import keras`'s included
                return prefix, entry
        return None

    def lineage(self, cls: str) -> list[str]:
        """``cls`` (canonical) and its public Keras 2 bases that have table entries."""
        cls = self.aliases.get(cls, cls)
        return [cls, *self.ancestors.get(cls, ())]

    def is_a(self, cls: str, base: str) -> bool:
        return base in self.lineage(cls)

    def removed_member(self, cls: str, member: str) -> bool:
        for owner in self.lineage(cls):
            state = self.members.get(owner, {})
            if member in state:
                return state[member] is None  # "kept": a subclass has it back
        return self.history_member(cls, member) is not None

    def history_member(self, cls: str, member: str) -> dict | None:
        """The entry of a member that an older Keras 2 release's ``cls`` (or public base) had."""
        for owner in self.lineage(cls):
            entry = self.history_members.get(owner, {}).get(member)
            if entry is not None:
                return entry
        return None

    def kind_member(self, cls: str, member: str) -> dict | None:
        """For an object known only by its kind (``cls`` the kind's base class): the entry of a
        member some Keras 2 class of that kind had and no Keras 3 one has."""
        return self.kind_members.get(cls, {}).get(member)

    def member_kind(self, cls: str, member: str) -> str | None:
        """``"property"`` or ``"stub"`` when Keras 3's ``cls`` itself changed the method's kind
        (not inherited: a subclass may override a stub)."""
        cls = self.aliases.get(cls, cls)
        if cls in self.member_kinds:
            return self.member_kinds[cls].get(member)
        # An abstract class the generator could not build (`optimizers.Optimizer`): a property
        # in every public subclass that records the member is one in it too.
        kinds = {
            kinds[member]
            for sub, kinds in self.member_kinds.items()
            if cls in self.ancestors.get(sub, ()) and member in kinds
        }
        return "property" if kinds == {"property"} else None

    def refused_value(self, cls: str, keyword: str, value: object) -> dict | None:
        """The entry when Keras 3's ``cls`` (or a public base) refuses ``keyword=value``."""
        for owner in self.lineage(cls):
            entry = self.refused_values.get(owner, {}).get(keyword)
            if entry is not None and entry["value"] == value:
                return entry
        return None

    def removed_arguments(self, owners: list[str]) -> dict[str, dict]:
        """The removed keywords of the first owner key that has each (most derived first),
        less those a more derived owner's Keras 3 constructor takes itself."""
        found: dict[str, dict] = {}
        accepted: set[str] = set()
        for owner in owners:
            for keyword, entry in self.arguments.get(owner, {}).items():
                if keyword not in accepted:
                    found.setdefault(keyword, entry)
            accepted.update(self.accepted_arguments.get(owner, ()))
        for owner in owners:
            for keyword, entry in self.history_arguments.get(owner, {}).items():
                if keyword in accepted and keyword not in found:
                    continue
                known = found.setdefault(keyword, entry)
                if known["new"] is None and entry["new"] is not None:
                    # an old release's source made it another name of a Keras 3 parameter
                    found[keyword] = {**known, "new": entry["new"]}
        if not found and len(owners) == 1:
            found = self._kind_arguments(owners[0])
        return found

    def _kind_arguments(self, owner: str) -> dict[str, dict]:
        """For ``<kind base>.<method>`` (a receiver known only by its kind): the entries some
        class of the kind has for the method that no Keras 3 class of the kind takes (a
        keyword none names, a position past the most any takes)."""
        kind, _, method = owner.rpartition(".")
        taken = self.kind_signatures.get(kind, {}).get(method)
        if taken is None:
            return {}
        found: dict[str, dict] = {}
        for path, entries in self.arguments.items():
            cls, _, name = path.rpartition(".")
            if name != method or not cls or not self.is_a(cls, kind):
                continue
            for keyword, entry in entries.items():
                position = entry.get("position")
                refused = not taken["varkw"] and keyword not in taken["keywords"]
                past = position is not None and (
                    taken["positional"] is not None and position >= taken["positional"]
                )
                if refused or past:
                    kept = {**entry, "new": None}
                    if not past:
                        kept.pop("position", None)
                    found.setdefault(keyword, kept)
        return found


@cache
def table() -> Keras3Table:
    return Keras3Table(keras3_migration(), keras2_history())


def removed_since(entry: dict) -> str:
    """`` (last in tf.keras of TF 2.5)`` for an entry of the history, else nothing."""
    last = entry.get("last")
    if last is None:
        return ""
    if last == "tf-keras":
        return " (Keras 2 only)"
    if entry.get("layout"):
        return f" (a module of the keras package up to keras {last})"
    return f" (last in `tf.keras` of TF {last})"


# What a module's own code must spell for the evidence of this file's helpers (keras3_name,
# keras_object, keras_tensor...) to find anything: every Keras name resolves from a spelling with
# "keras" in it (an import, `tf.keras`), and keras_object's one guess reads `<x>.metrics`.
KERAS_EVIDENCE_TEXT = ("keras", ".metrics")


class Keras3Rule(Rule):
    """A Keras 3 rule. One whose every finding needs that evidence declares ``requires_text =
    KERAS_EVIDENCE_TEXT`` (the engine skips it in a module without any, see tf2lint.linting.engine);
    one that also reads spellings alone (``save_format=``, ``lr=`` on ``tf.optimizers``,
    ``history["lr"]``) does not.

    Every finding carries its Keras evidence (:func:`keras3_evidence`): the import that makes
    this module's Keras the Keras 3 of TF 2.16+, the Keras name the reported code resolves to,
    and, for a method or attribute, why its ``receiver`` is that Keras object."""

    category = "keras3"
    since_tensorflow = "2.16"

    def report(
        self,
        node: cst.CSTNode,
        message: str | None = None,
        *,
        receiver: cst.BaseExpression | None = None,
        named: cst.BaseExpression | None = None,
        because=(),
        **kwargs,
    ) -> None:
        if receiver is None and named is None:  # `<receiver>.method(...)`, `<receiver>.attr`
            target = node.func if isinstance(node, cst.Call) else node
            if isinstance(target, cst.Attribute) and self.model.qualified_name(target) is None:
                receiver = target.value
        steps = [
            *keras3_evidence(self.model, self.context.scope, named or node, receiver),
            *because,
        ]
        super().report(node, message, because=steps, **kwargs)


# --- evidence: why this is Keras 3, and why the receiver is that Keras object --------------------

_KERAS3_IMPORT_WHY = {
    "tensorflow": "`tf.keras` is Keras 3 from TensorFlow 2.16 (this rule runs for "
    "target-tensorflow 2.16 and later), and the module does not import `tf_keras`",
    "keras": "the `keras` package beside TensorFlow 2.16+ is Keras 3, and the module does not "
    "import `tf_keras`",
}


def keras3_import(model: ModuleModel) -> tuple[str, cst.CSTNode] | None:
    """The import that makes this module's Keras the Keras 3 of TF 2.16+, with why: the first
    that names Keras (``from tensorflow import keras``, ``import keras``), else the first of
    ``tensorflow``. Once per module."""
    return model.memo(keras3_import, lambda: _keras3_import(model))


def _shown_import(statement: cst.CSTNode) -> str:
    """An import statement on one line, shortened (``from x import (a, b, ...)``)."""
    text = " ".join(code(statement).split())
    return text if len(text) <= 72 else text[:69] + "..."


def _keras3_import(model: ModuleModel) -> tuple[str, cst.CSTNode] | None:
    first_tf = None
    for statement in (*model.nodes_of(cst.Import), *model.nodes_of(cst.ImportFrom)):
        if isinstance(statement, cst.ImportFrom):
            if statement.relative or statement.module is None:
                continue
            base = module_path(statement.module)
            names = (
                [base]
                if isinstance(statement.names, cst.ImportStar)
                else [f"{base}.{module_path(a.name)}" for a in statement.names]
            )
        else:
            names = [module_path(a.name) for a in statement.names]
        for name in names:
            root = name.split(".", 1)[0]
            if root not in _KERAS3_IMPORT_WHY or name.startswith("tensorflow.python"):
                continue
            keras_named = root == "keras" or name.startswith(
                ("tensorflow.keras", "tensorflow.compat.v1.keras")
            )
            if keras_named:
                why = _KERAS3_IMPORT_WHY["keras" if root == "keras" else "tensorflow"]
                return f"`{_shown_import(statement)}`: {why}", statement
            if first_tf is None:
                first_tf = (
                    f"`{_shown_import(statement)}`: {_KERAS3_IMPORT_WHY['tensorflow']}",
                    statement,
                )
    return first_tf


def keras3_evidence(
    model: ModuleModel,
    scope: Scope | None,
    node: cst.CSTNode,
    receiver: cst.BaseExpression | None = None,
) -> list[tuple[str, cst.CSTNode]]:
    """Why a Keras finding holds, as evidence steps: the Keras 3 import, the Keras name the
    reported code resolves to (``tf.keras.layers.Dense`` is ``tensorflow.keras.layers.Dense``),
    and why ``receiver`` is the Keras object the rule says (its binding, with the model's
    reason)."""
    steps: list[tuple[str, cst.CSTNode]] = []
    found = keras3_import(model)
    if uses_tf_keras(model):  # the few Keras 3 rules that also hold for tf-keras (TF008, TF015)
        if model.keras_version == 2:
            why = "the project says `keras-version = 2` (TF_USE_LEGACY_KERAS=1 where it runs)"
        elif model.sets_legacy_keras:
            why = "the module sets `TF_USE_LEGACY_KERAS`"
        else:
            why = "the module imports `tf_keras`"
        steps.append((f"{why}: its Keras is tf-keras, Keras 2", node))
        if receiver is not None:
            steps.extend(receiver_evidence(model, scope, receiver))
        return steps
    if found is not None:
        steps.append(found)
    else:
        steps.append(
            (
                "the module does not import `tf_keras`: the Keras it reaches is Keras 3 from "
                "TensorFlow 2.16",
                node,
            )
        )
    named = node.func if isinstance(node, cst.Call) else node
    if isinstance(named, cst.Arg):
        named = None
    qualified = (
        model.qualified_name(named) if isinstance(named, (cst.Name, cst.Attribute)) else None
    )
    if qualified is not None and keras3_name(qualified) is not None:
        steps.append((f"`{code(named)}` is `{qualified}`, a Keras 3 name", named))
    if receiver is not None:
        steps.extend(receiver_evidence(model, scope, receiver))
    return steps


def receiver_evidence(
    model: ModuleModel, scope: Scope | None, receiver: cst.BaseExpression
) -> list[tuple[str, cst.CSTNode]]:
    """Why ``receiver`` is a Keras object: the model's reason, at the code that shows it (the
    assignment of a name, the class of ``self``)."""
    found = model.kind_of(receiver, scope)
    shown = code(receiver)
    if found is None:
        return []
    what = f"a Keras {found.kind}"
    if found.cls is not None:
        what = f"a `{found.cls}`"
    where: cst.CSTNode = receiver
    if isinstance(receiver, cst.Name) and receiver.value == "self":
        cls = model.enclosing_class(scope)
        if cls is not None:
            where = cls.node
    elif isinstance(receiver, cst.Name):
        sites = model.binding_of(receiver, scope).sites
        if sites:
            where = sites[-1].value if sites[-1].value is not None else sites[-1].node
    return [(f"`{shown}` is {what}: {found.why}", where)]


def module_path(node: cst.BaseExpression) -> str:
    """An imported module's dotted name, without generating code for it."""
    return dotted_name(node) or code(node)


def keyword_arg(call: cst.Call, name: str) -> cst.Arg | None:
    """The argument ``call`` passes as keyword ``name``, if any."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def keras_model_receiver(
    model: ModuleModel, fn: FunctionInfo | None, expr: cst.BaseExpression
) -> bool:
    """Evidence that ``expr`` is a Keras 3 model (see :func:`keras_object`)."""
    found = keras_object(model, fn, expr)
    return found is not None and table().is_a(found.cls, "Model")


@dataclass(frozen=True)
class KerasPathUse:
    """A path argument of a Keras save or load call: what it saves (``"weights"`` or
    ``"model"``), and whether the call writes the file."""

    expr: cst.BaseExpression
    kind: str
    writes: bool


def keras_path_uses(model: ModuleModel) -> dict[int, KerasPathUse]:
    """Every path argument of a Keras save or load call in the module, by the id of its
    expression: ``save_weights``/``load_weights``/``save`` of a Keras model, ``load_model``,
    ``save_model``, ``ModelCheckpoint`` (weights when ``save_weights_only=True``)."""
    return model.memo(keras_path_uses, lambda: _keras_path_uses(model))


def _path_argument(call: cst.Call, keyword: str, position: int) -> cst.BaseExpression | None:
    found = keyword_arg(call, keyword)
    if found is not None:
        return found.value
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    return positional[position] if len(positional) > position else None


def _keras_path_uses(model: ModuleModel) -> dict[int, KerasPathUse]:
    uses: dict[int, KerasPathUse] = {}
    for call in model.nodes_of(cst.Call):
        func = call.func
        name = keras3_name(model.call_name(call))
        found = None
        if name is not None and name.path.endswith(("models.load_model", "saving.load_model")):
            found = (_path_argument(call, "filepath", 0), "model", False)
        elif name is not None and name.path.endswith(("models.save_model", "saving.save_model")):
            found = (_path_argument(call, "filepath", 1), "model", True)
        elif name is not None and name.path.endswith("callbacks.ModelCheckpoint"):
            only = keyword_arg(call, "save_weights_only")
            weights = only is not None and code(only.value) == "True"
            found = (_path_argument(call, "filepath", 0), "weights" if weights else "model", True)
        elif isinstance(func, cst.Attribute) and func.attr.value in _PATH_METHODS:
            receiver = func.value
            scope = model.scope_of(receiver) if isinstance(receiver, cst.Name) else None
            if keras_model_receiver(model, scope, receiver):
                kind, writes = _PATH_METHODS[func.attr.value]
                found = (_path_argument(call, "filepath", 0), kind, writes)
        if found is not None and found[0] is not None:
            uses[id(found[0])] = KerasPathUse(*found)
            name = _joined_name(model, found[0])
            if name is not None:  # `os.path.join(folder, "ckpt")`: the file's own name
                uses[id(name)] = KerasPathUse(name, found[1], found[2])
    return uses


def _joined_name(model: ModuleModel, path: cst.BaseExpression) -> cst.SimpleString | None:
    """The file name a path joins last, when it is a string literal:
    ``os.path.join(folder, "ckpt")``."""
    if isinstance(path, cst.Call) and model.call_name(path) == "os.path.join" and path.args:
        last = path.args[-1]
        if last.keyword is None and not last.star and isinstance(last.value, cst.SimpleString):
            return last.value
    return None


# Keras model methods that take a file path: what the file holds, whether the method writes it.
_PATH_METHODS = {
    "save_weights": ("weights", True),
    "load_weights": ("weights", False),
    "save": ("model", True),
}


def keras3_path(text: str, kind: str) -> str | None:
    """The name Keras 3 needs for a file of ``kind`` that Keras 2 code named ``text``, when
    keeping the program's meaning: ``.h5``/``.hdf5`` weights become ``.weights.h5`` (HDF5
    both), an ``.hdf5`` model ``.keras``, a TF checkpoint prefix or SavedModel folder in the
    working folder gets the suffix
    (Keras 2 made missing folders, Keras 3 does not: a name with a folder is left alone). None
    when the name is already one Keras 3 takes, or cannot be renamed safely."""
    if kind == "weights":
        if text.endswith(".weights.h5"):
            return None
        for suffix in (".h5", ".hdf5"):
            if text.endswith(suffix):
                return text[: -len(suffix)] + ".weights.h5"
        new = text + ".weights.h5"
    else:
        if text.endswith((".keras", ".h5")):
            return None
        if text.endswith(".hdf5"):  # Keras 3's own format: its legacy `.h5` reloads less
            return text[: -len(".hdf5")] + ".keras"
        new = text.rstrip("/") + ".keras"
    if "/" in text.rstrip("/") or "\\" in text or "{" in text or not text.strip("./"):
        return None
    return new


def keras_path_fix(
    model: ModuleModel, scope: Scope | None, path: cst.BaseExpression | None
) -> dict:
    """The safe fix that renames a Keras file path (``report`` keywords), or ``{}``: the path
    is a string literal (or ends in one: ``os.path.join(folder, "ckpt")`` names the file
    ``"ckpt"``), or a name assigned one literal once, and every spelling of it in the
    module (the same string, the name) is the path of a Keras save or load call; at least one
    call writes the file, and every writer saves the same kind. Each is renamed to what Keras 3
    needs (:func:`keras3_path`), so the program writes and reads the same file by its new
    name."""
    uses = keras_path_uses(model)
    literal, name = _joined_name(model, path) or path, None
    if isinstance(path, cst.Name) and scope is not None:
        values = model.binding_of(path, scope).known_values
        if not values or len(values) != 1:
            return {}
        literal, name = values[0], path.value
    if not isinstance(literal, cst.SimpleString) or not isinstance(literal.evaluated_value, str):
        return {}
    text = literal.evaluated_value
    spelled = [s for s in model.nodes_of(cst.SimpleString) if s.evaluated_value == text]
    names = [n for n in model.nodes_of(cst.Name) if name is not None and n.value == name]
    kinds, writes = set(), False
    for node in spelled + names:
        if node is literal and name is not None:
            continue  # the assignment the name holds
        use = uses.get(id(node))
        if use is None:
            if name is not None and node in names and _assigned_name(model, node, literal):
                continue
            return {}
        writes |= use.writes
        if use.writes:
            kinds.add(use.kind)
    if not writes or len(kinds) != 1:
        return {}
    new = keras3_path(text, kinds.pop())
    if new is None:
        return {}
    return {
        "edits": [(s, _renamed_string(s, new)) for s in spelled],
        "fix_description": f"name the file {new!r}, everywhere this module saves or loads it",
        "applicability": "safe",
    }


def _assigned_name(model: ModuleModel, name: cst.Name, literal: cst.SimpleString) -> bool:
    """Whether ``name`` is the target of the one assignment of ``literal``."""
    for assign in model.nodes_of(cst.Assign):
        if assign.value is literal:
            return any(t.target is name for t in assign.targets)
    return False


def _renamed_string(node: cst.SimpleString, new: str) -> cst.SimpleString:
    quote = node.quote
    return node.with_changes(value=f"{node.prefix}{quote}{new}{quote}")


def literal_tail(
    model: ModuleModel,
    expr: cst.BaseExpression | None,
    scope: Scope | None = None,
    depth: int = 0,
) -> str | None:
    """The text a path expression ends with, when the code spells it out: a string, an f-string,
    ``os.path.join(...)`` or ``dir + "/name"`` ending in one, ``"...".format(...)``, or (with
    ``scope``) a name every assignment of which ends in the same text."""
    if isinstance(expr, cst.SimpleString):
        value = expr.evaluated_value
        return value if isinstance(value, str) else None
    if isinstance(expr, cst.ConcatenatedString):
        return literal_tail(model, expr.right, scope, depth)
    if isinstance(expr, cst.FormattedString):
        last = expr.parts[-1] if expr.parts else None
        if isinstance(last, cst.FormattedStringText):
            return last.value
        return None
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        return literal_tail(model, expr.right, scope, depth)
    if isinstance(expr, cst.Call) and model.call_name(expr) == "os.path.join" and expr.args:
        return literal_tail(model, expr.args[-1].value, scope, depth)
    if (
        isinstance(expr, cst.Call)
        and isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value == "format"
        and isinstance(expr.func.value, cst.SimpleString)
    ):
        text = literal_tail(model, expr.func.value)
        return text if text is not None and "{" not in text.rsplit(".", 1)[-1] else None
    if isinstance(expr, cst.Name) and scope is not None and depth < 3:
        values = model.binding_of(expr, scope).known_values
        tails = {literal_tail(model, v, scope, depth + 1) for v in values or ()}
        if len(tails) == 1:
            return tails.pop()
    return None


# --- a compiled model's last layer (TF934, TF935, TF966, TF978) ---


def added_before(
    model: ModuleModel, construction: cst.Call, scope: Scope, before: cst.CSTNode
) -> list[cst.BaseExpression]:
    """The layers ``name.add(...)`` adds, in order, to the ``Sequential()`` bound to ``name``
    between that construction and ``before`` in the module's walk (a notebook that builds
    ``model = Sequential()`` in several cells adds to each in its own cell)."""
    holders = [
        site.node
        for sites in scope.bindings.values()
        for site in sites
        if site.value is construction and isinstance(site.node, cst.Name)
    ]
    if len(holders) != 1:
        return []
    start, end = event_order(model, construction), event_order(model, before)
    holder = holders[0].value
    added = []
    for call in model.calls_made_by(scope if scope.kind == ScopeKind.FUNCTION else None):
        func = call.func
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == holder
            and func.attr.value == "add"
            and call.args
            and start < event_order(model, call) < end
        ):
            added.append(call.args[0].value)
    return added


def last_layer(
    model: ModuleModel, construction: cst.Call, scope: Scope, before: cst.CSTNode
) -> cst.Call | None:
    """The construction of the last layer of a ``Sequential`` (its list, or its ``add`` calls
    before ``before``), of a functional ``Model(inputs, outputs)`` with one output, or of a
    ``Model`` subclass whose ``call`` returns one layer's output (``return self.dense(h)``);
    None where the module does not show it."""
    training = model.training
    name = knowledge.canonical(model.call_name(construction) or "")
    if name.endswith("Sequential"):
        layers = argument(construction, 0, "layers")
        if isinstance(layers, (cst.List, cst.Tuple)):
            elements = [e.value for e in layers.elements]
        elif layers is None:
            elements = added_before(model, construction, scope, before)
        else:
            return None
        if not elements:
            return None
        return training.layer_construction(elements[-1], scope)
    if knowledge.class_kind(name) == "model":
        outputs = argument(construction, 1, "outputs")
        if not isinstance(outputs, cst.Name):
            return None
        values = model.bound_values(outputs, scope)
        if len(values) != 1 or not isinstance(values[0], cst.Call):
            return None
        where = model.binding_of(outputs, scope).scope or scope
        return training.layer_construction(values[0].func, where)
    cls = training.local_class(construction, scope)
    return subclass_last_layer(model, cls) if cls is not None else None


def subclass_last_layer(model: ModuleModel, cls: ClassInfo) -> cst.Call | None:
    """The construction of the layer whose output a ``Model`` subclass's ``call`` returns
    (``return self.dense(h)``), where it shows one."""
    method = model.resolve_method(cls, "call")
    if cls.keras_kind != "model" or method is None:
        return None
    training = model.training
    returned = model.return_values(method)
    if len(returned) != 1 or not isinstance(returned[0], cst.Call):
        return None
    applied = returned[0].func
    if not (isinstance(applied, cst.Attribute) and isinstance(applied.value, cst.Name)):
        return None
    return training.layer_construction(applied, method)
