"""TF701-TF702: Python loops and host data copied into traced graphs."""

from __future__ import annotations

import pytest

from conftest import check_state_form, rule_ids, state_forms

HEAD = "import numpy as np\nimport tensorflow as tf\nDATA = np.load('d.npy')\n"


def traced(body: str, params: str = "x") -> str:
    lines = "".join(f"    {line}\n" for line in body.splitlines())
    return f"{HEAD}@tf.function\ndef f({params}):\n{lines}    return x\n"


@pytest.mark.parametrize(
    "body, rule",
    [
        ("for i in range(1000):\n    x += i", "TF701"),
        ("for i in range(0, 500, 2):\n    x += i", "TF701"),
        ("for row in DATA:\n    x += row", "TF701"),
        ("for i in range(len(DATA)):\n    x += 1", "TF701"),
        ("for i in range(DATA.shape[0]):\n    x += 1", "TF701"),
        ("w = np.linspace(0.0, 1.0, 1000)\nfor c in w:\n    x += c", "TF701"),
        ("for t in np.arange(0.0, 1.0, 0.001):\n    x += t", "TF701"),
        ("for c in [i * 2 for i in range(400)]:\n    x += c", "TF701"),
        ("ds = tf.data.Dataset.from_tensor_slices(DATA)", "TF702"),
        ("ds = tf.data.Dataset.from_tensors(DATA / 255.0)", "TF702"),
    ],
)
def test_graph_bloat_finding(body, rule):
    assert rule_ids(traced(body), ["TF7"]) == [rule]


@pytest.mark.parametrize(
    "body, params",
    [
        ("for i in range(3):\n    x += i", "x"),
        ("for i in range(100):\n    x += i", "x"),
        ("for i in tf.range(1000):\n    x += i", "x"),
        ("for i in range(n):\n    x += i", "x, n"),  # n is a tensor: AutoGraph converts it
        ("for i in range(tf.shape(x)[0]):\n    x += 1", "x"),
        ("for row in x:\n    x += row", "x"),  # iterating a tensor
        ("for b in dataset:\n    x += b", "x, dataset"),
        ("for layer in self.layers:\n    x = layer(x)", "self, x"),
        ("for c in np.arange(4):\n    x += c", "x"),  # small constant NumPy
        # IoU thresholds: 10 of them, a size the literals fix, not the data
        ("for t in np.arange(0.5, 1.0, 0.05):\n    x += t", "x"),
        ("for t in np.linspace(0.5, 0.95, 10):\n    x += t", "x"),
        ("ds = tf.data.Dataset.from_tensor_slices(x)", "x"),
        ("ds = tf.data.Dataset.from_tensor_slices([1, 2, 3])", "x"),
    ],
)
def test_no_graph_bloat_finding(body, params):
    assert rule_ids(traced(body, params), ["TF7"]) == []


def test_python_loop_outside_traced_code_is_fine():
    source = HEAD + "def f(x):\n    for row in DATA:\n        x += row\n    return x\n"
    assert rule_ids(source, ["TF7"]) == []


def test_loop_over_a_list_the_caller_passes_is_unrolled():
    source = (
        "import tensorflow as tf\n@tf.function\ndef total(values):\n    s = tf.constant(0.0)\n"
        "    for v in values:\n        s += v\n    return s\n"
        "total(list(range(1000)))\n"
    )
    assert rule_ids(source, ["TF7"]) == ["TF701"]


def test_loop_over_a_small_list_or_a_tensor_the_caller_passes_is_fine():
    source = (
        "import tensorflow as tf\n@tf.function\ndef total(values):\n    s = tf.constant(0.0)\n"
        "    for v in values:\n        s += v\n    return s\n"
        "total([1.0, 2.0, 3.0])\ntotal(tf.range(1000))\n"
    )
    assert rule_ids(source, ["TF7"]) == []


# The tf.function guide's "Looping over Python data", shaped as a training loop over a list of
# batches (checked under TF 2.21: 23 graph nodes for 3 batches, 2102 for 300), and a chain of
# matmuls over a list of 64 kernels a comprehension builds (130 nodes, 10 for 4 kernels).
@pytest.mark.parametrize(
    ("driver", "found"),
    [
        ("data = [(tf.ones([2]), tf.ones([2]))] * 300\ntrain(data)\n", True),
        ("train([(tf.ones([2]), tf.ones([2]))] * 300)\n", True),
        ("data = [(tf.ones([2]), tf.ones([2]))] * 3\ntrain(data)\n", False),
        (
            "train(tf.data.Dataset.from_tensor_slices((tf.ones([300, 2]), tf.ones([300, 2]))))\n",
            False,
        ),
    ],
)
def test_a_list_of_batches_the_caller_passes_is_unrolled(driver, found):
    source = (
        "import tensorflow as tf\n@tf.function\ndef train(batches):\n    total = tf.constant(0.0)\n"
        "    for x, y in batches:\n        total += tf.reduce_sum(tf.abs(y - x))\n"
        "    return total\n" + driver
    )
    assert (rule_ids(source, ["TF7"]) == ["TF701"]) is found


@pytest.mark.parametrize(("count", "found"), [(64, True), (4, False)])
def test_a_chain_over_a_comprehension_of_tensors_is_unrolled(count, found):
    source = (
        f"import tensorflow as tf\nkernels = [tf.random.normal([3, 3]) for _ in range({count})]\n"
        "@tf.function\ndef apply_all(x):\n    for k in kernels:\n        x = tf.matmul(x, k)\n"
        "    return x\n"
    )
    assert (rule_ids(source, ["TF7"]) == ["TF701"]) is found


# TF703: a `while` on a Python counter in traced code.
@pytest.mark.parametrize(
    "source",
    [
        "N = 30\n@tf.function\ndef f(x):\n    k = 0\n    while k < N:\n        x = tf.tanh(x)\n"
        "        k += 1\n    return x\n",
        "@tf.function\ndef f(x):\n    k = 40\n    while k > 0:\n        x = x * tf.exp(x)\n"
        "        k -= 2\n    return x\n",
        # a bound the caller passes
        "def make(n):\n    @tf.function\n    def f(x):\n        i = 0\n        while i < n:\n"
        "            x = tf.sqrt(x)\n            i += 1\n        return x\n    return f\n"
        "make(50)\n",
    ],
)
def test_python_counter_while_is_unrolled(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF703"]) == ["TF703"]


@pytest.mark.parametrize(
    "source",
    [
        # a tensor counter: AutoGraph converts the loop
        "@tf.function\ndef f(x):\n    k = tf.constant(0)\n    while k < 30:\n"
        "        x = tf.tanh(x)\n        k += 1\n    return x\n",
        # a few iterations: a deliberate unrolling
        "@tf.function\ndef f(x):\n    k = 0\n    while k < 3:\n        x = tf.tanh(x)\n"
        "        k += 1\n    return x\n",
        # an unknown bound
        "@tf.function\ndef f(x, n):\n    k = 0\n    while k < n:\n        x = tf.tanh(x)\n"
        "        k += 1\n    return x\n",
        # no TensorFlow in the body: Python bookkeeping while tracing
        "@tf.function\ndef f(x):\n    k = 0\n    names = []\n    while k < 50:\n"
        "        names.append(str(k))\n        k += 1\n    return x\n",
        # not traced
        "def f(x):\n    k = 0\n    while k < 50:\n        x = tf.tanh(x)\n        k += 1\n    return x\n",
    ],
)
def test_no_python_while_finding(source):
    assert rule_ids("import tensorflow as tf\n" + source, ["TF703"]) == []


def test_range_bounded_by_a_module_constant_is_counted():
    loop = "@tf.function\ndef f(x):\n    for _ in range(STEPS):\n        x = tf.tanh(x)\n    return x\n"
    assert rule_ids(f"import tensorflow as tf\nSTEPS = 500\n{loop}", ["TF7"]) == ["TF701"]
    assert rule_ids(f"import tensorflow as tf\nSTEPS = 5\n{loop}", ["TF7"]) == []


def test_while_bound_by_a_traced_functions_own_default_is_not_counted():
    # `f(x, tf.constant(50))` would make `k < n` a tensor condition, which AutoGraph converts
    source = (
        "import tensorflow as tf\n@tf.function\ndef f(x, n=50):\n    k = 0\n    while k < n:\n"
        "        x = tf.tanh(x)\n        k += 1\n    return x\n"
    )
    assert rule_ids(source, ["TF703"]) == []


@pytest.mark.parametrize("name", state_forms("TF701"))
def test_a_graph_bloat_form_confirmed_under_tensorflow_is_reported(name):
    """A `range()` whose bound every call of the module passes as the same large integer."""
    check_state_form(name)


def test_a_range_bound_passed_as_a_tensor_or_a_small_int_is_not_unrolled():
    source = (
        "import tensorflow as tf\n@tf.function\ndef f(y, n):\n    for _ in range(n):\n"
        "        y = y * 2.0\n    return y\n"
    )
    assert rule_ids(source + "f(tf.constant(1.0), tf.constant(500))\n", ["TF701"]) == []
    assert rule_ids(source + "f(tf.constant(1.0), 5)\n", ["TF701"]) == []


# TF701's nested form: loops whose sizes multiply.
NESTED = "import tensorflow as tf\nimport keras\n"


@pytest.mark.parametrize(
    "source",
    [
        "@tf.function\ndef f(x):\n    for i in range(20):\n        for j in range(20):\n"
        "            x = x + tf.sin(x)\n    return x\n",
        "@tf.function\ndef f(x):\n    n = x.shape[0] * x.shape[1]\n    for i in range(n):\n"
        "        for j in range(n):\n            x = x + tf.sin(x)\n    return x\n",
        "@tf.function\ndef f(x):\n    for i in range(x.shape[0]):\n        for j in range(16):\n"
        "            x = x + tf.sin(x)\n    return x\n",
    ],
)
def test_nested_loops_whose_sizes_multiply_are_unrolled(source):
    assert rule_ids(NESTED + source, ["TF701"]) == ["TF701"]


@pytest.mark.parametrize(
    "source",
    [
        # small nests are deliberate unrollings
        "@tf.function\ndef f(x):\n    for i in range(3):\n        for j in range(4):\n"
        "            x = x + tf.sin(x)\n    return x\n",
        # a body without TensorFlow adds nothing to the graph
        "@tf.function\ndef f(x):\n    names = []\n    for i in range(x.shape[0]):\n"
        "        for j in range(x.shape[1]):\n            names.append((i, j))\n    return x\n",
        # not traced
        "def f(x):\n    for i in range(50):\n        for j in range(50):\n"
        "            x = x + tf.sin(x)\n    return x\n",
    ],
)
def test_small_or_python_only_or_eager_nests_are_fine(source):
    assert rule_ids(NESTED + source, ["TF701"]) == []


# TF704: a large NumPy array read by traced code.
ARRAYS = "import numpy as np\nimport tensorflow as tf\n"


@pytest.mark.parametrize(
    "source",
    [
        "T = np.random.normal(0.0, 1.0, size=(1000, 512))\n"
        "@tf.function\ndef f(i):\n    return tf.gather(T, i)\n",
        "T = np.zeros((4096, 64), dtype=np.float32)\n"
        "@tf.function\ndef f(i):\n    return tf.gather(tf.constant(T), i)\n",
        "T = np.load('table.npy')\n@tf.function\ndef f(i):\n    return tf.gather(T, i)\n",
        "class L(tf.Module):\n    def __init__(self):\n"
        "        self.t = np.random.rand(20000, 64).astype(np.float32)\n"
        "    @tf.function\n    def __call__(self, i):\n        return tf.gather(self.t, i)\n",
    ],
)
def test_large_numpy_array_read_in_traced_code_is_embedded(source):
    assert rule_ids(ARRAYS + source, ["TF704"]) == ["TF704"]


@pytest.mark.parametrize(
    "source",
    [
        # small: a lookup table, a kernel
        "T = np.zeros((10, 10))\n@tf.function\ndef f(i):\n    return tf.gather(T, i)\n",
        # Python facts about the array
        "T = np.load('t.npy')\n@tf.function\ndef f(x):\n"
        "    return tf.reshape(x, [T.shape[0], -1]) * len(T)\n",
        # converted once, outside
        "T = tf.constant(np.load('t.npy'))\n@tf.function\ndef f(i):\n    return tf.gather(T, i)\n",
        # read eagerly
        "T = np.load('t.npy')\ndef f(i):\n    return tf.gather(T, i)\n",
        # an attribute of another object with the array's name
        "T = np.load('t.npy')\n@tf.function\ndef f(o):\n    return o.T\n",
    ],
)
def test_small_or_shape_only_or_converted_arrays_are_fine(source):
    assert rule_ids(ARRAYS + source, ["TF704"]) == []


CAPTURED = """
import numpy as np
import tensorflow as tf


class EmbeddingCompressor:
    def train(self, embed_matrix, batches):
        @tf.function
        def step(word_ids):
            return tf.reduce_sum(tf.nn.embedding_lookup(embed_matrix, word_ids))

        for ids in batches:
            step(ids)


compressor = EmbeddingCompressor()
compressor.train({passed}, [[1, 2]])
"""


@pytest.mark.parametrize(
    ("passed", "expected"),
    [
        ('np.load("glove.npy")', ["TF704"]),  # every call passes a loaded matrix
        ('np.loadtxt("glove.txt")', ["TF704"]),  # read from a text file: sized by it
        ("np.random.default_rng(0).normal(size=(400000, 300))", ["TF704"]),  # a Generator's
        ("np.zeros((2, 3))", []),  # small
        ("tf.constant(table)", []),  # a tensor: captured by reference, not copied
        # an embedding matrix, a row per word of a vocabulary fitted on the data
        ("np.zeros((len(tokenizer.word_index) + 1, 300))", ["TF704"]),
        ("np.zeros((len(vectorizer.get_vocabulary()), 100))", ["TF704"]),
        ("np.zeros((len(tokenizer.word_index) + 1, 4))", []),  # a narrow table
    ],
)
def test_a_matrix_an_enclosing_parameter_receives_is_followed_to_its_callers(passed, expected):
    assert rule_ids(CAPTURED.format(passed=passed), ["TF704"]) == expected


def test_a_matrix_passed_to_the_traced_function_itself_is_a_tensor_argument():
    source = (
        "import numpy as np\nimport tensorflow as tf\n@tf.function\n"
        "def lookup(table, ids):\n    return tf.gather(table, ids)\n"
        'lookup(np.load("glove.npy"), [1])\n'
    )
    assert rule_ids(source, ["TF704"]) == []


# TF704's forms whose size comes from data: built while tracing from a tensor's dimension or a
# tf.function's argument, a Python list of a file's lines or a long comprehension, an archive's
# array, a matrix handed to a method of an object built in the call.
@pytest.mark.parametrize(
    "source",
    [
        # a filter bank built in NumPy for the image height, wrapped in tf.constant
        "def bank(height):\n    xs = np.linspace(-1.0, 1.0, height)\n"
        "    return np.stack([np.exp(-(xs ** 2) * k) for k in range(8)], axis=-1)\n"
        "@tf.function\ndef stylize(image):\n    _, height, width, _ = image.shape\n"
        "    return tf.tensordot(image, tf.constant(bank(height)), axes=[[1], [0]])\n",
        "@tf.function\ndef stylize(image, out_height):\n"
        "    return image * tf.constant(np.outer(np.arange(out_height), np.ones(8)))\n",
        # built by broadcasting views of arrays sized by the helper's parameter
        "def bank(height):\n    rows = np.arange(height, dtype=np.float32)[:, None]\n"
        "    return np.cos(rows * np.linspace(0.1, 1.0, 8)[None, :])\n"
        "@tf.function\ndef stylize(image, out_height):\n"
        "    return tf.tensordot(image, tf.constant(bank(out_height)), axes=[[1], [0]])\n",
        # a vocabulary: a file's lines, a long comprehension, through a constructor
        "with open('vocab.txt') as f:\n    VOCAB = [line.strip() for line in f]\n"
        "@tf.function\ndef ids(words):\n    return tf.where(tf.equal(words, tf.constant(VOCAB)))\n",
        "VOCAB = ['<pad>'] + [f'w{i}' for i in range(50000)]\n"
        "@tf.function\ndef ids(words):\n    return tf.where(tf.equal(words, tf.constant(VOCAB)))\n",
        "class T:\n    def __init__(self, vocab):\n        self.vocab = vocab\n"
        "    @tf.function\n    def ids(self, w):\n"
        "        return tf.where(tf.equal(w, tf.constant(self.vocab)))\n"
        "T(open('v.txt').read().split())\n",
        # arrays the code did not size with keywords
        "E = np.load('vectors.npz')['arr_0']\n@tf.function\ndef f(i):\n    return tf.gather(E, i)\n",
        "E = np.random.normal(0.0, 1.0, (400000, 300))\n"
        "@tf.function\ndef f(i):\n    return tf.gather(E, i)\n",
        "E = np.asarray(np.load('m.npy'), dtype=np.float32)\n"
        "@tf.function\ndef f(i):\n    return tf.gather(E, i)\n",
        # sized by a value the module does not fix: an attribute set from a constructor's
        "def bank(height):\n    return np.stack([np.linspace(0.0, k, height) for k in range(8)])\n"
        "class S(tf.Module):\n    def __init__(self, height):\n        self.height = height\n"
        "    @tf.function\n    def __call__(self, x):\n"
        "        return x * tf.constant(bank(self.height))\n",
        # a method of an object built in the same call
        "class C:\n    def train(self, m):\n        @tf.function\n        def step(i):\n"
        "            return tf.gather(m, i)\n        step([1])\n"
        "C().train(np.load('glove.npy'))\n",
    ],
)
def test_data_sized_host_values_converted_in_traced_code(source):
    assert rule_ids(ARRAYS + source, ["TF704"]) == ["TF704"]


@pytest.mark.parametrize(
    "source",
    [
        # sizes the code fixes small
        "@tf.function\ndef f(x):\n    return x * tf.constant(np.eye(3))\n",
        "@tf.function\ndef onehot(x, n):\n    return tf.matmul(x, tf.constant(np.eye(n)))\n"
        "onehot(tf.zeros((1, 10)), 10)\n",
        "VOCAB = ['a', 'b', 'c']\n@tf.function\ndef ids(w):\n"
        "    return tf.where(tf.equal(w, tf.constant(VOCAB)))\n",
        "VOCAB = [f'w{i}' for i in range(100)]\n@tf.function\ndef ids(w):\n"
        "    return tf.where(tf.equal(w, tf.constant(VOCAB)))\n",
        # a tf.function's arguments given to NumPy as data, not as a size (TF804's)
        "@tf.function\ndef learn(rewards, gamma):\n"
        "    return tf.reduce_mean(np.maximum(rewards * gamma, 0.0))\n",
        # a size read off a runtime shape: NumPy cannot take it at all (TF804's)
        "@tf.function\ndef f(x):\n    n = tf.shape(x)[0]\n"
        "    return tf.gather(x, tf.constant(np.arange(n)))\n",
        # built while tracing but only read for NumPy work, never handed to an op
        "@tf.function\ndef f(image):\n    h = image.shape[1]\n    xs = np.linspace(0.0, 1.0, h)\n"
        "    return image * float(xs.sum())\n",
        # converted once, outside
        "VOCAB = open('v.txt').read().split()\nKEYS = tf.constant(VOCAB)\n"
        "@tf.function\ndef ids(w):\n    return tf.where(tf.equal(w, KEYS))\n",
        # the list's length only
        "VOCAB = open('v.txt').read().split()\n@tf.function\ndef n(w):\n"
        "    return tf.fill([len(VOCAB)], w)\n",
        # an attribute every construction sets from the same small literal
        "class Decoder(tf.Module):\n    def __init__(self, n):\n        self.n = n\n"
        "    @tf.function\n    def __call__(self, x):\n"
        "        return tf.matmul(x, tf.constant(np.eye(self.n), tf.float32))\n"
        "decoder = Decoder(6)\nDecoder(6)(tf.zeros((1, 6)))\n",
    ],
)
def test_small_fixed_or_unconverted_host_values_are_fine(source):
    assert rule_ids(ARRAYS + source, ["TF704"]) == []


# TF701's recurrence form (tensorflow/tensorflow#38628, #36557; the realworld programs
# unrolled_beam_search_range and unrolled_rnn_recurrent_loop, confirmed under TF 2.21 by
# `tf2lint verify --suite`: 40 unrolled steps, over 100 graph nodes): a Python loop of more than
# 32 steps that carries a tensor from one step to the next.
RECURRENT = (
    "import tensorflow as tf\nw = tf.Variable(tf.eye(2))\nSTEPS = {steps}\n"
    "def step(y):\n    return y + 0.1 * tf.sin(y)\n"
)


@pytest.mark.parametrize(
    ("loop", "steps", "expected"),
    [
        ("for _ in range(STEPS):\n        state = tf.tanh(tf.matmul(state, w))\n", 40, ["TF701"]),
        (
            "for _ in list(range(STEPS)):\n        state = tf.matmul(state, w) + 0.1\n",
            40,
            ["TF701"],
        ),
        ("for _ in range(STEPS):\n        state += tf.matmul(state, w)\n", 64, ["TF701"]),
        # a step helper of the module (a Runge-Kutta step) computing with TensorFlow
        (
            "for _ in range(STEPS):\n        state = step(state)\n",
            40,
            ["TF701"],
        ),
        # a few steps (a deliberate unrolling), or nothing carried between steps
        ("for _ in range(STEPS):\n        state = tf.tanh(tf.matmul(state, w))\n", 8, []),
        ("for i in range(STEPS):\n        out = tf.matmul(state, w) * i\n", 40, []),
        # a graph loop
        ("for _ in tf.range(STEPS):\n        state = tf.tanh(tf.matmul(state, w))\n", 40, []),
    ],
)
def test_recurrence_unrolled_in_graph(loop, steps, expected):
    source = (
        RECURRENT.format(steps=steps)
        + "@tf.function\ndef f(state):\n    "
        + loop
        + "    return state\n"
    )
    assert rule_ids(source, ["TF701"]) == expected


# TF702 over the arrays TF704 follows (checked under TF 2.21: the graph of a function building a
# dataset of a 6.1 MiB array inside is 6.4 MB, the array's bytes and a little more).
@pytest.mark.parametrize(
    ("data", "found"),
    [
        ('np.random.rand(100000, 16).astype("float32")', True),
        ('np.load("features.npy")', True),
        ('np.random.rand(4, 4).astype("float32")', False),
    ],
)
def test_a_dataset_of_a_module_array_built_inside_traced_code(data, found):
    source = (
        f"import numpy as np\nimport tensorflow as tf\nfeatures = {data}\n@tf.function\n"
        "def mean_feature():\n    ds = tf.data.Dataset.from_tensor_slices(features).batch(1024)\n"
        "    return ds.reduce(tf.zeros([16]), lambda s, b: s + tf.reduce_sum(b, 0))\n"
    )
    assert (rule_ids(source, ["TF7"]) == ["TF702"]) is found


# TF705: a loop in traced code over a generator of the module's own that loops over a dataset
# (the AutoGraph reference's common errors, "Large unrolled loop detected").
GENERATOR = (
    "import tensorflow as tf\ndef batches(ds):\n    for item in ds:\n        yield item\n"
    "def rows(values):\n    for v in values:\n        yield v\n"
)


@pytest.mark.parametrize(
    ("source", "found"),
    [
        (
            "@tf.function\ndef total(ds):\n    s = tf.constant(0, tf.int64)\n"
            "    for x in batches(ds):\n        s += x\n    return s\n",
            True,
        ),
        (
            "train_ds = tf.data.Dataset.range(10)\n@tf.function\ndef total():\n"
            "    s = tf.constant(0, tf.int64)\n    for x in batches(train_ds):\n        s += x\n"
            "    return s\n",
            True,
        ),
        # the dataset itself: a graph loop
        (
            "@tf.function\ndef total(ds):\n    s = tf.constant(0, tf.int64)\n"
            "    for x in ds:\n        s += x\n    return s\n",
            False,
        ),
        # a generator over a Python list: a bounded Python loop
        (
            "@tf.function\ndef total(x):\n    for v in rows([1.0, 2.0]):\n        x += v\n"
            "    return x\n",
            False,
        ),
        # eager code: the generator ends with the data
        ("def total(ds):\n    return sum(int(x) for x in batches(ds))\n", False),
    ],
)
def test_a_generator_over_a_dataset_iterated_in_traced_code(source, found):
    assert (rule_ids(GENERATOR + source, ["TF705"]) == ["TF705"]) is found


def test_a_generator_over_a_dataset_never_ends_while_tracing(monkeypatch):
    # the fact TF705 rests on: with AutoGraph's Python-loop limit lowered from 100,000,000 to
    # 2,000 (to fail fast), tracing stops on that limit, not on the end of the 10 elements
    import tensorflow as tf
    from tensorflow.python.autograph.operators import control_flow

    monkeypatch.setattr(control_flow, "PYTHON_MAX_ITERATIONS", 2000)

    def batches(ds):
        yield from ds

    @tf.function
    def total(ds):
        s = tf.constant(0, tf.int64)
        for x in batches(ds):
            s += x
        return s

    with pytest.raises(Exception, match="iteration limit"):
        total(tf.data.Dataset.range(10))


def test_a_range_bound_every_call_leaves_to_its_default_is_unrolled():
    # checked under TF 2.21: the default (a Python int) reaches the trace, and the loop unrolls
    source = (
        "import tensorflow as tf\n@tf.function\ndef rk4(y, h, steps=1000):\n"
        "    for _ in range(steps):\n        y = y + h * tf.sin(y)\n    return y\n"
    )
    assert rule_ids(source + "rk4(tf.constant(1.0), 0.01)\n", ["TF701"]) == ["TF701"]
    assert rule_ids(source + "rk4(tf.constant(1.0), 0.01, tf.constant(9))\n", ["TF701"]) == []
    assert rule_ids(source + "rk4(tf.constant(1.0), 0.01, **options)\n", ["TF701"]) == []


@pytest.mark.parametrize(
    ("bound", "found"),
    [
        ("int((t1 - t0) / dt)", True),  # every call passes Python floats: 1000 steps
        ("int(T_END / DT)", True),
        ("round(T_END / DT) - 1", True),
        ("int(T_END)", False),  # 5 steps: a deliberate unrolling
    ],
)
def test_a_step_count_computed_from_python_numbers_is_counted(bound, found):
    """A fixed-step ODE solver's steps computed from Python floats: a tf.function's Python
    number arguments are constants of its trace, so the count is a Python int there."""
    source = (
        "import tensorflow as tf\nT_END = 5.0\nDT = 0.001\n@tf.function\n"
        "def solve(f, y, t0, t1, dt):\n"
        f"    for _ in range({bound}):\n        y = y + dt * f(y)\n    return y\n"
        "solve(tf.sin, tf.ones([3]), 0.0, 10.0, 0.01)\n"
    )
    assert (rule_ids(source, ["TF701"]) == ["TF701"]) is found


@pytest.mark.parametrize(
    ("source", "found"),
    [
        # 2048 x 2048 float32 is 16 MiB: the GraphDef of one trace is 16,777,518 bytes (TF 2.21)
        (
            "@tf.function\ndef f(x):\n    return x @ tf.constant(np.eye(2048, dtype=np.float32))\n",
            True,
        ),
        ("B = np.identity(1024)\n@tf.function\ndef f(x):\n    return x @ B\n", True),
        ("T = np.arange(1_000_000)\n@tf.function\ndef f(i):\n    return tf.gather(T, i)\n", True),
        (
            "@tf.function\ndef f(x):\n    return x @ tf.constant(np.eye(64, dtype=np.float32))\n",
            False,
        ),
        ("T = np.arange(100)\n@tf.function\ndef f(i):\n    return tf.gather(T, i)\n", False),
    ],
)
def test_an_identity_or_range_array_is_sized_by_its_arguments(source, found):
    assert (rule_ids(ARRAYS + source, ["TF704"]) == ["TF704"]) is found


@pytest.mark.parametrize(
    ("grid", "bound", "found"),
    [
        ("tf.linspace(0.0, 10.0, 1000)", "len(t) - 1", True),
        ("tf.linspace(0.0, 10.0, 1000)", "t.shape[0] - 1", True),
        ("np.zeros((500, 3))", "len(t)", True),
        ("tf.linspace(0.0, 1.0, 8)", "len(t) - 1", False),  # 7 steps: a deliberate unrolling
    ],
)
def test_a_step_count_read_from_a_tensors_static_length(grid, bound, found):
    """`len(t)` and `t.shape[0]` of a tf.function's tensor argument are Python ints while
    tracing (TF 2.21: an Euler loop over `range(len(t) - 1)` is 836 ops for 50 points, 8,486
    for 500)."""
    source = (
        "import numpy as np\nimport tensorflow as tf\n@tf.function\ndef euler(y, t):\n"
        f"    for i in range({bound}):\n        y = y + 0.1 * tf.sin(y)\n    return y\n"
        f"euler(tf.ones([3]), {grid})\n"
    )
    assert (rule_ids(source, ["TF701"]) == ["TF701"]) is found


def test_a_step_count_a_constructor_computes_is_counted():
    source = (
        "import tensorflow as tf\nclass RK4:\n    def __init__(self, t_end, dt):\n"
        "        self.dt = dt\n        self.n = int(t_end / dt)\n    @tf.function\n"
        "    def integrate(self, y):\n        for _ in range(self.n):\n"
        "            y = y + self.dt * tf.sin(y)\n        return y\n"
        "solver = RK4(10.0, 0.01)\nsolver.integrate(tf.ones([3]))\n"
    )
    assert rule_ids(source, ["TF701"]) == ["TF701"]
    assert rule_ids(source.replace("RK4(10.0, 0.01)", "RK4(0.05, 0.01)"), ["TF701"]) == []


def test_a_time_grid_converted_from_a_numpy_range_is_counted():
    source = (
        "import numpy as np\nimport tensorflow as tf\nT_END = 25.0\nDT = 0.01\n@tf.function\n"
        "def solve(y, t):\n    for i in range(1, len(t)):\n"
        "        y = y + (t[i] - t[i - 1]) * tf.sin(y)\n    return y\n"
        "solve(tf.ones([3]), tf.constant(np.arange(0.0, T_END, DT), dtype=tf.float32))\n"
    )
    assert rule_ids(source, ["TF701"]) == ["TF701"]


GLOVE = """
import numpy as np
import tensorflow as tf

def load_vectors(path):
    vectors = {{}}
    with open(path) as f:
        for line in f:
            parts = line.split()
            vectors[parts[0]] = np.asarray(parts[1:], dtype="float32")
    return vectors

vectors = load_vectors("glove.txt")
words = sorted(vectors)
matrix = {matrix}

@tf.function
def lookup(ids):
    return tf.gather(matrix, ids)
"""


@pytest.mark.parametrize(
    ("matrix", "found"),
    [
        ("np.stack([vectors[w] for w in words])", ["TF704"]),
        ("np.vstack([vectors[w] for w in words])", ["TF704"]),
        # a fixed handful of rows
        ("np.stack([vectors[w] for w in ('a', 'b')])", []),
    ],
)
def test_a_matrix_stacked_from_a_files_vectors_is_embedded(matrix, found):
    """One row per line of the file: a vocabulary's embeddings, sized by the data."""
    assert rule_ids(GLOVE.format(matrix=matrix), ["TF704"]) == found
