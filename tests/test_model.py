"""The semantic model: import aliases, traced functions in every spelling, call sites."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from conftest import lint
from tf2lint.analysis.model import ModuleModel, SiteKind, dotted_name


def model_of(source: str) -> ModuleModel:
    return ModuleModel(cst.parse_module(textwrap.dedent(source)))


def traced(source: str) -> set[str]:
    return {f.qualname for f in model_of(source).functions if f.traced}


@pytest.mark.parametrize(
    "imports, expression, expected",
    [
        ("import tensorflow as tf", "tf.nn.relu", "tensorflow.nn.relu"),
        ("import tensorflow", "tensorflow.nn.relu", "tensorflow.nn.relu"),
        ("import tensorflow.compat.v1 as tf", "tf.Session", "tensorflow.compat.v1.Session"),
        ("import tensorflow.compat.v2 as tf", "tf.function", "tensorflow.function"),
        ("from tensorflow import keras", "keras.layers.Dense", "tensorflow.keras.layers.Dense"),
        ("from tensorflow.keras import layers", "layers.Dense", "tensorflow.keras.layers.Dense"),
        ("import keras", "keras.layers.Dense", "keras.layers.Dense"),
        ("from tensorflow import function as tff", "tff", "tensorflow.function"),
        ("import numpy as np", "np.mean", "numpy.mean"),
        ("", "print", "builtins.print"),
        ("", "undefined_name.x", None),
    ],
)
def test_qualified_names_follow_import_aliases(imports, expression, expected):
    model = model_of(imports + "\nx = 1\n")
    assert model.qualified_name(cst.parse_expression(expression)) == expected


def test_rebound_builtin_is_not_the_builtin():
    model = model_of("print = logger.info\n")
    assert model.qualified_name(cst.parse_expression("print")) is None


def test_every_spelling_of_tf_function_is_traced():
    assert traced(
        """
        import tensorflow as tf
        from tensorflow import function

        @tf.function
        def a(x): return x

        @tf.function(jit_compile=True)
        def b(x): return x

        @function
        def c(x): return x

        def d(x): return x
        d_fn = tf.function(d)

        def e(x): return x
        y = tf.function(e)(1)

        def plain(x): return x
        """
    ) == {"a", "b", "c", "d", "e"}


def test_keras_methods_dataset_functions_and_callees_are_traced():
    assert traced(
        """
        import tensorflow as tf

        def helper(x):
            return inner_helper(x)

        def inner_helper(x):
            return x

        class Block(tf.keras.layers.Layer):
            def build(self, shape): pass
            def call(self, x): return self.project(x)
            def project(self, x): return helper(x)

        class Net(tf.keras.Model):
            def train_step(self, data): return {}
            def summary_text(self): return ""

        class Deeper(Block):
            def call(self, x): return x

        def parse(record): return record
        ds = tf.data.TFRecordDataset(["a"]).map(parse)

        def eager_only(x): return x
        """
    ) == {
        "Block.call",
        "Block.project",
        "helper",
        "inner_helper",
        "Net.train_step",
        "Deeper.call",
        "parse",
    }


def test_nested_functions_of_traced_code_are_traced_and_factories_are_not():
    found = traced(
        """
        import tensorflow as tf

        @tf.function
        def outer(x):
            def body(i): return i
            return tf.map_fn(body, x)

        def factory():
            @tf.function
            def step(x): return x
            return step
        """
    )
    assert found == {"outer", "outer.<locals>.body", "factory.<locals>.step"}


def test_call_sites_record_caller_and_loops():
    model = model_of(
        """
        import tensorflow as tf

        @tf.function
        def step(x): return x

        for i in range(3):
            step(i)
        step(1)
        """
    )
    sites = [(s.callee.name, s.caller, len(s.loops)) for s in model.call_sites]
    assert sites == [("step", None, 1), ("step", None, 0)]


@pytest.mark.parametrize(
    "body, expected",
    [
        ("return tf.matmul(x, x)", True),
        ("return x * 2.0", True),
        ("return x.shape[0]", False),
        ("return x.shape[0] * 2", False),
        ("return len(items)", False),
        ("y = tf.reduce_sum(x)\n    return y + 1", True),
        ("return 'name'", False),
        ("return tf.keras.layers.Dense(3)(x)", True),
        ("return x.numpy()", False),
    ],
)
def test_is_tensor(body, expected):
    model = model_of(
        f"""
import tensorflow as tf

@tf.function
def f(x, items=3):
    {body}
"""
    )
    fn = model.functions[0]
    ret = [s for s in fn.node.body.body][-1].body[0].value
    assert model.is_tensor(ret, fn) is expected


# --- scopes and the one binding lookup -------------------------------------------------------


def _names(model: ModuleModel, value: str) -> list[cst.Name]:
    return [n for n in model.nodes_of(cst.Name) if n.value == value]


@pytest.mark.parametrize(
    "source, qualified",
    [
        # A parameter, a local alias, a comprehension variable or a lambda parameter named
        # `tf` is not the module.
        ("import tensorflow as tf\ndef f(tf):\n    return tf.log(2.0)\n", [None]),
        (
            "import tensorflow as tf\nimport numpy as np\ndef f():\n    tf = np\n    return tf.log(2.0)\n",
            ["numpy.log"],
        ),
        ("import tensorflow as tf\nys = [tf.log(v) for tf in xs]\n", [None]),
        ("import tensorflow as tf\ng = lambda tf: tf.log(2.0)\n", [None]),
        # A global declaration reaches past the local binding.
        (
            "import tensorflow as tf\ndef f():\n    global tf\n    return tf.log(2.0)\n",
            ["tensorflow.log"],
        ),
        # A class attribute is invisible to its methods.
        (
            "import tensorflow as tf\nclass A:\n    tf = None\n    def m(self):\n        return tf.log(2.0)\n",
            ["tensorflow.log"],
        ),
        # Imports inside a function bind there.
        ("def f():\n    import tensorflow as tf\n    return tf.log(2.0)\n", ["tensorflow.log"]),
        # Aliasing assignments and optional imports keep the module.
        ("import tensorflow as tf\ntf = tf.compat.v2\nx = tf.log(2.0)\n", ["tensorflow.log"]),
        (
            "try:\n    import tensorflow as tf\nexcept ImportError:\n    tf = None\nx = tf.log(2.0)\n",
            ["tensorflow.log"],
        ),
        (
            "import tensorflow as tf\nlayers = tf.keras.layers\nx = layers.log(2.0)\n",
            ["tensorflow.keras.layers.log"],
        ),
    ],
)
def test_lookup_follows_python_scoping(source, qualified):
    model = model_of(source)
    calls = [
        c
        for c in model.nodes_of(cst.Call)
        if isinstance(c.func, cst.Attribute) and c.func.attr.value == "log"
    ]
    assert [model.call_name(c) for c in calls] == qualified


def test_alias_assignment_resolves_to_the_module_it_holds():
    model = model_of("import tensorflow as tf\nlayers = tf.keras.layers\nd = layers.Dense(3)\n")
    call = model.nodes_of(cst.Call)[0]
    assert model.call_name(call) == "tensorflow.keras.layers.Dense"


def test_lookup_reports_kind_scope_and_values():
    model = model_of(
        """
        import tensorflow as tf
        total = 0
        def step(x, lr=0.1):
            global total
            total += 1
            for i in range(3):
                y = tf.square(x)
            with tf.GradientTape() as tape:
                pass
            return [k for k in range(i)]
        """
    )
    fn = model.module_functions["step"]
    total = model.lookup("total", fn)
    assert total.scope is model.scope and total.kinds == {"assign", "augassign"}
    assert [s.where for s in total.sites] == [None, fn]
    assert model.lookup("lr", fn).is_param
    assert model.lookup("i", fn).kinds == {"loop"}
    assert model.lookup("tape", fn).kinds == {"with"}
    assert [dotted_name(v.func) for v in model.lookup("y", fn).values] == ["tf.square"]
    assert model.lookup("k", fn).scope is None  # the comprehension's own variable
    assert model.lookup("print", fn).is_builtin


def test_assignment_and_del_targets_are_not_reads():
    model = model_of("import tensorflow as tf\ntf.log = f\ndel tf.random_normal\nx = tf.exp(1)\n")
    attributes = model.nodes_of(cst.Attribute)
    targets = {dotted_name(a) for a in attributes if model.is_target(a)}
    assert targets == {"tf.log", "tf.random_normal"}


def test_lambdas_passed_to_dataset_map_are_traced():
    assert traced(
        """
        import tensorflow as tf

        def load(f): return f
        ds = tf.data.Dataset.from_tensor_slices(["a"]).map(lambda f: load(f))
        """
    ) == {"<lambda>", "load"}


def test_functions_handed_to_tracing_apis_through_partials_bound_methods_and_loaders():
    # functools.partial(f, ...) calls f; `solver.step` is Solver.step bound; a dataset passed
    # in by every caller, kept on self, or made by a Keras loader maps its function in a graph
    assert traced(
        """
        import functools
        import tensorflow as tf

        def crop(image, size):
            return image

        def flip(image):
            return image

        def scale(image):
            return image

        def shift(image):
            return image

        class Solver:
            def step(self, x):
                return x

        class Loader:
            def __init__(self, pattern):
                self.files = tf.data.Dataset.list_files(pattern)

            def build(self):
                return self.files.map(scale)

        def pipeline(images):
            return images.map(functools.partial(crop, size=24))

        solver = Solver()
        fast_step = tf.function(solver.step)
        pipeline(tf.data.Dataset.from_tensor_slices(["a"]))
        train = tf.keras.utils.image_dataset_from_directory("images")
        train = train.map(flip)
        never_a_dataset = make_pairs().map(shift)
        """
    ) == {"crop", "flip", "scale", "Solver.step"}


def test_instances_of_callable_classes_mapped_over_a_dataset_are_traced():
    assert traced(
        """
        import tensorflow as tf

        class RandomCrop:
            def __init__(self, size):
                self.size = size

            def __call__(self, image):
                return image

        class Jitter:
            def __call__(self, image):
                return image

        jitter = Jitter()
        ds = tf.data.Dataset.from_tensor_slices([1.0]).map(RandomCrop(24)).map(jitter)
        """
    ) == {"RandomCrop.__call__", "Jitter.__call__"}


def test_a_map_method_of_what_a_caller_passes_that_is_no_dataset_is_not_traced():
    assert (
        traced(
            """
        import pandas as pd

        def label(x):
            return x

        def relabel(series):
            return series.map(label)

        relabel(pd.Series([1, 2]))
        """
        )
        == set()
    )


def test_traced_reason_is_data():
    model = model_of(
        """
        import tensorflow as tf

        def helper(x): return x

        @tf.function
        def step(x):
            def inner(y): return y
            return helper(inner(x))
        """
    )
    by = {f.qualname: f.traced_by for f in model.functions}
    assert (by["step"].kind, by["step"].via) == ("decorator", "tensorflow.function")
    assert (by["helper"].kind, by["helper"].caller) == ("called", model.module_functions["step"])
    assert by["step.<locals>.inner"].kind == "defined"


def test_blocks_that_do_not_run_in_the_graph_or_run_once():
    model = model_of(
        """
        import tensorflow as tf

        @tf.function
        def f(x):
            if first:
                first = False
            if tf.executing_eagerly():
                pass
            if not tf.executing_eagerly():
                pass
            else:
                pass
            with tf.init_scope():
                pass
        """
    )
    assert sorted(model.blocks.values()) == ["eager", "eager", "guard", "init_scope"]


def test_autograph_conversion_follows_how_a_function_is_traced():
    model = model_of(
        """
        import tensorflow as tf
        import tf_keras

        def helper(x): return x

        @tf.function
        def converted(x): return helper(x)

        @tf.function(autograph=False)
        def plain(x): return x

        class L3(tf.keras.layers.Layer):
            def call(self, x): return helper(x)

        class L2(tf_keras.layers.Layer):
            def call(self, x): return x
        """
    )
    autograph = {f.qualname: f.autograph for f in model.functions}
    assert autograph == {
        "helper": False,  # called from Keras 3's unconverted `call`
        "converted": True,
        "plain": False,
        "L3.call": False,
        "L2.call": True,
    }


def test_calls_of_instances_reach_their_methods():
    model = model_of(
        """
        class Encoder:
            def __call__(self, x): return x
            def encode(self, x): return x

        enc = Encoder()
        enc(1)
        enc.encode(2)
        """
    )
    assert [s.callee.qualname for s in model.call_sites] == [
        "Encoder.__call__",
        "Encoder.encode",
    ]


def test_arguments_follow_call_sites_into_parameters():
    model = model_of(
        """
        def f(a, b=2):
            return a

        f(1, b=3)
        f(*args)
        """
    )
    fn = model.module_functions["f"]
    assert [cst.Module([]).code_for_node(v) for v, _ in model.arguments(fn, "b")] == ["3"]
    assert [cst.Module([]).code_for_node(v) for v, _ in model.arguments(fn, "a")] == ["1"]


# --- implicit tracing: what Keras and the module's own wrappers trace ----------------------------


def test_keras_traces_loss_call_and_metric_update_state_and_result():
    assert traced(
        """
        from tensorflow import keras
        import tf_keras

        class Focal(keras.losses.Loss):
            def call(self, y_true, y_pred):
                return y_pred
            def get_config(self):
                return {}

        class Hits(tf_keras.metrics.Metric):
            def update_state(self, y_true, y_pred, sample_weight=None):
                pass
            def result(self):
                return 0
            def reset_state(self):
                pass
        """
    ) == {"Focal.call", "Hits.update_state", "Hits.result"}


def test_functions_passed_to_compile_are_traced_by_the_train_step():
    model = model_of(
        """
        from tensorflow import keras

        def my_loss(y, p):
            return p

        def my_metric(y, p):
            return p

        def unrelated(y, p):
            return p

        model = keras.Sequential()
        model.compile(loss=my_loss, metrics=[my_metric, "accuracy"])
        """
    )
    reasons = {f.qualname: f.traced_reason for f in model.functions if f.traced}
    assert reasons == {
        "my_loss": "passed to Keras compile(loss=...), traced by its train step",
        "my_metric": "passed to Keras compile(metrics=...), traced by its train step",
    }


def test_a_loss_given_to_compile_by_position_is_traced_too():
    """`compile(optimizer, loss, ...)` in Keras 2 and 3 alike; metrics' position differs between
    them (third, fourth), so a positional third argument says nothing."""
    model = model_of(
        """
        import tensorflow as tf

        def my_loss(y, p):
            return p

        def not_a_metric(y, p):
            return p

        model = tf.keras.Sequential()
        model.compile("adam", my_loss, not_a_metric)
        """
    )
    reasons = {f.qualname: f.traced_reason for f in model.functions if f.traced}
    assert reasons == {"my_loss": "passed to Keras compile(loss=...), traced by its train step"}


def test_a_decorator_that_hands_its_function_to_tf_function_traces_it():
    model = model_of(
        """
        import tensorflow as tf

        def compiled(f):
            return tf.function(f, jit_compile=True)

        def compiled_with(**options):
            def wrap(f):
                return tf.function(f, **options)
            return wrap

        @compiled
        def step(x):
            return x

        @compiled_with(reduce_retracing=True)
        def other_step(x):
            return x

        def plain(x):
            return x
        """
    )
    reasons = {f.qualname: f.traced_reason for f in model.functions if f.traced}
    assert reasons == {
        "step": "decorated with @compiled, which hands it to tf.function",
        "other_step": "decorated with @compiled_with, which hands it to tf.function",
    }


def test_a_py_function_decorator_is_an_eager_boundary():
    assert traced(
        """
        import tensorflow as tf

        def on_host(f):
            return lambda *args: tf.py_function(f, args, tf.float32)

        def host_wrapper(f):
            return tf.numpy_function(f, [], tf.float32)

        @tf.function
        def step(x):
            return log_it(x) + in_graph(x)

        @host_wrapper
        def log_it(x):
            print(x)
            return x

        def in_graph(x):
            return x
        """
    ) == {"step", "in_graph"}


# --- module names in statement order ---------------------------------------------------------


def _values_read(model: ModuleModel, name: str) -> list[list[str]]:
    """For each read of ``name`` (not a target), the code of the values it can hold there."""
    module = model.module
    return [
        [module.code_for_node(v) for v in model.binding_of(n).values]
        for n in _names(model, name)
        if not model.is_target(n)
    ]


@pytest.mark.parametrize(
    "source, expected",
    [
        # module-level code sees the last binding before it
        ("x = 1\nprint(x)\nx = 2\nprint(x)\n", [["1"], ["2"]]),
        # a binding in a branch keeps the one before it
        ("x = 1\nif c:\n    x = 2\nprint(x)\n", [["1", "2"]]),
        # in a loop, a read sees the loop's later bindings too (the next iteration)
        ("x = 1\nfor i in r:\n    print(x)\n    x = 2\n", [["1", "2"]]),
        # `x = x + 1` reads the binding before it
        ("x = 1\nx = x + 1\nprint(x)\n", [["1"], ["x + 1"]]),
        # a function sees what is bound while module code can call it: up to its last call
        ("x = 1\ndef f():\n    return x\nf()\nx = 2\n", [["1"]]),
        # ... and every later binding once it is passed on
        ("x = 1\ndef f():\n    return x\ng(f)\nx = 2\n", [["1", "2"]]),
        # a read before any binding (cells run out of order) keeps them all
        ("print(x)\nx = 1\nx = 2\n", [["1", "2"]]),
    ],
)
def test_module_names_are_read_in_statement_order(source, expected):
    assert _values_read(model_of(source), "x") == expected


@pytest.mark.parametrize(
    "source",
    [
        # a nested function may be returned and called later
        "x = 1\ndef make():\n    def inner():\n        return x\n    return inner\n"
        "g = make()\nx = 2\ng()\n",
        # a decorator may keep the function and call it later
        "x = 1\n@register\ndef f():\n    return x\nf()\nx = 2\n",
        # a lambda is called through whatever holds it
        "x = 1\nf = lambda: x\nf()\nx = 2\n",
    ],
)
def test_code_that_can_run_later_sees_every_later_binding(source):
    assert _values_read(model_of(source), "x") == [["1", "2"]]


@pytest.mark.parametrize(
    "pattern",
    ["tf", "[tf]", '{"k": tf}', "Point(x=tf)", "[*tf]", "{**tf}", "(1 | 2) as tf"],
)
def test_a_match_capture_pattern_binds_its_name(pattern):
    """`case tf:` rebinds `tf`: inside, `tf.log` is not TensorFlow's (a TF101 there would be
    false, and its rename would break working code); before the match, `tf` still is."""
    model = model_of(
        f"""
        import tensorflow as tf

        before = tf.log(1.0)


        def pick(value):
            match value:
                case {pattern}:
                    return tf.log(2.0)
        """
    )
    calls = [c for c in model.nodes_of(cst.Call) if dotted_name(c.func) == "tf.log"]
    assert [model.call_name(c) for c in calls] == ["tensorflow.log", None]


def test_tensorflow_imported_twice_with_a_module_level_tf_function_lints():
    # a notebook re-imports in a later cell; reading the decorator used to recurse for ever
    source = """\
        import tensorflow as tf
        import numpy as np
        import tensorflow as tf

        @tf.function
        def step(x):
            print("tracing")
            return x + 1
        """
    assert traced(source) == {"step"}
    diagnostics = lint(source, ["TF201"])
    assert [d.rule for d in diagnostics] == ["TF201"]


@pytest.mark.parametrize(
    "source",
    [
        # a parameter named like the module does not hide it from its own decorator
        """\
        import tensorflow as tf

        @tf.function
        def step(x, tf=None):
            return x
        """,
        # nor does a local of that name
        """\
        import tensorflow as tf

        @tf.function
        def step(x):
            tf = None
            return x
        """,
        """\
        import tensorflow as tf

        def outer():
            @tf.function(jit_compile=True)
            def step(x, tf=None):
                return x
            return step
        """,
    ],
)
def test_decorators_are_read_in_the_scope_around_the_definition(source):
    assert {name.rpartition(".")[2] for name in traced(source)} == {"step"}


def test_a_local_that_shadows_tf_around_the_definition_does_untrace_it():
    source = """\
        import tensorflow as tf

        def outer(tf):
            @tf.function
            def step(x):
                return x
            return step
        """
    assert traced(source) == set()


def test_methods_resolve_along_python_mro():
    model = model_of(
        """\
        class A:
            def m(self):
                return 1

        class B:
            def m(self):
                return 2

        class C(A, B):
            pass

        class Base:
            def m(self):
                return 0

        class Left(Base):
            pass

        class Right(Base):
            def m(self):
                return 3

        class Diamond(Left, Right):
            pass
        """
    )
    classes = model.module_classes
    assert model.resolve_method(classes["C"], "m").qualname == "A.m"
    # C3: Diamond, Left, Right, Base; a depth-first walk would find Base.m first
    assert [c.name for c in model.mro(classes["Diamond"])] == ["Diamond", "Left", "Right", "Base"]
    assert model.resolve_method(classes["Diamond"], "m").qualname == "Right.m"


@pytest.mark.parametrize(
    "dead",
    [
        "return x\n    helper(x)",
        "raise NotImplementedError\n    helper(x)",
        "if False:\n        helper(x)",
        "if x is None:\n        return x\n    else:\n        raise ValueError\n    helper(x)",
        "for i in range(3):\n        continue\n        helper(i)\n    return x",
    ],
)
def test_unreachable_code_is_evidence_of_nothing(dead):
    # what never runs neither calls, nor binds, nor traces
    source = f"""\
import tensorflow as tf

def helper(x):
    print("tracing")
    return x

@tf.function
def step(x):
    {dead}
"""
    model = model_of(source)
    assert traced(source) == {"step"}
    step = model.module_functions["step"]
    assert [c for c in step.calls if dotted_name(c.func) == "helper"] == []
    assert [d.rule for d in lint(source, ["TF201"])] == []


# A Keras model whose instances the module compiles to run eagerly: fit, evaluate and predict
# call its train_step, test_step, predict_step and call as plain Python, on every batch.
_SCORER = """
import numpy as np
import tensorflow as tf

class Scorer(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.head = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.head(x)

    def train_step(self, data):
        jitter = np.random.normal()
        return super().train_step(data)

scorer = Scorer()
"""


@pytest.mark.parametrize(
    "setting, keras_traces",
    [
        ('scorer.compile(optimizer="sgd", loss="mse", run_eagerly=True)', False),
        ('scorer.compile(optimizer="sgd", loss="mse")\nscorer.run_eagerly = True', False),
        ('scorer.compile(optimizer="sgd", loss="mse")', True),
        ('scorer.compile(optimizer="sgd", loss="mse", run_eagerly=False)', True),
        ('scorer.compile(optimizer="sgd", loss="mse", run_eagerly=debugging)', True),
        # another instance compiled the usual way still runs the class's methods traced
        (
            'scorer.compile(optimizer="sgd", loss="mse", run_eagerly=True)\n'
            'other = Scorer()\nother.compile(optimizer="sgd", loss="mse")',
            True,
        ),
    ],
)
def test_a_model_compiled_to_run_eagerly_is_not_traced_by_keras(setting, keras_traces):
    found = traced(_SCORER + setting + "\n")
    expected = {"Scorer.call", "Scorer.train_step"} if keras_traces else set()
    assert found == expected


def test_run_eagerly_set_in_the_models_own_compile_counts_too():
    assert not traced(
        """
        import tensorflow as tf

        class Critic(tf.keras.Model):
            def compile(self, optimizer):
                super().compile(optimizer=optimizer, run_eagerly=True)

            def train_step(self, data):
                return {}

        critic = Critic()
        critic.compile("adam")
        """
    )


def test_a_subclass_run_the_usual_way_keeps_its_eager_base_traced():
    found = traced(
        _SCORER
        + """
class Ranked(Scorer):
    pass

scorer.compile(optimizer="sgd", loss="mse", run_eagerly=True)
"""
    )
    assert found == {"Scorer.call", "Scorer.train_step"}


def test_helpers_of_an_eagerly_run_model_are_not_reported_as_traced():
    source = """
    import random
    import numpy as np
    import tensorflow as tf

    class Pool:
        def __init__(self):
            self.items = []

        def draw(self):
            self.last = np.random.randint(0, 4)
            return random.choice(self.items)

    class Sampler(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.pool = Pool()

        def train_step(self, data):
            extra = self.pool.draw()
            return {"n": extra}

    sampler = Sampler()
    sampler.compile(optimizer="adam"{eager})
    """
    assert "TF805" in [d.rule for d in lint(source.replace("{eager}", ""))]
    assert "TF805" not in [d.rule for d in lint(source.replace("{eager}", ", run_eagerly=True"))]


@pytest.mark.parametrize(
    "signature, keras_traces",
    [
        ("self, x", False),  # Keras calls compute_loss(x, y, y_pred, sample_weight)
        ("self, x, y, y_pred, sample_weight", True),
        ("self, x=None, y=None, y_pred=None, sample_weight=None, training=True", True),
        ("self, *args, **kwargs", True),
    ],
)
def test_a_method_named_after_a_keras_hook_is_the_hook_only_if_it_takes_its_arguments(
    signature, keras_traces
):
    found = traced(
        f"""
        import tensorflow as tf

        class Autoencoder(tf.keras.Model):
            def compute_loss({signature}):
                return 0.0
        """
    )
    assert found == ({"Autoencoder.compute_loss"} if keras_traces else set())


def test_a_hook_named_method_of_a_plain_class_is_not_traced():
    assert not traced(
        """
        import tensorflow as tf

        class Trainer:
            def compute_loss(self, x, y, y_pred, sample_weight):
                return tf.reduce_mean(y_pred)

            def train_step(self, data):
                return self.compute_loss(data, data, data, None)

        trainer = Trainer()
        for batch in range(3):
            trainer.train_step(tf.ones(2))
        """
    )


_EAGER_PROGRAM = """
import numpy as np
import tensorflow as tf

steps = {"call": 0, "train_step": 0}

class Counted(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.head = tf.keras.layers.Dense(1)

    def call(self, x):
        steps["call"] += 1
        return self.head(x)

    def train_step(self, data):
        steps["train_step"] += 1
        return super().train_step(data)

model = Counted()
model.compile(optimizer="sgd", loss="mse"SETTING)
model.fit(np.ones((32, 2), "float32"), np.ones((32, 1), "float32"), batch_size=4, verbose=0)
print(steps["train_step"], steps["call"])
"""


@pytest.mark.parametrize("setting, eager", [(", run_eagerly=True", True), ("", False)])
def test_under_tensorflow_run_eagerly_runs_the_models_methods_on_every_step(setting, eager):
    pytest.importorskip("tensorflow")
    import subprocess
    import sys

    program = _EAGER_PROGRAM.replace("SETTING", setting)
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "TF_CPP_MIN_LOG_LEVEL": "3"},
        timeout=300,
    )
    train_steps, calls = map(int, done.stdout.split())
    if eager:  # 8 batches: every step runs the Python of train_step and call
        assert train_steps == 8 and calls >= 8
    else:  # traced: the Python runs only while tracing
        assert train_steps < 8 and calls < 8
    assert (traced(program) == set()) is eager


_JITTER = """
import random
import tensorflow as tf

class Jitter(tf.keras.layers.Layer):
    def call(self, x):
        return x * random.random()

class Critic(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.jitter = Jitter()

    def call(self, x):
        return self.jitter(x)

critic = Critic()
critic.compile(optimizer="sgd", loss="mse", run_eagerly=True)
"""


@pytest.mark.parametrize(
    "elsewhere, layer_traced",
    [
        ("", False),  # built only by the eager model: its call runs eagerly too
        ("probe = tf.keras.Sequential([Jitter()])\n", True),  # also in a model run traced
        ("class Wider(Jitter):\n    pass\n", True),  # a base of a class used elsewhere
    ],
)
def test_a_layer_only_an_eagerly_run_model_builds_is_not_traced(elsewhere, layer_traced):
    found = traced(_JITTER + elsewhere)
    assert found == ({"Jitter.call"} if layer_traced else set())
    assert ("TF805" in [d.rule for d in lint(_JITTER + elsewhere)]) is layer_traced


def test_the_name_that_holds_tensorflow_is_looked_up_where_the_code_reads_it():
    model = model_of(
        """
        import tensorflow.compat.v2 as tf
        import tensorflow.compat.v1 as v1

        def shadowed(tf=None):
            return tf
        """
    )
    (shadowed,) = model.functions
    assert model.alias_of("tensorflow") == "tf"
    assert model.alias_of("tensorflow.compat.v1") == "v1"
    assert model.alias_of("tensorflow", shadowed) is None
    model = model_of(
        """
        def own_import():
            import tensorflow as tensorflow_
            return tensorflow_
        """
    )
    (own_import,) = model.functions
    assert model.alias_of("tensorflow") is None
    assert model.alias_of("tensorflow", own_import) == "tensorflow_"


# Scopes that read the module's names as it does, bind or shadow one, or see it through a class
# body; then the same with names bound twice at module level and a `global` declaration.
_ALIASES = (
    """
import tensorflow as tf
import tensorflow.compat.v1 as v1

def plain(x):
    def inner():
        return tf.constant(x)
    return inner

def rebinds(tf=None):
    import tensorflow.compat.v1 as tf1
    def reads_outer():
        return tf, tf1
    return reads_outer

class Layer:
    tf = v1
    def call(self):
        return tf.constant(1)
""",
    """
import tensorflow.compat.v1 as v1
try:
    import tensorflow.compat.v2 as tf
except ImportError:
    import tensorflow as tf

def plain():
    return tf.constant(1)

def declares():
    global v1
    v1 = None
    import numpy as tf
    return v1, tf
""",
)


@pytest.mark.parametrize("source", _ALIASES)
def test_the_alias_of_a_module_is_the_same_answer_asked_in_any_order(source):
    """alias_of shares the module's answer with the scopes that read the module's names as it
    does, and remembers each answer: every scope's answer is what looking up each candidate
    from that scope says, whichever scope is asked first."""
    modules = ("tensorflow", "tensorflow.compat.v1", "numpy")

    def expected(model, module, scope):
        for local in model._module_alias_candidates:
            qualified = model.lookup(local, scope).qualified
            if (qualified if qualified != "tensorflow.compat.v2" else "tensorflow") == module:
                return local
        return None

    reference = model_of(source)
    scopes = [None, *reference.scope_at.values()]
    wanted = [[expected(reference, m, s) for m in modules] for s in scopes]
    assert wanted[0] == ["tf", "v1", None]
    assert len({tuple(w) for w in wanted}) >= 2  # some scope sees another name
    for order in (scopes, scopes[::-1]):
        model = model_of(source)
        twins = zip(reference.scope_at.values(), model.scope_at.values(), strict=True)
        by_key = {id(s): t for s, t in twins}
        answers = {}
        for scope in order:
            own = None if scope is None else by_key[id(scope)]
            answers[id(scope)] = [model.alias_of(m, own) for m in modules]
        assert [answers[id(s)] for s in scopes] == wanted


def test_reads_know_their_function_loops_and_role():
    model = model_of(
        """
        import tensorflow as tf

        def train(model, data):
            for x in data:
                step = tf.function(model.train_step)
                step(x)
                [step(y) for y in x]
            model.fit(data)
            runner(model)
            holder.model = model
            return model, step

        for k in range(3):
            class Trainer:
                step(k)
        """
    )
    (train,) = [fn for fn in model.functions if fn.name == "train"]
    reads = model.reads
    roles = [(r.role, r.function is train, len(r.loops)) for r in reads["step"]]
    # called in the for loop, called in a comprehension inside it, returned; a class body in
    # a loop starts afresh (and is module code)
    assert roles == [
        ("called", True, 1),
        ("called", True, 2),
        ("returned", True, 0),
        ("called", False, 0),
    ]
    model_roles = [r.role for r in reads["model"]]
    assert model_roles == [None, "method", "argument", "assigned", "returned"]
    assert [r.within(train) for r in reads["x"]] == [True, True]
    assert "fit" in reads and "train_step" in reads  # attribute names are read by name too


# --- binding kinds ----------------------------------------------------------------------------


def test_a_parameter_never_rebound_is_param_only():
    model = model_of(
        """
        def f(a, b, c=1):
            b = b + 1
            for c in range(3):
                pass
            return a + b + c
        """
    )
    fn = next(f for f in model.functions if f.name == "f")
    reads = {
        n.value: model.binding_of(n, fn)
        for n in model.nodes_of(cst.Name)
        if n.value in ("a", "b", "c") and not model.is_target(n)
    }
    assert {name: binding.param_only for name, binding in reads.items()} == {
        "a": True,
        "b": False,
        "c": False,
    }
    assert reads["b"].kinds == {SiteKind.PARAM, SiteKind.ASSIGN}


ASSIGNS_SOURCE = """
def train(folds, build):
    for fold in folds:
        self.model = build(fold)
        a, self.head = 1, 2
        self.count += 1
        self.note: str = "x"
        for model in fold:
            pass

        def helper():
            self.inner = build(0)

        class Local:
            attr = 1

        fn = lambda: None
    if False:
        self.dead = 1
"""


@pytest.mark.parametrize(
    ("target", "stored"),
    [
        ("self.model", True),  # an attribute chain, assigned
        ("self.head", True),  # an element of a tuple target
        ("a", True),
        ("self.count", True),  # augmented
        ("self.note", True),  # annotated
        ("model", True),  # the whole target of a `for` inside the loop
        ("fold", False),  # the loop's own target is not a store in its body
        ("self.inner", False),  # in a function defined in the loop
        ("attr", False),  # in a class defined there
        ("fn", True),
        ("self.dead", True),  # what the code spells, dead or not
        ("build", False),  # read, never stored
    ],
)
def test_the_model_answers_which_region_stores_to_an_attribute_chain(target, stored):
    model = ModuleModel(cst.parse_module(textwrap.dedent(ASSIGNS_SOURCE)))
    (loop, _inner) = model.nodes_of(cst.For)
    (train, _helper) = model.nodes_of(cst.FunctionDef)
    assert model.assigns(target, loop) is (stored and target != "self.dead")
    assert model.assigns(target, train) is (stored or target == "fold")


def test_children_made_per_node_type_are_the_generic_children_of_every_node():
    """The walk's children of each node type are generated from the fields' annotations (a
    node field appended, a sequence of nodes extended, the rest checked value by value): on
    every node of the fixtures and real-world programs they are exactly the children that
    checking every field's value finds, in the same order."""
    from pathlib import Path

    from tf2lint.analysis import walk

    root = Path(__file__).resolve().parent.parent
    sources = [*root.glob("fixtures/TF*/*.py"), *root.glob("tests/realworld/*/*.py")]
    checked: set[type] = set()
    for path in sources:
        try:
            todo: list[cst.CSTNode] = [cst.parse_module(path.read_text("utf-8"))]
        except cst.ParserSyntaxError:
            continue
        while todo:
            node = todo.pop()
            expected = walk._generic_children(node)
            assert walk.children(node) == expected, type(node)
            checked.add(type(node))
            todo.extend(expected)
    assert len(checked) > 60


PASSED_OBJECT = """
import tensorflow as tf

class Decoder:
    def __call__(self, llrs):
        return llrs

class Encoder:
    def __call__(self, bits):
        return bits

@tf.function
def run(component, x):
    return component(x)

{calls}
"""


def test_a_parameter_every_call_passes_an_instance_to_calls_that_class():
    # NVlabs/sionna#866 (tests/realworld/leaked_lazy_tensor_on_decoder): the decoder a traced
    # function is handed is traced with it
    source = PASSED_OBJECT.format(calls="decoder = Decoder()\nrun(decoder, 1.0)\nrun(decoder, 2.0)")
    assert "Decoder.__call__" in traced(source)


@pytest.mark.parametrize(
    "calls",
    [
        "run(Decoder(), 1.0)\nrun(Encoder(), 1.0)",  # two classes: which one is not known
        "run(make(), 1.0)",  # something the module does not show
        "",  # no call at all
    ],
)
def test_a_parameter_not_shown_to_hold_one_class_calls_nothing_known(calls):
    assert "Decoder.__call__" not in traced(PASSED_OBJECT.format(calls=calls))
