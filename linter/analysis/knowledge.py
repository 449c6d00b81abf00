"""What TensorFlow and Keras themselves are, for the model to consult: the generated knowledge base.

``data/tf_knowledge.json`` is written by ``scripts/generate_tf_knowledge.py`` from the installed
TensorFlow, Keras 3 and tf-keras (introspection) and typeshed's ``types-tensorflow`` stubs; a
test checks it against a fresh generation. It is read once per process, on the first question
(a fully cached run never asks one).

Kinds are plain strings: Keras objects ``layer``, ``model``, ``loss``, ``metric``,
``optimizer``, ``callback``; TF values ``tensor``, ``variable``, ``dataset``, ``iterator``,
``tensor_array``, ``random_generator``, ``tape``, ``module``; host values ``shape``, ``spec``,
``dtype``, ``python``; ``operation`` and ``none`` for calls run for their effect;
``list[<kind>]`` for a Python list or tuple of one kind (``tf.unstack``, ``keras.ops.shape``).
Which Keras a name belongs to (3 or 2, :func:`keras_of`) comes from its root, not the data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from tf2lint.analysis.tfnames import KERAS2_ROOTS
from tf2lint.base.data import load_json

KERAS_KINDS = frozenset({"layer", "model", "loss", "metric", "optimizer", "callback"})
# Values that live on the host, never in the graph
HOST_KINDS = frozenset({"dtype", "shape", "spec", "python", "none", "numpy"})
# Keras objects that calling gives tensors: `layer(x)`, `loss(y, p)`, `metric(y, p)`
CALLABLE_KERAS_KINDS = frozenset({"layer", "model", "loss", "metric"})

# Qualified-name spellings of the same APIs: TF 2.16+'s tf.keras is Keras 3; the Keras 2
# spellings inside TensorFlow are tf-keras.
_ALIASES = (
    ("tensorflow.compat.v2.", "tensorflow."),
    ("tensorflow.keras.", "keras."),
    ("tensorflow.python.keras.", "tf_keras."),
    ("tensorflow.compat.v1.keras.", "keras."),
    ("tf_keras.api._v2.keras.", "tf_keras."),
    ("keras._tf_keras.keras.", "keras."),
)


@dataclass(frozen=True)
class Knowledge:
    versions: dict[str, str]
    classes: dict[str, str]  # public class path -> kind
    traced_methods: dict[str, frozenset[str]]  # Keras kind -> methods Keras traces
    # Keras kind -> method -> the positional arguments Keras passes it (after self)
    hook_arguments: dict[str, dict[str, int]]
    returns: dict[str, str]  # public function path -> kind of what it returns
    members: dict[str, dict[str, str]]  # kind -> attribute (or "method()") -> kind
    side_effects: dict[str, str]  # call path -> "log" | "seed"
    # op path -> why no gradient flows through it: {"reason": "integer-output" | "no-gradient",
    # "ops": op types without a gradient}; see gradient_cut
    gradient_cuts: dict[str, dict]
    integer_dtypes: frozenset[str]  # every spelling of an integer or bool dtype
    # op or variable class path -> {"dtype": position of its `dtype` parameter, "value": that
    # of the value it converts (None: none)}
    dtype_parameters: dict[str, dict[str, int | None]]
    host_methods: dict[str, frozenset[str]]  # kind -> methods giving NumPy or Python values
    # op path -> its shape parameter: {"parameter", "position", "none"}
    shape_parameters: dict[str, dict]
    single_tensors: frozenset[str]  # ops the probe saw give one tf.Tensor
    # decode op path -> the dimensions of what it gives that are None while traced (the sizes
    # come from the data), or "unknown rank"
    data_dependent_shapes: dict[str, list[int] | str]
    shape_keeping_ops: frozenset[str]  # ops giving a tensor of their first argument's shape
    # op path -> {"func": position of the Python function, "shape": what a trace sees}
    # layer class path -> {"init": ..., "call": ...}: the flags that make it give several tensors
    single_output_layers: dict[str, dict[str, list[str]]]
    numpy_only_functions: frozenset[str]  # Keras helpers that take arrays, not graph tensors
    variable_only_members: frozenset[str]  # what a variable has and a tensor copy of it lacks
    python_value_parameters: dict[str, dict[str, int]]  # op -> size parameter -> its position
    concrete_value_parameters: dict[str, dict[str, int]]  # tf.constant -> value -> 0
    # strategies whose replicas cannot apply gradients inside tf.cond (MirroredStrategy)
    merge_call_strategies: frozenset[str]
    # op -> positions of `num` and `axis`: a list of tensors along an axis of static size
    static_count_ops: dict[str, dict[str, int]]
    python_function_ops: dict[str, dict]
    # layer class path -> {"trainable": has trainable weights once built, "non_trainable": ...}
    layer_weights: dict[str, dict[str, bool]]
    fresh_model_functions: frozenset[str]  # model -> a model holding none of its variables
    assigning_methods: dict[str, frozenset[str]]  # kind -> methods copying values in, no gradient
    tensor_array_updates: frozenset[str]  # TensorArray methods returning the updated array
    step_methods: dict[str, frozenset[str]]  # "train"/"test"/"predict" -> Model methods running it
    per_call_tracing_ops: frozenset[str]  # eager calls that trace their `fn` anew each time
    # ops taking `(fn, elems)` that hand `fn` graph tensors in traced code -> {"eager": whether
    # they do when called eagerly too}
    graph_argument_ops: dict[str, dict[str, bool]]
    string_only_methods: frozenset[str]  # methods of str/bytes a graph string tensor lacks
    array_only_methods: frozenset[str]  # methods of a NumPy array a graph tensor lacks

    seeded_random_ops: frozenset[str]  # stateful random ops seeded from the global seed
    global_seed_functions: frozenset[str]  # calls that set TensorFlow's global seed
    # Dataset method -> its function parameter -> what tf.data hands that function, one kind
    # per positional argument: "dataset" (``apply``) or "element" (``map``, ``filter``)
    dataset_function_arguments: dict[str, dict[str, list[str]]]
    # Dataset method -> its function parameters that must return a dataset (``flat_map``)
    dataset_functions_returning_datasets: dict[str, list[str]]
    # Dataset methods whose elements keep their dataset's structure (``shuffle``, ``batch``)
    dataset_structure_keeping_methods: frozenset[str] = frozenset()
    # Keras loaders whose `shuffle` defaults to True, by qualified name (flow_from_directory)
    shuffling_loaders: frozenset[str] = frozenset()
    # call -> its parameters that take an int and refuse a one-element tuple (`epochs = 2,`)
    integer_only_parameters: dict[str, list[str]] = field(default_factory=dict)
    # decode op -> the boolean options that, flipped, give its result a rank (by default it has
    # none while traced: ``tf.io.decode_image``'s ``expand_animations``)
    unknown_rank_decoders: dict[str, list[str]] = field(default_factory=dict)
    rank_needing_ops: frozenset[str] = frozenset()  # ops refusing an input of unknown rank
    # op path -> its parameters XLA compiles as constants (an output size) -> their positions
    xla_constant_parameters: dict[str, dict[str, int]] = field(default_factory=dict)
    # op path -> parameter -> its position: parameters that become an attribute of the op
    op_attribute_parameters: dict[str, dict[str, int]] = field(default_factory=dict)
    unpack_refusing_ops: frozenset[str] = frozenset()  # ops whose traced result cannot unpack
    # layer classes whose output keeps their input's unknown sizes (between batch and last)
    unknown_size_layers: frozenset[str] = frozenset()
    # layer classes no gradient passes through to their inputs (`Embedding` looks up ids)
    input_cutting_layers: frozenset[str] = frozenset()
    # layer class path -> position of its `activation` parameter, which defaults to none
    linear_output_layers: dict[str, int] = field(default_factory=dict)
    # {"classes": path -> position of `from_logits` (default False) in the constructor,
    # "functions": path -> its position, "names": compile strings naming such a function}
    from_logits_losses: dict[str, dict | list] = field(default_factory=dict)
    # {"ops": path -> {"kind": "softmax" | "sigmoid", "keras_undoes": bool}, "names": the
    # `activation=` strings naming one}: what turns logits into probabilities
    probability_ops: dict[str, dict] = field(default_factory=dict)
    logits_losses: dict[str, int] = field(default_factory=dict)  # tf.nn op -> `logits` position
    # layer class path -> [] (runs in inference mode without a `training` flag, differs in
    # training), or the `*dropout*` options that make it so (LSTM's `dropout`)
    training_mode_layers: dict[str, list[str]] = field(default_factory=dict)
    # op path -> {parameter: position}: labels or indices it takes as integers, refusing floats
    integer_label_parameters: dict[str, dict[str, int]] = field(default_factory=dict)
    # ops Keras 2 cannot wrap as a layer on a Keras tensor: they give an operation
    keras2_unwrapped_ops: frozenset[str] = frozenset()
    # host-data class path -> its methods that take a NumPy image and fail on a graph tensor
    numpy_only_methods: dict[str, frozenset[str]] = field(default_factory=dict)
    # {"public": importable public API modules, "packages": real subpackages of `tensorflow`,
    # "attributes": public names of `tensorflow`}: what `import tensorflow.X` can name
    tensorflow_modules: dict[str, frozenset[str]] = field(default_factory=dict)


@cache
def knowledge() -> Knowledge:
    """The knowledge base, loaded on first use and kept for the process."""
    data = load_json("tf_knowledge.json")
    return Knowledge(
        versions={k: v for k, v in data.items() if k.endswith("_version")},
        classes=data["classes"],
        traced_methods={k: frozenset(v) for k, v in data["traced_methods"].items()},
        hook_arguments=data["hook_arguments"],
        returns=data["returns"],
        members=data["members"],
        side_effects=data["side_effects"],
        gradient_cuts=data["gradient_cuts"],
        integer_dtypes=frozenset(data["integer_dtypes"]),
        dtype_parameters=data["dtype_parameters"],
        host_methods={k: frozenset(v) for k, v in data["host_methods"].items()},
        shape_parameters=data["shape_parameters"],
        data_dependent_shapes=data.get("data_dependent_shapes", {}),
        shape_keeping_ops=frozenset(data.get("shape_keeping_ops", ())),
        python_function_ops=data.get("python_function_ops", {}),
        single_output_layers=data.get("single_output_layers", {}),
        numpy_only_functions=frozenset(data.get("numpy_only_functions", ())),
        variable_only_members=frozenset(data.get("variable_only_members", ())),
        python_value_parameters=data.get("python_value_parameters", {}),
        concrete_value_parameters=data.get("concrete_value_parameters", {}),
        merge_call_strategies=frozenset(data.get("merge_call_strategies", ())),
        op_attribute_parameters=data.get("op_attribute_parameters", {}),
        static_count_ops=data.get("static_count_ops", {}),
        per_call_tracing_ops=frozenset(data.get("per_call_tracing_ops", ())),
        graph_argument_ops=data.get("graph_argument_ops", {}),
        string_only_methods=frozenset(data.get("string_only_methods", ())),
        array_only_methods=frozenset(data.get("array_only_methods", ())),
        single_tensors=frozenset(data["single_tensors"]),
        layer_weights=data["layer_weights"],
        fresh_model_functions=frozenset(data["fresh_model_functions"]),
        assigning_methods={k: frozenset(v) for k, v in data["assigning_methods"].items()},
        tensor_array_updates=frozenset(data.get("tensor_array_updates", ())),
        step_methods={k: frozenset(v) for k, v in data["step_methods"].items()},
        seeded_random_ops=frozenset(data.get("seeded_random_ops", ())),
        global_seed_functions=frozenset(data.get("global_seed_functions", ())),
        dataset_function_arguments=data.get("dataset_function_arguments", {}),
        dataset_functions_returning_datasets=data.get("dataset_functions_returning_datasets", {}),
        dataset_structure_keeping_methods=frozenset(
            data.get("dataset_structure_keeping_methods", ())
        ),
        shuffling_loaders=frozenset(data.get("shuffling_loaders", ())),
        integer_only_parameters=data.get("integer_only_parameters", {}),
        unknown_rank_decoders=data.get("unknown_rank_decoders", {}),
        rank_needing_ops=frozenset(data.get("rank_needing_ops", ())),
        xla_constant_parameters=data.get("xla_constant_parameters", {}),
        unpack_refusing_ops=frozenset(data.get("unpack_refusing_ops", ())),
        unknown_size_layers=frozenset(data.get("unknown_size_layers", ())),
        input_cutting_layers=frozenset(data.get("input_cutting_layers", ())),
        linear_output_layers=data.get("linear_output_layers", {}),
        from_logits_losses=data.get("from_logits_losses", {}),
        training_mode_layers=data.get("training_mode_layers", {}),
        integer_label_parameters=data.get("integer_label_parameters", {}),
        keras2_unwrapped_ops=frozenset(data.get("keras2_unwrapped_ops", ())),
        numpy_only_methods={k: frozenset(v) for k, v in data.get("numpy_only_methods", {}).items()},
        probability_ops=data.get("probability_ops", {}),
        logits_losses=data.get("logits_losses", {}),
        tensorflow_modules={k: frozenset(v) for k, v in data.get("tensorflow_modules", {}).items()},
    )


def canonical(qualified: str) -> str:
    """One spelling per API: ``tensorflow.keras.layers.Dense`` is ``keras.layers.Dense``."""
    for alias, target in _ALIASES:
        if qualified.startswith(alias):  # `tensorflow.compat.v2.keras.` takes two steps
            return canonical(target + qualified[len(alias) :])
    return qualified


# Which Keras a qualified name belongs to under the TensorFlow the knowledge base describes
# (2.16+): ``tf.keras`` and ``tf.compat.v1.keras`` are Keras 3 there; ``tf_keras`` and TF's
# own legacy copy are Keras 2.
KERAS3_ROOTS = (
    "keras.",
    "tensorflow.keras.",
    "tensorflow.compat.v1.keras.",
    "tensorflow.compat.v2.keras.",
)


def keras_of(qualified: str | None) -> int | None:
    """3 for a Keras 3 name (``keras.layers.Dense``, ``tensorflow.keras.Model``), 2 for a
    Keras 2 one (``tf_keras.layers.Dense``), None for any other."""
    if not qualified:
        return None
    if qualified.startswith(KERAS2_ROOTS):
        return 2
    if qualified.startswith(KERAS3_ROOTS):
        return 3
    return None


def class_kind(qualified: str | None) -> str | None:
    """The kind of a TF/Keras class (``keras.layers.Dense`` -> "layer"), if it is a known one."""
    if not qualified:
        return None
    return knowledge().classes.get(canonical(qualified))


def returns(qualified: str | None) -> str | None:
    """The kind a TF/Keras call returns: a class gives an instance of its kind, a function what
    the knowledge base says (``tf.reduce_sum`` -> "tensor", ``tf.print`` -> "operation")."""
    if not qualified:
        return None
    name = canonical(qualified)
    kb = knowledge()
    return kb.returns.get(name) or kb.classes.get(name)


def member_kind(kind: str | None, member: str, called: bool = False) -> str | None:
    """The kind of ``<a kind>.member`` (``model.layers`` -> "list[layer]"), or, ``called``,
    of what ``<a kind>.member(...)`` returns (``dataset.map(f)`` -> "dataset")."""
    if kind is None:
        return None
    table = knowledge().members.get(kind, {})
    if called:
        return table.get(member + "()")
    return table.get(member)


def traced_methods(kind: str | None) -> frozenset[str]:
    """The methods Keras traces on a subclass of this kind (``metric`` -> update_state, result)."""
    if kind is None:
        return frozenset()
    return knowledge().traced_methods.get(kind, frozenset())


def hook_arguments(kind: str | None, method: str) -> int:
    """How many positional arguments (after ``self``) Keras passes when it calls ``method`` of
    a subclass of this kind as its hook (``model``, ``compute_loss`` -> 4); 0 where not known."""
    if kind is None:
        return 0
    return knowledge().hook_arguments.get(kind, {}).get(method, 0)


def side_effect(qualified: str | None) -> str | None:
    """``log`` or ``seed`` for calls that act on the host (logging, warnings, global seeding)."""
    if not qualified:
        return None
    return knowledge().side_effects.get(canonical(qualified))


@dataclass(frozen=True)
class GradientCut:
    """Why no gradient flows through a TF/Keras op: ``reason`` "integer-output" (it gives
    integer or bool tensors, which a GradientTape does not differentiate) or "no-gradient"
    (TensorFlow registers none, or a None one, for the ``ops`` it creates)."""

    reason: str
    ops: tuple[str, ...] = ()


def gradient_cut(qualified: str | None) -> GradientCut | None:
    """Why no gradient flows through the op ``qualified`` (``tf.argmax``, ``tf.round``,
    ``keras.ops.stop_gradient``), or None where it flows or is not known."""
    if not qualified:
        return None
    found = knowledge().gradient_cuts.get(canonical(qualified))
    return GradientCut(found["reason"], tuple(found["ops"])) if found else None


def is_integer_dtype(spelled: str | None) -> bool:
    """Whether a dtype, by its qualified name (``tensorflow.int32``, ``numpy.int64``) or as a
    string (``"int32"``), is an integer or bool dtype."""
    return bool(spelled) and canonical(spelled) in knowledge().integer_dtypes


@dataclass(frozen=True)
class DtypeParameter:
    """Where an op or variable class takes its ``dtype`` (``tf.cast``: 1) and, if it converts a
    value, that value (``tf.constant``: 0; None for ``tf.cast``, ``tf.zeros``)."""

    dtype: int
    value: int | None


def dtype_parameter(qualified: str | None) -> DtypeParameter | None:
    """Where the op or variable class ``qualified`` takes its ``dtype`` and value."""
    if not qualified:
        return None
    found = knowledge().dtype_parameters.get(canonical(qualified))
    return DtypeParameter(found["dtype"], found["value"]) if found else None


def host_method(kind: str | None, method: str) -> bool:
    """Whether ``<a kind>.method(...)`` hands back NumPy arrays or Python values, leaving the
    graph (``tensor.numpy()``, ``model.predict(x)``)."""
    return method in knowledge().host_methods.get(kind or "", frozenset())


@dataclass(frozen=True)
class ShapeParameter:
    """The parameter of an op that gives the shape of what it builds (``tf.zeros``'s ``shape``),
    and whether a ``None`` dimension there is accepted in a traced function: False where it
    fails (``tf.reshape``), True where it is a partial shape to check (``tf.ensure_shape``),
    None where the generator's probe could not tell."""

    name: str
    position: int
    accepts_none: bool | None


def shape_parameter(qualified: str | None) -> ShapeParameter | None:
    """The shape parameter of the op ``qualified``, if it has one (see ShapeParameter)."""
    if not qualified:
        return None
    found = knowledge().shape_parameters.get(canonical(qualified))
    if found is None:
        return None
    none = {"fails": False, "accepted": True}.get(found["none"])
    return ShapeParameter(found["parameter"], found["position"], none)


def data_dependent_dimension(qualified: str | None, index: int) -> bool:
    """Whether dimension ``index`` of what the decode op ``qualified`` gives is None while
    traced, whatever its options (``tf.io.decode_jpeg``: height and width), as the generator
    saw by tracing it on a scalar string."""
    if not qualified:
        return False
    found = knowledge().data_dependent_shapes.get(canonical(qualified))
    if found is None:
        return False
    return found == "unknown rank" or index in found


def keeps_shape(qualified: str | None) -> bool:
    """Whether the op ``qualified`` gives a tensor of its first argument's shape, unknown
    dimensions kept (``tf.cast``, ``tf.image.convert_image_dtype``), as the generator saw by
    tracing it on an image of unknown size."""
    return bool(qualified) and canonical(qualified) in knowledge().shape_keeping_ops


def traces_per_eager_call(qualified: str | None) -> bool:
    """Whether ``qualified``, called eagerly, traces the function it is given into a new graph
    function on every call (``tf.vectorized_map``), as the generator saw by calling it twice."""
    return bool(qualified) and canonical(qualified) in knowledge().per_call_tracing_ops


def hands_graph_tensors(qualified: str | None) -> bool:
    """Whether ``qualified`` (taking ``(fn, elems)``) calls ``fn`` on graph tensors where traced
    code calls it (``tf.map_fn``, ``tf.scan``, ``tf.vectorized_map``), as the generator saw by
    calling each inside a ``tf.function`` with a ``fn`` that records what it is given."""
    return bool(qualified) and canonical(qualified) in knowledge().graph_argument_ops


def string_only_method(name: str) -> bool:
    """Whether ``name`` is a method of Python's ``str`` or ``bytes`` that a graph string tensor
    lacks (``decode``, ``split``), as the generator saw by looking each up on one."""
    return name in knowledge().string_only_methods


def array_only_method(name: str) -> bool:
    """Whether ``name`` is a method of a NumPy array that a graph tensor lacks (``astype``,
    ``ravel``), as the generator saw by looking each up on one."""
    return name in knowledge().array_only_methods


def python_function_op(qualified: str | None) -> bool:
    """Whether ``qualified`` runs a Python function as a graph op (``tf.py_function``,
    ``tf.numpy_function``) whose result a trace sees without its static shape, as the
    generator saw by tracing it on a function that gives a ``[2]`` array."""
    return bool(qualified) and canonical(qualified) in knowledge().python_function_ops


# scikit-learn's metrics convert their inputs with NumPy (`check_array`, `column_or_1d`): each
# of the 55 public `sklearn.metrics` functions taking `y_true` that works on arrays fails on
# graph tensors (scikit-learn 1.9.1, TF 2.21: `scripts/probe_sklearn_metrics.py` proves it)
NUMPY_ONLY_MODULES = ("sklearn.metrics.",)


def numpy_only_function(qualified: str | None) -> bool:
    """Whether the Keras helper ``qualified`` (``keras.utils.pad_sequences``) works on NumPy
    arrays but fails on a graph tensor, as the generator saw by calling it both ways; or a
    function of a library whose functions all do (``sklearn.metrics.f1_score``)."""
    if not qualified:
        return False
    name = canonical(qualified)
    return name in knowledge().numpy_only_functions or name.startswith(NUMPY_ONLY_MODULES)


def static_count_parameters(qualified: str | None) -> dict[str, int] | None:
    """For an op that gives a Python list of tensors along an axis (``tf.unstack``), whose
    length needs that axis's static size unless ``num`` gives it: the positions of its
    ``num`` and ``axis`` parameters, as the generator saw by tracing it; None for other ops."""
    if not qualified:
        return None
    return knowledge().static_count_ops.get(canonical(qualified))


def python_value_parameters(qualified: str | None) -> dict[str, int]:
    """The size parameters (name -> position) of the TF op ``qualified`` that take a Python
    number but refuse a tensor while traced (``tf.nn.max_pool2d``: ``ksize``, ``strides``), as
    the generator saw."""
    if not qualified:
        return {}
    return knowledge().python_value_parameters.get(canonical(qualified), {})


def concrete_value_parameters(qualified: str | None) -> dict[str, int]:
    """The parameters (name -> position) of the TF function ``qualified`` that take a Python or
    NumPy value but refuse a graph tensor while traced (``tf.constant``'s ``value``), as the
    generator saw."""
    if not qualified:
        return {}
    return knowledge().concrete_value_parameters.get(canonical(qualified), {})


def merge_call_strategy(qualified: str | None) -> bool:
    """Whether ``qualified`` is a distribution strategy class under which an optimizer's
    ``apply_gradients`` in a ``tf.cond`` branch of a replica function fails while traced
    (``MirroredStrategy``), as the generator saw."""
    return bool(qualified) and canonical(qualified) in knowledge().merge_call_strategies


def op_attribute_parameters(qualified: str | None) -> dict[str, int]:
    """The parameters (name -> position) of the TF function ``qualified`` that it hands to its
    op as an attribute (``tf.nn.conv2d``: ``strides``, ``padding``, ``dilations``,
    ``data_format``): fixed when the graph is built, so Python values, never graph tensors."""
    if not qualified:
        return {}
    return knowledge().op_attribute_parameters.get(canonical(qualified), {})


def variable_only_member(member: str) -> bool:
    """Whether ``member`` (``assign_add``) is one a ``tf.Variable`` has and the tensor a
    ``tf.function`` returning the variable gives lacks, as the generator saw."""
    return member in knowledge().variable_only_members


@dataclass(frozen=True)
class SingleOutput:
    """A Keras layer class whose call gives one tensor unless one of these ``False``-default
    flags is turned on: ``init`` in its constructor, ``call`` in the call
    (``LSTM(return_state=True)`` gives a list)."""

    init: frozenset[str]
    call: frozenset[str]


def single_output_layer(qualified: str | None) -> SingleOutput | None:
    """Whether an instance of the Keras layer class ``qualified`` gives one tensor, as the
    generator saw by building and calling one; None when it gives several or is not known."""
    if not qualified:
        return None
    found = knowledge().single_output_layers.get(canonical(qualified))
    if found is None:
        return None
    return SingleOutput(frozenset(found["init"]), frozenset(found["call"]))


def returns_one_tensor(qualified: str | None) -> bool:
    """Whether the op ``qualified`` gives one ``tf.Tensor``, as the generator saw by calling it
    (``tf.shape``, ``tf.reduce_sum``); False where it gives a tuple of tensors or no sample call
    could tell (``tf.image.combined_non_max_suppression``)."""
    return bool(qualified) and canonical(qualified) in knowledge().single_tensors


@dataclass(frozen=True)
class LayerWeights:
    """What weights a Keras layer class makes once built: ``trainable`` ones (a ``Dense``
    kernel), ``non_trainable`` ones (``BatchNormalization``'s moving statistics)."""

    trainable: bool
    non_trainable: bool


def layer_weights(qualified: str | None) -> LayerWeights | None:
    """The weights an instance of the Keras layer class ``qualified`` makes once built (None:
    not known, the probe could not build one)."""
    if not qualified:
        return None
    found = knowledge().layer_weights.get(canonical(qualified))
    return LayerWeights(found["trainable"], found["non_trainable"]) if found else None


def fresh_model_function(qualified: str | None) -> bool:
    """Whether the Keras function ``qualified`` gives a model that holds none of the variables
    of the model it is given (``keras.models.clone_model``)."""
    return bool(qualified) and canonical(qualified) in knowledge().fresh_model_functions


def tensor_array_update(method: str) -> bool:
    """Whether ``array.method(...)`` of a ``tf.TensorArray`` gives the updated array and, in
    traced code, leaves ``array`` without the update (``write``, ``scatter``)."""
    return method in knowledge().tensor_array_updates


def assigning_method(kind: str | None, method: str) -> bool:
    """Whether ``<a kind>.method(values)`` copies ``values`` into the object's variables with
    no gradient path from them (``layer.set_weights``)."""
    return method in knowledge().assigning_methods.get(kind or "", frozenset())


@cache
def step_methods(*steps: str) -> frozenset[str]:
    """The ``Model`` methods (of either Keras) that run any of a compiled model's ``steps``
    (``"train"``, ``"test"``, ``"predict"``): ``step_methods("train")`` is ``fit``,
    ``fit_generator`` and ``train_on_batch``."""
    found = knowledge().step_methods
    return frozenset().union(*(found[step] for step in steps))


def seeded_random_op(qualified: str | None) -> bool:
    """Whether ``qualified`` is a stateful TF random op (``tf.random.uniform``,
    ``tf.image.random_flip_left_right``) whose op seed TF fixes when the op's graph is built,
    from the global seed (see the generator's ``seeded_random_ops``)."""
    return bool(qualified) and canonical(qualified) in knowledge().seeded_random_ops


def sets_global_seed(qualified: str | None) -> bool:
    """Whether the call ``qualified`` sets TensorFlow's global seed (``tf.random.set_seed``,
    ``keras.utils.set_random_seed``), as the generator saw by calling it."""
    return bool(qualified) and canonical(qualified) in knowledge().global_seed_functions


def dataset_function_takes(method: str) -> dict[str, list[str]]:
    """What ``Dataset.<method>`` hands each function it takes, by parameter: one kind per
    positional argument, "dataset" or "element" (``dataset_function_takes("apply")`` is
    ``{"transformation_func": ["dataset"]}``); empty for a method that takes none."""
    return knowledge().dataset_function_arguments.get(method, {})


def dataset_keeps_structure(method: str) -> bool:
    """Whether ``Dataset.<method>`` keeps its elements' structure (``ds.shuffle(8)`` of a
    dataset of dictionaries holds dictionaries), as the generator saw."""
    return method in knowledge().dataset_structure_keeping_methods


def shuffles_by_default(qualified: str) -> bool:
    """Whether the Keras loader ``qualified`` (``keras.utils.image_dataset_from_directory``, or
    ``ImageDataGenerator.flow_from_directory`` by its method name) shuffles unless told
    ``shuffle=False``, as the generator read from its signature."""
    loaders = knowledge().shuffling_loaders
    if "." not in qualified:
        return any(q.endswith(".ImageDataGenerator." + qualified) for q in loaders)
    # tf.keras.utils.X, keras.preprocessing.X: the aliases of keras.utils' loaders
    last = qualified.rpartition(".")[2]
    return "keras" in qualified and any(q.endswith(".utils." + last) for q in loaders)


def integer_only_parameters(callable_name: str) -> list[str]:
    """The parameters of ``callable_name`` (``keras.Model.fit``, ``keras.layers.Dense``,
    ``tensorflow.data.Dataset.batch``) that take an int and refuse a one-element tuple, in
    signature order, as the generator saw."""
    return knowledge().integer_only_parameters.get(callable_name, [])


def dataset_function_returns_dataset(method: str, parameter: str) -> bool:
    """Whether the function ``Dataset.<method>`` takes as ``parameter`` must return a dataset
    (``flat_map``'s ``map_func``), as the generator saw: a function returning its element
    failed there, one returning ``Dataset.from_tensors`` of it worked."""
    return parameter in knowledge().dataset_functions_returning_datasets.get(method, ())


def unknown_rank_decoder(qualified: str | None) -> frozenset[str] | None:
    """For a decode op whose result has no known rank while traced with its default options
    (``tf.io.decode_image``), the boolean options that, flipped, give it one; None for others."""
    if not qualified:
        return None
    found = knowledge().unknown_rank_decoders.get(canonical(qualified))
    return None if found is None else frozenset(found)


def needs_rank(qualified: str | None) -> bool:
    """Whether the op refuses, while traced, a first argument of unknown rank (``tf.image.resize``:
    ``'images' contains no shape``), as the generator saw by tracing it."""
    return bool(qualified) and canonical(qualified) in knowledge().rank_needing_ops


def xla_constant_parameters(qualified: str | None) -> dict[str, int]:
    """The parameters of the op ``qualified`` that XLA needs as compile-time constants (an
    output size: ``tf.math.bincount``'s ``minlength``), by name, with their positions, as the
    generator saw by compiling it with each given a loop's counter."""
    if not qualified:
        return {}
    return knowledge().xla_constant_parameters.get(canonical(qualified), {})


def refuses_unpacking(qualified: str | None) -> bool:
    """Whether what the op gives while traced cannot be unpacked into Python names
    (``tf.strings.split``, ``tf.boolean_mask``), as the generator saw by tracing it."""
    return bool(qualified) and canonical(qualified) in knowledge().unpack_refusing_ops


def keeps_unknown_sizes(qualified: str | None) -> bool:
    """Whether the Keras layer class keeps the unknown sizes of its input between the batch
    and the last dimension (``Conv2D`` on an image of any size), as the generator saw by
    building it on a symbolic input."""
    return bool(qualified) and canonical(qualified) in knowledge().unknown_size_layers


def cuts_layer_inputs(qualified: str | None) -> bool:
    """Whether no gradient passes through the layer class to its inputs (generated: built and
    called under a tape, its output's gradient with respect to the float batch is None:
    ``Embedding`` casts its inputs to integer ids)."""
    return qualified is not None and canonical(qualified) in knowledge().input_cutting_layers


def linear_activation_position(qualified: str | None) -> int | None:
    """The position of the ``activation`` parameter of a layer class whose activation defaults
    to none (``Dense``, ``Conv2D``: built without one, the layer gives logits); None for any
    other class."""
    if qualified is None:
        return None
    return knowledge().linear_output_layers.get(canonical(qualified))


def from_logits_position(qualified: str | None, constructed: bool) -> int | None:
    """The position of ``from_logits`` (False by default) in a crossentropy loss class's
    constructor (``constructed``) or a loss function's call; None for any other callable."""
    if qualified is None:
        return None
    table = knowledge().from_logits_losses.get("classes" if constructed else "functions", {})
    return table.get(canonical(qualified))  # type: ignore[union-attr]


def probability_loss_name(name: str) -> bool:
    """Whether ``compile(loss=name)`` resolves to a crossentropy that expects probabilities
    (``"sparse_categorical_crossentropy"``)."""
    return name in knowledge().from_logits_losses.get("names", ())


def probability_op(qualified: str | None) -> dict | None:
    """``{"kind", "keras_undoes"}`` of a function that turns logits into probabilities
    (``tf.nn.softmax``); None for any other."""
    if qualified is None:
        return None
    return knowledge().probability_ops.get("ops", {}).get(qualified)


def probability_activation_name(name: str) -> bool:
    """Whether Keras resolves ``activation=name`` to a softmax or sigmoid."""
    return name in knowledge().probability_ops.get("names", ())


def logits_position(qualified: str | None) -> int | None:
    """The position of ``logits`` in a TF op that takes ``labels`` and ``logits``."""
    if qualified is None:
        return None
    return knowledge().logits_losses.get(qualified)


def training_mode_options(qualified: str | None) -> list[str] | None:
    """For a Keras layer class that runs in inference mode when called with no ``training``
    flag and differently in training (``Dropout``, ``BatchNormalization``), as the generator saw
    on a sample batch: [] when it always does, or the ``*dropout*`` options (default 0) that
    make it do so (``LSTM``'s ``dropout``); None for other classes."""
    if not qualified:
        return None
    return knowledge().training_mode_layers.get(canonical(qualified))


def integer_label_parameters(qualified: str | None) -> dict[str, int]:
    """The labels or indices parameters (name -> position) of the TF op ``qualified`` that take
    integers and refuse floats (``tf.one_hot``'s ``indices``), as the generator saw."""
    if not qualified:
        return {}
    return knowledge().integer_label_parameters.get(canonical(qualified), {})


def keras2_unwrapped_op(qualified: str | None) -> bool:
    """Whether Keras 2 cannot wrap the TF op ``qualified`` as a layer on a Keras tensor (it
    gives an operation: ``tf.debugging.assert_equal``, ``tf.print``), as the generator saw."""
    return bool(qualified) and canonical(qualified) in knowledge().keras2_unwrapped_ops


def numpy_only_method(class_path: str | None, method: str) -> bool:
    """Whether ``method`` of an instance of the Keras host-data class ``class_path``
    (``ImageDataGenerator.random_transform``) takes a NumPy image and fails on a graph tensor,
    as the generator saw."""
    if not class_path:
        return False
    return method in knowledge().numpy_only_methods.get(canonical(class_path), frozenset())


def missing_tensorflow_module(module: str) -> bool:
    """Whether ``import <module>`` (a ``tensorflow.*`` path) fails on the installed TensorFlow:
    no public API module and no file of the package has that path. Paths under a real
    subpackage (``tensorflow.python``), ``tensorflow.keras`` or ``tensorflow.compat`` are not
    judged (other tables cover the last two)."""
    tables = knowledge().tensorflow_modules
    parts = module.split(".")
    if not tables or len(parts) < 2 or parts[0] != "tensorflow":
        return False
    if parts[1] in tables["packages"] or parts[1] in ("keras", "compat"):
        return False
    return module not in tables["public"]


def tensorflow_attribute(name: str) -> bool:
    """Whether ``name`` is a public name of the ``tensorflow`` module (``from tensorflow import
    name`` finds it)."""
    return name in knowledge().tensorflow_modules.get("attributes", frozenset())
