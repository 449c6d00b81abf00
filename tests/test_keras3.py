"""TF001-TF014: APIs removed or changed in Keras 3 (tf.keras from TF 2.16), and the generated
table behind TF010-TF013."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from conftest import ROOT, lint, rule_ids, run_cli
from tf2lint.analysis import model as model_module
from tf2lint.analysis.keras_tables import keras3_migration
from tf2lint.linting.engine import lint_module
from tf2lint.linting.fixes import fix_round
from tf2lint.linting.plugins import all_rules
from tf2lint.linting.selection import select_rules
from tf2lint.rules import keras3
from tf2lint.rules.common import KERAS_EVIDENCE_TEXT, Keras3Rule


def fixed(source: str, select: list[str], unsafe: bool = False) -> str:
    rules = [r for r in all_rules() if any(r.id.startswith(s) for s in select)]
    result = lint_module(textwrap.dedent(source), "train.py", rules)
    code, applied, rejected = fix_round(result.module, result.diagnostics, unsafe=unsafe)
    assert applied and not rejected
    return code


# The Keras 3 family: TF001-TF020 and TF026-TF031, every one gated on TensorFlow 2.16. TF015 (a
# TF op on a Keras tensor) is filed as graph-incompatible, like TF891; the others are the keras3
# category.
KERAS_FAMILY_IDS = [f"TF0{i:02d}" for i in range(1, 21)] + [
    "TF026",
    "TF027",
    "TF028",
    "TF029",
    "TF030",
    "TF031",
    "TF032",
    "TF033",
]
# TF015 is graph-incompatible; TF005 (the backend session, gone from tf.keras since TF 2.0) tf1-api
KERAS3_IDS = [rule for rule in KERAS_FAMILY_IDS if rule not in ("TF005", "TF015")]


def test_every_keras3_rule_is_gated_on_tensorflow_2_16():
    rules = tuple(all_rules())
    assert {r.id for r in rules if r.category == "keras3"} == set(KERAS3_IDS)
    family = [r for r in rules if r.id in KERAS_FAMILY_IDS]
    assert len(family) == len(KERAS_FAMILY_IDS)
    assert all(r.since_tensorflow == "2.16" for r in family if r.id != "TF005")
    assert next(r for r in family if r.id == "TF015").category == "graph-incompatible"
    session = next(r for r in family if r.id == "TF005")
    assert (session.category, session.since_tensorflow) == ("tf1-api", "2.0")
    assert select_rules(rules, ["keras3"], [], "2.15") == []
    assert sorted(r.id for r in select_rules(rules, ["keras3"], [], "2.16")) == KERAS3_IDS


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
        ("TF004", 13),  # `folder + "/model"`: the path's literal end
        ("TF004", 14),
        ("TF004", 16),
        ("TF004", 18),
    ]
    assert "'ckpt'" in found[3].message and "`.weights.h5`" in found[3].message


GENERATOR = """
    import tensorflow as tf

    def train(model, data):
        model.fit_generator(data, steps_per_epoch=10, epochs=2)
        model.predict_generator(data, steps=3)
        model.evaluate_generator(data, workers=4, use_multiprocessing=True)
    """


def test_generator_methods_fix_is_unsafe_for_unknown_data_and_skips_loader_options():
    """``data`` may be any iterator, which Keras 2's fit took and Keras 3's refuses: unsafe.
    The fix is the call Keras 2's forwarding method made: defaults that differ are passed."""
    found = lint(GENERATOR, ["TF007"])
    assert [d.fix.applicability if d.fix else None for d in found] == ["unsafe", "unsafe", None]
    assert fixed(GENERATOR, ["TF007"], unsafe=True) == textwrap.dedent(GENERATOR).replace(
        "fit_generator(data, steps_per_epoch=10, epochs=2)",
        "fit(data, steps_per_epoch=10, epochs=2, verbose=1)",
    ).replace("predict_generator(data, steps=3)", "predict(data, steps=3, verbose=0)")


GENERATOR_FUNCTION = """
    import tensorflow as tf

    def batches():
        while True:
            yield 1, 2

    model = tf.keras.Sequential()
    model.fit_generator(batches(), 5, 2, verbose=0, workers=1, max_queue_size=10)
    model.fit_generator(
        generator=batches(),
        steps_per_epoch=5,
        use_multiprocessing=False,
    )
    print(model.evaluate_generator(batches(), 3))
    model.fit_generator(batches(), 5, workers=2)
    model.fit_generator(batches(), 5, 2, 0, None, None, None, 1, None, 10, 1, False, True, 0, 9)
    """


def test_generator_methods_fix_is_safe_on_a_generator_and_keeps_keras2_positions():
    """Positions become keywords (fit's differ), Keras 2's defaults that differ from the new
    method's are passed, loader options at Keras 2's defaults are dropped, other values leave
    the call unfixed; the layout of a multi-line call stays."""
    found = lint(GENERATOR_FUNCTION, ["TF007"])
    assert [d.fix.applicability if d.fix else None for d in found] == [
        "safe",
        "safe",
        "safe",
        None,
        None,
    ]
    assert fixed(GENERATOR_FUNCTION, ["TF007"]) == textwrap.dedent(GENERATOR_FUNCTION).replace(
        "model.fit_generator(batches(), 5, 2, verbose=0, workers=1, max_queue_size=10)",
        "model.fit(batches(), steps_per_epoch=5, epochs=2, verbose=0)",
    ).replace(
        "model.fit_generator(\n    generator=batches(),\n    steps_per_epoch=5,\n"
        "    use_multiprocessing=False,\n)",
        "model.fit(\n    x=batches(),\n    steps_per_epoch=5,\n    verbose=1,\n)",
    ).replace("evaluate_generator(batches(), 3)", "evaluate(batches(), steps=3, verbose=0)")


def test_forwarding_members_are_generated_from_keras2_sources():
    forward = keras3.table().forwarding_members["Model.fit_generator"]
    assert forward["method"] == "fit"
    names = [p["name"] for p in forward["parameters"]]
    assert names[:3] == ["generator", "steps_per_epoch", "epochs"]
    workers = next(p for p in forward["parameters"] if p["name"] == "workers")
    assert workers["keras3"] is None and workers["keras2_default"] == 1
    assert keras3.table().forwarding_members["Model.evaluate_generator"]["method"] == "evaluate"


def test_a_subclass_keeps_a_keyword_its_own_keras3_constructor_takes():
    """Keras 3's base Layer refuses `weights=`, its Embedding takes it (run under 3.15.1)."""
    assert "weights" in keras3.table().accepted_arguments["layers.Embedding"]
    source = (
        "import numpy as np\nimport tensorflow as tf\n"
        "e = tf.keras.layers.Embedding(4, 2, weights=[np.ones((4, 2))])\n"
        "d = tf.keras.layers.Dense(2, weights=[np.ones((4, 2))])\n"
    )
    assert [(d.rule, d.line) for d in lint(source, ["TF012"])] == [("TF012", 4)]


HISTORY_LR = """
    import tensorflow as tf

    model = tf.keras.Sequential()
    history = model.fit(x, y, callbacks=[tf.keras.callbacks.ReduceLROnPlateau()])
    print(history.history["lr"])
    """


def test_history_lr_key_is_safe_where_the_module_builds_the_writer_and_writes_no_lr():
    (d,) = lint(HISTORY_LR, ["TF018"])
    assert d.fix.applicability == "safe"
    assert any("ReduceLROnPlateau" in step.message for step in d.evidence.value)
    assert 'history["learning_rate"]' in fixed(HISTORY_LR, ["TF018"])
    own = textwrap.dedent(HISTORY_LR) + (
        "\nclass Logger(tf.keras.callbacks.Callback):\n"
        '    def on_epoch_end(self, e, logs):\n        logs["lr"] = 1.0\n'
    )
    (d,) = lint(own, ["TF018"])
    assert d.fix.applicability == "unsafe"
    without_writer = HISTORY_LR.replace("tf.keras.callbacks.ReduceLROnPlateau()", "cb")
    (d,) = lint(without_writer, ["TF018"])
    assert d.fix.applicability == "unsafe"


PATHS = """
    import tensorflow as tf

    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    path = "weights.best.h5"
    cb = tf.keras.callbacks.ModelCheckpoint(path, save_weights_only=True)
    model.load_weights(path)
    model.save_weights("w.h5")
    model.load_weights("w.h5")
    model.save("exported")
    again = tf.keras.models.load_model("exported")
    model.save_weights("ckpt/prefix")
    model.save_weights("shown.h5")
    print("shown.h5")
    """


def test_save_paths_renamed_everywhere_the_module_names_them():
    """Renamed together where every spelling is a Keras save or load path and the module
    writes the file; a folder in a TF-format path (Keras 2 made it) or a path printed too
    stay unfixed."""
    found = lint(PATHS, ["TF004", "TF020"])
    fixes = {d.line: d.fix.applicability if d.fix else None for d in found}
    assert fixes == {6: "safe", 8: "safe", 10: "safe", 12: None, 13: None}
    code = textwrap.dedent(PATHS)
    for _ in range(3):
        rules = [r for r in all_rules() if r.id in ("TF004", "TF020")]
        result = lint_module(code, "train.py", rules)
        new, applied, _ = fix_round(result.module, result.diagnostics, unsafe=False)
        if not applied:
            break
        code = new
    assert code == textwrap.dedent(PATHS).replace(
        '"weights.best.h5"', '"weights.best.weights.h5"'
    ).replace('"w.h5"', '"w.weights.h5"').replace('"exported"', '"exported.keras"')


def test_keras3_path_names():
    from tf2lint.rules.common import keras3_path

    assert keras3_path("w.h5", "weights") == "w.weights.h5"
    assert keras3_path("dir/w.hdf5", "weights") == "dir/w.weights.h5"
    assert keras3_path("ckpt", "weights") == "ckpt.weights.h5"
    assert keras3_path("ckpt/prefix", "weights") is None
    assert keras3_path("w.weights.h5", "weights") is None
    assert keras3_path("export", "model") == "export.keras"
    assert keras3_path("best.hdf5", "model") == "best.keras"
    assert keras3_path("m.h5", "model") is None


def test_expect_partial_drop_is_safe_only_where_the_status_is_thrown_away():
    source = (
        "import tensorflow as tf\nmodel = tf.keras.Sequential()\n"
        'model.load_weights("w.weights.h5").expect_partial()\n'
        'status = model.load_weights("w.weights.h5").expect_partial()\n'
    )
    found = [d for d in lint(source, ["TF019"]) if d.fix]
    assert [d.fix.applicability for d in found] == ["safe", "unsafe"]


def test_embedding_input_length_becomes_the_input_shape_keras2_made_of_it():
    source = (
        "import tensorflow as tf\nm = tf.keras.Sequential([\n"
        "    tf.keras.layers.Embedding(10, 4, input_length=5),\n"
        "    tf.keras.layers.Embedding(10, 4, input_length=5, input_shape=(5,)),\n])\n"
    )
    found = lint(source, ["TF020"])
    assert [d.fix.applicability if d.fix else None for d in found] == ["safe", None]
    assert "Embedding(10, 4, input_shape=(5,))," in fixed(source, ["TF020"])


def test_model_layers_element_of_a_literal_sequential_has_its_class():
    source = (
        "import tensorflow as tf\nmodel = tf.keras.Sequential([\n"
        "    tf.keras.Input((5, 3)),\n    tf.keras.layers.LSTM(4, stateful=True),\n])\n"
        "model.layers[0].reset_states([h, c])\nlayer = model.layers[-1]\n"
        "layer.reset_states(states=[h, c])\n"
    )
    assert [d.line for d in lint(source, ["TF012"])] == [6, 8]


def test_optimizer_config_lr_key_and_partial():
    source = (
        "import functools\nimport tensorflow as tf\n"
        'a = tf.keras.optimizers.get({"class_name": "adam", "config": {"lr": 0.1}})\n'
        "b = functools.partial(tf.keras.optimizers.Adam, lr=0.1)\n"
        'c = tf.keras.optimizers.get("adam").__class__(lr=0.1)\n'
        'd = {"a": tf.keras.optimizers.Adam}.get("a")(lr=0.1)\n'
    )
    assert [d.line for d in lint(source, ["TF008"])] == [3, 4, 5, 6]
    assert '"learning_rate": 0.1' in fixed(source, ["TF008"])


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


# --- the generated table ------------------------------------------------------------------------


def test_table_loads_without_tensorflow():
    code = (
        "import sys\n"
        "from tf2lint.rules import keras3\n"
        "t = keras3.table()\n"
        "assert 'tensorflow' not in sys.modules and 'keras' not in sys.modules\n"
        "print(len(t.symbols), len(t.members), len(t.arguments))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    symbols, members, arguments = map(int, out.stdout.split())
    assert symbols > 150 and members > 20 and arguments > 50


def test_committed_table_matches_installed_keras_packages():
    pytest.importorskip(
        "tf_keras", reason="tf-keras (Keras 2) is not installed: the table cannot be regenerated"
    )
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import generate_keras3_data
    finally:
        sys.path.pop(0)
    committed = json.loads((ROOT / "linter" / "data" / "keras3_migration.json").read_text())
    built = json.loads(generate_keras3_data.dump(generate_keras3_data.build()))
    assert built == committed, (
        "linter/data/keras3_migration.json is stale: run scripts/generate_keras3_data.py"
    )


def test_table_holds_the_known_breaks():
    t = keras3.table()
    moved = t.symbols["layers.experimental.preprocessing.Rescaling"]
    assert moved["replacement"] == "layers.Rescaling" and moved["safe"]
    assert t.symbols["losses.mean_squared_error"]["in_keras"]  # `import keras` keeps it
    assert "error" in t.symbols["optimizers.legacy.Adam"]  # a stub that raises ImportError
    assert t.removed_member("Sequential", "to_yaml") and t.removed_member("layers.Dense", "updates")
    assert not t.removed_member("Sequential", "input_shape")  # Sequential has it back
    assert t.removed_member("optimizers.Adam", "lr")
    assert t.removed_arguments(t.lineage("layers.Dense"))["dynamic"]["new"] is None
    assert t.arguments["utils.to_categorical"]["y"]["new"] == "x"
    assert t.defaults["regularizers.l1_l2"]["l1"][:2] == [0.01, 0.0]
    # keywords Keras 2 took through **kwargs passed on to a helper, which Keras 3 refuses
    assert t.arguments["Model.compile"]["sample_weight_mode"]["via"] == "kwargs"
    assert "options" in t.arguments["models.load_model"]
    assert "options" in t.arguments["Model.save"]
    assert "include_optimizer" not in t.arguments["Model.save"]  # Keras 3 still takes it
    assert t.refused_value("mixed_precision.LossScaleOptimizer", "dynamic", False)
    assert not t.refused_value("mixed_precision.LossScaleOptimizer", "dynamic", True)
    state = keras3_migration()["layer_state"]
    assert state["keras3"]["Dropout"] == "seed" and state["keras2"]["Dropout"] == "none"
    assert state["keras3"]["Flatten"] == "none" and state["keras3"]["Dense"] == "variables"


# --- TF010: removed symbols ---------------------------------------------------------------------


def test_moved_symbol_fix_is_safe_and_exact():
    source = "import tensorflow as tf\nopt = tf.keras.optimizers.experimental.AdamW(0.1)\n"
    (d,) = lint(source, ["TF010"])
    assert d.fix.applicability == "safe"
    assert fixed(source, ["TF010"]) == source.replace("experimental.", "")


def test_same_name_replacement_is_unsafe_and_removed_names_have_no_fix():
    found = lint(
        "import tensorflow as tf\n"
        "m = tf.keras.dtensor.experimental.LayoutMap(mesh)\n"
        "tf.keras.backend.learning_phase()\n",
        ["TF010"],
    )
    assert [(d.line, d.fix.applicability if d.fix else None) for d in found] == [
        (2, "unsafe"),
        (3, None),
    ]


@pytest.mark.parametrize(
    "source",
    [
        "import keras\nloss = keras.losses.mean_squared_error\n",  # the keras package has it
        "import tf_keras\nloss = tf_keras.losses.mean_squared_error\n",
        "import tensorflow as tf\nloss = tf.keras.losses.mse\n",
        "from tensorflow import keras\nif not hasattr(keras, 'saving'):\n    keras.saving = 1\n",
        "import tensorflow as tf\nr = tf.keras.layers.experimental.preprocessing.Rescaling(1.0)\n",
    ],
)
def test_removed_symbol_not_reported(source):
    assert rule_ids(source, ["TF010"]) == []


def test_compat_v1_keras_is_checked_against_keras2_v1_api():
    """`tf.compat.v1.keras` is Keras 3 from TF 2.16; Keras 2's v1 API had names that the
    `tf.keras` table does not list (generated from tf_keras.api._v1.keras)."""
    v1 = keras3.table().compat_v1_symbols
    assert "layers.CuDNNLSTM" in v1 and "backend.get_session" in v1
    assert "layers.Dense" not in v1
    source = "import tensorflow as tf\nlstm = tf.compat.v1.keras.layers.CuDNNLSTM(4)\n"
    assert [(d.rule, d.line) for d in lint(source, ["TF010"])] == [("TF010", 2)]
    # TF1's `tf.keras` spelling of a v1-only name: Keras 3 lacks it too (and the tf1 rules'
    # `tf.compat.v1.keras` advice with it), so TF010 reports it, not the tf1 rules
    v2_spelling = source.replace("compat.v1.keras", "keras")
    assert rule_ids(v2_spelling, ["TF010", "TF1"]) == ["TF010"]
    # and through `import keras` (Keras 3): `from keras.layers import CuDNNGRU` fails too
    package = "from keras.layers import CuDNNGRU\nimport keras\ngru = keras.layers.CuDNNLSTM(4)\n"
    assert [(d.rule, d.line) for d in lint(package, ["TF010"])] == [("TF010", 1), ("TF010", 3)]
    normal = "import tensorflow as tf\ni = tf.keras.initializers.normal(stddev=0.1)\n"
    assert fixed(normal, ["TF010"]) == normal.replace("normal(", "random_normal(")
    assert rule_ids(source.replace("CuDNNLSTM", "LSTM"), ["TF010"]) == []
    moved = "import tensorflow as tf\nf = tf.compat.v1.keras.losses.cosine_proximity\n"
    assert fixed(moved, ["TF010"]) == moved.replace("cosine_proximity", "cosine_similarity")
    session = "import tensorflow as tf\ns = tf.compat.v1.keras.backend.get_session()\n"
    assert rule_ids(session, ["TF005", "TF010"]) == ["TF005"]  # TF005's, once


def test_removed_symbol_reported_once_per_chain_and_on_imports():
    source = (
        "import tensorflow as tf\n"
        "from tensorflow.keras.optimizers.experimental import SGD\n"
        "s = tf.keras.experimental.CosineDecay(0.1, 10).get_config()\n"
    )
    assert [(d.rule, d.line) for d in lint(source, ["TF010"])] == [("TF010", 2), ("TF010", 3)]


# --- TF011: removed members ---------------------------------------------------------------------

MEMBERS = """
    import tensorflow as tf

    model = tf.keras.models.load_model("m.keras")
    dense = tf.keras.layers.Dense(3)

    class Block(tf.keras.layers.Layer):
        def call(self, x):
            self.add_update(x)
            return x

    class Own(tf.keras.layers.Layer):
        def updates(self):
            return []

        def call(self, x):
            return self.updates()

    def report(other):
        print(model.optimizer.lr, model.to_yaml(), dense.inbound_nodes)
        other.to_yaml()
        dense.updates = []
        model.reset_states()
    """


def test_removed_members_need_evidence():
    found = lint(MEMBERS, ["TF0"])
    assert [(d.rule, d.line) for d in found] == [
        ("TF011", 9),
        ("TF011", 20),
        ("TF011", 20),
        ("TF011", 20),
        ("TF011", 23),
    ]
    assert "`Optimizer` has no `lr`" in found[1].message


def test_metric_reset_states_is_tf001_not_tf011():
    assert rule_ids(METRIC, ["TF0"]) == ["TF001"]


def test_tf_keras_members_not_reported():
    source = "import tf_keras\nmodel = tf_keras.Sequential()\nmodel.to_yaml()\n"
    assert rule_ids(source, ["TF0"]) == []


LEGACY_SWITCH = "import os\n{switch}\nimport tensorflow as tf\nopt = tf.keras.optimizers.SGD(0.1)\nopt.minimize(loss_fn, [w])\n"


@pytest.mark.parametrize(
    "switch",
    [
        'os.environ["TF_USE_LEGACY_KERAS"] = "1"',
        "os.environ['TF_USE_LEGACY_KERAS'] = 'True'",
        'os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")',
    ],
)
def test_legacy_keras_switch_makes_tf_keras_keras2(switch):
    """TF_USE_LEGACY_KERAS=1 set before TensorFlow's import makes `tf.keras` tf-keras, whose
    optimizers keep `minimize` (checked under TF 2.21: it runs), so no Keras 3 claim holds."""
    assert rule_ids(LEGACY_SWITCH.format(switch=switch), ["TF0"]) == []


@pytest.mark.parametrize(
    "switch",
    [
        'os.environ["TF_USE_LEGACY_KERAS"] = "0"',
        'flag = os.environ.get("TF_USE_LEGACY_KERAS")',  # read, not set
        'os.environ.pop("TF_USE_LEGACY_KERAS", None)',
    ],
)
def test_legacy_keras_switch_off_or_read_still_keras3(switch):
    assert rule_ids(LEGACY_SWITCH.format(switch=switch), ["TF0"]) == ["TF011"]


# --- TF012: removed and renamed arguments -------------------------------------------------------


def test_renamed_argument_fix_is_safe_and_exact():
    source = "import tensorflow as tf\ny = tf.keras.utils.to_categorical(y=labels, num_classes=3)\n"
    (d,) = lint(source, ["TF012"])
    assert d.fix.applicability == "safe"
    assert fixed(source, ["TF012"]) == source.replace("(y=", "(x=")


@pytest.mark.parametrize(
    "source, line",
    [
        ("layer = tf.keras.layers.Dense(3, dynamic=True)\n", 2),  # Layer's keyword, inherited
        ("opt = tf.keras.optimizers.Adam(jit_compile=True)\n", 2),
        ("m = tf.keras.Sequential()\nm.train_on_batch(x, y, reset_metrics=False)\n", 3),
        # forwarded by Keras 2 through **kwargs to a helper (`_validate_compile`, the legacy
        # SavedModel loader and writer)
        ("m = tf.keras.Sequential()\nm.compile('sgd', sample_weight_mode=None)\n", 3),
        ("m = tf.keras.models.load_model('m.h5', options=o)\n", 2),
        ("m = tf.keras.Sequential()\nm.save('m.h5', options=o)\n", 3),
    ],
)
def test_removed_argument_reported_without_fix(source, line):
    (d,) = lint("import tensorflow as tf\n" + source, ["TF012"])
    assert d.line == line and d.fix is None


@pytest.mark.parametrize(
    "source",
    [
        "def f(m):\n    m.train_on_batch(x, y, reset_metrics=False)\n",  # unknown receiver
        "layer = tf.keras.layers.LeakyReLU(alpha=0.2)\n",  # Keras 3 still takes it
        "import tf_keras\nopt = tf_keras.optimizers.Adam(jit_compile=True)\n",
        "opt = tf.keras.optimizers.Adam(lr=0.1)\n",  # TF008's
        "m = tf.keras.Sequential()\nm.save('m.keras', include_optimizer=False)\n",
        # written for both versions: the code asks whether the keyword exists (keras-tuner)
        "import inspect\nif 'use_legacy_format' in inspect.getfullargspec(tf.keras.metrics."
        "deserialize).args:\n    m = tf.keras.metrics.deserialize('mae', use_legacy_format=True)\n",
    ],
)
def test_removed_argument_not_reported(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF012"]) == []


LAYER_CALL = """import tensorflow as tf


class Encoder(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.lstm = tf.keras.layers.LSTM(4, return_state=True)

    def call(self, x):
        return self.lstm(inputs=x)
"""


def test_layer_call_keyword_keras3_renamed_is_fixed_safely():
    # generated `call_arguments`: Keras 3's RNN layers call their input `sequences`
    (d,) = lint(LAYER_CALL, ["TF012"])
    assert d.line == 10 and d.fix.applicability == "safe"
    assert fixed(LAYER_CALL, ["TF012"]) == LAYER_CALL.replace("(inputs=", "(sequences=")


@pytest.mark.parametrize(
    "source, reported",
    [
        ("gru = tf.keras.layers.GRU(8)\ny = gru(inputs=x)\n", True),
        ("y = tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2))(inputs=x)\n", True),
        ("n = tf.keras.layers.GroupNormalization(2)\ny = n(x, mask=m)\n", True),  # no fix
        ("y = tf.keras.layers.Dense(3)(inputs=x)\n", False),  # Keras 3's call takes `inputs`
        ("y = tf.keras.layers.Resizing(4, 4)(inputs=x)\n", False),  # its __call__ takes it
        ("def f(layer, x):\n    return layer(inputs=x)\n", False),  # unknown layer
        (
            "class L(tf.keras.layers.LSTM):\n    def call(self, inputs):\n        return inputs\n"
            "y = L(2)(inputs=x)\n",
            False,
        ),  # the user's own `call`
    ],
)
def test_layer_call_keyword_refused_by_keras3(source, reported):
    found = rule_ids("import tensorflow as tf\n" + source, ["TF012"])
    assert found == (["TF012"] if reported else [])


@pytest.mark.parametrize(
    "source, fixed_source",
    [
        (
            "m = tf.keras.Sequential([tf.keras.layers.Dense(1)], 'net')\n",
            "m = tf.keras.Sequential([tf.keras.layers.Dense(1)], name='net')\n",
        ),
        ("x = tf.keras.Input((3,), None, 'x')\n", "x = tf.keras.Input((3,), None, name='x')\n"),
        (
            "class Hits(tf.keras.metrics.Metric):\n    def __init__(self, name='h', **kw):\n"
            "        super().__init__(name, **kw)\n",
            "class Hits(tf.keras.metrics.Metric):\n    def __init__(self, name='h', **kw):\n"
            "        super().__init__(name=name, **kw)\n",
        ),
        (
            "class L(tf.keras.losses.Loss):\n    def __init__(self):\n"
            "        super().__init__('sum', 'l')\n",
            "class L(tf.keras.losses.Loss):\n    def __init__(self):\n"
            "        super().__init__(reduction='sum', name='l')\n",
        ),
    ],
)
def test_positional_argument_keras3_binds_elsewhere_is_passed_by_keras2_name(source, fixed_source):
    # generated `positional_moves`: the fix binds each argument where Keras 2's position did
    source = "import tensorflow as tf\n" + source
    (d,) = lint(source, ["TF020"])
    assert d.fix.applicability == "safe"
    assert fixed(source, ["TF020"]) == "import tensorflow as tf\n" + fixed_source


@pytest.mark.parametrize(
    "source",
    [
        "x = tf.keras.Input((3,), None)\n",  # the positions both versions share
        "class M(tf.keras.metrics.Mean):\n    def __init__(self):\n        super().__init__('m')\n",
        "m = tf.keras.Sequential(*parts)\n",
        # a class of the module in between: `super().__init__` calls its own `__init__`
        "class Net(tf.keras.Sequential):\n    def __init__(self, a, b):\n        super().__init__()\n"
        "class Small(Net):\n    def __init__(self):\n        super().__init__(1, 2)\n",
        "import tf_keras\nm = tf_keras.Sequential([], 'net')\n",
    ],
)
def test_positional_argument_bound_alike_not_reported(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF020"]) == []


def test_positional_argument_keras3_refuses_has_no_fix():
    # `Layer.__init__` takes keywords only in Keras 3; Keras 2 took the dict as `trainable`
    source = (
        "import tensorflow as tf\nclass Block(tf.keras.layers.Layer):\n"
        "    def __init__(self, **kwargs):\n        super().__init__(kwargs)\n"
    )
    (d,) = lint(source, ["TF020"])
    assert d.line == 4 and d.fix is None


# --- TF013: changed defaults --------------------------------------------------------------------


def test_changed_default_fix_pins_the_keras2_value_and_is_unsafe():
    source = "import tensorflow as tf\nreg = tf.keras.regularizers.l1_l2()\n"
    (d,) = lint(source, ["TF013"])
    assert d.fix.applicability == "unsafe"
    assert fixed(source, ["TF013"], unsafe=True) == source.replace(
        "l1_l2()", "l1_l2(l1=0.01, l2=0.01)"
    )


@pytest.mark.parametrize(
    "call",
    [
        "tf.keras.regularizers.l1_l2(0.01, 0.02)",
        "tf.keras.regularizers.l1_l2(**config)",
        "tf.keras.layers.ConvLSTM2D(4, 3, recurrent_activation='sigmoid')",
        "tf.keras.optimizers.RMSprop()",  # its changed default matters only with use_ema
    ],
)
def test_changed_default_not_reported(call):
    assert rule_ids(f"import tensorflow as tf\nx = {call}\n", ["TF013"]) == []


# --- TF014: fit's loader options -----------------------------------------------------------------


@pytest.mark.parametrize(
    "source, expected",
    [
        ("def train(model):\n    model.fit(seq, workers=4)\n", ["TF014"]),
        ("m = tf.keras.Sequential()\nm.predict(seq, use_multiprocessing=True)\n", ["TF014"]),
        ("d = tf.keras.layers.Dense(2)\nd.fit(seq, workers=4)\n", []),  # not a model
        ("import tf_keras\ndef train(model):\n    model.fit(seq, workers=4)\n", []),
        ("def train(model):\n    model.fit(seq)\n", []),
    ],
)
def test_fit_loader_arguments(source, expected):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF014"]) == expected


# --- TF031: Keras 1's keyword names --------------------------------------------------------------


@pytest.mark.parametrize(
    "source, expected",
    [
        ("from keras.layers import Dense\nd = Dense(output_dim=3)\n", ["TF031"]),
        ("d = tf.keras.layers.Conv2D(8, 3, border_mode='same', subsample=(2, 2))\n", ["TF031"] * 2),
        ("d = tf.keras.layers.Convolution2D(8, nb_row=3, nb_col=3)\n", ["TF031"] * 2),
        ("d = tf.keras.layers.Dropout(p=0.5)\n", ["TF031"]),
        ("i = tf.keras.Input((2,))\nm = tf.keras.Model(input=i, output=i)\n", ["TF031"] * 2),
        ("from tensorflow import keras\ndef train(m):\n    m.fit(x, y, nb_epoch=3)\n", ["TF031"]),
        # a recurrent layer's Keras 1 feature count: at the call, where TF986 hands it over
        ("m = tf.keras.Sequential([tf.keras.layers.LSTM(4, input_dim=3)])\n", ["TF031"]),
        # Keras 3 names, a layer whose Keras 3 constructor takes the keyword, a user's class
        ("d = tf.keras.layers.Dense(units=3, kernel_initializer='ones')\n", []),
        ("e = tf.keras.layers.Embedding(10, output_dim=3)\n", []),
        ("d = tf.keras.layers.Dense(3, input_dim=4)\n", []),
        (
            "from tensorflow import keras\nclass M:\n    def fit(self, nb_epoch): ...\nM().fit(nb_epoch=2)\n",
            [],
        ),
    ],
)
def test_keras1_arguments(source, expected):
    found = rule_ids("import tensorflow as tf\n" + source, ["TF031", "TF976", "TF986"])
    assert found == expected


def test_keras1_table_comes_from_keras2_legacy_interfaces():
    data = json.loads((ROOT / "linter" / "data" / "keras1_arguments.json").read_text())
    assert data["source"]["tag"] == "2.2.5"
    arguments = data["arguments"]
    assert arguments["layers.Dense"]["output_dim"]["new"] == "units"
    assert arguments["Model"]["input"]["new"] == "inputs"
    assert arguments["Model.fit"]["nb_epoch"]["new"] == "epochs"
    assert arguments["layers.Conv2D"]["border_mode"]["new"] == "padding"
    assert "input_dim" in data["feature_input_dim"]["layers.LSTM"]
    assert "units" not in arguments["layers.Dense"]  # only what Keras 3 refuses


def test_keras1_table_names_only_keywords_the_installed_keras_refuses():
    """The Keras 2 side of the table is history (its source is not installed, so its regeneration
    test skips here); the Keras 3 side is checked against the signature table, which
    tests/test_api_misuse.py regenerates from the installed packages: no old keyword of a layer
    is one Keras 3 takes."""
    from tf2lint.analysis.api_signatures import signature

    data = json.loads((ROOT / "linter" / "data" / "keras1_arguments.json").read_text())
    checked = 0
    for owner, arguments in data["arguments"].items():
        found = signature(f"keras.{owner}") if owner.startswith("layers.") else None
        if found is None or found.keywords is None:
            continue
        for old in arguments:
            assert old not in found.keywords, f"Keras 3 {owner} takes {old}="
            checked += 1
    assert checked >= 30


def test_committed_keras1_table_matches_keras2_source():
    """Regenerated from a git checkout of keras-team/keras (TF2LINT_KERAS2_SOURCE, or the
    generator's default mirror); skipped without one."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import generate_keras1_data as generator
    finally:
        sys.path.pop(0)
    source = os.environ.get("TF2LINT_KERAS2_SOURCE", generator.DEFAULT_SOURCE)
    if not os.path.isdir(source):
        pytest.skip("no git checkout of keras-team/keras 2.x to regenerate from")
    committed = (ROOT / "linter" / "data" / "keras1_arguments.json").read_text()
    assert generator.dump(generator.build()) == committed


# --- Keras 3 layers that own a seed variable, in traced code (TF401) ------------------------------


def test_keras3_dropout_in_traced_code_owns_a_seed_variable():
    source = "import tensorflow as tf\n@tf.function\ndef f(x):\n    return tf.keras.layers.Dropout(0.1)(x)\n"
    (d,) = lint(source, ["TF4"])
    assert d.rule == "TF401" and "seed variable" in d.message
    for weightless in ("Flatten()", "ReLU()", "MaxPool2D()"):
        assert rule_ids(source.replace("Dropout(0.1)", weightless), ["TF4"]) == []
    assert rule_ids(source.replace("Dropout(0.1)", "Input((2,))"), ["TF4"]) == []


# --- tf2lint verify's proof of the table (runtime_check/keras_table.py) --------------------------


def test_table_probes_cover_every_kind_and_compile():
    from tf2lint.runtime_check import keras_table

    probes = keras_table.probes()
    assert {p.kind for p in probes} == set(keras_table.KINDS)
    for p in probes:
        compile(p.setup, p.entry, "exec")
        compile(p.check, p.entry, "exec")
    assert len(keras_table.probes(sample=None)) > len(probes)
    assert any(p.entry.startswith("compat.v1.") for p in probes)


def test_table_sample_raises_under_keras3_and_runs_under_tf_keras():
    pytest.importorskip("tf_keras", reason="tf-keras (Keras 2) is not installed")
    from tf2lint.runtime_check import keras_table

    report = keras_table.verify_table(sample=1)
    assert report.skipped is None, report.skipped
    done, tested = keras_table.confirmed(report)
    assert tested >= 3 and done == tested, keras_table.render(report)


# --- TF015-TF020: value kinds (Keras tensors, Keras variables) and behaviour --------------------

FUNCTIONAL = "import tensorflow as tf\nx = tf.keras.Input((3,))\nh = tf.keras.layers.Dense(4)(x)\n"


@pytest.mark.parametrize(
    ("source", "rule"),
    [
        (FUNCTIONAL + "y = tf.concat([x, h], -1)\n", "TF015"),
        (FUNCTIONAL + "y = tf.nn.relu(h + 1)\n", "TF015"),
        (
            FUNCTIONAL + "from tensorflow.keras import backend as K\ny = K.mean(h, axis=1)\n",
            "TF015",
        ),
        # through a helper of the model's code (TF 2.21: ValueError, a KerasTensor cannot be
        # used as input to a TensorFlow function), a `tf.custom_gradient` function, a metric
        (
            FUNCTIONAL + "def block(t, n):\n    if tf.shape(t)[-1] != n:\n        return t\n"
            "    return t\ny = block(h, 8)\n",
            "TF015",
        ),
        (
            FUNCTIONAL + "@tf.custom_gradient\ndef f(t):\n    return t * 2, lambda dy: dy\n"
            "y = f(h)\n",
            "TF015",
        ),
        (FUNCTIONAL + "m = tf.keras.metrics.Mean()\nm(h)\n", "TF015"),
        (FUNCTIONAL + "n = h.shape.as_list()\n", "TF016"),
        (FUNCTIONAL + "f = x.dtype.is_floating\n", "TF016"),
        (FUNCTIONAL + "layer = h._keras_history.layer\n", "TF016"),
        (
            "class L(tf.keras.layers.Layer):\n    def build(self, input_shape):\n"
            "        self.n = input_shape.rank\n",
            "TF016",
        ),
        (
            "class L(tf.keras.layers.Layer):\n    def build(self, input_shape):\n"
            "        self._trainable_weights.append(tf.Variable(1.0))\n",
            "TF016",
        ),
        (  # keras-tcn, philipperemy/keras-tcn#259
            "class L(tf.keras.layers.Layer):\n    def build(self, input_shape):\n"
            "        self.build_output_shape = input_shape\n"
            "    def call(self, x):\n        n = self.build_output_shape.as_list()[1]\n",
            "TF016",
        ),
        (
            "m = tf.keras.Sequential()\nm.compile('sgd', 'mse')\n"
            "tf.keras.backend.set_value(m.optimizer.lr, 0.1)\n",
            "TF017",
        ),
        (
            "class C(tf.keras.callbacks.Callback):\n    def on_epoch_end(self, e, logs=None):\n"
            "        tf.keras.backend.set_value(self.model.optimizer.learning_rate, 0.1)\n",
            "TF017",
        ),
        ("m = tf.keras.Sequential()\nh = m.fit([], [])\nlr = h.history['lr']\n", "TF018"),
        ("c = tf.keras.layers.Dense(2).get_config()\nok = c['dtype'] == 'float32'\n", "TF018"),
        ("y = tf.keras.activations.hard_sigmoid(tf.ones(2))\n", "TF018"),
        (
            "d = tf.keras.layers.Dense(2)\nnames = [w.name.split('/')[0] for w in d.weights]\n",
            "TF018",
        ),
        (
            "class L(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__()\n"
            "        self.v = tf.Variable(1.0)\n",
            "TF018",
        ),
        (  # never trained, but left out of the weights the module saves
            "class L(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__()\n"
            "        self.epoch = tf.Variable(0.0, trainable=False)\n"
            "m = tf.keras.Sequential([L()])\nm.save_weights('w.weights.h5')\n",
            "TF018",
        ),
        (
            "m = tf.keras.Sequential([tf.keras.layers.Lambda(lambda t: t)])\n"
            "r = tf.keras.models.load_model('m.h5')\n",
            "TF019",
        ),
        ("m = tf.keras.Sequential()\ntf.saved_model.save(m, 'out')\n", "TF019"),
        ("d = tf.keras.layers.Dense(64 / 2)\n", "TF020"),
        ("x = tf.keras.Input(shape=3)\n", "TF020"),
        ("d = tf.keras.layers.Dense(2, name='block/dense')\n", "TF020"),
        ("e = tf.keras.layers.Embedding(10, 4, input_length=5)\n", "TF020"),
        ("m = tf.keras.Sequential()\nm.compile('sgd', 'mse', ['mae'])\n", "TF020"),
        ("c = tf.keras.callbacks.ModelCheckpoint('best')\n", "TF020"),
        (
            "class L(tf.keras.layers.Layer):\n    def build(self, s):\n"
            "        self.k = self.add_weight('k', (2,))\n",
            "TF020",
        ),
        (
            "o = tf.keras.mixed_precision.LossScaleOptimizer(\n"
            "    tf.keras.optimizers.SGD(), dynamic=False, initial_scale=8)\n",
            "TF020",
        ),
        (  # an eager input tensor where Keras 3 takes a batch size
            "g = tf.keras.layers.GRU(3)\nx = tf.ones((2, 5, 4))\ns = g.get_initial_state(x)\n",
            "TF020",
        ),
    ],
)
def test_value_kind_rules_report(source, rule):
    if not source.startswith("import"):
        source = "import tensorflow as tf\n" + source
    assert rule in rule_ids(source, [rule])


@pytest.mark.parametrize(
    ("source", "rule"),
    [
        # tf ops inside a layer's call or a Lambda get real tensors
        (
            "class L(tf.keras.layers.Layer):\n    def call(self, x):\n"
            "        return tf.concat([x, x], -1)\n",
            "TF015",
        ),
        (FUNCTIONAL + "y = tf.keras.layers.Lambda(lambda t: tf.nn.relu(t))(h)\n", "TF015"),
        ("def f(x):\n    return tf.concat([x, x], -1)\n", "TF015"),  # x: unknown
        # a loss Keras traces reading model-building tensors: TF303's finding
        (
            FUNCTIONAL + "def loss(y, p):\n    return tf.reduce_mean(p - h)\n"
            "m = tf.keras.Model(x, h)\nm.compile('sgd', loss=loss)\n",
            "TF015",
        ),
        ("t = tf.ones((2, 3))\nn = t.shape.as_list()\n", "TF016"),  # an eager tensor
        (
            "class L(tf.keras.layers.Layer):\n    def build(self, input_shape):\n"
            "        input_shape = tf.TensorShape(input_shape)\n        n = input_shape.rank\n",
            "TF016",
        ),
        ("v = tf.Variable(1.0)\ntf.keras.backend.set_value(v, 2.0)\n", "TF017"),
        ("h = {'lr': 1}\nlr = h['lr']\n", "TF018"),
        (
            "names = [op.name.split('/') for op in tf.compat.v1.get_default_graph().get_operations()]\n",
            "TF018",
        ),
        (
            "class M(tf.Module):\n    def __init__(self):\n        self.v = tf.Variable(1.0)\n",
            "TF018",
        ),
        ("r = tf.keras.models.load_model('m.h5')\n", "TF019"),  # no Lambda in this module
        ("d = tf.keras.layers.Dense(64 // 2)\n", "TF020"),
        ("x = tf.keras.Input(shape=(3,))\n", "TF020"),
        ("c = tf.keras.callbacks.ModelCheckpoint('best.keras')\n", "TF020"),
        ("o = tf.keras.mixed_precision.LossScaleOptimizer(opt, dynamic=True)\n", "TF020"),
        (  # built from the Keras tensor it is called on: input_length changes nothing (tfx)
            "x = tf.keras.Input((5,))\ne = tf.keras.layers.Embedding(10, 4, input_length=5)(x)\n",
            "TF020",
        ),
        (  # a batch size picked from a shape is what Keras 3 takes
            "g = tf.keras.layers.GRU(3)\nx = tf.ones((2, 5, 4))\n"
            "s = g.get_initial_state(tf.shape(x)[0])\n",
            "TF020",
        ),
        (
            "class L(tf.keras.layers.Layer):\n    def build(self, s):\n"
            "        self.k = self.add_weight(name='k', shape=(2,))\n",
            "TF020",
        ),
        # a variable no optimizer trains (a callback's epoch counter) computes the same in a
        # Keras 3 layer; only the weights differ, and this module neither saves nor lists them
        (
            "class L(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__()\n"
            "        self.epoch = tf.Variable(0.0, trainable=False)\n",
            "TF018",
        ),
        (
            "class L(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__()\n"
            "        self.step = tf.Variable(0, dtype=tf.int64)\n",
            "TF018",
        ),
        (
            "class L(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__()\n"
            "        self.count = tf.Variable(0)\n",
            "TF018",
        ),
    ],
)
def test_value_kind_rules_need_evidence(source, rule):
    assert rule_ids("import tensorflow as tf\n" + source, [rule]) == []


@pytest.mark.parametrize(
    ("source", "select", "expected"),
    [
        (
            "m = tf.keras.Sequential()\ntf.keras.backend.set_value(m.optimizer.lr, 0.1)\n",
            ["TF017"],
            "m = tf.keras.Sequential()\nm.optimizer.learning_rate.assign(0.1)\n",
        ),
        (
            "d = tf.keras.layers.Dense(64 / 2)\n",
            ["TF020"],
            "d = tf.keras.layers.Dense(int(64 / 2))\n",
        ),
        ("x = tf.keras.Input(shape=3)\n", ["TF020"], "x = tf.keras.Input(shape=(3,))\n"),
        (
            "m = tf.keras.Sequential()\nm.compile('sgd', 'mse', metrics='accuracy')\n",
            ["TF020"],
            "m = tf.keras.Sequential()\nm.compile('sgd', 'mse', metrics=['accuracy'])\n",
        ),
        (
            "class L(tf.keras.layers.Layer):\n    def build(self, s):\n"
            "        self.k = self.add_weight('k', (2,))\n",
            ["TF020"],
            "class L(tf.keras.layers.Layer):\n    def build(self, s):\n"
            "        self.k = self.add_weight(name='k', shape=(2,))\n",
        ),
    ],
)
def test_value_kind_fixes(source, select, expected):
    head = "import tensorflow as tf\n"
    assert fixed(head + source, select) == head + expected


FUNCTIONAL_MODEL = (
    "inp = tf.keras.Input((3,))\nout = tf.keras.layers.Dense(2)(inp)\n"
    "model = tf.keras.Model(inp, out)\n"
)


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        # Keras 2's eager K.function built this Model and returned NumPy arrays; a one-element
        # list of outputs came back as a one-element list, which predict_on_batch unwraps
        (
            "K.function([model.input], [model.layers[1].output])",
            "(lambda m: lambda x: [m.predict_on_batch(x)])"
            "(tf.keras.Model([model.input], model.layers[1].output))",
        ),
        (
            "tf.keras.backend.function(model.input, model.output)",
            "tf.keras.Model(model.input, model.output).predict_on_batch",
        ),
        (
            "K.function(inputs=[inp], outputs=[model.output, model.layers[1].output])",
            "tf.keras.Model([inp], [model.output, model.layers[1].output]).predict_on_batch",
        ),
    ],
)
def test_backend_function_fix_is_keras2s_own_model(call, expected):
    head = "import tensorflow as tf\nfrom tensorflow.keras import backend as K\n" + FUNCTIONAL_MODEL
    source = head + f"f = {call}\n"
    (d,) = lint(source, ["TF010"])
    assert d.fix is not None and d.fix.applicability == "safe"
    assert fixed(source, ["TF010"]) == head + f"f = {expected}\n"


def test_backend_function_fix_reads_a_sequentials_ends_from_its_lists():
    """Keras 3's Sequential has no `input`/`output` until called; `inputs[0]` is Keras 2's."""
    head = (
        "import tensorflow as tf\n"
        "m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])\n"
    )
    source = head + "f = tf.keras.backend.function([m.input], [m.output])\n"
    assert fixed(source, ["TF010"]) == head + (
        "f = (lambda m: lambda x: [m.predict_on_batch(x)])(tf.keras.Model([m.inputs[0]], m.outputs[0]))\n"
    )


@pytest.mark.parametrize(
    "call",
    [
        "K.function([model.input, K.learning_phase()], [model.output])",  # no phase in Keras 3
        "K.function([model.input], [K.mean(model.output)])",  # a scalar: a Python number
        "K.function([model.input], [model.output], updates=[])",
        "K.function(model.inputs, model.outputs)",  # a list of one or more: unknown length
    ],
)
def test_backend_function_without_a_same_program_has_no_fix(call):
    source = "import tensorflow as tf\nfrom tensorflow.keras import backend as K\n"
    source += FUNCTIONAL_MODEL + f"f = {call}\n"
    findings = [d for d in lint(source, ["TF010"]) if "function" in d.message]
    assert len(findings) == 1 and findings[0].fix is None


@pytest.mark.parametrize(
    ("source", "expected", "applicability"),
    [
        (  # Keras 2's own body, on the same tensor
            "y = tf.keras.activations.hard_sigmoid(a + b)\n",
            "y = tf.clip_by_value((a + b) * 0.2 + 0.5, 0.0, 1.0)\n",
            "safe",
        ),
        (
            "d = tf.keras.layers.Dense(2, activation='hard_sigmoid')\n",
            "d = tf.keras.layers.Dense(2, activation=lambda x: tf.clip_by_value(x * 0.2 + 0.5, 0.0, 1.0))\n",
            "safe",
        ),
        (  # a saved model keeps a lambda activation as code: loading it needs safe_mode=False
            "d = tf.keras.layers.Dense(2, activation='hard_sigmoid')\n"
            "m = tf.keras.Sequential([d])\nm.save('m.keras')\n",
            "d = tf.keras.layers.Dense(2, activation=lambda x: tf.clip_by_value(x * 0.2 + 0.5, 0.0, 1.0))\n"
            "m = tf.keras.Sequential([d])\nm.save('m.keras')\n",
            "unsafe",
        ),
    ],
)
def test_hard_sigmoid_fix_computes_keras2s_formula(source, expected, applicability):
    head = "import tensorflow as tf\n"
    (d,) = lint(head + source, ["TF018"])
    assert d.fix is not None and d.fix.applicability == applicability
    assert fixed(head + source, ["TF018"], unsafe=True) == head + expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "for layer in m.layers:\n    print(layer.input_shape)\n",
            "for layer in m.layers:\n    print(layer.input.shape)\n",
        ),
        ("s = m.layers[-1].output_shape\n", "s = m.layers[-1].output.shape\n"),
        (
            "s = [l.output_shape for l in m.layers[1:]]\n",
            "s = [l.output.shape for l in m.layers[1:]]\n",
        ),
    ],
)
def test_sequential_layer_shapes_fix_reads_the_tensor_shape(source, expected):
    """A Sequential's `layers` leaves the InputLayer out and each layer has one input and one
    output: Keras 2's `input_shape` tuple is the tensor's shape."""
    head = "import tensorflow as tf\nm = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])\n"
    (d,) = lint(head + source, ["TF011"])
    assert d.fix is not None and d.fix.applicability == "safe"
    assert fixed(head + source, ["TF011"]) == head + expected


@pytest.mark.parametrize(
    ("layers", "reported"),
    [
        ("[embedding, dense]", True),  # all layers: a layer, known by its kind
        ("(dense,)", True),
        ("[embedding, dense, 3]", False),  # not all Keras objects
        ("[embedding, opt]", False),  # not all layers
    ],
)
def test_loop_over_layers_written_out_reads_removed_shapes(layers, reported):
    """Keras 3 layers have no `output_shape` nor `input_shape`, even once called (TF 2.21:
    AttributeError): the loop variable over a list written out of layers is a layer."""
    source = (
        "import tensorflow as tf\nembedding = tf.keras.layers.Embedding(100, 8)\n"
        "dense = tf.keras.layers.Dense(2)\nopt = tf.keras.optimizers.Adam()\n"
        f"for layer in {layers}:\n    print(layer.name, layer.output_shape)\n"
    )
    assert rule_ids(source, ["TF011"]) == (["TF011"] if reported else [])


def test_functional_layer_shapes_have_no_fix():
    """A functional model's `layers` has its InputLayer, whose Keras 2 `input_shape` was a list,
    and layers with several inputs: no fix there."""
    source = (
        "import tensorflow as tf\nx = tf.keras.Input((3,))\n"
        "m = tf.keras.Model(x, tf.keras.layers.Dense(2)(x))\n"
        "for layer in m.layers:\n    print(layer.input_shape)\n"
    )
    (d,) = lint(source, ["TF011"])
    assert d.fix is None


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "c = tf.keras.layers.LSTMCell(4)\ns = c.get_initial_state(batch_size=2, dtype=tf.float32)\n",
            "c = tf.keras.layers.LSTMCell(4)\ns = c.get_initial_state(batch_size=2)\n",
        ),
        (  # Keras 2 returned a GRU cell's one state bare, Keras 3 a list of it
            "c = tf.keras.layers.GRUCell(4)\ns = c.get_initial_state(None, 2, 'float32')\n",
            "c = tf.keras.layers.GRUCell(4)\ns = c.get_initial_state(batch_size=2)[0]\n",
        ),
    ],
)
def test_cell_initial_state_fix_drops_a_float32_dtype(source, expected):
    head = "import tensorflow as tf\n"
    (d,) = lint(head + source, ["TF020"])
    assert d.fix is not None and d.fix.applicability == "safe"
    assert fixed(head + source, ["TF020"]) == head + expected


@pytest.mark.parametrize(
    "source",
    [
        "c = tf.keras.layers.LSTMCell(4)\ns = c.get_initial_state(batch_size=2, dtype=tf.float16)\n",
        "c = tf.keras.layers.LSTMCell(4, dtype='float64')\n"
        "s = c.get_initial_state(batch_size=2, dtype=tf.float32)\n",
        "tf.keras.mixed_precision.set_global_policy('mixed_float16')\nc = tf.keras.layers.LSTMCell(4)\n"
        "s = c.get_initial_state(batch_size=2, dtype=tf.float32)\n",
        "c = tf.keras.layers.LSTMCell(4)\ns = c.get_initial_state(x, 2, tf.float32)\n",
    ],
)
def test_cell_initial_state_in_another_dtype_has_no_fix(source):
    """Keras 3 makes the state in the cell's compute dtype, not the call's `dtype`."""
    (d,) = lint("import tensorflow as tf\n" + source, ["TF020"])
    assert d.fix is None


SEQUENTIAL_COMPILED = (
    "m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])\n"
    "m.compile('sgd', 'mse', metrics=['mae'])\n"
)


def test_metrics_names_after_training_a_single_output_model_is_fixed():
    head = "import tensorflow as tf\n" + SEQUENTIAL_COMPILED + "m.fit(x, y)\n"
    source = head + "r = dict(zip(m.metrics_names, m.evaluate(x, y)))\n"
    (d,) = lint(source, ["TF018"])
    assert d.fix is not None and d.fix.applicability == "safe"
    assert fixed(source, ["TF018"]) == head + (
        "r = dict(zip(list(m.get_metrics_result()), m.evaluate(x, y)))\n"
    )


@pytest.mark.parametrize(
    "tail",
    [
        "r = dict(zip(m.metrics_names, m.evaluate(x, y)))\n",  # read before: Keras 2 gave []
        "def report():\n    return m.metrics_names\nm.fit(x, y)\n",  # another scope
    ],
)
def test_metrics_names_before_training_has_no_fix(tail):
    (d,) = lint("import tensorflow as tf\n" + SEQUENTIAL_COMPILED + tail, ["TF018"])
    assert d.fix is None


LOSS_SCALE_STEP = """import tensorflow as tf
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
opt = tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.SGD())
def step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
        scaled = opt.get_scaled_loss(loss)
    grads = opt.get_unscaled_gradients(tape.gradient(scaled, model.trainable_variables))
    {apply}
"""


def test_loss_scaling_loop_fix_lets_apply_gradients_unscale():
    apply = "opt.apply_gradients(zip(grads, model.trainable_variables))"
    source = LOSS_SCALE_STEP.format(apply=apply)
    assert fixed(source, ["TF011"]) == source.replace("get_scaled_loss", "scale_loss").replace(
        "opt.get_unscaled_gradients(tape.gradient(scaled, model.trainable_variables))",
        "tape.gradient(scaled, model.trainable_variables)",
    )


def test_loss_scaling_loop_using_the_unscaled_gradients_elsewhere_has_no_fix():
    apply = "grads = [tf.clip_by_norm(g, 1.0) for g in grads]\n    opt.apply_gradients(zip(grads, model.trainable_variables))"
    findings = lint(LOSS_SCALE_STEP.format(apply=apply), ["TF011"])
    assert findings and all(d.fix is None for d in findings)


def test_receiver_kinds_reach_the_table():
    """Elements of `model.layers`, `self.model` in a callback, a factory's result and `super()`
    in a Keras subclass are Keras objects, so the table's members and keywords apply."""
    source = (
        "import tensorflow as tf\n"
        "def build():\n    return tf.keras.Sequential()\n"
        "m = build()\nm.fit_generator(g)\n"
        "for layer in m.layers:\n    print(layer.input_shape)\n"
        "class C(tf.keras.callbacks.Callback):\n    def on_epoch_end(self, e, logs=None):\n"
        "        print(self.model.optimizer.lr)\n"
        "class L(tf.keras.layers.Layer):\n    def __init__(self):\n"
        "        super().__init__(dynamic=True)\n"
    )
    assert sorted(rule_ids(source, ["TF007", "TF011", "TF012"])) == [
        "TF007",
        "TF011",
        "TF011",
        "TF012",
    ]


def test_a_function_returning_calls_of_itself_is_read_once(monkeypatch):
    """`return f(...)` in `f` itself (recursion) says nothing about what `f` returns: following
    it to the depth limit from each of its returns grew exponentially (a 353-line file took
    minutes). The model finds each function's returns once per module."""
    reads = []
    real = model_module._return_statements
    monkeypatch.setattr(model_module, "_return_statements", lambda fn: reads.append(fn) or real(fn))
    returns = "".join(f"    if n == {i}:\n        return walk(n - 1, x)\n" for i in range(3))
    source = f"from tensorflow import keras\n\ndef walk(n, x):\n{returns}    return x\n\n"
    source += "def run(x):\n    m = walk(3, x)\n    m.compile('sgd', 'mse', ['acc'])\n"
    assert rule_ids(source, ["TF0"]) == []
    assert 0 < len(reads) == len({id(fn) for fn in reads})


class _EveryModule(Keras3Rule):
    """Reports each module it runs on: shows where the engine runs a rule that requires Keras."""

    id = "XKERAS"
    name = "every-module"
    message = "ran"
    rationale = "test"
    requires_text = KERAS_EVIDENCE_TEXT

    def visit_Module(self, node):
        self.report(node, "ran")


@pytest.mark.parametrize(
    ("source", "runs"),
    [
        ("import tensorflow as tf\n\nx = tf.constant(1)\n", False),
        ("import tensorflow as tf\n\nlayer = tf.keras.layers.Dense(2)\n", True),
        ("from tensorflow import keras\n", True),
        ("import tensorflow as tf\n\nfor m in model.metrics:\n    m.reset_state()\n", True),
    ],
)
def test_a_rule_requiring_keras_runs_where_keras_evidence_can_be_found(source, runs):
    assert bool(lint_module(source, "train.py", [_EveryModule]).diagnostics) == runs


def test_a_rule_requiring_keras_runs_where_another_module_tells_of_keras(tmp_path):
    """The module names no Keras, but its layer's base class is one (another module says so)."""
    (tmp_path / "base_layers.py").write_text(
        "import tensorflow as tf\n\n\nclass Residual(tf.keras.layers.Layer):\n    pass\n"
    )
    (tmp_path / "block.py").write_text(
        "import tensorflow as tf\n"
        "from base_layers import Residual\n"
        "\n\n"
        "class Block(Residual):\n"
        "    def build(self, input_shape):\n"
        "        self.units = input_shape.as_list()[-1]\n"
        "\n"
        "    def call(self, x):\n"
        "        return tf.nn.relu(x)\n"
    )
    done = run_cli(
        "check", ".", "--no-cache", "--select", "TF016", "--output-format", "json", cwd=tmp_path
    )
    found = [
        (d["filename"].rsplit("/", 1)[-1], d["location"]["row"]) for d in json.loads(done.stdout)
    ]
    assert found == [("block.py", 7)]


def test_the_keras3_rules_that_read_spellings_alone_are_never_skipped():
    """Which Keras 3 rules the engine may skip where no Keras evidence can be found: those that
    also read spellings alone (save_format=, fit_generator, tf.optimizers' lr=, history["lr"],
    fit's workers=) and tf.estimator, which is not Keras, are never skipped."""
    rules = [r for r in all_rules() if r.category == "keras3"]
    assert sorted(r.id for r in rules if not getattr(r, "requires_text", ())) == [
        "TF003", "TF006", "TF007", "TF008", "TF014", "TF018",
    ]  # fmt: skip


# --- a user's own methods are not Keras's (TF007, TF020) ------------------------------------------

OWN_METHODS = """
    import tensorflow as tf

    class Trainer:
        def fit_generator(self, gen, steps):
            return [next(gen) for _ in range(steps)]

        def run(self, gen):
            return self.fit_generator(gen, 3)

    trainer = Trainer()
    trainer.fit_generator(iter([1, 2, 3]), 2)

    class Net(tf.keras.Model):
        def fit_generator(self, gen, **kw):
            return self.fit(gen, **kw)

    Net().fit_generator(iter([]), epochs=1)

    class Cell(tf.keras.layers.Layer):
        def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
            return [tf.zeros((batch_size, 4), dtype=dtype)]

        def call(self, x):
            return self.get_initial_state(inputs=x, batch_size=2, dtype=tf.float32)

    cell = Cell()
    cell.get_initial_state(None, 2, tf.float32)
    """


def test_a_class_own_fit_generator_and_get_initial_state_are_not_keras():
    assert rule_ids(OWN_METHODS, ["TF0"]) == []
    keras = "import tensorflow as tf\nm = tf.keras.Sequential()\nm.fit_generator(g)\n"
    assert rule_ids(keras, ["TF007"]) == ["TF007"]


def test_keras2_names_are_not_tf1_evidence_nor_tf1_findings():
    """`tf.keras.initializers.normal` is Keras 2's (its TF1 advice, `tf.compat.v1.keras...`, is
    gone in Keras 3), and Keras 3's `tf.keras.optimizers.SGD(learning_rate=)` is no TF1 name to
    move to `optimizers.legacy`."""
    source = (
        "import tensorflow as tf\n"
        "opt = tf.keras.optimizers.SGD(learning_rate=0.1)\n"
        "init = tf.keras.initializers.normal()\n"
    )
    assert [d.rule for d in lint(source, ["TF1"])] == []
    tf1 = "import tensorflow as tf\nx = tf.placeholder(tf.float32)\n"
    assert "TF107" not in rule_ids(tf1 + "opt = tf.keras.optimizers.SGD(learning_rate=0.1)\n")


# --- every Keras finding carries its Keras evidence ---------------------------------------------


@pytest.mark.parametrize("rule", [r for r in KERAS_FAMILY_IDS if r != "TF006"])
def test_every_keras_finding_says_why_this_is_keras3(rule):
    """The bad fixture's findings name the import that makes this Keras 3 (with its line)."""
    source = (ROOT / "fixtures" / rule / "bad.py").read_text()
    found = [d for d in lint(source, [rule]) if d.rule == rule]
    assert found
    for d in found:
        steps = d.evidence.value
        assert steps and any("Keras 3" in s.message and s.line for s in steps), d


def test_keras_evidence_names_the_import_and_the_receiver():
    source = (
        "import tensorflow as tf\n"
        "\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(2)])\n"
        "model.to_yaml()\n"
    )
    (d,) = lint(source, ["TF011"])
    messages = [(s.message, s.line) for s in d.evidence.value]
    assert messages[0][1] == 1 and "`import tensorflow as tf`" in messages[0][0]
    assert any(line == 3 and "`model` is a `keras.Sequential`" in m for m, line in messages)


def test_keras_evidence_in_json_and_sarif(project):
    (project / "train.py").write_text(
        "from tensorflow import keras\nm = keras.metrics.Mean()\nm.reset_states()\n"
    )
    done = run_cli("check", "train.py", "--select", "TF001", "--output-format", "json", cwd=project)
    (d,) = json.loads(done.stdout)
    assert d["evidence"]["value"][0]["location"]["row"] == 1
    sarif = run_cli(
        "check", "train.py", "--select", "TF001", "--output-format", "sarif", cwd=project
    )
    result = json.loads(sarif.stdout)["runs"][0]["results"][0]
    assert any(
        loc["physicalLocation"]["region"]["startLine"] == 1 for loc in result["relatedLocations"]
    )


def test_no_keras_finding_where_keras_may_be_tf_keras():
    source = (
        "try:\n    import tf_keras as keras\nexcept ImportError:\n    import keras\n"
        "m = keras.Sequential()\nm.fit_generator(g)\nm.to_yaml()\n"
    )
    assert rule_ids(source, ["TF0"]) == []


# --- Keras 2 breakages that need a predicate ----------------------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("x = tf.keras.Input(shape=(28 * 28))\n", "x = tf.keras.Input(shape=(28 * 28,))\n"),
        (
            "class M(tf.keras.Model):\n    def __init__(self):\n        super().__init__(self)\n",
            "class M(tf.keras.Model):\n    def __init__(self):\n        super().__init__()\n",
        ),
    ],
)
def test_keras2_predicates_fix_safely(source, expected):
    head = "import tensorflow as tf\n"
    found = lint(head + source, ["TF0"])
    assert found and all(d.fix is not None and d.fix.applicability == "safe" for d in found)
    assert fixed(head + source, ["TF019", "TF020"]) == head + expected


@pytest.mark.parametrize(
    ("source", "rule"),
    [
        (
            "l = tf.keras.losses.MeanSquaredError(reduction=tf.keras.losses.Reduction.AUTO)\n",
            "TF020",
        ),
        (
            "class L(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__(self)\n",
            "TF020",
        ),
        ("m = tf.keras.Sequential()\ns = m.load_weights('ckpt').assert_consumed()\n", "TF019"),
        ("m = tf.keras.Sequential()\nm.load_weights('ckpt').expect_partial()\n", "TF019"),
    ],
)
def test_keras2_predicates_report(source, rule):
    assert rule in rule_ids("import tensorflow as tf\n" + source, [rule])


@pytest.mark.parametrize(
    ("source", "rule"),
    [
        ("x = tf.keras.Input(shape=(28 * 28,))\n", "TF020"),
        ("x = tf.keras.Input(shape=(n))\n", "TF020"),  # n: unknown
        (
            "class M(tf.keras.Model):\n    def __init__(self):\n        super().__init__()\n",
            "TF020",
        ),
        ("class M:\n    def __init__(self):\n        super().__init__(self)\n", "TF020"),
        ("ckpt = tf.train.Checkpoint(m=m)\nckpt.restore('c').expect_partial()\n", "TF019"),
    ],
)
def test_keras2_predicates_need_evidence(source, rule):
    assert rule_ids("import tensorflow as tf\n" + source, [rule]) == []


# --- the history of Keras 2 (generate_keras_history.py) -----------------------------------------


def _history_generator():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import generate_keras_history
    finally:
        sys.path.pop(0)
    return generate_keras_history


def test_history_holds_the_keras2_removals_with_their_releases():
    history = json.loads((ROOT / "linter" / "data" / "keras2_history.json").read_text())
    releases = list(history["releases"])
    assert releases == sorted(releases, key=lambda r: tuple(map(int, r.split("."))))
    assert min(releases) <= "2.3" and "2.15" in releases
    known = {*releases, "tf-keras", *history["packages"]}  # keras package versions: layouts
    for section in ("symbols", "members", "arguments", "kind_members"):
        for entries in history[section].values():
            for entry in entries.values() if section != "symbols" else [entries]:
                assert entry["first"] in known and entry["last"] in known, entry
    assert history["members"]["Sequential"]["predict_classes"]["last"] == "2.5"
    assert "get_updates" in history["members"]["optimizers.Optimizer"]
    assert history["symbols"]["utils.multi_gpu_model"]["last"] == "2.3"
    assert "wrappers.scikit_learn" in history["symbols"]
    assert "mixed_precision.experimental" in history["symbols"]
    assert history["arguments"]["regularizers.L2"]["l"]["new"] == "l2"
    assert "write_grads" in history["arguments"]["callbacks.TensorBoard"]
    assert "get_scaled_loss" in history["kind_members"]["optimizers.Optimizer"]


def test_committed_history_matches_old_tensorflow_releases():
    """Regenerated from the older TensorFlow releases listed in TF2LINT_KERAS_HISTORY (their
    Pythons, as the committed data's `releases` name them); skipped without them."""
    if not os.environ.get("TF2LINT_KERAS_HISTORY"):
        pytest.skip("TF2LINT_KERAS_HISTORY names no older tensorflow-cpu: cannot regenerate")
    pytest.importorskip("tf_keras", reason="tf-keras (Keras 2) is not installed")
    generator = _history_generator()
    committed = json.loads((ROOT / "linter" / "data" / "keras2_history.json").read_text())
    built = json.loads(generator.dump(generator.build()))
    assert built == committed, "linter/data/keras2_history.json is stale: regenerate it"


@pytest.mark.parametrize(
    ("source", "rule", "fix"),
    [
        ("m = tf.keras.Sequential()\nm.predict_classes(x)\n", "TF011", None),
        (
            "m = tf.keras.Sequential([tf.keras.layers.Dense(3)])\np = m.predict_classes(x)\n",
            "TF011",
            "p = m.predict(x, batch_size=32, verbose=0).argmax(axis=-1)\n",
        ),
        (
            "m = tf.keras.Sequential()\nm.add(tf.keras.layers.Dense(1))\np = m.predict_classes(x, 8)\n",
            "TF011",
            'p = (m.predict(x, 8, verbose=0) > 0.5).astype("int32")\n',
        ),
        (
            "m = tf.keras.Sequential()\np = m.predict_proba(x)\n",
            "TF011",
            "p = m.predict(x, batch_size=32, verbose=0)\n",
        ),
        ("u = tf.keras.utils.multi_gpu_model(m, gpus=2)\n", "TF010", None),
        (
            "r = tf.keras.regularizers.l2(l=0.1)\n",
            "TF012",
            "r = tf.keras.regularizers.l2(l2=0.1)\n",
        ),
        ("c = tf.keras.callbacks.TensorBoard(write_grads=True)\n", "TF012", None),
        (
            "class M(tf.keras.Model):\n    def train_step(self, d):\n"
            "        return self.optimizer.get_scaled_loss(d)\n",
            "TF011",
            None,
        ),
    ],
)
def test_history_breaks_reported_and_fixed(source, rule, fix):
    head = "import tensorflow as tf\n"
    found = [d for d in lint(head + source, [rule]) if d.rule == rule]
    assert len(found) == 1
    (d,) = found
    if fix is None:
        assert d.fix is None
    else:
        assert d.fix.applicability == "safe"
        assert fixed(head + source, [rule]).endswith(fix)


@pytest.mark.parametrize(
    "source",
    [
        "import tf_keras\nm = tf_keras.Sequential()\nm.predict_classes(x)\n",
        "class M:\n    def predict_classes(self, x):\n        return x\nM().predict_classes(1)\n",
        "def f(opt):\n    return opt.get_scaled_loss(1.0)\n",  # unknown receiver
        "m = tf.keras.Sequential()\np = m.predict(x).argmax(axis=-1)\n",
    ],
)
def test_history_breaks_need_evidence(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF0"]) == []


@pytest.mark.parametrize(
    ("source", "rule", "expected"),
    [
        (
            "d = tf.keras.layers.Dense(2)\nd.add_loss(lambda: tf.reduce_sum(d.kernel))\n",
            "TF020",
            ["TF020"],
        ),
        (
            "class L(tf.keras.layers.Layer):\n    def call(self, x):\n"
            "        self.add_loss(tf.reduce_sum(x))\n        return x\n",
            "TF020",
            [],
        ),
        ("m = tf.keras.models.load_model('saved/model')\n", "TF019", ["TF019"]),
        ("m = tf.keras.models.load_model('m.keras')\n", "TF019", []),
        ("m = tf.keras.models.load_model(folder)\n", "TF019", []),
    ],
)
def test_add_loss_callable_and_load_model_folder(source, rule, expected):
    assert rule_ids("import tensorflow as tf\n" + source, [rule]) == expected


def _rebound_chain(layers: int) -> str:
    body = "".join(
        f"    x = keras.layers.Dense({i + 1})(x)\n    x = keras.layers.LeakyReLU()(x)\n"
        for i in range(layers)
    )
    return (
        "import tensorflow as tf\nfrom tensorflow import keras\n\n"
        "def build():\n    inputs = keras.Input(shape=(4,))\n    x = inputs\n"
        f"{body}    scores = tf.nn.softmax(x)\n    return keras.Model(inputs, scores)\n"
    )


def test_a_long_chain_of_rebound_layer_outputs_is_followed_in_linear_work(monkeypatch):
    """`x = Dense(n)(x)` down a builder function: `x` may hold any of its values, and each of
    them is judged once per module, not again for every use of `x` (that was exponential)."""
    from tf2lint.analysis import tensors

    judged: list[int] = []
    original = tensors._made_from

    def counted(*args):
        judged.append(1)
        return original(*args)

    monkeypatch.setattr(tensors, "_made_from", counted)
    work = {}
    for layers in (10, 40):
        judged.clear()
        assert rule_ids(_rebound_chain(layers), ["TF015"]) == ["TF015"]
        work[layers] = len(judged)
    assert work[40] <= 4 * work[10] + 40


# --- Keras 2 forms the history and the rules learned in round 2 ---------------------------------


@pytest.mark.parametrize(
    ("source", "rule", "fix"),
    [
        # the keras 2.x package's module layout (standalone keras 2.3.1, and TF 2.5-2.12's keras)
        ("from keras.engine.topology import Layer\n", "TF010", None),
        (
            "from keras.layers.merge import concatenate\n",
            "TF010",
            "from keras.layers import concatenate\n",
        ),
        (
            "from keras.utils.np_utils import to_categorical\n",
            "TF010",
            "from keras.utils import to_categorical\n",
        ),
        ("from keras.utils import np_utils\n", "TF010", None),
        ("import keras\nobjects = keras.utils.generic_utils.get_custom_objects()\n", "TF010", None),
        # ModelCheckpoint: `.hdf5` whole models, weights under any name, paths through names
        (
            "c = tf.keras.callbacks.ModelCheckpoint('best.hdf5', save_best_only=True)\n",
            "TF020",
            "c = tf.keras.callbacks.ModelCheckpoint('best.keras', save_best_only=True)\n",
        ),
        (
            "path = 'training_1/cp.ckpt'\n"
            "c = tf.keras.callbacks.ModelCheckpoint(path, save_weights_only=True)\n",
            "TF020",
            None,
        ),
        (
            "c = tf.keras.callbacks.ModelCheckpoint(out + '/w.{epoch:02d}.hdf5', "
            "save_weights_only=True)\n",
            "TF020",
            None,
        ),
        # load_weights of a TF checkpoint prefix
        (
            "m = tf.keras.Sequential()\nm.load_weights(tf.train.latest_checkpoint('ckpt'))\n",
            "TF004",
            None,
        ),
        ("m = tf.keras.Sequential()\nm.load_weights('/tmp/checkpoint')\n", "TF004", None),
        # an int where Keras 3 wants a shape tuple
        (
            "i = tf.keras.Input(shape=(x_train.shape[1]))\n",
            "TF020",
            "i = tf.keras.Input(shape=(x_train.shape[1],))\n",
        ),
        (
            "i = tf.keras.Input(shape=(len(vocab) + 1))\n",
            "TF020",
            "i = tf.keras.Input(shape=(len(vocab) + 1,))\n",
        ),
        # a schedule doing float arithmetic on the int64 step
        (
            "class S(tf.keras.optimizers.schedules.LearningRateSchedule):\n"
            "    def __call__(self, step):\n        return 0.1 / (step + 1)\n",
            "TF020",
            None,
        ),
        # OptimizerV2 internals and hooks
        (
            "class O(tf.keras.optimizers.Optimizer):\n"
            "    def __init__(self, **kw):\n        super().__init__(**kw)\n"
            "        self._set_hyper('learning_rate', 0.1)\n",
            "TF011",
            None,
        ),
        (
            "class O(tf.keras.optimizers.Optimizer):\n"
            "    def _resource_apply_dense(self, grad, var, apply_state=None):\n"
            "        return var.assign_sub(grad)\n",
            "TF011",
            None,
        ),
        (
            "class C(tf.keras.callbacks.Callback):\n    def on_epoch_end(self, epoch, logs=None):\n"
            "        print(self.model.optimizer._decayed_lr('float32'))\n",
            "TF011",
            None,
        ),
        # a positional argument where Keras 3's method takes none
        (
            "lstm = tf.keras.layers.LSTM(4, stateful=True)\nlstm.reset_states([h, c])\n",
            "TF012",
            None,
        ),
        # Keras 3 ignores `decay` (a warning): the learning rate no longer decays
        ("o = tf.keras.optimizers.SGD(learning_rate=0.1, decay=1e-6)\n", "TF012", None),
        # an optimizer class chosen at run time, built with lr=
        (
            "def build(optimizer_class=tf.keras.optimizers.Adam, lr=1e-4):\n"
            "    return optimizer_class(lr=lr)\n",
            "TF008",
            "def build(optimizer_class=tf.keras.optimizers.Adam, lr=1e-4):\n"
            "    return optimizer_class(learning_rate=lr)\n",
        ),
        (
            "def build(name, lr):\n    return getattr(tf.keras.optimizers, name)(lr=lr)\n",
            "TF008",
            "def build(name, lr):\n    return getattr(tf.keras.optimizers, name)(learning_rate=lr)\n",
        ),
        (
            "OPT = {'adam': tf.keras.optimizers.Adam, 'sgd': tf.keras.optimizers.SGD}\n"
            "o = OPT[name](lr=0.1)\n",
            "TF008",
            "OPT = {'adam': tf.keras.optimizers.Adam, 'sgd': tf.keras.optimizers.SGD}\n"
            "o = OPT[name](learning_rate=0.1)\n",
        ),
    ],
)
def test_round2_keras2_forms_reported_and_fixed(source, rule, fix):
    head = "import tensorflow as tf\n"
    found = [d for d in lint(head + source, [rule]) if d.rule == rule]
    assert len(found) >= 1, found
    if fix is None:  # no safe fix
        assert all(d.fix is None or d.fix.applicability == "unsafe" for d in found)
    else:
        assert fixed(head + source, [rule]).endswith(fix)


def test_keras2_module_import_moves_to_a_same_named_keras3_object_only_unsafely():
    # keras 2.3.1's engine.topology.Layer is not the object Keras 3's layers.Layer is
    source = "from keras.engine.topology import Layer\n"
    (found,) = lint(source, ["TF010"])
    assert found.fix.applicability == "unsafe"
    assert fixed(source, ["TF010"], unsafe=True) in (
        "from keras.layers import Layer\n",
        "from keras import Layer\n",  # Keras 3 has both; the generator picks the shorter
    )
    source = "from keras.engine.training import Model, Sequence\n"  # two homes: no one module
    (found,) = lint(source, ["TF010"])
    assert found.fix is None


@pytest.mark.parametrize(
    ("source", "rule"),
    [
        ("from keras.layers import Layer, concatenate\n", "TF010"),
        ("from keras.utils import to_categorical, get_custom_objects\n", "TF010"),
        ("c = tf.keras.callbacks.ModelCheckpoint('best.keras', save_best_only=True)\n", "TF020"),
        ("c = tf.keras.callbacks.ModelCheckpoint('best.h5', save_best_only=True)\n", "TF020"),
        (
            "path = 'cp.weights.h5'\n"
            "c = tf.keras.callbacks.ModelCheckpoint(path, save_weights_only=True)\n",
            "TF020",
        ),
        ("m = tf.keras.Sequential()\nm.load_weights('w.weights.h5')\n", "TF004"),
        ("m = tf.keras.Sequential()\nm.load_weights(path)\n", "TF004"),
        ("i = tf.keras.Input(shape=(x_train.shape[1],))\n", "TF020"),
        ("i = tf.keras.Input(shape=x_train.shape[1:])\n", "TF020"),
        (
            "class S(tf.keras.optimizers.schedules.LearningRateSchedule):\n"
            "    def __call__(self, step):\n        step = tf.cast(step, tf.float32)\n"
            "        return 0.1 / (step + 1)\n",
            "TF020",
        ),
        (
            "class S(tf.keras.optimizers.schedules.LearningRateSchedule):\n"
            "    def __call__(self, step):\n        return tf.math.rsqrt(tf.cast(step, tf.float32))\n",
            "TF020",
        ),
        (
            "class L(tf.keras.losses.Loss):\n"
            "    def __init__(self, reduction='sum_over_batch_size'):\n"
            "        super().__init__(reduction=reduction)\n",
            "TF020",
        ),
        (  # a Keras 3 optimizer: update_step is what Keras 3 calls
            "class O(tf.keras.optimizers.Optimizer):\n"
            "    def update_step(self, gradient, variable, learning_rate):\n"
            "        variable.assign_sub(gradient * learning_rate)\n"
            "    def _helper(self):\n        return 1\n",
            "TF011",
        ),
        ("def build(cls, lr):\n    return cls(lr=lr)\n", "TF008"),  # any class: unknown
        ("lstm = tf.keras.layers.LSTM(4, stateful=True)\nlstm.reset_states()\n", "TF012"),
        ("d = tf.keras.layers.Dense(4, 'relu')\n", "TF012"),
        ("o = tf.keras.optimizers.Adam(learning_rate=0.1)\n", "TF008"),
    ],
)
def test_round2_keras3_forms_are_not_reported(source, rule):
    assert rule_ids("import tensorflow as tf\n" + source, [rule]) == []


def test_history_knows_module_layouts_and_distribute_renames():
    history = json.loads((ROOT / "linter" / "data" / "keras2_history.json").read_text())
    packages = history["packages"]
    assert packages[0] == "2.3.1"  # the standalone keras of the TF 2.0-2.2 era
    layout = {p: e for p, e in history["symbols"].items() if e.get("layout")}
    assert layout["engine.topology"]["first"] == "2.3.1"
    for path in ("layers.merge", "utils.np_utils", "utils.generic_utils"):
        assert layout[path]["first"] in packages and layout[path]["last"] in packages
    to_categorical = layout["utils.np_utils"]["names"]["to_categorical"]
    assert to_categorical == {"path": "utils.to_categorical", "safe": True}  # the very object
    assert layout["engine.topology"]["names"]["Layer"]["safe"] is False  # another library's
    assert not any(p.split(".")[0] in ("layers", "utils") and "." not in p for p in layout)
    run_v2 = history["distribute"]["distribute.Strategy"]["experimental_run_v2"]
    assert run_v2["renamed"] == "run" and run_v2["last"] == "2.3"
    optimizer = history["members"]["optimizers.Optimizer"]
    assert {"_set_hyper", "_resource_apply_dense", "_decayed_lr", "add_slot"} <= set(optimizer)


@pytest.mark.parametrize(
    "source",
    [
        "class L(tf.keras.losses.Loss):\n"
        "    def __init__(self, reduction=tf.keras.losses.Reduction.AUTO):\n"
        "        super().__init__(reduction=reduction)\n",
        "loss = tf.keras.losses.MeanSquaredError(reduction=tf.keras.losses.Reduction.AUTO)\n",
    ],
)
def test_auto_reduction_gets_the_safe_fix_keras2_resolved_it_to(source):
    head = "import tensorflow as tf\n"
    (found,) = lint(head + source, ["TF020"])
    assert found.fix.applicability == "safe"
    after = fixed(head + source, ["TF020"], unsafe=True)
    assert after == head + source.replace("tf.keras.losses.Reduction.AUTO", '"sum_over_batch_size"')


def test_a_layer_known_only_by_kind_is_held_to_what_every_keras3_layer_takes():
    """No Keras 3 layer's `reset_states` takes an argument (generated `kind_signatures`), so a
    layer of `model.layers`/`get_layer` passing one is reported whatever its class."""
    assert keras3.table().kind_signatures["layers.Layer"]["reset_states"]["positional"] == 0
    source = (
        "import tensorflow as tf\n"
        "inputs = tf.keras.Input(batch_shape=(2, 5, 3))\n"
        "x = tf.keras.layers.LSTM(4, stateful=True, name='lstm')(inputs)\n"
        "model = tf.keras.Model(inputs, x)\n"
        "model.get_layer('lstm').reset_states([h, c])\n"
        "for layer in model.layers:\n"
        "    layer.reset_states(states=[h, c])\n"
        "    layer.reset_states()\n"
    )
    assert [d.line for d in lint(source, ["TF012"])] == [5, 7]


def test_optimizer_classes_from_literal_tables_and_loops():
    source = (
        "import tensorflow as tf\n"
        "OPTS = dict(adam=tf.keras.optimizers.Adam, sgd=tf.keras.optimizers.SGD)\n"
        "a = OPTS['adam'](lr=0.1)\n"
        "b = [tf.keras.optimizers.Adam, tf.keras.optimizers.SGD][0](lr=0.1)\n"
        "for cls in (tf.keras.optimizers.Adam, tf.keras.optimizers.RMSprop):\n"
        "    c = cls(lr=0.1)\n"
        "for name, cls2 in OPTS.items():\n"
        "    d = cls2(lr=0.1)\n"
        "for thing in (tf.keras.optimizers.Adam, make_custom):\n"
        "    e = thing(lr=0.1)\n"
    )
    assert [d.line for d in lint(source, ["TF008"])] == [3, 4, 6, 8]


def _marked(source: str) -> list[int]:
    return [n for n, line in enumerate(source.splitlines(), 1) if line.endswith("# fires")]


TF945_SAMPLE = 'import tensorflow as tf\nfrom tensorflow import keras\n\n\nclass GatherLoss(keras.losses.Loss):\n    def call(self, y_true, y_pred):\n        picked = tf.gather(y_pred, y_true[:, 0], batch_dims=1)  # fires\n        return -tf.math.log(picked)\n\n\nclass CastLoss(keras.losses.Loss):\n    def call(self, y_true, y_pred):\n        y_true = tf.cast(y_true, tf.int32)\n        return tf.nn.sparse_softmax_cross_entropy_with_logits(y_true, y_pred)  # no\n\n\ndef sparse(y_true, y_pred):\n    labels = tf.squeeze(y_true)\n    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y_true, logits=y_pred)  # fires\n\n\ndef unused(y_true, y_pred):\n    return tf.one_hot(y_true, 3)  # no: not given to compile\n\n\nm = keras.Sequential([keras.layers.Dense(3)])\nm.compile("adam", sparse)\nm.compile(optimizer="adam", loss=[GatherLoss()])\n'


def test_tf945_sample_reports_integer_label_ops_on_keras3_loss_labels():
    lines = [d.line for d in lint(TF945_SAMPLE, ["TF945"]) if d.rule == "TF945"]
    assert lines == _marked(TF945_SAMPLE)


TF877_SAMPLE = """\
import tensorflow as tf
from tensorflow import keras

inputs = keras.Input(shape=(8,))
batch = tf.shape(inputs)[0]
tf.debugging.assert_equal(batch, 32)  # fires
tf.debugging.assert_equal(inputs.shape[0], 32)  # fires
tf.debugging.assert_equal(inputs.shape[1], 8)  # no: 8
tf.debugging.assert_rank(inputs, 2)  # TF015's
x = keras.layers.Dense(4)(inputs)
model = keras.Model(inputs, x)


def check(t):
    tf.debugging.assert_equal(tf.shape(t)[0], 32)  # no
    return t
"""


def test_tf877_sample_reports_assertions_on_keras_tensor_shapes():
    lines = [d.line for d in lint(TF877_SAMPLE, ["TF877"]) if d.rule == "TF877"]
    assert lines == _marked(TF877_SAMPLE)


def test_tf015_leaves_a_shape_read_only_by_an_assertion_to_tf877():
    lines = [(d.rule, d.line) for d in lint(TF877_SAMPLE, ["TF015", "TF877"])]
    assert ("TF015", 5) not in lines and ("TF877", 6) in lines


TF877_ASSERT_SAMPLE = """\
import tensorflow as tf

inputs = tf.keras.Input(shape=(4,))
size = tf.shape(inputs)[0]
tf.debugging.Assert(size > 0, [size])  # fires
"""


def test_tf877_reports_tf_assert_on_a_shape_element_and_tf015_leaves_the_shape():
    found = [(d.rule, d.line) for d in lint(TF877_ASSERT_SAMPLE, ["TF015", "TF877"])]
    assert found == [("TF877", 5)]


TF945_REBOUND_SAMPLE = """\
import tensorflow as tf
from tensorflow import keras


def squeezed(y_true, y_pred):
    y_true = tf.squeeze(y_true, axis=-1)
    return tf.nn.sparse_softmax_cross_entropy_with_logits(y_true, y_pred)  # fires


def argmaxed(y_true, y_pred):
    labels = tf.argmax(y_true, axis=-1)
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels, y_pred)


def casted(y_true, y_pred):
    labels = tf.cast(tf.squeeze(y_true), tf.int32)
    return tf.one_hot(labels, 3) * y_pred


m = keras.Sequential([keras.layers.Dense(3)])
m.compile("adam", loss=[squeezed, argmaxed, casted])
"""


def test_tf945_follows_labels_through_float_keeping_ops_and_stops_at_casts():
    lines = [d.line for d in lint(TF945_REBOUND_SAMPLE, ["TF945"]) if d.rule == "TF945"]
    assert lines == _marked(TF945_REBOUND_SAMPLE)


TF877_KERAS_OPS_SAMPLE = """\
import keras
import tensorflow as tf

inputs = keras.Input(shape=(4,))
tf.debugging.assert_equal(keras.ops.shape(inputs)[0], 8)  # fires
tf.debugging.assert_equal(keras.ops.shape(inputs)[1], 4)
"""


def test_tf877_reads_keras_ops_shape_as_the_static_shape():
    lines = [d.line for d in lint(TF877_KERAS_OPS_SAMPLE, ["TF877"]) if d.rule == "TF877"]
    assert lines == _marked(TF877_KERAS_OPS_SAMPLE)


TF945_FACTORY_SAMPLE = """\
import tensorflow as tf
from tensorflow import keras


def weighted_crossentropy(class_weights):
    weights = tf.constant(class_weights)

    def loss(y_true, y_pred):
        w = tf.gather(weights, y_true)  # fires
        return w * keras.losses.sparse_categorical_crossentropy(y_true, y_pred)

    return loss


m = keras.Sequential([keras.layers.Dense(3, activation="softmax")])
m.compile("adam", loss=weighted_crossentropy([1.0, 2.0, 3.0]))
"""


def test_tf945_reads_the_loss_a_factory_of_the_module_returns():
    lines = [d.line for d in lint(TF945_FACTORY_SAMPLE, ["TF945"]) if d.rule == "TF945"]
    assert lines == _marked(TF945_FACTORY_SAMPLE)


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "import tensorflow as tf\nfrom tensorflow import keras\n"
            "dense = keras.layers.Dense(2)\nema = tf.train.ExponentialMovingAverage(0.99)\n"
            "ema.apply(dense.trainable_variables)\n",
            ["TF026"],
        ),
        (
            "import tensorflow as tf\nimport keras\n"
            "model = keras.Sequential([keras.layers.Dense(2)])\n"
            "ema = tf.train.ExponentialMovingAverage(0.9)\n"
            "ema.apply(var_list=model.trainable_weights)\nema.average(model.weights[0])\n"
            "tf.compat.v1.assign(model.weights[0], 0.0)\n",
            ["TF026", "TF026", "TF026"],
        ),
        # tf.Variables, or Keras 2 (tf_keras) weights: tf.Variables too
        (
            "import tensorflow as tf\nv = tf.Variable(1.0)\n"
            "ema = tf.train.ExponentialMovingAverage(0.9)\nema.apply([v])\n",
            [],
        ),
        (
            "import tensorflow as tf\nimport tf_keras\ndense = tf_keras.layers.Dense(2)\n"
            "tf.train.ExponentialMovingAverage(0.9).apply(dense.trainable_variables)\n",
            [],
        ),
    ],
)
def test_keras_variable_passed_to_tf_variable_api(source, expected):
    assert rule_ids(source, ["TF026"]) == expected


@pytest.mark.parametrize(
    "source, expected",
    [
        (
            "import keras\ninputs = keras.Input((8,))\nz_mean = keras.layers.Dense(2)(inputs)\n"
            "eps = keras.random.normal(shape=keras.ops.shape(z_mean))\n",
            ["TF027"],
        ),
        (
            "from tensorflow import keras\ninputs = keras.Input((8,))\n"
            "z_mean = keras.layers.Dense(2)(inputs)\neps = keras.random.uniform(z_mean.shape)\n",
            ["TF027"],
        ),
        # a fixed batch size: it builds (TF607's constant draw); in a layer's call: fine
        (
            "import keras\ninputs = keras.Input((8,), batch_size=4)\n"
            "z_mean = keras.layers.Dense(2)(inputs)\n"
            "eps = keras.random.normal(shape=keras.ops.shape(z_mean))\n"
            "class Sampling(keras.layers.Layer):\n    def call(self, z):\n"
            "        return z + keras.random.normal(keras.ops.shape(z))\n",
            [],
        ),
    ],
)
def test_keras_random_on_symbolic_shape(source, expected):
    assert rule_ids(source, ["TF027"]) == expected


# TF028: the Keras 2 GAN idiom (compile the discriminator, freeze it for the combined model, train
# both): Keras 3 makes the discriminator's train function when it first trains, still frozen.
GAN_FROZEN = """
import numpy as np
import tensorflow as tf

generator = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8)])
discriminator = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(1)])
discriminator.compile(optimizer="adam", loss="binary_crossentropy")
discriminator.trainable = False
z = tf.keras.Input((4,))
gan = tf.keras.Model(z, discriminator(generator(z)))
gan.compile(optimizer="adam", loss="binary_crossentropy")
for step in range(100):
{body}
"""
GAN_STEP = "    discriminator.train_on_batch(x, y)\n    gan.train_on_batch(noise, ones)\n"


def test_a_discriminator_frozen_before_it_first_trains_is_found():
    assert rule_ids(GAN_FROZEN.format(body=GAN_STEP), ["TF028"]) == ["TF028"]


def test_a_discriminator_frozen_in_a_gan_class_constructor_is_found():
    source = (
        "import tensorflow as tf\n"
        "class GAN:\n"
        "    def __init__(self):\n"
        "        self.d = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        "        self.d.compile(optimizer='adam', loss='mse')\n"
        "        self.d.trainable = False\n"
        "        self.combined = tf.keras.Sequential([self.g, self.d])\n"
        "        self.combined.compile(optimizer='adam', loss='mse')\n"
        "    def train(self, x, y):\n"
        "        for step in range(100):\n"
        "            self.d.train_on_batch(x, y)\n"
        "            self.combined.train_on_batch(z, y)\n"
    )
    assert rule_ids(source, ["TF028"]) == ["TF028"]


@pytest.mark.parametrize(
    "body",
    [
        # the flag set before each model's training call
        "    discriminator.trainable = True\n    discriminator.train_on_batch(x, y)\n"
        "    discriminator.trainable = False\n    gan.train_on_batch(noise, ones)\n",
        # a helper handed the model sets the flag
        "    set_trainable(discriminator, True)\n    discriminator.train_on_batch(x, y)\n",
        # only the combined model trains
        "    gan.train_on_batch(noise, ones)\n",
    ],
)
def test_a_discriminator_unfrozen_before_it_trains_is_left_alone(body):
    assert rule_ids(GAN_FROZEN.format(body=body), ["TF028"]) == []


def test_keras_2_reads_the_flag_at_compile():
    keras2 = GAN_FROZEN.format(body=GAN_STEP).replace(
        "import tensorflow as tf", "import tf_keras\nimport tensorflow as tf"
    )
    assert rule_ids(keras2.replace("tf.keras.", "tf_keras."), ["TF028"]) == []


@pytest.mark.parametrize(
    ("path", "reported"),
    [
        ('"export/segmenter"', True),
        ("MODEL_DIR", True),  # a name bound to a folder path
        ('os.path.join(BASE, "segmenter")', True),
        ('filepath="export/segmenter"', True),
        ('os.path.join(BASE, "segmenter.h5")', False),
        ('f"{BASE}/segmenter"', False),  # an f-string may add the suffix elsewhere
        ("MODEL_FILE", False),
    ],
)
def test_load_model_of_a_folder_path_is_reported(path, reported):
    """Keras 3's `load_model` refuses a path without `.keras`/`.h5` (ValueError "File format
    not supported"): a Keras 2 SavedModel folder, however the path is spelled out."""
    source = (
        "import os\nimport tensorflow as tf\nBASE = os.path.dirname(__file__)\n"
        'MODEL_DIR = "./export/word_seg"\nMODEL_FILE = "model.keras"\n'
        f"model = tf.keras.models.load_model({path})\n"
    )
    assert rule_ids(source, ["TF019"]) == (["TF019"] if reported else [])


@pytest.mark.parametrize(
    ("source", "reported"),
    [
        (
            "opt = tf.keras.optimizers.Adam(1e-3)\na.compile(optimizer=opt)\nb.compile(optimizer=opt)\n",
            True,
        ),
        (
            "opt = tf.keras.optimizers.Adam(1e-3)\na.compile(opt, 'mse')\nb.compile(opt, 'mse')\n",
            True,
        ),
        (
            "opt = tf.keras.optimizers.Adam(1e-3)\na.compile(optimizer=opt)\na.compile(optimizer=opt)\n",
            False,
        ),
        (
            "opt = tf.keras.optimizers.legacy.Adam(1e-3)\na.compile(optimizer=opt)\nb.compile(optimizer=opt)\n",
            False,
        ),
        ("a.compile(optimizer='adam')\nb.compile(optimizer='adam')\n", False),
        (
            "def fresh():\n    return tf.keras.optimizers.Adam()\n"
            "a.compile(optimizer=fresh())\nb.compile(optimizer=fresh())\n",
            False,
        ),
    ],
)
def test_one_optimizer_instance_compiled_into_two_models(source, reported):
    """A Keras 3 optimizer is built for the variables it first trains and refuses others
    (TF 2.21: ValueError "Unknown variable"); a recompile of one model, a legacy optimizer
    and one instance per model are fine."""
    found = rule_ids("import tensorflow as tf\n" + source, ["TF029"])
    assert found == (["TF029"] if reported else [])


LAYER_WITH_SIZES = """
    import tensorflow as tf

    class Modulation(tf.keras.layers.Layer):
        def call(self, x, height, width):
            return x

    m = Modulation()
    size = 7
    height = width = len(rows)
    _, h, w, _ = images.shape
"""


@pytest.mark.parametrize(
    ("call", "reported"),
    [
        ("m(x, 7, 7)", True),
        ("m(x, size, size)", True),
        ("m(x, height, width)", True),  # `len(...)`
        ("m(x, h, w)", True),  # unpacked from a shape
        ("m(x, True)", True),
        ("m(x, height=7, width=7)", False),
        ("m(x, mask)", False),  # unknown: may be a tensor
        ("m(x, None)", False),  # Keras 3 accepts None
        ("tf.keras.layers.Dense(3)(x, 7)", False),  # only the module's own layer classes
    ],
)
def test_python_values_passed_positionally_to_a_layer(call, reported):
    """Keras 3's Layer.__call__ takes only tensors (or None) positionally (TF 2.21: ValueError
    "Only input tensors may be passed as positional arguments")."""
    source = textwrap.dedent(LAYER_WITH_SIZES) + f"y = {call}\n"
    assert rule_ids(source, ["TF030"]) == (["TF030"] if reported else [])


def test_a_layer_that_opts_out_takes_python_values_positionally():
    source = textwrap.dedent(LAYER_WITH_SIZES).replace(
        "def call", "_allow_non_tensor_positional_args = True\n\n    def call"
    )
    assert rule_ids(source + "y = m(x, 7, 7)\n", ["TF030"]) == []


@pytest.mark.parametrize(
    ("code", "reported"),
    [
        ("model.optimizer.lr = 1e-4", True),
        ("opt.lr = 1e-4", True),
        ("opt.lr *= 0.1", True),
        ("model.optimizer.learning_rate = 1e-4", False),
        ("x = model.optimizer.lr", False),  # a read: TF011's
        ("class Holder:\n    pass\nh = Holder()\nh.lr = 1e-4", False),
    ],
)
def test_optimizer_lr_assigned_under_keras3(code, reported):
    """Keras 3 optimizers have no `lr` alias: assigning it makes a plain attribute and leaves
    the learning rate unchanged (TF 2.21: `float(opt.learning_rate)` stays at its value)."""
    source = (
        "import tensorflow as tf\n"
        "opt = tf.keras.optimizers.Adam(1e-3)\n"
        "model = tf.keras.Sequential([tf.keras.layers.Dense(1)])\n"
        "model.compile(opt, 'mse')\n" + code + "\n"
    )
    assert rule_ids(source, ["TF032"]) == (["TF032"] if reported else [])


def test_optimizer_lr_assigned_under_keras2_is_not_reported():
    source = "import tf_keras as keras\nopt = keras.optimizers.Adam(1e-3)\nopt.lr = 1e-4\n"
    assert rule_ids(source, ["TF032"]) == []


@pytest.mark.parametrize(
    ("body", "reported"),
    [
        ("self.trainable_weights = [self.w]", True),
        ("self.non_trainable_weights = []", True),
        ("self.weights = [self.w]", True),
        ("self.trainable_weights.append(self.w)", False),
        ("self.my_weights = [self.w]", False),
    ],
)
def test_layer_weight_list_assigned(body, reported):
    """`weights`, `trainable_weights`, ... are read-only properties of a Keras 3 (and tf-keras)
    layer: assigning one raises AttributeError (TF 2.21)."""
    source = (
        "import tensorflow as tf\n"
        "class Scales(tf.keras.layers.Layer):\n"
        "    def build(self, input_shape):\n"
        "        self.w = tf.Variable(1.0)\n"
        f"        {body}\n"
    )
    assert rule_ids(source, ["TF033"]) == (["TF033"] if reported else [])


def test_layer_weight_list_of_its_own_is_not_reported():
    source = (
        "import tensorflow as tf\n"
        "class Scales(tf.keras.layers.Layer):\n"
        "    @property\n"
        "    def weights(self):\n"
        "        return self._kept\n"
        "    @weights.setter\n"
        "    def weights(self, value):\n"
        "        self._kept = value\n"
        "    def build(self, input_shape):\n"
        "        self.weights = []\n"
    )
    assert rule_ids(source, ["TF033"]) == []
