"""Small questions several rule families ask about code, answered from the semantic model."""

from __future__ import annotations

from pathlib import PurePath

from tf2lint.lazy import cst
from tf2lint.model import ModuleModel, Scope, is_keras
from tf2lint.rule import Rule

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

# Keras layers without weights: building one inside traced code creates no variable.
WEIGHTLESS_LAYERS = frozenset(
    [
        "Activation",
        "ReLU",
        "LeakyReLU",
        "PReLU_",
        "Softmax",
        "ELU",
        "ThresholdedReLU",
        "Dropout",
        "SpatialDropout1D",
        "SpatialDropout2D",
        "SpatialDropout3D",
        "GaussianNoise",
        "GaussianDropout",
        "AlphaDropout",
        "Flatten",
        "Reshape",
        "Permute",
        "RepeatVector",
        "Lambda",
        "Concatenate",
        "Add",
        "Subtract",
        "Multiply",
        "Average",
        "Maximum",
        "Minimum",
        "Dot",
        "ZeroPadding1D",
        "ZeroPadding2D",
        "ZeroPadding3D",
        "Cropping1D",
        "Cropping2D",
        "Cropping3D",
        "UpSampling1D",
        "UpSampling2D",
        "UpSampling3D",
        "MaxPooling1D",
        "MaxPooling2D",
        "MaxPooling3D",
        "AveragePooling1D",
        "AveragePooling2D",
        "AveragePooling3D",
        "GlobalMaxPooling1D",
        "GlobalMaxPooling2D",
        "GlobalMaxPooling3D",
        "GlobalAveragePooling1D",
        "GlobalAveragePooling2D",
        "GlobalAveragePooling3D",
        "MaxPool1D",
        "MaxPool2D",
        "MaxPool3D",
        "AvgPool1D",
        "AvgPool2D",
        "AvgPool3D",
        "GlobalMaxPool1D",
        "GlobalMaxPool2D",
        "GlobalAvgPool1D",
        "GlobalAvgPool2D",
        "Masking",
        "InputLayer",
        "ActivityRegularization",
        "Identity",
        "Rescaling",
        "Resizing",
        "CenterCrop",
        "Input",
    ]
)


def tensorflow_alias(model: ModuleModel) -> str | None:
    """The local name bound to the tensorflow module (``tf``), if the module imports it."""
    for local, target in model.imports.items():
        if target in ("tensorflow", "tensorflow.compat.v2"):
            return local
    return None


def variable_kind(model: ModuleModel, call: cst.Call) -> str | None:
    """What stateful TF object ``call`` constructs: "tf.Variable", "Keras layer", ... or None."""
    name = model.call_name(call)
    if name is None:
        return None
    if name in ("tensorflow.Variable", "tensorflow.compat.v1.Variable"):
        return "tf.Variable"
    if not (is_keras(name) or name.startswith("tensorflow.optimizers.")):
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
    if ".layers." in name and leaf not in WEIGHTLESS_LAYERS:
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
        binding = model.lookup(expr.value, scope)
        values = [s.value for s in binding.sites if s.kind in ("assign", "with")]
    else:
        values = model.bound_values(expr, scope)
    return any(isinstance(v, cst.Call) and accept(model.call_name(v) or "") for v in values)


def is_local(model: ModuleModel, scope: Scope, name: str) -> bool:
    """Whether ``name``, read in ``scope``, lives only as long as one trace: bound in the traced
    function around it (or one of its comprehensions), not a global or an outer closure
    variable."""
    owner = model.lookup(name, scope).scope
    if owner is None or owner.kind in ("module", "class"):
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
        if root == "self" or (root is not None and not is_local(model, scope, root)):
            return f"attribute `{code(target)}`"
        return None
    if isinstance(target, cst.Subscript):
        kind = python_container(model, scope, target.value)
        if kind is not None:
            return f"outer {kind} `{code(target.value)}`"
    return None


def outer_container(model: ModuleModel, scope: Scope, call: cst.Call) -> str | None:
    """For ``x.append(v)``-style calls on a Python container that outlives the call: its name."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value in MUTATING_METHODS):
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
    for value in model.bound_values(expr, scope):
        kind = _CONTAINER_LITERALS.get(type(value).__name__)
        if kind is None and isinstance(value, cst.Call):
            kind = _CONTAINER_CALLS.get(model.call_name(value) or "")
        if kind is not None:
            return kind
    return None


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
