"""The project: traced code, Keras classes and tf.functions across modules."""

from __future__ import annotations

from pathlib import Path

import pytest

from tf2lint.analysis.project import ModuleIdentity, Project, second_pass
from tf2lint.linting.engine import lint_module
from tf2lint.linting.plugins import all_rules

PACKAGE = Path(__file__).parent / "data" / "trainpkg"
RULES = all_rules()


def lint_many(jobs):
    return [lint_module(path.read_text(), path.name, RULES, False, i, f) for path, i, f in jobs]


@pytest.fixture(scope="module")
def findings() -> dict[str, list[tuple[str, int]]]:
    paths = sorted((PACKAGE / "trainpkg").glob("*.py"))
    results = lint_many([(p, ModuleIdentity.of(p), None) for p in paths])
    again = second_pass({i: r.summary for i, r in enumerate(results)})
    for i, facts in again.items():
        [results[i]] = lint_many([(paths[i], ModuleIdentity.of(paths[i]), facts)])
    return {
        path.name: [(d.rule, d.line) for d in result.diagnostics]
        for path, result in zip(paths, results, strict=True)
    }


def test_module_names_come_from_the_packages():
    assert ModuleIdentity.of(PACKAGE / "trainpkg" / "train.py") == ModuleIdentity(
        "trainpkg.train", "trainpkg"
    )
    assert ModuleIdentity.of(PACKAGE / "trainpkg" / "__init__.py") == ModuleIdentity(
        "trainpkg", "trainpkg"
    )


def test_helpers_called_from_a_traced_step_in_another_module_are_traced(findings):
    assert ("TF202", 9) in findings["losses.py"]  # the list mutated once, while tracing
    assert ("TF201", 5) in findings["logging_utils.py"]  # no TensorFlow import there at all


def test_keras_call_through_a_base_class_in_another_module(findings):
    assert ("TF201", 10) in findings["model.py"]


def test_imported_tf_function_called_with_a_changing_python_number(findings):
    assert ("TF501", 11) in findings["run.py"]


def test_each_module_alone_sees_none_of_it():
    paths = sorted((PACKAGE / "trainpkg").glob("*.py"))
    alone = {
        p.name: [d.rule for d in lint_module(p.read_text(), p.name, RULES).diagnostics]
        for p in paths
    }
    assert alone["losses.py"] == alone["logging_utils.py"] == alone["run.py"] == []
    assert "TF201" not in alone["model.py"]


def test_facts_name_where_the_tracing_comes_from():
    paths = sorted((PACKAGE / "trainpkg").glob("*.py"))
    jobs = [(p, ModuleIdentity.of(p), None) for p in paths]
    project = Project(r.summary for r in lint_many(jobs))
    facts = project.facts_for("trainpkg.losses")
    reason, once = facts.traced["weighted_loss"]
    assert (reason.kind, reason.via, once) == ("called", "trainpkg.train.train_step", False)
    assert project.facts_for("trainpkg.model").classes == {"Head": ("layer", False)}
    assert project.facts_for("trainpkg.layers").traced == {}


def _check(folder: Path, *args: str) -> list[tuple[str, str, int]]:
    import json

    from conftest import run_cli

    done = run_cli("check", ".", "--output-format", "json", *args, cwd=folder)
    assert done.returncode in (0, 1), done.stderr
    return sorted(
        (Path(d["filename"]).name, d["code"], d["location"]["row"]) for d in json.loads(done.stdout)
    )


def test_the_command_line_lints_a_folder_as_one_program_and_caches_it(tmp_path):
    import shutil

    folder = tmp_path / "trainpkg"
    shutil.copytree(PACKAGE, folder)
    (folder / "pyproject.toml").write_text("[tool.tf2lint]\n")
    cold = _check(folder, "--no-cache")
    assert ("logging_utils.py", "TF201", 5) in cold
    assert ("run.py", "TF501", 11) in cold
    assert _check(folder) == cold  # fills the cache
    assert _check(folder) == cold  # answered from it
    # The step no longer calls the logging helper: its finding goes, though its file is the same.
    train = folder / "trainpkg" / "train.py"
    train.write_text(train.read_text().replace("return log_step(loss)", "return loss"))
    assert ("logging_utils.py", "TF201", 5) not in _check(folder)


def test_only_the_modules_the_project_tells_something_new_are_linted_again():
    """train.py imports the Keras model class and the helpers, but the project tells it nothing
    a rule reads (a class's Keras kind matters only where the class is defined): it is linted
    once. run.py learns that train_step is a tf.function."""
    paths = sorted((PACKAGE / "trainpkg").glob("*.py"))
    results = lint_many([(p, ModuleIdentity.of(p), None) for p in paths])
    again = second_pass({i: r.summary for i, r in enumerate(results)})
    assert sorted(paths[i].name for i in again) == [
        "logging_utils.py",
        "losses.py",
        "model.py",
        "run.py",
    ]
    run = again[[p.name for p in paths].index("run.py")]
    assert list(run.external) == ["trainpkg.train.train_step"] and not run.traced


HELPER = "def log_step(x):\n    print(x)\n    return x\n"
STEP = (
    "import tensorflow as tf\n\nfrom helper import log_step\n\n\n"
    "@tf.function\ndef step(x):\n    return log_step(x)\n"
)


def _concise(folder: Path, *args: str) -> list[str]:
    from conftest import run_cli

    done = run_cli("check", "--output-format", "concise", "--quiet", *args, cwd=folder)
    assert done.returncode in (0, 1), done.stderr
    return done.stdout.splitlines()


@pytest.mark.parametrize("cache", [True, False])
def test_a_named_file_is_linted_in_its_project_as_a_whole_run_lints_it(tmp_path, cache):
    """pre-commit names only the staged files: a helper whose print runs under another file's
    tf.function is reported from the helper alone, as `check .` reports it."""
    (tmp_path / "pyproject.toml").write_text("[tool.tf2lint]\n")
    (tmp_path / "helper.py").write_text(HELPER)
    (tmp_path / "train.py").write_text(STEP)
    flags = () if cache else ("--no-cache",)
    whole = _concise(tmp_path, ".", *flags)
    assert [line.split(" ")[0] for line in whole] == ["helper.py:2:5:"]
    assert _concise(tmp_path, "helper.py", *flags) == whole
    assert _concise(tmp_path, "train.py", *flags) == []  # reported only for the files named
    # The caller changes: the cached summary of train.py is stale and read again.
    (tmp_path / "train.py").write_text(STEP.replace("return log_step(x)", "return x"))
    assert _concise(tmp_path, "helper.py", *flags) == []


def test_excluded_files_are_not_part_of_a_named_files_project(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.tf2lint]\nexclude = ["train.py"]\n')
    (tmp_path / "helper.py").write_text(HELPER)
    (tmp_path / "train.py").write_text(STEP)
    assert _concise(tmp_path, "helper.py") == _concise(tmp_path, ".") == []


def test_a_keras_module_imported_through_the_projects_own_module_is_keras(tmp_path):
    """A model zoo imports Keras through one of its modules (``from ..utils import keras``,
    where utils does ``import tf_keras as keras``): its layers are still Keras layers, whose
    ``call`` Keras traces, and a decorator it defines there still traces what it decorates."""
    package = tmp_path / "zoo"
    (package / "models").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "models" / "__init__.py").write_text("")
    (package / "utils.py").write_text(
        "import tensorflow as tf\n"
        "import tf_keras as keras\n"
        "\n"
        "def compiled(f):\n"
        "    return tf.function(f, reduce_retracing=True)\n"
    )
    (package / "models" / "blocks.py").write_text(
        "import random\n"
        "from ..utils import keras, compiled\n"
        "\n"
        "class LayerDrop(keras.layers.Layer):\n"
        "    def call(self, x):\n"
        "        if random.random() < 0.1:\n"
        "            return x\n"
        "        return x * 2\n"
        "\n"
        "class Deeper(LayerDrop):\n"
        "    def call(self, x):\n"
        "        return x * random.random()\n"
        "\n"
        "@compiled\n"
        "def step(x):\n"
        "    print(x)\n"
        "    return x\n"
    )
    found = _check(tmp_path, "--no-cache", "--select", "TF805,TF201")
    assert found == [
        ("blocks.py", "TF201", 16),
        ("blocks.py", "TF805", 6),
        ("blocks.py", "TF805", 12),
    ]


def test_a_keras_alias_assigned_in_another_module_is_keras(tmp_path):
    """``keras = tf.keras`` in the zoo's compatibility module is a re-export too."""
    (tmp_path / "zoo_utils.py").write_text("import tensorflow as tf\n\nkeras = tf.keras\n")
    (tmp_path / "encoder.py").write_text(
        "import random\n"
        "from zoo_utils import keras\n"
        "\n"
        "class Encoder(keras.layers.Layer):\n"
        "    def call(self, x):\n"
        "        return x * random.random()\n"
    )
    assert _check(tmp_path, "--no-cache", "--select", "TF805") == [("encoder.py", "TF805", 6)]


@pytest.mark.parametrize(
    "signature, compile_args, traced",
    [
        ("self, x, y, y_pred, sample_weight", "", True),
        ("self, x", "", False),  # not the hook: Keras calls compute_loss(x, y, y_pred, sw)
        ("self, x, y, y_pred, sample_weight", ", run_eagerly=True", False),  # run eagerly
    ],
)
def test_keras_hooks_of_a_subclass_of_a_model_in_another_module(
    tmp_path, signature, compile_args, traced
):
    """The project agrees with the module: a method named after a Keras hook that cannot take
    its arguments, or of a model its module compiles to run eagerly, is not traced by Keras."""
    (tmp_path / "base.py").write_text(
        "import tensorflow as tf\n\nclass Base(tf.keras.Model):\n    pass\n"
    )
    (tmp_path / "vae.py").write_text(
        "import random\n"
        "import tensorflow as tf\n"
        "from base import Base\n"
        "\n"
        "class Vae(Base):\n"
        f"    def compute_loss({signature}):\n"
        "        return x * random.random()\n"
        "\n"
        "vae = Vae()\n"
        f'vae.compile(optimizer="adam"{compile_args})\n'
    )
    found = _check(tmp_path, "--no-cache", "--select", "TF805")
    assert found == ([("vae.py", "TF805", 7)] if traced else [])
