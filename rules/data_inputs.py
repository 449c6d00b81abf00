"""Input pipelines: what a tf.data or Keras loader hands the code that consumes it (the structure
of its elements, their order, their value range), checked against how that code uses it."""

from __future__ import annotations

from tf2lint.analysis import knowledge
from tf2lint.analysis.model import FunctionInfo, ModuleModel, Scope, SiteKind
from tf2lint.analysis.tensors import values_read
from tf2lint.analysis.walk import contains
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import code

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
        reaching = _reaching_value(model, expr)
        values = [] if reaching is None else [reaching]
        found = [dict_elements(model, v, depth + 1) for v in values]
        return found[0] if found and all(found) else None
    return None


def _reaching_value(model: ModuleModel, name: cst.Name) -> cst.BaseExpression | None:
    """The value of the last assignment (or unpacking) of ``name`` before this read, in the
    module's walk, not counting the one this read is part of (``ds = ds.map(f)``)."""
    at = model.event_index().get(id(name), -1)
    binding = model.binding_of(name, model.scope_of(name))
    sites = [
        s
        for s in binding.sites
        if s.kind in (SiteKind.ASSIGN, SiteKind.UNPACK)
        and s.value is not None
        and s.order < at
        and not contains(s.value, name)
    ]
    return max(sites, key=lambda s: s.order).value if sites else None


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


def _shuffling_loader(
    model: ModuleModel, expr: cst.BaseExpression, depth: int = 0
) -> cst.Call | None:
    """The Keras loader call that builds ``expr`` and shuffles its examples (``shuffle`` left to
    its default True, or given True): ``ImageDataGenerator(...).flow_from_directory(...)``,
    ``keras.utils.image_dataset_from_directory(...)``, down a dataset's chain; else None."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        method = expr.func.attr.value
        if knowledge.shuffles_by_default(model.call_name(expr) or ""):
            break  # keras.utils.image_dataset_from_directory(...)
        if knowledge.shuffles_by_default(method):
            if method == "flow" and not _image_data_generator(model, expr.func.value):
                return None
            break  # datagen.flow_from_directory(...)
        if not knowledge.dataset_keeps_structure(method):  # prefetch, cache: the same order
            return None
        expr = expr.func.value
    if isinstance(expr, cst.Name) and depth < 4:
        binding = model.binding_of(expr, model.scope_of(expr))
        if binding.is_param and isinstance(binding.scope, FunctionInfo) and len(binding.sites) == 1:
            # `def evaluate(model, gen)`: what every caller passes
            passed = [v for v, _ in model.arguments(binding.scope, expr.value)]
            found = [_shuffling_loader(model, v, depth + 1) for v in passed]
            return found[0] if found and all(found) else None
        values = values_read(model, expr, model.scope_of(expr))
        return _shuffling_loader(model, values[0], depth + 1) if len(values) == 1 else None
    if not isinstance(expr, cst.Call) or not (
        knowledge.shuffles_by_default(model.call_name(expr) or "")
        or (
            isinstance(expr.func, cst.Attribute)
            and knowledge.shuffles_by_default(expr.func.attr.value)
        )
    ):
        return None
    shuffle = _keyword(expr, "shuffle")
    if shuffle is not None and not (
        isinstance(shuffle.value, cst.Name) and shuffle.value.value == "True"
    ):
        return None
    return expr


def _image_data_generator(model: ModuleModel, expr: cst.BaseExpression) -> bool:
    """Whether ``expr`` is built by ``ImageDataGenerator(...)``, directly or through its name."""
    if isinstance(expr, cst.Name):
        values = values_read(model, expr, model.scope_of(expr))
        return len(values) == 1 and _image_data_generator(model, values[0])
    name = model.call_name(expr) if isinstance(expr, cst.Call) else None
    return (name or "").endswith("ImageDataGenerator")


def _labels_read_in_order(
    model: ModuleModel, loader: cst.Name | cst.Attribute
) -> cst.CSTNode | None:
    """Where the module reads the labels of the loader named ``loader`` in an order of their
    own: the iterator's ``.classes`` / ``.labels`` (in directory order), or another pass over
    the dataset (``[y for _, y in ds]``, ``for x, y in ds``: reshuffled on every pass)."""
    if isinstance(loader, cst.Attribute):  # self.test_gen: the same attribute of self
        attr = loader.attr.value
        is_self = lambda e: isinstance(e, cst.Name) and e.value == "self"  # noqa: E731
    else:
        same = model.binding_of(loader, model.scope_of(loader))

    def is_loader(expr: cst.BaseExpression) -> bool:
        while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
            expr = expr.func.value  # ds.unbatch(), ds.as_numpy_iterator()
        if isinstance(loader, cst.Attribute):
            return (
                isinstance(expr, cst.Attribute) and expr.attr.value == attr and is_self(expr.value)
            )
        return (
            isinstance(expr, cst.Name)
            and expr.value == loader.value
            and model.binding_of(expr, model.scope_of(expr)) is same
        )

    for attribute in model.nodes_of(cst.Attribute):
        if attribute.attr.value in ("classes", "labels") and is_loader(attribute.value):
            return attribute
    for loop in [*model.nodes_of(cst.For), *model.nodes_of(cst.CompFor)]:
        if is_loader(loop.iter):
            return loop.iter
    return None


def _labels_given(model: ModuleModel, loader: cst.Call) -> cst.CSTNode | None:
    """Where the module reads again the labels array it handed ``ImageDataGenerator.flow(x, y)``
    (``confusion_matrix(y_test, ...)``): in their own order, not the shuffled one."""
    if not isinstance(loader.func, cst.Attribute) or loader.func.attr.value != "flow":
        return None
    given = _keyword(loader, "y") or (
        loader.args[1] if len(loader.args) > 1 and not loader.args[1].keyword else None
    )
    if given is None or not isinstance(given.value, cst.Name):
        return None
    labels = given.value
    same = model.binding_of(labels, model.scope_of(labels))
    for name in model.nodes_of(cst.Name):
        if (
            name is not labels
            and name.value == labels.value
            and not contains(loader, name)
            and model.binding_of(name, model.scope_of(name)) is same
            and any(site.node is not name for site in same.sites)
        ):
            return name
    return None


# the engine's call_names precondition, and the rule's own check (the precondition may be lifted)
_PREDICT_METHODS = frozenset({"predict", "predict_generator"})


class ShuffledLoaderPredictedAgainstLabels(Rule):
    id = "TF991"
    name = "shuffled-loader-predicted-against-labels"
    category = "api-misuse"
    severity = "warning"
    message = "predictions of a shuffling loader are compared with labels read in another order"
    rationale = """
        `ImageDataGenerator.flow_from_directory`, `flow_from_dataframe` and `flow`, and
        `keras.utils.image_dataset_from_directory` (and its text and audio twins) shuffle their
        examples unless given `shuffle=False` (their signatures' default, recorded in the
        knowledge base). `model.predict(loader)` returns the predictions in the order the
        loader served the examples that pass; the iterator's `.classes` are in directory order,
        and a second pass over a dataset (`[y for _, y in ds]`) is shuffled anew. A confusion
        matrix, accuracy or report built from the two pairs predictions with the labels of
        other examples: a good model scores near chance. Reported for `model.predict(name)`
        where `name` is such a loader left shuffling, when the module also reads its
        `.classes` / `.labels` or passes over it again. Build the evaluation loader with
        `shuffle=False`, or collect predictions and labels in the same pass
        (`for x, y in ds: preds.append(model(x)); labels.append(y)`).
    """
    requires_text = ("predict",)
    call_names = _PREDICT_METHODS

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in _PREDICT_METHODS:
            return
        arg = (
            _keyword(node, "x")
            or _keyword(node, "generator")  # Keras 2's predict_generator(generator=...)
            or (node.args[0] if node.args and not node.args[0].keyword else None)
        )
        if arg is None:
            return
        if isinstance(arg.value, cst.Attribute):  # self.test_gen, built in another method
            values = self.model.bound_values(arg.value, self.context.scope)
            if len(values) != 1 or not isinstance(arg.value.value, cst.Name):
                return
            loader = _shuffling_loader(self.model, values[0])
        elif isinstance(arg.value, cst.Name):
            loader = _shuffling_loader(self.model, arg.value)
        else:
            return
        if loader is None:
            return
        labels = _labels_read_in_order(self.model, arg.value) or _labels_given(self.model, loader)
        if labels is None:
            return
        shuffle = _keyword(loader, "shuffle")
        self.report(
            shuffle or loader,  # where `shuffle=False` belongs
            f"this loader shuffles its examples (`shuffle` {'is True' if shuffle else 'defaults to True'}), "
            f"so `model.predict({code(arg.value)})` returns predictions in a shuffled order that "
            "the labels read elsewhere do not follow; build the loader you predict on with "
            "`shuffle=False`",
            because=[
                ("the loader is built here, shuffling", loader),
                ("its predictions are made here, in the shuffled order", node),
                ("and its labels are read in another order here", labels),
            ],
        )


_FLOAT_DTYPES = frozenset({"float16", "bfloat16", "float32", "float64", "half", "double"})


def _dtype_name(model: ModuleModel, expr: cst.BaseExpression) -> str | None:
    """``float32`` of ``tf.float32`` or ``"float32"``; None for anything else."""
    if isinstance(expr, cst.SimpleString):
        return expr.evaluated_value if isinstance(expr.evaluated_value, str) else None
    name = model.qualified_name(expr) if isinstance(expr, cst.Attribute) else None
    return name.rpartition(".")[2] if name and name.startswith("tensorflow.") else None


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    given = _keyword(call, keyword)
    if given is not None:
        return given.value
    positional = [a for a in call.args if a.keyword is None]
    return positional[position].value if len(positional) > position else None


def _integer_image(model: ModuleModel, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether ``expr`` holds integer pixels: a ``tf.io.decode_*`` / ``tf.image.decode_*``
    image (uint8 unless given a float ``dtype``), or a cast to an unsigned integer type."""
    if isinstance(expr, cst.Name) and depth < 4:
        values = values_read(model, expr, model.scope_of(expr))
        values = [v for v in values if not contains(v, expr)]
        return len(values) == 1 and _integer_image(model, values[0], depth + 1)
    if not isinstance(expr, cst.Call):
        return False
    name = model.call_name(expr) or ""
    if name.startswith(("tensorflow.io.decode_", "tensorflow.image.decode_")):
        dtype = _keyword(expr, "dtype")
        return dtype is None or (_dtype_name(model, dtype.value) or "").startswith("uint")
    if name in ("tensorflow.cast", "tensorflow.dtypes.cast"):
        dtype = _argument(expr, 1, "dtype")
        return dtype is not None and (_dtype_name(model, dtype) or "").startswith("uint")
    return False


def _scaled_to_unit(
    model: ModuleModel, expr: cst.BaseExpression, depth: int = 0
) -> cst.Call | None:
    """The ``tf.image.convert_image_dtype(pixels, tf.float32)`` of integer ``pixels`` that
    ``expr`` holds, already in [0, 1] (directly, through its names, or resized); else None."""
    if isinstance(expr, cst.Name) and depth < 4:
        values = values_read(model, expr, model.scope_of(expr))
        values = [v for v in values if not contains(v, expr)]
        return _scaled_to_unit(model, values[0], depth + 1) if len(values) == 1 else None
    if not isinstance(expr, cst.Call):
        return None
    name = model.call_name(expr) or ""
    if name in ("tensorflow.image.resize", "tensorflow.image.resize_with_pad"):
        image = _argument(expr, 0, "images" if name.endswith("resize") else "image")
        return _scaled_to_unit(model, image, depth + 1) if image is not None else None
    if name != "tensorflow.image.convert_image_dtype":
        return None
    image, dtype = _argument(expr, 0, "image"), _argument(expr, 1, "dtype")
    if image is None or dtype is None or _dtype_name(model, dtype) not in _FLOAT_DTYPES:
        return None
    return expr if _integer_image(model, image) else None


def _is_255(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, (cst.Integer, cst.Float)) and float(expr.evaluated_value) == 255.0


class RescaledAfterConvertImageDtype(Rule):
    id = "TF992"
    name = "rescaled-after-convert-image-dtype"
    category = "api-misuse"
    severity = "warning"
    message = "`convert_image_dtype` already scaled these pixels to [0, 1]; dividing by 255 again"
    rationale = """
        `tf.image.convert_image_dtype(image, tf.float32)` of an integer image (what
        `tf.io.decode_jpeg`, `decode_png` and `decode_image` return, `uint8`) does not only
        cast: it rescales to the float range, dividing by the integer type's maximum, so the
        pixels are already in [0, 1] (a float input is only cast). Dividing the result by 255
        again leaves them in [0, 1/255]: a model trained on [0, 1] inputs sees near-black
        images and predicts one class, and one trained this way learns from nearly constant
        inputs. Reported for `x / 255` (or `x /= 255`, `tf.divide(x, 255)`) where `x` is such a
        conversion of decoded or unsigned-integer pixels, directly, through the names it is
        bound to, or after `tf.image.resize`. Drop the division, or cast with `tf.cast` when
        you mean to scale yourself.
    """
    requires_text = ("convert_image_dtype",)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if isinstance(node.operator, cst.Divide) and _is_255(node.right):
            self._check(node, node.left)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if isinstance(node.operator, cst.DivideAssign) and _is_255(node.value):
            self._check(node, node.target)

    def visit_Call(self, node: cst.Call) -> None:
        if self.model.call_name(node) not in ("tensorflow.divide", "tensorflow.math.divide"):
            return
        x, y = _argument(node, 0, "x"), _argument(node, 1, "y")
        if x is not None and y is not None and _is_255(y):
            self._check(node, x)

    def _check(self, node: cst.CSTNode, pixels: cst.BaseExpression) -> None:
        converted = _scaled_to_unit(self.model, pixels)
        if converted is None:
            return
        self.report(
            node,
            "these pixels come from `tf.image.convert_image_dtype` of an integer image, which "
            "already scales them to [0, 1]; dividing by 255 again leaves them in [0, 1/255] "
            "(drop the division)",
            because=[("the integer image is scaled to [0, 1] here", converted)],
        )


def _one_element_tuple(model: ModuleModel, name: cst.Name) -> cst.Tuple | None:
    """The one-element tuple every binding of ``name`` holds (``batch_size = 10,``: the
    trailing comma makes the tuple); None when any binding is something else."""
    binding = model.binding_of(name, model.scope_of(name))
    sites = binding.sites
    if not sites or any(s.kind != SiteKind.ASSIGN for s in sites):
        return None
    values = [s.value for s in sites]
    if not all(isinstance(v, cst.Tuple) and len(v.elements) == 1 for v in values):
        return None
    element = values[0].elements[0]
    if isinstance(element, cst.StarredElement) or not isinstance(
        element.value, (cst.Integer, cst.Name, cst.BinaryOperation)
    ):
        return None
    return values[0]


class OneElementTupleForInteger(Rule):
    id = "TF982"
    name = "one-element-tuple-for-integer"
    category = "api-misuse"
    severity = "error"
    message = "a one-element tuple (a trailing comma) is passed where an integer is required"
    rationale = """
        A trailing comma makes a tuple: `batch_size = 10,` binds `(10,)`, not 10. Settings
        written one per line with commas, as in a dictionary or a call, are easy to copy this
        way. Passed to a parameter that takes an int, the tuple fails: `fit(epochs=(1,))`
        raises `'tuple' object cannot be interpreted as an integer`, `fit(batch_size=(10,))`
        an `unsupported operand type(s)` error, `Dense((8,))` `expected a positive integer`,
        `Dataset.batch((4,))` `batch_size must be a scalar`. Reported for a name every
        assignment of which is such a one-element tuple, passed to one of those parameters of
        `fit`, `evaluate`, `predict`, `Dataset.batch` or a Keras layer (the knowledge base
        lists them: each took 2 and refused `(2,)` when the generator called it). Drop the
        trailing comma.
    """
    requires_text = (",",)

    def visit_Call(self, node: cst.Call) -> None:
        params = self._integer_parameters(node)
        if not params:
            return
        positional = [a for a in node.args if a.keyword is None]
        for arg in node.args:
            if arg.keyword is not None:
                param = arg.keyword.value if arg.keyword.value in params else None
            else:
                index = positional.index(arg)
                param = params[index] if index < len(params) and self._by_position(node) else None
            if param is None or not isinstance(arg.value, cst.Name):
                continue
            bound = _one_element_tuple(self.model, arg.value)
            reported = self.__dict__.setdefault("_reported", set())  # once per assignment
            if bound is None or (id(bound), id(self.model)) in reported:
                continue
            reported.add((id(bound), id(self.model)))
            self.report(
                bound,
                f"the trailing comma makes `{arg.value.value}` the tuple `{code(bound)}`, and "
                f"it is passed as `{param}`, which takes an integer; drop the comma",
                because=[(f"`{arg.value.value}` is passed as `{param}` here", arg.value)],
            )

    def _integer_parameters(self, node: cst.Call) -> list[str]:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("fit", "evaluate", "predict"):
            return knowledge.integer_only_parameters(f"keras.Model.{func.attr.value}")
        if isinstance(func, cst.Attribute) and func.attr.value == "batch":
            return knowledge.integer_only_parameters("tensorflow.data.Dataset.batch")
        name = self.model.call_name(node) or ""
        if "keras" in name and ".layers." in name:
            return knowledge.integer_only_parameters("keras.layers." + name.rpartition(".")[2])
        return []

    def _by_position(self, node: cst.Call) -> bool:
        """Whether the parameters of ``node`` are listed from its first positional one: a
        layer's (``Dense(units)``) and ``batch(batch_size)``, not ``fit(x, y, ...)``'s."""
        func = node.func
        return not (
            isinstance(func, cst.Attribute) and func.attr.value in ("fit", "evaluate", "predict")
        )
