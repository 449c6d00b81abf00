"""`keras-version`: a project that runs under tf-keras (TF_USE_LEGACY_KERAS=1 set in its shell,
Dockerfile or CI) says so once, and every module is linted as one that sets the variable itself."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from conftest import run_cli
from tf2lint.analysis.model import ModuleModel
from tf2lint.base.config import ConfigError, config_from_table
from tf2lint.linting.engine import lint_module
from tf2lint.linting.plugins import all_rules

# Keras 2 API, fine under tf-keras: each line is a Keras 3 finding otherwise.
KERAS2_CODE = """\
import tensorflow as tf
from tensorflow.keras import backend as K

model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(3,))])
get_output = K.function([model.input], [model.output])
loss_fn = tf.keras.losses.mean_squared_error
optimizer = tf.keras.optimizers.legacy.Adam(1e-3)
sgd = tf.keras.optimizers.SGD(0.1)
w = tf.Variable(1.0)
sgd.minimize(lambda: w * w, [w])
"""

SETS_IT = 'import os\nos.environ["TF_USE_LEGACY_KERAS"] = "1"\n'


def _findings(source: str, keras_version: int = 3) -> list[tuple[str, int]]:
    rules = [r for r in all_rules() if r.id.startswith("TF0")]
    result = lint_module(source, "train.py", rules, keras_version=keras_version)
    return [(d.rule, d.line) for d in result.diagnostics]


def test_the_model_answers_keras2_as_for_a_module_setting_the_variable():
    plain = ModuleModel(cst.parse_module(KERAS2_CODE))
    assert not (plain.sets_legacy_keras or plain.keras2_forced or plain.keras2_possible)
    configured = ModuleModel(cst.parse_module(KERAS2_CODE), keras_version=2)
    setting = ModuleModel(cst.parse_module(SETS_IT + KERAS2_CODE))
    for model in (configured, setting):
        assert model.sets_legacy_keras and model.keras2_forced and model.keras2_possible


def test_keras2_api_is_reported_without_the_setting_and_quiet_with_it():
    assert {rule for rule, _ in _findings(KERAS2_CODE)} >= {"TF002", "TF010", "TF011"}
    assert _findings(KERAS2_CODE, keras_version=2) == []
    assert _findings(SETS_IT + KERAS2_CODE) == []  # the same answer


FUNCTIONAL = """\
import tensorflow as tf

inputs = tf.keras.Input((4,))
doubled = tf.map_fn(lambda row: row * 2, inputs)
joined = tf.concat([inputs, doubled], -1)
"""


def test_tf015_keeps_the_ops_tf_keras_cannot_wrap():
    # TF 2.21, TF_USE_LEGACY_KERAS=1: `tf.concat` on a Keras tensor becomes a TFOpLambda layer,
    # `tf.map_fn` (no dispatcher) raises TypeError
    assert _findings(FUNCTIONAL) == [("TF015", 4), ("TF015", 5)]
    found = lint_module(FUNCTIONAL, "m.py", all_rules(), keras_version=2).diagnostics
    assert [(d.rule, d.line) for d in found if d.rule == "TF015"] == [("TF015", 4)]
    assert "tf-keras too" in next(d for d in found if d.rule == "TF015").message


@pytest.mark.parametrize("value", [2, 3])
def test_the_key_takes_2_or_3(value):
    assert config_from_table({"keras-version": value}).keras_version == value
    assert config_from_table({}).keras_version == 3


@pytest.mark.parametrize("value", ["2", 4, 2.0, True])
def test_a_bad_value_names_the_key(value):
    with pytest.raises(ConfigError, match="`keras-version`"):
        config_from_table({"keras-version": value})


def test_key_and_flag(project):
    (project / "train.py").write_text(KERAS2_CODE)
    assert run_cli("check", "--select", "TF0", "train.py", cwd=project).returncode == 1
    flagged = run_cli("check", "--select", "TF0", "--keras-version", "2", "train.py", cwd=project)
    assert flagged.returncode == 0, flagged.stdout + flagged.stderr
    (project / "pyproject.toml").write_text(
        textwrap.dedent("""\
            [tool.tf2lint.lint]
            keras-version = 2
        """)
    )
    # twice: the second run reads the cache, whose key holds the setting
    for _ in range(2):
        configured = run_cli("check", "--select", "TF0", "train.py", cwd=project)
        assert configured.returncode == 0, configured.stdout + configured.stderr
    again = run_cli("check", "--select", "TF0", "--keras-version", "3", "train.py", cwd=project)
    assert again.returncode == 1 and "TF010" in again.stdout
    shown = run_cli("check", "--show-settings", "train.py", cwd=project)
    assert "\nkeras-version = 2\n" in shown.stdout


LR = """\
import tensorflow as tf

opt = tf.keras.optimizers.SGD(lr=0.1)
old = tf.keras.optimizers.legacy.SGD(lr=0.1)
"""


def test_tf008_says_what_tf_keras_does_with_lr():
    # TF 2.21, TF_USE_LEGACY_KERAS=1: `SGD(lr=0.1)` warns and trains at 0.01; the legacy
    # optimizers read `lr` as `learning_rate`. Keras 3 refuses both (ValueError).
    assert [f for f in _findings(LR) if f[0] == "TF008"] == [("TF008", 3), ("TF008", 4)]
    found = lint_module(LR, "train.py", all_rules(), keras_version=2).diagnostics
    lr = [d for d in found if d.rule == "TF008"]
    assert [d.line for d in lr] == [3] and "default learning rate" in lr[0].message
    assert lr[0].fix is not None  # the rename: what the code meant
