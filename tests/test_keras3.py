"""TF001-TF009: APIs removed or changed in Keras 3 (tf.keras from TF 2.16)."""

from __future__ import annotations

import textwrap

import pytest

from conftest import lint, rule_ids, run_cli
from tf2lint.engine import lint_module
from tf2lint.fixes import fix_round
from tf2lint.plugins import all_rules
from tf2lint.selection import select_rules


def fixed(source: str, select: list[str], unsafe: bool = False) -> str:
    rules = [r for r in all_rules() if any(r.id.startswith(s) for s in select)]
    result = lint_module(textwrap.dedent(source), "train.py", rules)
    code, applied, rejected = fix_round(result.module, result.diagnostics, unsafe=unsafe)
    assert applied and not rejected
    return code


KERAS3_IDS = [f"TF00{i}" for i in range(1, 10)]


def test_every_keras3_rule_is_gated_on_tensorflow_2_16():
    rules = tuple(all_rules())
    assert {r.id for r in rules if r.category == "keras3"} == set(KERAS3_IDS)
    assert all(r.since_tensorflow == "2.16" for r in rules if r.category == "keras3")
    assert select_rules(rules, ["TF0"], [], "2.15") == []
    assert sorted(r.id for r in select_rules(rules, ["TF0"], [], "2.16")) == KERAS3_IDS


def test_cli_target_tensorflow_2_15_silences_keras3(project):
    (project / "train.py").write_text(
        "import tensorflow as tf\nm = tf.keras.metrics.Mean()\nm.reset_states()\n"
    )
    old = run_cli(
        "check", "--select", "TF0", "--target-tensorflow", "2.15", "train.py", cwd=project
    )
    assert old.returncode == 0, old.stdout + old.stderr
    new = run_cli(
        "check", "--select", "TF0", "--target-tensorflow", "2.16", "train.py", cwd=project
    )
    assert new.returncode == 1 and "TF001" in new.stdout


METRIC = """
    import tensorflow as tf

    train_loss = tf.keras.metrics.Mean(name="train_loss")

    def end_epoch():
        train_loss.reset_states()
    """


def test_metric_reset_states_fix_is_safe_and_exact():
    (d,) = lint(METRIC, ["TF0"])
    assert d.rule == "TF001" and d.fix.applicability == "safe"
    assert fixed(METRIC, ["TF001"]) == textwrap.dedent(METRIC).replace(
        "reset_states()", "reset_state()"
    )


@pytest.mark.parametrize(
    "source",
    [
        # self attribute bound to a metric
        "class M(tf.keras.Model):\n    def __init__(self):\n        super().__init__()\n"
        "        self.acc = tf.keras.metrics.SparseCategoricalAccuracy()\n"
        "    def reset(self):\n        self.acc.reset_states()\n",
        # loop over a model's metrics
        "def reset(model):\n    for m in model.metrics:\n        m.reset_states()\n",
        # `from keras import metrics`
        "from keras import metrics\nauc = metrics.AUC()\nauc.reset_states()\n",
    ],
)
def test_metric_reset_states_found_with_evidence(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF001"]) == ["TF001"]


@pytest.mark.parametrize(
    "source",
    [
        # a stateful RNN layer still has reset_states()
        "lstm = tf.keras.layers.LSTM(4, stateful=True)\nlstm.reset_states()\n",
        # unknown receiver
        "def f(thing):\n    thing.reset_states()\n",
        # tf_keras keeps Keras 2's API
        "import tf_keras\nm = tf_keras.metrics.Mean()\nm.reset_states()\n",
        "m = tf.keras.metrics.Mean()\nm.reset_state()\n",
    ],
)
def test_metric_reset_states_not_reported(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF001"]) == []


@pytest.mark.parametrize(
    "source, rule, line",
    [
        ("opt = tf.keras.optimizers.legacy.Adam()\n", "TF002", 2),
        ("from tensorflow.keras.optimizers.legacy import SGD\nopt = SGD()\n", "TF002", 2),
        ("from tensorflow.keras.optimizers import legacy\n", "TF002", 2),
        ("sess = tf.keras.backend.get_session()\n", "TF005", 2),
        ("from tensorflow.keras import backend as K\nK.set_session(s)\n", "TF005", 3),
        ("tf.compat.v1.keras.backend.get_session()\n", "TF005", 2),
        ("config = tf.estimator.RunConfig()\n", "TF006", 2),
        ("from tensorflow import estimator as tf_estimator\n", "TF006", 2),
        ("import tensorflow_estimator as tfe\n", "TF006", 2),
        ("spec = tf.compat.v1.estimator.EstimatorSpec\n", "TF006", 2),
        ("r = tf.keras.layers.experimental.preprocessing.Rescaling(1.0)\n", "TF009", 2),
        ("from tensorflow.keras.layers.experimental import preprocessing\n", "TF009", 2),
    ],
)
def test_removed_api_reported_once_per_use(source, rule, line):
    found = lint("import tensorflow as tf\n" + source, ["TF0"])
    assert [(d.rule, d.line) for d in found] == [(rule, line)]


@pytest.mark.parametrize(
    "source",
    [
        "opt = tf.keras.optimizers.Adam()\n",
        "import tf_keras\nopt = tf_keras.optimizers.legacy.Adam()\n",  # Keras 2 package
        "tf.keras.backend.clear_session()\n",
        "r = tf.keras.layers.Rescaling(1.0)\n",
        "x = tf.experimental.numpy.ones(3)\n",
        "from my_project import estimator\n",
        "est = self.estimator\n",
    ],
)
def test_removed_api_not_reported(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF0"]) == []


@pytest.mark.parametrize(
    "call", ['model.save("m.keras", save_format="keras")', 'm.save_weights("w", save_format="tf")']
)
def test_save_format_reported_on_the_keyword(call):
    (d,) = lint("import tensorflow as tf\n" + call + "\n", ["TF0"])
    assert d.rule == "TF003" and d.column == call.index("save_format") + 1


def test_save_format_silent_with_tf_keras():
    source = "import tf_keras\nmodel.save('dir', save_format='tf')\n"
    assert rule_ids(source, ["TF0"]) == []


SAVE = """
    import os
    import tensorflow as tf

    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    loaded = tf.keras.models.load_model("m.keras")

    class Net(tf.keras.Model):
        def export_all(self, folder):
            self.save(os.path.join(folder, "net"))

    def export(folder, other):
        model.save(folder + "/model")
        model.save("exported/model")
        model.save(f"{folder}/model.keras")
        loaded.save_weights("ckpt")
        loaded.save_weights(f"{folder}/w.weights.h5")
        tf.keras.models.save_model(model, "saved")
        Net().save("n.h5")
        other.save("anything")
    """


def test_save_path_without_extension():
    found = lint(SAVE, ["TF0"])
    assert [(d.rule, d.line) for d in found] == [
        ("TF004", 10),
        ("TF004", 14),
        ("TF004", 16),
        ("TF004", 18),
    ]
    assert "'ckpt'" in found[2].message and "`.weights.h5`" in found[2].message


GENERATOR = """
    import tensorflow as tf

    def train(model, data):
        model.fit_generator(data, steps_per_epoch=10, epochs=2)
        model.predict_generator(data, steps=3)
        model.evaluate_generator(data, workers=4, use_multiprocessing=True)
    """


def test_generator_methods_fix_is_unsafe_and_skips_loader_options():
    found = lint(GENERATOR, ["TF007"])
    assert [d.fix.applicability if d.fix else None for d in found] == ["unsafe", "unsafe", None]
    assert fixed(GENERATOR, ["TF007"], unsafe=True) == textwrap.dedent(GENERATOR).replace(
        "fit_generator", "fit"
    ).replace("predict_generator", "predict")


def test_optimizer_lr_fix_is_safe_and_exact():
    source = "import tensorflow as tf\nopt = tf.keras.optimizers.Adam(lr=1e-3, beta_1=0.8)\n"
    (d,) = lint(source, ["TF0"])
    assert d.rule == "TF008" and d.fix.applicability == "safe"
    assert fixed(source, ["TF008"]) == source.replace("lr=", "learning_rate=")


@pytest.mark.parametrize(
    "source",
    [
        "opt = tf.keras.optimizers.Adam(learning_rate=1e-3)\n",
        "opt = tf.keras.optimizers.schedules.ExponentialDecay(lr=0.1)\n",
        "opt = MyOptimizer(lr=0.1)\n",
        "import tf_keras\nopt = tf_keras.optimizers.Adam(lr=0.1)\n",
    ],
)
def test_optimizer_lr_not_reported(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF008"]) == []
