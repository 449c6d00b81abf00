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
