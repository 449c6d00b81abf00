"""The model's public query `kind_of`: what kind of object an expression holds."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from tf2lint.analysis.model import ModuleModel

SOURCE = textwrap.dedent(
    """
    import tensorflow as tf
    from tensorflow import keras
    import tf_keras

    class Logger(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            for layer in self.model.layers:
                print(layer)
            print(self.model.optimizer, self.model.layers[0])

    class Block(tf_keras.layers.Layer):
        def call(self, x):
            return super().__call__(x)

    class Plain:
        pass

    def build():
        return keras.Sequential([keras.layers.Dense(3)])

    def build_pair():
        encoder = keras.Sequential([keras.layers.Dense(3)])
        return encoder, keras.optimizers.Adam()

    def build_mixed(flag):
        if flag:
            return build(), 1
        return 2, build()

    model = build()
    net, opt = build_pair()
    first, second = build_mixed(True)
    ds = tf.data.Dataset.range(3).map(lambda x: x).batch(2)
    variable = tf.Variable(1.0)
    array = tf.TensorArray(tf.float32, 3)
    generator = tf.random.Generator.from_seed(1)
    block = Block()
    total = tf.reduce_sum(variable)
    plain = Plain()
    unknown = make_something()
    print(model, ds, variable, array, generator, block, total, plain, unknown)
    print(net, opt, first, second)
    """
)


@pytest.fixture(scope="module")
def model() -> ModuleModel:
    return ModuleModel(cst.parse_module(SOURCE))


def _kind(model: ModuleModel, expression: str) -> str | None:
    render = cst.Module([]).code_for_node
    for node_type in (cst.Subscript, cst.Attribute, cst.Name):
        for node in model.nodes_of(node_type):
            if render(node) == expression and not model.is_target(node):
                scope = model.scope_of(node) if isinstance(node, cst.Name) else None
                if scope is None:
                    fn = next(f for f in model.functions if f.qualname == "Logger.on_epoch_end")
                    scope = fn
                found = model.kind_of(node, scope)
                return found.kind if found is not None else None
    raise AssertionError(f"{expression} not in the source")


@pytest.mark.parametrize(
    ("expression", "kind"),
    [
        ("self.model", "model"),  # Callback.model, from the stubs
        ("self.model.optimizer", "optimizer"),
        ("self.model.layers[0]", "layer"),
        ("layer", "layer"),  # for layer in model.layers
        ("model", "model"),  # what the module's own factory returns
        ("ds", "dataset"),  # through Dataset methods
        ("variable", "variable"),
        ("array", "tensor_array"),  # a graph value, not a tensor
        ("generator", "random_generator"),  # not a tensor
        ("block", "layer"),  # the module's own Keras 2 subclass
        ("total", "tensor"),
        ("plain", None),
        ("unknown", None),
        # unpacked from what the module's function returns, a tuple display each time
        ("net", "model"),
        ("opt", "optimizer"),
        ("first", None),  # a model from one return, a number from the other
        ("second", None),
    ],
)
def test_kind_of_follows_the_knowledge_base_and_the_module(model, expression, kind):
    assert _kind(model, expression) == kind


def test_super_in_a_keras_subclass_is_of_its_kind(model):
    fn = next(f for f in model.functions if f.qualname == "Block.call")
    call = next(c for c in model.nodes_of(cst.Call) if cst.Module([]).code_for_node(c) == "super()")
    assert model.kind_of(call, fn).kind == "layer"


def test_kind_of_says_why(model):
    fn = next(f for f in model.functions if f.qualname == "Logger.on_epoch_end")
    node = next(
        n for n in model.nodes_of(cst.Attribute) if cst.Module([]).code_for_node(n) == "self.model"
    )
    found = model.kind_of(node, fn)
    assert found is not None and "callback" in found.why


KERAS_VERSIONS = textwrap.dedent(
    """
    import tensorflow as tf
    import tf_keras
    from tensorflow import keras

    class Net(tf.keras.Model):
        pass

    class Old(tf_keras.layers.Layer):
        pass

    class Deeper(Net):
        pass

    class Holder(keras.callbacks.Callback):
        def __init__(self):
            super().__init__()
            self.model = "a name"

        def on_epoch_end(self, epoch, logs=None):
            print(self.model)

    def either(flag):
        if flag:
            return keras.models.load_model("a.keras")
        return tf_keras.models.load_model("a.h5")

    new = keras.models.load_model("a.keras")
    old = tf_keras.models.load_model("a.h5")
    dense = tf.keras.layers.Dense(3)
    legacy = tf_keras.layers.Dense(3)
    net, block, deeper = Net(), Old(), Deeper()
    mixed = either(True)
    app = keras.applications.ResNet50(weights=None)
    print(new.layers[0], new.layers[1:], old.layers[0], new.metrics, old.metrics, dense, legacy, net, block, deeper)
    print(mixed, app, tf.Variable(1.0))
    """
)


@pytest.fixture(scope="module")
def versions() -> ModuleModel:
    return ModuleModel(cst.parse_module(KERAS_VERSIONS))


def _found(model: ModuleModel, expression: str):
    render = cst.Module([]).code_for_node
    for node_type in (cst.Subscript, cst.Attribute, cst.Call, cst.Name):
        for node in model.nodes_of(node_type):
            if render(node) == expression and not model.is_target(node):
                return model.kind_of(node, model.scope_of(node) if node_type is cst.Name else None)
    raise AssertionError(f"{expression} not in the source")


@pytest.mark.parametrize(
    ("expression", "kind", "keras", "cls"),
    [
        ("new", "model", 3, None),  # load_model: a model, from its docstring
        ("old", "model", 2, None),
        ("new.layers[0]", "layer", 3, None),  # elements keep their owner's Keras
        ("new.layers[1:]", "list[layer]", 3, None),  # a slice of a list: a list
        ("old.layers[0]", "layer", 2, None),
        ("new.metrics", "list[metric]", 3, None),  # Model.metrics, probed
        ("dense", "layer", 3, "keras.layers.Dense"),
        ("legacy", "layer", 2, "tf_keras.layers.Dense"),
        ("net", "model", 3, "keras.Model"),  # the module's own subclass: its public base
        ("block", "layer", 2, "tf_keras.layers.Layer"),
        ("deeper", "model", 3, "keras.Model"),  # through a same-module base
        ("mixed", "model", None, None),  # returns of both Keras: neither
        ("app", "model", 3, None),  # applications, from their docstrings
        ("tf.Variable(1.0)", "variable", None, "tensorflow.Variable"),
    ],
)
def test_kinds_say_which_keras_their_evidence_names(versions, expression, kind, keras, cls):
    found = _found(versions, expression)
    assert found is not None
    assert (found.kind, found.keras, found.cls) == (kind, keras, cls)


def test_a_subclass_own_member_shadows_keras(versions):
    fn = next(f for f in versions.functions if f.qualname == "Holder.on_epoch_end")
    render = cst.Module([]).code_for_node
    attributes = versions.nodes_of(cst.Attribute)
    node = next(n for n in attributes if render(n) == "self.model" and not versions.is_target(n))
    found = versions.kind_of(node, fn)
    assert found is None or found.kind != "model"  # `self.model = "a name"`: not Callback.model


def test_a_subclass_kind_carries_the_class(versions):
    found = _found(versions, "deeper")
    assert found is not None and found.subclass is not None and found.subclass.name == "Deeper"
