"""Input pipelines: what a tf.data or Keras loader hands the code that consumes it (the structure
of its elements, their order, their value range), checked against how that code uses it."""

from __future__ import annotations

from tf2lint.analysis import knowledge
from tf2lint.analysis.model import ModuleModel, Scope, SiteKind
from tf2lint.analysis.tensors import values_read
from tf2lint.analysis.walk import walk
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule

# Loaders whose elements are feature dictionaries unless told otherwise, by the keyword that
# makes them (input, label) pairs: tfds.load(as_supervised=True), make_csv_dataset(label_name=)
_DICT_LOADERS = {
    "tensorflow_datasets.load": "as_supervised",
    "tensorflow.data.experimental.make_csv_dataset": "label_name",
}
_SLICING = ("tensorflow.data.Dataset.from_tensor_slices", "tensorflow.data.Dataset.from_tensors")


def _keyword(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def _is_dict(model: ModuleModel, expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` is a dictionary display or ``dict(...)``, directly or by the one value
    its name is bound to."""
    if isinstance(expr, cst.Name):
        values = model.binding_of(expr).known_values or []
        return len(values) == 1 and _is_dict(model, values[0])
    if isinstance(expr, cst.Dict):
        return True
    return isinstance(expr, cst.Call) and model.call_name(expr) == "builtins.dict"


def dict_elements(model: ModuleModel, expr: cst.BaseExpression, depth: int = 0) -> cst.Call | None:
    """The call that makes the elements of the dataset ``expr`` dictionaries, down its chain of
    structure-keeping methods (``shuffle``, ``batch``: the generated knowledge) and through the
    names it is bound to: ``from_tensor_slices({...})``, ``tfds.load(...)`` without
    ``as_supervised=True``, ``make_csv_dataset(...)`` without ``label_name``; else None."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        if not knowledge.dataset_keeps_structure(expr.func.attr.value):
            break
        expr = expr.func.value
    if isinstance(expr, cst.Subscript):  # tfds.load("mnist")["train"]: every split alike
        expr = expr.value
    if isinstance(expr, cst.Call):
        name = model.call_name(expr) or ""
        if name in _SLICING:
            tensors = _keyword(expr, "tensors") or (expr.args[0] if expr.args else None)
            return expr if tensors is not None and _is_dict(model, tensors.value) else None
        pairs = _DICT_LOADERS.get(name)
        if pairs is None:
            return None
        if name.endswith("make_csv_dataset") and len([a for a in expr.args if not a.keyword]) > 4:
            return None  # label_name given by position
        given = _keyword(expr, pairs)
        if given is not None and not (
            isinstance(given.value, cst.Name) and given.value.value in ("False", "None")
        ):
            return None
        return expr
    if isinstance(expr, cst.Name) and depth < 4:
        binding = model.binding_of(expr, model.scope_of(expr))
        if any(
            s.kind not in (SiteKind.ASSIGN, SiteKind.UNPACK, SiteKind.PARAM) for s in binding.sites
        ):
            return None
        # the binding that reaches this read: `ds = from_tensor_slices({...})`, `ds = ds.map(f)`
        values = [v for v in values_read(model, expr, model.scope_of(expr)) if not _holds(v, expr)]
        if not values:  # `(train, test), info = tfds.load(...)`
            values = [s.value for s in binding.sites if s.kind == SiteKind.UNPACK and s.value]
        found = [dict_elements(model, v, depth + 1) for v in values]
        return found[0] if found and all(found) else None
    return None


def _holds(value: cst.CSTNode, node: cst.CSTNode) -> bool:
    """Whether ``node`` is ``value`` or part of it."""
    found = False

    def enter(current: cst.CSTNode) -> bool:
        nonlocal found
        found = found or current is node
        return not found

    walk(value, enter)
    return found


def required_positional(function: cst.FunctionDef | cst.Lambda, method: bool) -> int | None:
    """How many positional arguments ``function`` requires (``self`` not counted for a
    method); None when it takes ``*args``."""
    params = function.params
    if isinstance(params.star_arg, cst.Param):
        return None
    positional = [*params.posonly_params, *params.params][1 if method else 0 :]
    return sum(1 for p in positional if p.default is None)


class DictElementsMappedWithSeveralParameters(Rule):
    id = "TF990"
    name = "dict-elements-mapped-with-several-parameters"
    category = "api-misuse"
    severity = "error"
    message = "`map` hands this function one dictionary per element, but it needs several arguments"
    rationale = """
        `Dataset.map(f)` unpacks an element into positional arguments only when the element
        is a tuple: `(image, label)` pairs call `f(image, label)`. An element that is a
        dictionary is passed whole, as one argument. A dataset built by
        `from_tensor_slices({...})` of a dictionary, by `tfds.load(...)` without
        `as_supervised=True`, or by `tf.data.experimental.make_csv_dataset(...)` without
        `label_name` has dictionary elements, so a function written as `def f(image, label)`
        fails while `map` traces it: `f() missing 1 required positional argument: 'label'`.
        Reported for `.map(f)` on such a dataset (down its chain of methods that keep the
        element structure, `shuffle`, `batch`, `filter`..., as the knowledge base generated
        from tf.data records) when `f`, a function of the module or a lambda, requires two or
        more positional arguments. Take one argument and read its keys
        (`lambda d: f(d["image"], d["label"])`), or load `(input, label)` pairs
        (`as_supervised=True`, `label_name=`).
    """
    requires_text = ("map",)
    call_names = frozenset({"map"})

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "map" or not node.args:
            return
        arg = _keyword(node, "map_func") or (node.args[0] if not node.args[0].keyword else None)
        if arg is None:
            return
        scope: Scope = self.context.scope
        fn = self.model.function_referenced(arg.value, scope)
        if fn is None or not isinstance(fn.node, (cst.FunctionDef, cst.Lambda)):
            return
        needed = required_positional(
            fn.node, fn.cls is not None and isinstance(arg.value, cst.Attribute)
        )
        if needed is None or needed < 2:
            return
        made = dict_elements(self.model, func.value)
        if made is None:
            return
        self.report(
            arg.value,
            f"the elements of this dataset are dictionaries: `map` passes each one as a single "
            f"argument, but `{fn.name}` requires {needed} positional arguments, so tracing it "
            f"fails (`missing 1 required positional argument`); take one argument and read its "
            f"keys, or load (input, label) pairs",
            because=[
                ("the elements are made dictionaries here", made),
                (f"`{fn.name}` requires {needed} positional arguments", fn.node),
            ],
        )
