"""Small questions several rule families ask about code, answered from the semantic model."""

from __future__ import annotations

from tf2lint.lazy import cst
from tf2lint.model import FunctionInfo, ModuleModel, is_keras
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


def is_local(fn: FunctionInfo, name: str) -> bool:
    """Whether ``name`` lives only as long as one trace: bound in ``fn`` or in a traced function
    enclosing it (a list built up while tracing, say), not a global or an outer closure variable.
    """
    scope: FunctionInfo | None = fn
    while scope is not None and scope.traced:
        if scope.binds(name):
            return True
        scope = scope.outer
    return False


def outer_target(model: ModuleModel, fn: FunctionInfo, target: cst.BaseExpression) -> str | None:
    """Describe ``target`` if writing to it changes state outside the call, else None.

    ``global``/``nonlocal`` names, attributes of ``self`` or of non-local objects, and items of
    Python containers that outlive the call escape the function; locals do not.
    """
    if isinstance(target, cst.Name):
        if target.value in fn.global_names:
            return f"global `{target.value}`"
        if target.value in fn.nonlocal_names and not (
            fn.outer and is_local(fn.outer, target.value)
        ):
            return f"nonlocal `{target.value}`"
        return None
    if isinstance(target, cst.Attribute):
        root = _root_name(target)
        if root == "self" or (root is not None and not is_local(fn, root)):
            return f"attribute `{_code(target)}`"
        return None
    if isinstance(target, cst.Subscript):
        kind = python_container(model, fn, target.value)
        if kind is not None:
            return f"outer {kind} `{_code(target.value)}`"
    return None


def outer_container(model: ModuleModel, fn: FunctionInfo, call: cst.Call) -> str | None:
    """For ``x.append(v)``-style calls on a Python container that outlives the call: its name."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value in MUTATING_METHODS):
        return None
    kind = python_container(model, fn, func.value)
    return f"{kind} `{_code(func.value)}`" if kind is not None else None


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


def python_container(model: ModuleModel, fn: FunctionInfo, expr: cst.BaseExpression) -> str | None:
    """ "list", "dict", ... when ``expr`` is a global, closure or ``self`` attribute that the
    module binds to a Python container, and so outlives one trace. Unknown objects (which may
    well be TF-backed, like a TFDeque) give None."""
    if isinstance(expr, cst.Name) and is_local(fn, expr.value):
        return None
    values = model.bound_values(expr, fn, outer_only=True)
    for value in values:
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


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


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
