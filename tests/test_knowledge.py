"""The TF/Keras knowledge base: generated from the installed packages, loaded once, and what it says."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from pathlib import Path

import pytest

from tf2lint.analysis import knowledge as kb

ROOT = Path(__file__).resolve().parent.parent


def test_knowledge_loads_without_tensorflow():
    code = (
        "import sys\n"
        "from tf2lint.analysis import knowledge\n"
        "k = knowledge.knowledge()\n"
        "assert knowledge.knowledge() is k\n"
        "assert 'tensorflow' not in sys.modules and 'keras' not in sys.modules\n"
        "print(len(k.classes), len(k.returns))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    classes, returns = map(int, out.stdout.split())
    assert classes > 300 and returns > 1000


def test_committed_knowledge_matches_installed_packages():
    """Regenerated in a fresh process: probes build layers and call ops, and what earlier tests
    left in this process (a Keras policy, eager settings) must not change what they see."""
    pytest.importorskip("tf_keras", reason="tf-keras is not installed: cannot regenerate")
    try:
        importlib.metadata.distribution("types-tensorflow")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("types-tensorflow is not installed: cannot regenerate")
    script = ROOT / "scripts" / "generate_tf_knowledge.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, timeout=1200
    )
    assert done.returncode == 0, (
        "linter/data/tf_knowledge.json is stale: run scripts/generate_tf_knowledge.py\n"
        + done.stdout[-2000:]
        + done.stderr[-2000:]
    )


def test_committed_where_nan_ops_match_installed_packages():
    """TF989's ops (those whose gradient a ``tf.where`` cannot guard) are run again, each
    under a GradientTape, and must give the committed table."""
    pytest.importorskip("keras")
    script = ROOT / "scripts" / "generate_where_nan_ops.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


@pytest.mark.parametrize(
    ("qualified", "kind"),
    [
        ("tensorflow.keras.layers.Dense", "layer"),
        ("keras.Model", "model"),
        ("tf_keras.losses.Loss", "loss"),
        ("tensorflow.python.keras.metrics.Mean", "metric"),
        ("keras.optimizers.Adam", "optimizer"),
        ("tf_keras.callbacks.Callback", "callback"),
        ("tensorflow.Variable", "variable"),
        ("tensorflow.TensorArray", "tensor_array"),
        ("tensorflow.random.Generator", "random_generator"),
        ("tensorflow.data.Dataset", "dataset"),
    ],
)
def test_classes_have_their_kind(qualified, kind):
    assert kb.class_kind(qualified) == kind


@pytest.mark.parametrize(
    ("qualified", "kind"),
    [
        ("tensorflow.reduce_sum", "tensor"),
        ("tensorflow.compat.v2.nn.relu", "tensor"),
        ("tensorflow.random.normal", "tensor"),
        ("keras.ops.matmul", "tensor"),
        ("tensorflow.print", "operation"),  # runs for its effect
        ("tensorflow.debugging.assert_equal", "operation"),
        ("tensorflow.TensorArray", "tensor_array"),  # calling a class: an instance of its kind
    ],
)
def test_calls_return_their_kind(qualified, kind):
    assert kb.returns(qualified) == kind


@pytest.mark.parametrize(
    ("qualified", "kind"),
    [
        # found by calling the ops on sample tensors, not listed by hand
        ("tensorflow.unstack", "list[tensor]"),
        ("tensorflow.compat.v1.unstack", "list[tensor]"),  # an alias of the same op
        ("tensorflow.split", "list[tensor]"),
        ("tensorflow.meshgrid", "list[tensor]"),
        ("tensorflow.dynamic_partition", "list[tensor]"),
        ("tensorflow.unique", "list[tensor]"),  # a named tuple
        ("tensorflow.math.top_k", "list[tensor]"),
        ("tensorflow.nn.moments", "list[tensor]"),
        ("tensorflow.linalg.eigh", "list[tensor]"),
        ("tensorflow.shape_n", "list[tensor]"),
        ("keras.ops.split", "list[tensor]"),
        ("tensorflow.keras.ops.unstack", "list[tensor]"),
        ("keras.ops.shape", "list[python]"),  # Keras 3: a tuple of ints
        ("keras.ops.is_tensor", "python"),
        # a tensor whatever the probe: a kind that depends on the arguments stays a tensor
        ("keras.ops.where", "tensor"),
        ("tensorflow.shape", "tensor"),
        ("tensorflow.concat", "tensor"),
    ],
)
def test_ops_giving_python_sequences_or_values_are_told_apart(qualified, kind):
    assert kb.returns(qualified) == kind


def test_functions_that_do_not_return_tensors_are_not_said_to():
    for name in ("tensorflow.function", "tensorflow.name_scope", "tensorflow.executing_eagerly"):
        assert kb.returns(name) != "tensor"


def test_members_have_kinds_from_the_stubs():
    assert kb.member_kind("model", "layers") == "list[layer]"
    assert kb.member_kind("model", "optimizer") == "optimizer"
    assert kb.member_kind("callback", "model") == "model"
    assert kb.member_kind("dataset", "map", called=True) == "dataset"
    assert kb.member_kind("layer", "add_weight", called=True) == "variable"


def test_keras_functions_documented_to_return_a_model_return_one():
    for name in (
        "keras.models.load_model",
        "tensorflow.keras.saving.load_model",
        "keras.models.clone_model",
        "tf_keras.models.model_from_json",
        "keras.applications.ResNet50",
        "tensorflow.keras.applications.mobilenet_v2.MobileNetV2",
    ):
        assert kb.returns(name) == "model", name
    assert kb.returns("keras.utils.model_to_dot") is None  # a pydot graph of a model


def test_model_metrics_are_metrics():
    assert kb.member_kind("model", "metrics") == "list[metric]"


def test_names_say_which_keras():
    assert kb.keras_of("tensorflow.keras.layers.Dense") == 3
    assert kb.keras_of("keras.Model") == 3
    assert kb.keras_of("tensorflow.compat.v1.keras.layers.Dense") == 3  # Keras 3 since TF 2.16
    assert kb.keras_of("tf_keras.layers.Dense") == 2
    assert kb.keras_of("tensorflow.python.keras.layers.Dense") == 2
    assert kb.keras_of("tensorflow.Variable") is None


def test_each_spelling_of_an_api_has_one_canonical_name():
    # TF 2.21: tf.compat.v1.keras is `keras._tf_keras.keras`, Keras 3's classes
    assert kb.canonical("tensorflow.compat.v1.keras.layers.Dense") == "keras.layers.Dense"
    assert kb.canonical("tensorflow.compat.v2.keras.layers.Dense") == "keras.layers.Dense"
    assert kb.canonical("tensorflow.python.keras.layers.Dense") == "tf_keras.layers.Dense"
    assert kb.class_kind("tensorflow.compat.v2.keras.layers.Dense") == "layer"


def test_a_layer_subclassed_from_compat_v1_keras_is_a_keras_3_layer():
    from tf2lint.analysis.model import ModuleModel
    from tf2lint.linting.engine import parse_module

    code = (
        "import tensorflow.compat.v1 as tf\n\n\n"
        "class Block(tf.keras.layers.Layer):\n"
        "    def call(self, x):\n"
        "        return x\n"
    )
    (info,) = ModuleModel(parse_module(code)).classes.values()
    assert info.keras_kind == "layer" and not info.keras2  # Keras 3 does not convert its call


def test_keras_traces_the_hooks_of_each_kind():
    assert kb.traced_methods("loss") == {"call"}
    assert kb.traced_methods("metric") == {"update_state", "result"}
    assert {"call", "train_step", "test_step"} <= kb.traced_methods("model")
    # apply_gradients, in the train step fit traces, runs update_step for each variable (a
    # tf.Variable made there fails under TF 2.21: tests/test_variable_creation.py)
    assert kb.traced_methods("optimizer") == {"update_step"}


def test_host_side_effects_are_known():
    assert kb.side_effect("logging.info") == "log"
    assert kb.side_effect("absl.logging.warning") == "log"
    assert kb.side_effect("tensorflow.compat.v1.logging.info") == "log"
    assert kb.side_effect("warnings.warn") == "log"
    assert kb.side_effect("tensorflow.random.set_seed") == "seed"
    assert kb.side_effect("numpy.random.seed") == "seed"
    assert kb.side_effect("warnings.filterwarnings") is None  # configures, logs nothing


def test_the_calls_that_set_tensorflows_global_seed_are_told_from_other_seeders():
    # the generator called each seeder and read TF's graph-level seed back
    assert kb.sets_global_seed("tensorflow.random.set_seed")
    assert kb.sets_global_seed("tensorflow.keras.utils.set_random_seed")
    assert kb.sets_global_seed("tensorflow.compat.v1.set_random_seed")
    assert not kb.sets_global_seed("numpy.random.seed")
    assert not kb.sets_global_seed("random.seed")


def test_stateful_random_ops_seeded_from_the_global_seed_are_known():
    assert kb.seeded_random_op("tensorflow.random.normal")
    assert kb.seeded_random_op("tensorflow.image.random_flip_left_right")
    assert kb.seeded_random_op("tensorflow.nn.dropout")
    # stateless ops take their seed as an argument; deterministic ops take none
    assert not kb.seeded_random_op("tensorflow.random.stateless_normal")
    assert not kb.seeded_random_op("tensorflow.image.stateless_random_flip_left_right")
    assert not kb.seeded_random_op("tensorflow.image.flip_left_right")


@pytest.mark.parametrize(
    "qualified, name, position, accepts_none",
    [
        # checked by calling each in a tf.function with [None, 2]: TF 2.21 needs every size of a
        # shape it builds, and takes a partial shape where it only checks one
        ("tensorflow.reshape", "shape", 1, False),
        ("tensorflow.zeros", "shape", 0, False),
        ("tensorflow.random.normal", "shape", 0, False),
        ("tensorflow.keras.ops.reshape", "newshape", 1, False),
        ("keras.ops.ones", "shape", 0, False),
        ("tensorflow.ensure_shape", "shape", 1, True),
        ("tensorflow.fill", "dims", 0, None),  # the 2x2 sample is no scalar value to fill with
    ],
)
def test_ops_say_which_parameter_shapes_what_they_build(qualified, name, position, accepts_none):
    assert kb.shape_parameter(qualified) == kb.ShapeParameter(name, position, accepts_none)
    assert kb.shape_parameter("tensorflow.reduce_sum") is None


def test_ops_seen_to_give_one_tensor_are_told_from_those_giving_tuples():
    for name in ("tensorflow.shape", "tensorflow.reduce_sum", "keras.ops.abs", "tensorflow.concat"):
        assert kb.returns_one_tensor(name), name
    # tuples (or nothing a sample call could tell), though said to return tensors
    for name in (
        "tensorflow.linalg.qr",
        "tensorflow.math.top_k",
        "tensorflow.clip_by_global_norm",
        "tensorflow.image.combined_non_max_suppression",
    ):
        assert not kb.returns_one_tensor(name), name
