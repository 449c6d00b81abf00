"""Input-pipeline rules (rules/data_inputs.py): each form reported, each look-alike left alone."""

from __future__ import annotations

import pytest

from conftest import rule_ids
from tf2lint.analysis import knowledge

HEAD = (
    "import tensorflow as tf\nimport tensorflow_datasets as tfds\n\n\n"
    "def pair(image, label):\n    return image, label\n\n\n"
    "def one(example):\n    return example['image'], example['label']\n\n\n"
)


def test_structure_keeping_methods_are_generated():
    assert knowledge.dataset_keeps_structure("shuffle")
    assert knowledge.dataset_keeps_structure("batch")
    assert not knowledge.dataset_keeps_structure("map")


# TF990: a dataset of dictionaries mapped with a function of several parameters.
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "ds = tf.data.Dataset.from_tensor_slices({'image': x, 'label': y}).map(pair)\n",
            ["TF990"],
        ),
        (
            "feats = {'a': x, 'b': y}\nds = tf.data.Dataset.from_tensor_slices(feats)\n"
            "ds = ds.shuffle(8).batch(2).map(pair)\n",
            ["TF990"],
        ),
        ("ds = tfds.load('mnist', split='train')\nds = ds.map(pair)\n", ["TF990"]),
        (
            "(tr, te), info = tfds.load('mnist', split=['train', 'test'], with_info=True)\n"
            "tr = tr.map(lambda img, lbl: (img, lbl))\n",
            ["TF990"],
        ),
        ("ds = tf.data.experimental.make_csv_dataset('a.csv', 4).map(pair)\n", ["TF990"]),
        # (input, label) pairs: unpacked into the two parameters
        ("ds = tfds.load('mnist', split='train', as_supervised=True).map(pair)\n", []),
        ("ds = tf.data.experimental.make_csv_dataset('a.csv', 4, label_name='y').map(pair)\n", []),
        ("ds = tf.data.Dataset.from_tensor_slices((x, y)).map(pair)\n", []),
        # one parameter reading the keys; a structure the model cannot follow after a map
        ("ds = tf.data.Dataset.from_tensor_slices({'image': x}).map(one)\n", []),
        ("ds = tf.data.Dataset.from_tensor_slices({'image': x}).map(one).map(pair)\n", []),
        ("ds = tf.data.Dataset.from_tensor_slices({'image': x}).map(lambda d, k=1: d)\n", []),
    ],
)
def test_dict_elements_mapped_with_several_parameters(code, expected):
    assert rule_ids(HEAD + code, ["TF990"]) == expected


def test_dict_elements_rebound_in_a_function():
    body = (
        "def load(x, y):\n"
        "    ds = tf.data.Dataset.from_tensor_slices({'image': x, 'label': y})\n"
        "    ds = ds.shuffle(100)\n"
        "    ds = ds.map(pair)\n"
        "    ds = ds.map(pair)\n"  # after the first map: a structure the model does not follow
        "    return ds\n"
    )
    assert rule_ids(HEAD + body, ["TF990"]) == ["TF990"]


def test_dict_elements_not_followed_past_a_map_under_branches():
    body = (
        "def load(flag):\n"
        "    if flag:\n"
        "        train, info = tfds.load('a', split='train', with_info=True)\n"
        "    else:\n"
        "        train, info = tfds.load('b', split='train', with_info=True)\n"
        "    train = train.map(one).batch(4)\n"
        "    train = train.map(pair)\n"  # after `one`: pairs, not dictionaries
        "    return train\n"
    )
    assert rule_ids(HEAD + body, ["TF990"]) == []


LOADERS = (
    "import numpy as np\nimport tensorflow as tf\n"
    "from tensorflow.keras.preprocessing.image import ImageDataGenerator\n"
    "datagen = ImageDataGenerator(rescale=1 / 255)\nx_test, y_test = load()\n"
)


# TF991: a shuffling loader's predictions compared with labels read in another order.
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "gen = datagen.flow_from_directory('test')\np = model.predict(gen)\nc = gen.classes\n",
            ["TF991"],
        ),
        (
            "gen = datagen.flow_from_directory('t', shuffle=True)\np = model.predict_generator(gen)\n"
            "c = gen.labels\n",
            ["TF991"],
        ),
        (
            "gen = datagen.flow(x_test, y_test)\np = model.predict(gen)\nprint(y_test == p)\n",
            ["TF991"],
        ),
        (
            "ds = tf.keras.utils.image_dataset_from_directory('t').prefetch(2)\np = model.predict(ds)\n"
            "y = np.concatenate([y for _, y in ds])\n",
            ["TF991"],
        ),
        (
            "def score(model, gen):\n    p = model.predict(gen)\n    return gen.classes\n\n\n"
            "score(model, datagen.flow_from_directory('t'))\n",
            ["TF991"],
        ),
        # shuffle=False; labels never read; labels read from a loader that is not predicted
        (
            "gen = datagen.flow_from_directory('test', shuffle=False)\np = model.predict(gen)\n"
            "c = gen.classes\n",
            [],
        ),
        ("gen = datagen.flow_from_directory('test')\np = model.predict(gen)\n", []),
        (
            "gen = datagen.flow_from_directory('a', shuffle=False)\nother = datagen.flow_from_directory('b')\n"
            "p = model.predict(gen)\nc = other.classes\n",
            [],
        ),
        ("gen = datagen.flow(x_test)\np = model.predict(gen)\n", []),
    ],
)
def test_shuffled_loader_predicted_against_labels(code, expected):
    assert rule_ids(LOADERS + code, ["TF991"]) == expected


def test_shuffling_loaders_are_generated():
    assert knowledge.shuffles_by_default("flow_from_directory")
    assert knowledge.shuffles_by_default("tensorflow.keras.utils.image_dataset_from_directory")
    assert not knowledge.shuffles_by_default("predict")


# TF992: pixels divided by 255 after convert_image_dtype already scaled them to [0, 1].
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "    x = tf.image.convert_image_dtype(tf.io.decode_jpeg(b), tf.float32)\n    return x / 255.0\n",
            ["TF992"],
        ),
        (
            "    x = tf.io.decode_png(b)\n    x = tf.image.convert_image_dtype(x, dtype=tf.float32)\n"
            "    x = tf.image.resize(x, [8, 8])\n    x /= 255\n    return x\n",
            ["TF992"],
        ),
        (
            "    x = tf.image.convert_image_dtype(tf.cast(b, tf.uint8), 'float32')\n"
            "    return tf.divide(x, 255)\n",
            ["TF992"],
        ),
        # a float input is only cast; a plain cast does not scale; no conversion at all
        (
            "    x = tf.image.convert_image_dtype(tf.cast(b, tf.float32), tf.float32)\n    return x / 255\n",
            [],
        ),
        ("    x = tf.cast(tf.io.decode_jpeg(b), tf.float32)\n    return x / 255.0\n", []),
        (
            "    x = tf.image.convert_image_dtype(tf.io.decode_jpeg(b), tf.float32)\n    return x * 2 - 1\n",
            [],
        ),
    ],
)
def test_rescaled_after_convert_image_dtype(code, expected):
    assert rule_ids("import tensorflow as tf\n\n\ndef load(b):\n" + code, ["TF992"]) == expected


# TF982: a one-element tuple (a trailing comma) passed where an integer is required.
@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("batch_size = 10,\nmodel.fit(x, y, batch_size=batch_size)\n", ["TF982"]),
        (
            "epochs = 5,\nmodel.fit(x, y, epochs=epochs)\nmodel.evaluate(x, y, batch_size=epochs)\n",
            ["TF982"],
        ),
        ("units = 64,\nlayer = tf.keras.layers.Dense(units)\n", ["TF982"]),
        ("n = 4,\nds = tf.data.Dataset.range(9).batch(n)\n", ["TF982"]),
        # shapes are tuples on purpose; plain ints; a parameter that takes a tuple
        ("input_shape = 784,\nlayer = tf.keras.layers.Dense(8, input_shape=input_shape)\n", []),
        ("batch_size = 10\nmodel.fit(x, y, batch_size=batch_size)\n", []),
        ("k = 3,\nlayer = tf.keras.layers.Conv1D(8, k)\n", []),
    ],
)
def test_one_element_tuple_for_integer(code, expected):
    assert rule_ids("import tensorflow as tf\n" + code, ["TF982"]) == expected


def test_integer_only_parameters_are_generated():
    assert "epochs" in knowledge.integer_only_parameters("keras.Model.fit")
    assert knowledge.integer_only_parameters("keras.layers.Dense") == ["units"]
