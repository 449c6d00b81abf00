"""TF910-TF920: gradients a GradientTape gives as None, or cannot give (rules/gradients.py), and
the tape view they ask (tf2lint/tape.py, ModuleModel.tapes)."""

from __future__ import annotations

import textwrap

import pytest

from conftest import lint
from tf2lint.analysis import knowledge
from tf2lint.analysis.model import ModuleModel
from tf2lint.base.lazy import cst
from tf2lint.linting.engine import _holds_required_text, lint_module
from tf2lint.linting.fixes import fix_round
from tf2lint.linting.plugins import all_rules
from tf2lint.rules import gradients

GRADIENT_RULES = [r for r in all_rules() if r.__module__ == gradients.__name__]
HEADER = "import numpy as np\nimport tensorflow as tf\n\n"
SETUP = """
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
other = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.1)
loss_fn = tf.keras.losses.MeanSquaredError()
"""


def found(source: str) -> list[tuple[str, int]]:
    """(rule, line) of every gradient rule's finding, lines counted in ``source``."""
    code = HEADER + SETUP + textwrap.dedent(source)
    offset = (HEADER + SETUP).count("\n")
    result = lint_module(code, "train.py", GRADIENT_RULES)
    return [(d.rule, d.line - offset) for d in result.diagnostics if not d.preview]


def view(source: str) -> ModuleModel:
    return ModuleModel(cst.parse_module(HEADER + textwrap.dedent(source)))


# --- what each rule finds ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            """
            def step(x, y):
                with tf.GradientTape() as tape:
                    errors = tf.square(model(x) - y)
                loss = tf.reduce_mean(errors)
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF910", 5)],
            id="loss-finished-after-block",
        ),
        pytest.param(
            """
            def step(x, y, l2=0.0):
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, model(x))
                if l2:
                    loss += l2 * tf.add_n([tf.nn.l2_loss(v) for v in model.trainable_variables])
                return tape.gradient(loss, model.trainable_variables)

            def kept(x, y, l2=0.0):
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, model(x))
                if l2:
                    loss = tf.constant(0.0)
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF910", 6)],
            id="loss-finished-after-block-in-a-branch",
        ),
        pytest.param(
            """
            def step(x, y):
                pred = model(x)
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, pred)
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF910", 3)],
            id="prediction-made-before-block",
        ),
        pytest.param(
            """
            w = tf.Variable(1.0)
            with tf.GradientTape() as tape:
                y = w * w
            g = tape.gradient(tf.reduce_sum(y), w)
            """,
            [("TF911", 5)],
            id="target-reduced-in-the-call",
        ),
        pytest.param(
            """
            x = tf.zeros((3,))
            with tf.GradientTape() as tape:
                y = tf.reduce_sum(x * x)
            g = tape.gradient(y, x)
            """,
            [("TF912", 5)],
            id="constant-not-watched",
        ),
        pytest.param(
            """
            def saliency(image):
                with tf.GradientTape() as tape:
                    score = tf.reduce_max(model(image))
                return tape.gradient(score, image)

            picture = tf.constant(np.ones((1, 2)), tf.float32)
            saliency(picture)
            saliency(tf.ones((1, 2)))
            """,
            [("TF912", 5)],
            id="a-parameter-every-caller-passes-a-tensor-not-watched",
        ),
        pytest.param(
            """
            def saliency(image):
                with tf.GradientTape() as tape:
                    score = tf.reduce_max(model(image))
                return tape.gradient(score, image)

            saliency(tf.Variable(np.ones((1, 2)), dtype=tf.float32))
            scores = list(map(saliency, [tf.ones((1, 2))]))
            """,
            [],
            id="a-parameter-given-a-variable-or-handed-on",
        ),
        pytest.param(
            """
            def step(x):
                with tf.GradientTape(watch_accessed_variables=False) as tape:
                    loss = tf.reduce_sum(model(x))
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF912", 5)],
            id="variables-not-watched",
        ),
        pytest.param(
            """
            def step(x):
                with tf.GradientTape() as tape:
                    tape.watch(model.inputs)
                    out = model(x)
                return tape.gradient(out, x)
            """,
            [("TF913", 4)],
            id="symbolic-inputs-watched",
        ),
        pytest.param(
            """
            def step(x, y):
                with tf.GradientTape() as tape:
                    labels = tf.argmax(model(x), axis=-1)
                    loss = tf.reduce_mean(tf.cast(labels, tf.float32) - y)
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF914", 4)],
            id="argmax-on-the-path",
        ),
        pytest.param(
            """
            def step(x, y):
                with tf.GradientTape() as tape:
                    bins = tf.cast(model(x) * 10.0, tf.int32)
                    loss = tf.reduce_mean(tf.cast(bins, tf.float32) - y)
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF914", 4)],
            id="integer-cast-on-the-path",
        ),
        pytest.param(
            """
            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = float(tf.reduce_mean(model(x) - y))
                    scaled = tf.constant(loss) * 2.0
                return tape.gradient(scaled, model.trainable_variables)
            """,
            [("TF914", 4)],
            id="python-float-on-the-path",
        ),
        pytest.param(
            """
            def penalty(pred):
                return tf.reduce_mean(np.abs(pred))

            def step(x):
                with tf.GradientTape() as tape:
                    loss = penalty(model(x))
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF914", 3)],
            id="numpy-in-a-helper-the-view-follows",
        ),
        pytest.param(
            """
            counts = tf.Variable([1, 2, 3])
            with tf.GradientTape() as tape:
                y = tf.reduce_sum(tf.cast(counts, tf.float32) ** 2)
            g = tape.gradient(y, counts)
            """,
            [("TF915", 5)],
            id="integer-variable",
        ),
        pytest.param(
            """
            scale = tf.Variable(2.0, trainable=False)
            with tf.GradientTape() as tape:
                y = scale * 3.0
            g = tape.gradient(y, scale)
            """,
            [("TF916", 5)],
            id="non-trainable-variable",
        ),
        pytest.param(
            """
            def step(x):
                with tf.GradientTape() as tape:
                    a = tf.reduce_sum(model(x))
                    b = tf.reduce_sum(other(x))
                ga = tape.gradient(a, model.trainable_variables)
                gb = tape.gradient(b, other.trainable_variables)
            """,
            [("TF917", 7)],
            id="non-persistent-asked-twice",
        ),
        pytest.param(
            """
            def step(xs):
                with tf.GradientTape() as tape:
                    losses = [tf.reduce_sum(model(x)) for x in xs]
                for loss in losses:
                    optimizer.apply_gradients(
                        zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables)
                    )
            """,
            [("TF917", 7)],
            id="non-persistent-asked-in-a-loop",
        ),
        pytest.param(
            """
            net = tf.keras.Sequential([tf.keras.layers.Dense(1)])
            params = net.trainable_variables

            def step(x):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_sum(net(x))
                optimizer.apply_gradients(zip(tape.gradient(loss, params), params))
            """,
            [("TF918", 3)],
            id="variables-captured-before-build",
        ),
        pytest.param(
            """
            class Head(tf.keras.layers.Layer):
                def __init__(self, units=1):
                    super().__init__()
                    self.out = tf.keras.layers.Dense(units)

                def call(self, x):
                    return self.out(x)

            class Net(tf.keras.Model):
                def __init__(self):
                    super().__init__(name="net")
                    self.hidden = tf.keras.layers.Dense(8)
                    self.head = Head(units=1)

                def call(self, x):
                    return self.head(self.hidden(x))

            net = Net()
            params = net.trainable_variables
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(net(tf.ones((1, 2))))
            grads = tape.gradient(loss, params)
            """,
            [("TF918", 20)],
            id="a-subclassed-model-before-its-first-call",
        ),
        pytest.param(
            """
            class Net(tf.keras.Model):
                def __init__(self, base):
                    super().__init__()
                    self.base = base

                def call(self, x):
                    return self.base(x)

            net = Net(model)
            params = net.trainable_variables
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(net(tf.ones((1, 2))))
            grads = tape.gradient(loss, params)
            """,
            [],
            id="a-subclassed-model-holding-a-built-model",
        ),
        pytest.param(
            """
            def step(x):
                with tf.GradientTape(persistent=True) as tape:
                    loss = tf.reduce_sum(model(x))
                    grads = tape.gradient(loss, model.trainable_variables)
                    optimizer.apply_gradients(zip(grads, model.trainable_variables))
            """,
            [("TF919", 5)],
            id="persistent-asked-in-its-block",
        ),
        pytest.param(
            """
            def step(x):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_sum(other(x))
                grads = tape.gradient(loss, model.trainable_variables)
                optimizer.apply_gradients(zip(grads, model.trainable_variables))
            """,
            [("TF920", 6)],
            id="wrong-model-asked",
        ),
        pytest.param(
            """
            def get_loss(y_true, y_pred):
                tf.reduce_mean(tf.square(y_true - y_pred))

            with tf.GradientTape() as tape:
                loss = get_loss(tf.ones((1, 1)), model(tf.ones((1, 2))))
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            """,
            # the target is None: `gradient` raises TypeError, nothing reaches the optimizer
            # (not TF920's); the cause is the helper's missing return (TF900's)
            [("TF900", 3)],
            id="loss-helper-returns-nothing",
        ),
        pytest.param(
            """
            def step(logits, y):
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, logits)
                return tape.gradient(loss, model.trainable_variables)

            for x, y in [(tf.ones((1, 2)), tf.ones((1, 1)))]:
                step(model(x), y)
            """,
            [("TF910", 5)],
            id="predictions-passed-in-by-the-caller",
        ),
        pytest.param(
            """
            scale = tf.constant(0.5)
            with tf.GradientTape() as tape:
                tape.watch(scale)
                other.set_weights([w * scale for w in model.weights])
                loss = tf.reduce_sum(other(tf.ones((1, 2))))
            grads = tape.gradient(loss, scale)
            """,
            [("TF914", 5)],
            id="set-weights-copies-values-in",
        ),
        pytest.param(
            """
            x = tf.ones((1, 2))
            with tf.GradientTape() as tape:
                classes, scores = [tf.argmax(model(x), axis=-1), model(x)]
                loss = tf.reduce_sum(tf.cast(classes, tf.float32))
            grads = tape.gradient(loss, model.trainable_variables)
            """,
            [("TF914", 4)],
            id="each-unpacked-element-keeps-its-own-path",
        ),
        pytest.param(
            """
            def visualize(image):
                with tf.GradientTape() as tape:
                    tape.watch(image)
                    features = model.predict(image)
                    score = tf.reduce_mean(features)
                return tape.gradient(score, image)
            """,
            [("TF914", 5)],
            id="predict-on-a-parameter-whatever-it-holds",
        ),
        pytest.param(
            """
            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, model(x))
                for weight in model.trainable_variables:
                    loss += 1e-4 * tf.nn.l2_loss(weight)
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF910", 6)],
            id="penalty-added-in-a-loop-over-the-asked-variables",
        ),
        pytest.param(
            """
            w1 = tf.Variable(tf.ones((2, 2)))
            w2 = tf.Variable(tf.ones((2, 1)))
            params = [w1, w2]
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(tf.matmul(tf.ones((1, 2)), w1) @ w2)
            for p in params:
                loss = loss + 0.01 * tf.reduce_sum(p * p)
            grads = tape.gradient(loss, params)
            """,
            [("TF910", 8)],
            id="penalty-added-in-a-loop-over-a-list-display",
        ),
        pytest.param(
            """
            def make_model():
                return tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])

            copied = make_model()

            def meta_step(x, y):
                with tf.GradientTape() as outer:
                    with tf.GradientTape() as inner:
                        support = tf.reduce_mean(tf.square(model(x) - y))
                    grads = inner.gradient(support, model.trainable_variables)
                    copied.set_weights(model.get_weights())
                    for var, g in zip(copied.trainable_variables, grads):
                        var.assign_sub(0.01 * g)
                    query = tf.reduce_mean(tf.square(copied(x) - y))
                return outer.gradient(query, model.trainable_variables)
            """,
            [("TF914", 12)],
            id="meta-copy-through-get-weights-under-an-outer-tape",
        ),
        pytest.param(
            """
            def meta_step(x, y):
                with tf.GradientTape() as outer:
                    clone = tf.keras.models.clone_model(model)
                    clone.set_weights(model.get_weights())
                    query = tf.reduce_mean(tf.square(clone(x) - y))
                return outer.gradient(query, model.trainable_variables)
            """,
            [("TF914", 5)],
            id="meta-clone-given-the-weights-as-numpy",
        ),
        pytest.param(
            """
            class SineModel(tf.keras.Model):
                def __init__(self):
                    super().__init__()
                    self.hidden = tf.keras.layers.Dense(40, activation="relu")
                    self.out = tf.keras.layers.Dense(1)

                def call(self, x):
                    return self.out(self.hidden(x))

            meta = SineModel()

            def copy_model(net, x):
                copied = SineModel()
                copied(x)
                copied.set_weights(net.get_weights())
                return copied

            def meta_step(x, y):
                with tf.GradientTape() as outer:
                    fast = copy_model(meta, x)
                    with tf.GradientTape() as inner:
                        support = loss_fn(y, fast(x))
                    grads = inner.gradient(support, fast.trainable_variables)
                    for var, g in zip(fast.trainable_variables, grads):
                        var.assign_sub(0.01 * g)
                    query = loss_fn(y, fast(x))
                return outer.gradient(query, meta.trainable_variables)
            """,
            [("TF914", 16)],
            id="meta-copy-of-a-self-contained-subclass-made-by-a-helper",
        ),
        pytest.param(
            """
            class Trainer(tf.keras.Model):
                def __init__(self, base):
                    super().__init__()
                    self.base = base
                    self.loss_fn = tf.keras.losses.MeanSquaredError()

                def train_step(self, data):
                    x, y = data
                    with tf.GradientTape() as tape:
                        classes = tf.argmax(self.base(x, training=True), axis=-1)
                        loss = self.loss_fn(y, tf.cast(classes, tf.float32))
                    grads = tape.gradient(loss, self.base.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.base.trainable_variables))
                    return {"loss": loss}
            """,
            [("TF914", 11)],
            id="a-keras-loss-kept-on-self-reads-only-what-it-is-given",
        ),
        pytest.param(
            """
            def smooth(batch):
                return np.clip(batch, 0.0, 1.0).astype(np.float32)

            class NumpySmoothing(tf.keras.layers.Layer):
                def call(self, inputs):
                    out = tf.numpy_function(smooth, [inputs], tf.float32)
                    out.set_shape(inputs.shape)
                    return out

            net = tf.keras.Sequential([NumpySmoothing(), tf.keras.layers.Dense(1)])

            def attack(images, labels):
                images = tf.convert_to_tensor(images)
                with tf.GradientTape() as tape:
                    tape.watch(images)
                    loss = loss_fn(labels, net(images))
                return tape.gradient(loss, images)
            """,
            [("TF914", 7)],
            id="numpy-function-in-the-first-layer-cuts-the-input",
        ),
        pytest.param(
            """
            preprocess = tf.keras.layers.Lambda(lambda t: tf.numpy_function(np.sqrt, [t], tf.float32))
            x = tf.random.uniform((4, 2))
            with tf.GradientTape() as tape:
                tape.watch(x)
                loss = tf.reduce_sum(model(preprocess(x)))
            grad = tape.gradient(loss, x)
            """,
            [("TF914", 2)],
            id="numpy-function-in-a-lambda-layer-cuts-the-input",
        ),
        pytest.param(
            """
            image = tf.convert_to_tensor(np.ones((1, 2), np.float32))
            with tf.GradientTape() as tape:
                features = model.predict(image)
                score = tf.reduce_mean(features)
            grads = tape.gradient(score, image)
            """,
            [("TF914", 4), ("TF912", 6)],
            id="predict-on-an-unwatched-tensor-says-both",
        ),
        pytest.param(
            """
            class SineModel(tf.keras.Model):
                def __init__(self):
                    super().__init__()
                    self.hidden = tf.keras.layers.Dense(8)
                    self.out = tf.keras.layers.Dense(1)

                def forward(self, x):
                    return self.out(tf.nn.relu(self.hidden(x)))

            def compute_loss(net, x, y):
                return tf.reduce_mean(tf.square(net.forward(x) - y))

            def copy_model(net, x):
                copied = SineModel()
                copied.forward(x)
                copied.set_weights(net.get_weights())
                return copied

            def meta_step(meta, x, y):
                with tf.GradientTape() as outer:
                    with tf.GradientTape() as inner:
                        support = compute_loss(meta, x, y)
                    grads = inner.gradient(support, meta.trainable_variables)
                    fast = copy_model(meta, x)
                    tf.keras.optimizers.SGD(0.01).apply_gradients(zip(grads, fast.trainable_variables))
                    query = compute_loss(fast, x, y)
                return outer.gradient(query, meta.trainable_variables)
            """,
            [("TF914", 17)],
            id="meta-copy-of-a-module-model-class-through-a-helper",
        ),
        pytest.param(
            """
            w = tf.Variable(2.0)
            y = w * w
            with tf.GradientTape() as tape:
                z = y + 1.0
            grad = tape.gradient(z, w)
            """,
            [("TF910", 3)],
            id="a-variable-computed-on-before-the-block",
        ),
        pytest.param(
            """
            w = tf.Variable(2.0)
            x = tf.constant(3.0)
            with tf.GradientTape() as tape:
                y = tf.Variable(w * x)
                loss = y * y
            grad = tape.gradient(loss, w)
            """,
            [("TF914", 5)],
            id="a-new-variable-copies-the-value",
        ),
        pytest.param(
            """
            buffer = tf.Variable(tf.zeros((4, 1)))

            def step(x):
                with tf.GradientTape() as tape:
                    buffer.assign(model(x))
                    loss = tf.reduce_sum(buffer)
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF914", 6)],
            id="a-value-assigned-into-a-variable-and-read-back",
        ),
        pytest.param(
            """
            auc = tf.keras.metrics.AUC()

            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = 1.0 - auc(y, model(x))
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF914", 6)],
            id="a-keras-metric-as-the-loss",
        ),
        pytest.param(
            """
            def saliency(batch, label):
                image = np.asarray(batch, dtype=np.float32) / 255.0
                with tf.GradientTape() as tape:
                    tape.watch(image)
                    score = model(image)[:, label]
                return tape.gradient(score, image)
            """,
            [("TF928", 5)],
            id="a-numpy-image-watched",
        ),
        pytest.param(
            """
            import keras

            def step(x):
                with tf.GradientTape() as tape:
                    values = keras.ops.convert_to_numpy(model(x))
                    loss = keras.ops.mean(values)
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF914", 6)],
            id="keras-ops-convert-to-numpy",
        ),
        pytest.param(
            """
            def step(x):
                with tf.GradientTape() as tape:
                    actions = tf.random.categorical(model(x), 1)
                    loss = tf.reduce_mean(tf.cast(actions, tf.float32))
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF914", 4)],
            id="sampled-actions-are-integers",
        ),
        pytest.param(
            """
            disc = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
            disc.trainable = False

            def train_disc(real, fake):
                with tf.GradientTape() as tape:
                    d_loss = tf.reduce_mean(disc(fake)) - tf.reduce_mean(disc(real))
                grads = tape.gradient(d_loss, disc.trainable_variables)
                optimizer.apply_gradients(zip(grads, disc.trainable_variables))
            """,
            [("TF916", 8)],
            id="a-frozen-discriminator-asked-for-its-trainable-variables",
        ),
        pytest.param(
            """
            class GAN(tf.keras.Model):
                def __init__(self, generator, discriminator):
                    super().__init__()
                    self.generator = generator
                    self.discriminator = discriminator
                    self.discriminator.trainable = False

                def train_step(self, data):
                    with tf.GradientTape() as tape:
                        fake = self.generator(tf.random.normal((8, 4)))
                        d_loss = tf.reduce_mean(self.discriminator(fake))
                    grads = tape.gradient(d_loss, self.discriminator.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.discriminator.trainable_variables))
                    return {"d_loss": d_loss}
            """,
            [("TF916", 13)],
            id="a-discriminator-frozen-in-init-asked-in-train-step",
        ),
        pytest.param(  # checked under TF 2.21 (Keras 3 and tf-keras): No gradients provided
            """
            class Classifier(tf.keras.Model):
                def __init__(self):
                    super().__init__()
                    self.dense = tf.keras.layers.Dense(3)

                def call(self, x):
                    return self.dense(x)

                def train_step(self, data):
                    x, y = data
                    with tf.GradientTape() as tape:
                        y_pred = tf.cast(tf.argmax(self(x, training=True), axis=-1), tf.float32)
                        loss = self.compute_loss(y=y, y_pred=y_pred)
                    grads = tape.gradient(loss, self.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                    return {"loss": loss}
            """,
            [("TF914", 13)],
            id="argmax-before-keras-compute-loss",
        ),
        pytest.param(
            """
            class Classifier(tf.keras.Model):
                def train_step(self, data):
                    x, y = data
                    with tf.GradientTape() as tape:
                        y_pred = tf.argmax(self(x, training=True), axis=-1)
                        loss = self.compiled_loss(y, y_pred)
                    grads = tape.gradient(loss, self.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                    return {"loss": loss}
            """,
            [("TF914", 6)],
            id="argmax-before-compiled-loss",
        ),
        pytest.param(
            """
            def step(x, y):
                with tf.GradientTape() as tape:
                    labels = tf.argmax(model(x), 1)
                    loss = tf.reduce_mean(tf.cast(labels != y, tf.float32))
                grads = tape.gradient(loss, model.trainable_variables)
                optimizer.apply_gradients(zip(grads, model.trainable_variables))
            """,
            [("TF914", 4)],
            id="argmax-then-compared",
        ),
        pytest.param(  # checked under TF 2.21: the gradient is None
            """
            canvas = tf.Variable(tf.zeros([8, 8]))
            patch = tf.Variable(tf.random.normal([2, 2]))
            with tf.GradientTape() as tape:
                canvas[2:4, 2:4].assign(patch)
                loss = tf.reduce_sum(tf.square(canvas))
            grad = tape.gradient(loss, patch)
            """,
            [("TF914", 5)],
            id="a-variable-written-into-a-slice-of-another",
        ),
        pytest.param(
            """
            big = tf.Variable(tf.zeros([10]))
            small = tf.Variable(tf.ones([3]))
            with tf.GradientTape() as tape:
                big.scatter_nd_update([[0], [1], [2]], small)
                loss = tf.reduce_sum(big)
            grad = tape.gradient(loss, small)
            """,
            [("TF914", 5)],
            id="a-variable-scattered-into-another",
        ),
        pytest.param(
            """
            def heatmap(grad_model, image, index):
                with tf.GradientTape() as tape:
                    features, preds = grad_model(image)
                return tape.gradient(preds[:, index], features)
            """,
            [("TF911", 5)],
            id="class-score-sliced-in-the-call-from-unpacked-outputs",
        ),
        pytest.param(
            """
            def heatmap(grad_model, image, index):
                with tf.GradientTape() as tape:
                    features, preds = grad_model(image)
                return tape.gradient(preds[0][index], features)
            """,
            [("TF911", 5)],
            id="class-score-indexed-twice-in-the-call",
        ),
        pytest.param(
            """
            def heatmap(grad_model, image, index):
                with tf.GradientTape() as tape:
                    features, preds = grad_model(image)
                return tape.gradient(tf.gather(preds, index, axis=1), features)
            """,
            [("TF911", 5)],
            id="class-score-gathered-in-the-call",
        ),
        pytest.param(
            """
            def heatmap(grad_model, image, index):
                with tf.GradientTape() as tape:
                    features, preds = grad_model(image)
                score = preds[:, index]
                return tape.gradient(score, features)
            """,
            [("TF910", 5)],
            id="class-score-sliced-after-the-block",
        ),
        pytest.param(
            """
            def heatmap(grad_model, image):
                with tf.GradientTape() as tape:
                    features, preds = grad_model(image)
                    index = tf.argmax(preds[0])
                return tape.gradient(index, features)
            """,
            [("TF951", 6)],
            id="gradient-of-the-argmax-index",
        ),
        pytest.param(
            """
            def heatmap(grad_model, image):
                with tf.GradientTape() as tape:
                    features, preds = grad_model(image)
                index = tf.argmax(preds[0])
                return tape.gradient(index, features)
            """,
            [("TF951", 6)],
            id="gradient-of-the-argmax-index-taken-after-the-block",
        ),
        pytest.param(
            """
            def saliency(image):
                image = tf.Variable(image)
                with tf.GradientTape() as tape:
                    preds = model(image)
                return tape.gradient(tf.argmax(preds, axis=-1), image)
            """,
            [("TF951", 6)],
            id="gradient-of-an-argmax-in-the-call",
        ),
        pytest.param(
            """
            def step(x, y):
                with tf.GradientTape() as tape:
                    correct = model(x) > y
                return tape.gradient(correct, model.trainable_variables)
            """,
            [("TF951", 5)],
            id="gradient-of-a-comparison",
        ),
        pytest.param(
            """
            w = tf.Variable(2.0)
            for step in range(3):
                with tf.GradientTape() as tape:
                    y = w * w
                dw = tape.gradient(y, w)
                w = w - 0.1 * dw
            """,
            [("TF952", 7)],
            id="variable-rebound-to-a-tensor-in-the-loop",
        ),
        pytest.param(
            """
            w = tf.Variable(2.0)

            def step(x):
                global w
                with tf.GradientTape() as tape:
                    y = w * x
                dw = tape.gradient(y, [w])[0]
                w = w - 0.1 * dw

            for x in [1.0, 2.0]:
                step(x)
            """,
            [("TF952", 9)],
            id="global-variable-rebound-in-a-step-called-in-a-loop",
        ),
        pytest.param(
            """
            def train(net, x, y, lr):
                with tf.GradientTape() as t:
                    loss = tf.reduce_mean(tf.square(net.w * x + net.b - y))
                dw, db = t.gradient(loss, [net.w, net.b])
                net.w = net.w - lr * dw
                net.b.assign_sub(lr * db)

            def fit(net, x, y):
                for epoch in range(10):
                    train(net, x, y, 0.1)
            """,
            [("TF952", 6)],
            id="module-attribute-rebound-in-a-step-called-in-a-loop",
        ),
        pytest.param(
            """
            x0 = tf.Variable(0.0)
            x1 = tf.Variable(1.0)
            with tf.GradientTape(watch_accessed_variables=False) as tape:
                tape.watch(x1)
                y = tf.sin(x0) + x1
            grads = tape.gradient(y, {"x0": x0, "x1": x1})
            """,
            [("TF912", 7)],
            id="unwatched-variable-in-a-dict-of-sources",
        ),
        pytest.param(
            """
            shifted = tf.Variable(2.0) + 1.0
            with tf.GradientTape() as tape:
                y = shifted**2
            dy = tape.gradient(y, shifted)
            """,
            [("TF912", 5)],
            id="variable-plus-a-number-is-a-tensor",
        ),
        pytest.param(
            """
            x = tf.Variable(2.0)
            y = tf.Variable(3.0)
            with tf.GradientTape() as tape:
                z = y * y
            dz = tape.gradient(z, x)
            """,
            [("TF953", 6)],
            id="target-not-computed-from-the-source",
        ),
        pytest.param(
            """
            x = tf.constant(1.0)
            v0 = tf.Variable(2.0)
            with tf.GradientTape() as tape:
                tape.watch(x)
                if x > 0.0:
                    result = v0 * 2.0
                else:
                    result = v0
            dx = tape.gradient(result, x)
            """,
            [("TF953", 10)],
            id="source-used-only-in-a-condition",
        ),
        pytest.param(
            """
            class Regressor(tf.keras.Model):
                def __init__(self):
                    super().__init__()
                    self.dense = tf.keras.layers.Dense(1)
                    self.mae = tf.keras.metrics.MeanAbsoluteError()

                def train_step(self, data):
                    x, y = data
                    with tf.GradientTape() as tape:
                        pred = self.dense(x)
                        loss = self.mae(y, pred)
                    grads = tape.gradient(loss, self.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                    return {"loss": loss}
            """,
            [("TF914", 12)],
            id="metric-attribute-used-as-the-loss",
        ),
        pytest.param(
            """
            net = tf.keras.Sequential(
                [tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_regularizer="l2")]
            )

            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, net(x, training=True))
                grads = tape.gradient(loss, net.trainable_variables)
                optimizer.apply_gradients(zip(grads, net.trainable_variables))
            """,
            [("TF954", 8)],
            id="regularized-model-trained-without-its-losses",
        ),
        pytest.param(
            """
            def conv_block(x, filters):
                x = tf.keras.layers.Conv2D(
                    filters, 3, kernel_regularizer=tf.keras.regularizers.l2(1e-4)
                )(x)
                return tf.keras.layers.ReLU()(x)

            def build_detector():
                inputs = tf.keras.Input((32, 32, 3))
                x = conv_block(inputs, 16)
                outputs = tf.keras.layers.Dense(4)(tf.keras.layers.Flatten()(x))
                return tf.keras.Model(inputs, outputs)

            detector = build_detector()

            @tf.function
            def step(images, boxes):
                with tf.GradientTape() as tape:
                    pred = detector(images, training=True)
                    total = box_loss(boxes, pred) + class_loss(boxes, pred)
                grads = tape.gradient(total, detector.trainable_variables)
                optimizer.apply_gradients(zip(grads, detector.trainable_variables))
            """,
            [("TF954", 20)],
            id="functional-model-built-by-helpers-with-regularized-blocks",
        ),
        pytest.param(
            """
            inputs = tf.keras.Input((8,))
            hidden = tf.keras.layers.Dense(16, kernel_regularizer="l2")(inputs)
            net = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(hidden))

            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_mean(tf.square(net(x, training=True) - y))
                grads = tape.gradient(loss, net.trainable_variables)
                optimizer.apply_gradients(zip(grads, net.trainable_variables))
            """,
            [("TF954", 8)],
            id="module-level-functional-model-with-a-regularizer",
        ),
        pytest.param(
            """
            class Classifier(tf.keras.Model):
                def __init__(self):
                    super().__init__()
                    self.hidden = tf.keras.layers.Dense(32, activity_regularizer="l2")
                    self.out = tf.keras.layers.Dense(10)

                def call(self, x):
                    return self.out(self.hidden(x))

                def train_step(self, data):
                    x, y = data
                    with tf.GradientTape() as tape:
                        loss = loss_object(y, self(x, training=True))
                    grads = tape.gradient(loss, self.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                    return {"loss": loss}
            """,
            [("TF954", 14)],
            id="train-step-override-of-a-regularized-model",
        ),
        pytest.param(
            """
            CONV_KWARGS = {"padding": "same", "kernel_regularizer": tf.keras.regularizers.l2(5e-4)}

            def build_backbone():
                inputs = tf.keras.Input((64, 64, 3))
                x = tf.keras.layers.Conv2D(32, 3, **CONV_KWARGS)(inputs)
                return tf.keras.Model(inputs, tf.keras.layers.GlobalAveragePooling2D()(x))

            class Trainer:
                def __init__(self):
                    self.model = build_backbone()

                def step(self, images, targets):
                    with tf.GradientTape() as tape:
                        loss = task_loss(targets, self.model(images, training=True))
                    grads = tape.gradient(loss, self.model.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.model.trainable_variables))
            """,
            [("TF954", 15)],
            id="trainer-attribute-holds-a-built-model-with-regularizer-kwargs",
        ),
        pytest.param(
            """
            def conv_block(filters):
                return tf.keras.Sequential(
                    [tf.keras.layers.Conv2D(filters, 3, kernel_regularizer="l2"), tf.keras.layers.ReLU()]
                )

            class Net(tf.keras.Model):
                def __init__(self):
                    super().__init__()
                    self.block = conv_block(16)
                    self.head = tf.keras.layers.Dense(2)

                def call(self, x):
                    return self.head(self.block(x))

            net = Net()

            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_mean(tf.square(net(x) - y))
                grads = tape.gradient(loss, net.trainable_variables)
            """,
            [("TF954", 20)],
            id="subclassed-model-whose-blocks-a-helper-builds",
        ),
        pytest.param(
            """
            def transfer(x):
                return tf.where(x < 0, 1 / (1 - x), tf.math.log(x + 1))

            def safe(x):
                return tf.where(x > 0, tf.sqrt(x), tf.math.log(tf.where(x > 0, x, 1.0)))

            class Inverse(tf.keras.layers.Layer):
                def call(self, x):
                    return tf.where(x != 0, 1.0 / x, 0.0)

            def outside(x):
                return tf.where(x > 0, tf.math.log(x), 0.0)

            with tf.GradientTape() as tape:
                y = transfer(v) + safe(v)
            tape.gradient(y, v)
            """,
            [("TF989", 3), ("TF989", 10)],
            id="where-guards-an-op-whose-unselected-gradient-is-nan",
        ),
        pytest.param(
            """
            class Product:
                def __init__(self):
                    self.w = tf.Variable(3)
                    self.b = tf.Variable(2.0)

                def __call__(self, x):
                    return self.w * x + self.b

            def train(model, x, y):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_mean(tf.square(y - model(x)))
                dw, db = tape.gradient(loss, [model.w, model.b])
                model.w.assign_sub(0.1 * dw)

            train(Product(), 1, 2)
            """,
            [("TF915", 13)],
            id="integer-variable-of-a-plain-class-instance",
        ),
        pytest.param(
            """
            init = 4

            class Product(tf.Module):
                def __init__(self):
                    self.a = tf.Variable(init)
                    self.b = tf.Variable(2.0)

                def __call__(self, x):
                    return self.a * self.b * x

            m = Product()
            with tf.GradientTape() as tape:
                loss = m(3.0)
            grads = tape.gradient(loss, m.trainable_variables)
            """,
            [("TF915", 6)],
            id="integer-variable-among-a-modules-trainable-variables",
        ),
    ],
)
def test_gradient_rules_find(source, expected):
    assert found(source) == expected


# --- what they leave alone: the right idioms, and what the view cannot show -------------------
@pytest.mark.parametrize(
    "source",
    [
        pytest.param(
            """
            w = tf.Variable(2.0)
            for step in range(3):
                with tf.GradientTape() as tape:
                    y = w * w
                w.assign_sub(0.1 * tape.gradient(y, w))
            w = w * 2.0
            """,
            id="variable-rebound-after-the-training-loop",
        ),
        pytest.param(
            """
            w = tf.Variable(2.0)

            def step(x):
                global w
                with tf.GradientTape() as tape:
                    y = w * x
                w = w - 0.1 * tape.gradient(y, w)

            step(1.0)
            """,
            id="global-variable-rebound-in-a-step-called-once",
        ),
        pytest.param(
            """
            w = tf.Variable(2.0)
            for step in range(3):
                with tf.GradientTape() as tape:
                    y = w * w
                w = tf.Variable(w - 0.1 * tape.gradient(y, w))
            """,
            id="variable-made-anew-each-step",
        ),
        pytest.param(
            """
            class Regressor(tf.keras.Model):
                def __init__(self):
                    super().__init__()
                    self.dense = tf.keras.layers.Dense(1)
                    self.loss_fn = tf.keras.losses.MeanSquaredError()
                    self.mae = tf.keras.metrics.MeanAbsoluteError()

                def train_step(self, data):
                    x, y = data
                    with tf.GradientTape() as tape:
                        pred = self.dense(x)
                        loss = self.loss_fn(y, pred)
                    grads = tape.gradient(loss, self.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                    self.mae(y, pred)
                    return {"loss": loss, "mae": self.mae.result()}
            """,
            id="metric-attribute-updated-beside-the-loss",
        ),
        pytest.param(
            """
            def build_regularized():
                inputs = tf.keras.Input((8,))
                x = tf.keras.layers.Dense(8, kernel_regularizer="l2")(inputs)
                return tf.keras.Model(inputs, x)

            def build_plain():
                inputs = tf.keras.Input((8,))
                return tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))

            net = build_plain()

            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_mean(tf.square(net(x, training=True) - y))
                grads = tape.gradient(loss, net.trainable_variables)
            """,
            id="loop-trains-the-module-s-unregularized-model",
        ),
        pytest.param(
            """
            net = tf.keras.Sequential(
                [tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_regularizer="l2")]
            )

            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, net(x, training=True)) + tf.add_n(net.losses)
                grads = tape.gradient(loss, net.trainable_variables)
                optimizer.apply_gradients(zip(grads, net.trainable_variables))
            """,
            id="regularized-model-trained-with-its-losses",
        ),
        pytest.param(
            """
            net = tf.keras.Sequential(
                [tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_regularizer=None)]
            )

            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, net(x, training=True))
                grads = tape.gradient(loss, net.trainable_variables)
                optimizer.apply_gradients(zip(grads, net.trainable_variables))
            """,
            id="model-without-a-regularizer",
        ),
        pytest.param(
            """
            def train(params, x, lr):
                with tf.GradientTape() as t:
                    t.watch(params.w)
                    loss = tf.reduce_sum(params.w * x)
                params.w = params.w - lr * t.gradient(loss, params.w)

            def fit(params, x):
                for epoch in range(10):
                    train(params, x, 0.1)
            """,
            id="watched-attribute-rebound-to-a-tensor",
        ),
        pytest.param(
            """
            def heatmap(grad_model, image):
                with tf.GradientTape() as tape:
                    features, preds = grad_model(image)
                    index = tf.argmax(preds[0])
                    score = preds[:, index]
                return tape.gradient(score, features)
            """,
            id="class-score-sliced-in-the-block",
        ),
        pytest.param(
            """
            def heatmap(grad_model, image):
                with tf.GradientTape() as tape:
                    features, preds = grad_model(image)
                return tape.gradient(preds, features)
            """,
            id="unpacked-outputs-of-one-call",
        ),
        pytest.param(
            """
            def step(pairs):
                with tf.GradientTape() as tape:
                    losses = [[model(a), model(b)] for a, b in pairs]
                return tape.gradient(losses[0][1], model.trainable_variables)
            """,
            id="a-nested-list-indexed-after-the-block",
        ),
        pytest.param(
            """
            generator = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(2)])
            critic = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])

            def gan_step(images, noise):
                with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
                    fakes = generator(noise, training=True)
                    real = critic(images, training=True)
                    fake = critic(fakes, training=True)
                    gen_loss = -tf.reduce_mean(fake)
                    disc_loss = tf.reduce_mean(fake) - tf.reduce_mean(real)
                g = gen_tape.gradient(gen_loss, generator.trainable_variables)
                d = disc_tape.gradient(disc_loss, critic.trainable_variables)
                optimizer.apply_gradients(zip(g, generator.trainable_variables))
                optimizer.apply_gradients(zip(d, critic.trainable_variables))
            """,
            id="gan-with-two-tapes",
        ),
        pytest.param(
            """
            def saliency(images):
                images = tf.convert_to_tensor(images)
                with tf.GradientTape() as tape:
                    tape.watch(images)
                    top = tf.reduce_max(model(images), axis=-1)
                return tape.gradient(top, images)
            """,
            id="saliency-with-watch",
        ),
        pytest.param(
            """
            def pinn_step(x):
                with tf.GradientTape(persistent=True) as tape:
                    tape.watch(x)
                    u = model(x)
                    u_x = tape.gradient(u, x)
                    u_xx = tape.gradient(u_x, x)
                    loss = tf.reduce_mean(tf.square(u_xx - u))
                grads = tape.gradient(loss, model.trainable_variables)
                del tape
                optimizer.apply_gradients(zip(grads, model.trainable_variables))
            """,
            id="second-derivatives-in-a-persistent-tape",
        ),
        pytest.param(
            """
            def step(x):
                with tf.GradientTape(persistent=True) as tape:
                    a = tf.reduce_sum(model(x))
                    b = tf.reduce_sum(other(x))
                ga = tape.gradient(a, model.trainable_variables)
                gb = tape.gradient(b, other.trainable_variables)
                del tape
            """,
            id="persistent-asked-twice-after-block",
        ),
        pytest.param(
            """
            def step(x, first):
                with tf.GradientTape() as tape:
                    a = tf.reduce_sum(model(x))
                if first:
                    g = tape.gradient(a, model.trainable_variables)
                else:
                    g = tape.gradient(2.0, model.trainable_variables)
            """,
            id="calls-in-exclusive-branches",
        ),
        pytest.param(
            """
            def train(batches):
                for x in batches:
                    with tf.GradientTape() as tape:
                        loss = tf.reduce_sum(model(x))
                    grads = tape.gradient(loss, model.trainable_variables)
                    optimizer.apply_gradients(zip(grads, model.trainable_variables))
            """,
            id="one-tape-per-iteration",
        ),
        pytest.param(
            """
            target_model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])

            def dqn_step(s, r, s2):
                with tf.GradientTape() as tape:
                    q = model(s)
                    target = tf.stop_gradient(r + 0.9 * tf.reduce_max(target_model(s2)))
                    loss = tf.reduce_mean(tf.square(target - q))
                grads = tape.gradient(loss, model.trainable_variables)
            """,
            id="stop-gradient-on-one-branch",
        ),
        pytest.param(
            """
            def step(x):
                with tf.GradientTape() as tape:
                    out = model(x)
                    loss = tf.reduce_sum(tf.where(out > 0.0, out, 0.1 * out))
                    accuracy = tf.reduce_mean(tf.cast(tf.argmax(out, -1) == 0, tf.float32))
                return tape.gradient(loss, model.trainable_variables), accuracy
            """,
            id="comparison-and-argmax-off-the-path",
        ),
        pytest.param(
            """
            def step(x, compute_loss):
                with tf.GradientTape() as tape:
                    labels = tf.argmax(model(x), axis=-1)
                    loss = compute_loss(labels, x)
                return tape.gradient(loss, model.trainable_variables)
            """,
            id="a-callable-the-view-cannot-follow",
        ),
        pytest.param(
            """
            class Net(tf.keras.Model):
                def train_step(self, data):
                    x, y = data
                    with tf.GradientTape() as tape:
                        pred = self(x, training=True)
                        loss = self.compute_loss(y=y, y_pred=pred)
                    grads = tape.gradient(loss, self.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                    return {"loss": loss}
            """,
            id="keras-train-step",
        ),
        pytest.param(
            """
            def step(xs):
                with tf.GradientTape() as tape:
                    losses = []
                    for x in xs:
                        losses.append(tf.reduce_sum(model(x)))
                    total = tf.add_n(losses)
                return tape.gradient(total, model.trainable_variables)
            """,
            id="losses-gathered-in-a-list",
        ),
        pytest.param(
            """
            def step(points, values):
                with tf.GradientTape() as tape:
                    for p in [points, values]:
                        tape.watch(p)
                    out = tf.reduce_sum(points * values)
                return tape.gradient(out, [points, values])
            """,
            id="watched-in-a-loop",
        ),
        pytest.param(
            """
            def step(x):
                with tf.GradientTape(watch_accessed_variables=False) as tape:
                    tape.watch([v.value for v in model.trainable_variables])
                    loss = tf.reduce_sum(model(x))
                return tape.gradient(loss, model.trainable_variables)
            """,
            id="variables-watched-by-hand",
        ),
        pytest.param(
            """
            def step(x):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_sum(model(x))
                    with tape.stop_recording():
                        logged = float(loss)
                return tape.gradient(loss, model.trainable_variables), logged
            """,
            id="python-value-off-the-path",
        ),
        pytest.param(
            """
            net = tf.keras.Sequential([tf.keras.layers.Dense(1)])
            net(tf.ones((1, 2)))
            params = net.trainable_variables

            def step(x):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_sum(net(x))
                optimizer.apply_gradients(zip(tape.gradient(loss, params), params))
            """,
            id="variables-captured-after-a-call",
        ),
        pytest.param(
            """
            @tf.function
            def step(x):
                with tf.GradientTape() as tape:
                    loss = tf.reduce_mean(np.abs(model(x)))
                return tape.gradient(loss, model.trainable_variables)
            """,
            id="numpy-in-traced-code-is-the-traced-rules-finding",
        ),
        pytest.param(
            """
            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, model(x))
                return tape.gradient(loss, model.trainable_variables)

            for x, y in [(tf.ones((1, 2)), tf.ones((1, 1)))]:
                step(tf.image.flip_left_right(x), y)
            """,
            id="inputs-passed-in-are-not-predictions",
        ),
        pytest.param(
            """
            copy = tf.keras.models.clone_model(model)
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(copy(tf.ones((1, 2))))
            grads = tape.gradient(loss, copy.trainable_variables)
            """,
            id="a-clone-holds-its-own-variables",
        ),
        pytest.param(
            """
            def visualize(image):
                with tf.GradientTape() as tape:
                    tape.watch(image)
                    score = tf.reduce_mean(model.predict(image)) + tf.reduce_sum(image)
                return tape.gradient(score, image)
            """,
            id="a-parameter-also-reached-live-is-no-finding",
        ),
        pytest.param(
            """
            def step(x, y, weights):
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, model(x))
                for weight in weights:
                    loss += 1e-4 * tf.nn.l2_loss(weight)
                return tape.gradient(loss, model.trainable_variables)
            """,
            id="a-loop-over-what-may-be-empty-may-not-run",
        ),
        pytest.param(
            """
            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, model(x))
                    for weight in model.trainable_variables:
                        loss += 1e-4 * tf.nn.l2_loss(weight)
                return tape.gradient(loss, model.trainable_variables)
            """,
            id="a-penalty-added-in-the-block",
        ),
        pytest.param(
            """
            def step(x, y):
                with tf.GradientTape() as tape:
                    loss = loss_fn(y, model(x))
                for weight in model.trainable_variables:
                    if weight.shape.rank > 1:
                        break
                    loss += 1e-4 * tf.nn.l2_loss(weight)
                return tape.gradient(loss, model.trainable_variables)
            """,
            id="a-loop-that-may-stop-before-the-penalty",
        ),
        pytest.param(
            """
            def meta_step(x, y, lr=0.01):
                with tf.GradientTape() as outer:
                    with tf.GradientTape() as inner:
                        support = tf.reduce_mean(tf.square(model(x) - y))
                    grads = inner.gradient(support, model.trainable_variables)
                    fast = [w - lr * g for w, g in zip(model.trainable_variables, grads)]
                    query = tf.reduce_mean(tf.square(tf.matmul(x, fast[0]) + fast[1] - y))
                return outer.gradient(query, model.trainable_variables)
            """,
            id="meta-step-with-fast-weights-as-tensors",
        ),
        pytest.param(
            """
            class Scale(tf.keras.layers.Layer):
                def call(self, inputs):
                    return inputs * 2.0

            net = tf.keras.Sequential([Scale(), tf.keras.layers.Dense(1)])
            x = tf.random.uniform((4, 2))
            with tf.GradientTape() as tape:
                tape.watch(x)
                loss = tf.reduce_sum(net(x))
            grad = tape.gradient(loss, x)
            """,
            id="a-layer-of-the-module-with-differentiable-code",
        ),
        pytest.param(
            """
            image = tf.convert_to_tensor(np.ones((1, 2), np.float32))
            with tf.GradientTape() as tape:
                tape.watch(image)
                score = tf.reduce_mean(model(image))
            grads = tape.gradient(score, image)
            """,
            id="a-watched-input-through-the-model-call",
        ),
        pytest.param(
            """
            class SineModel(tf.keras.Model):
                def __init__(self):
                    super().__init__()
                    self.hidden = tf.keras.layers.Dense(8)

                def forward(self, x):
                    return self.hidden(x)

            def compute_loss(net, x, y):
                return tf.reduce_mean(tf.square(net.forward(x) - y))

            def meta_step(meta, x, y):
                with tf.GradientTape() as outer:
                    with tf.GradientTape() as inner:
                        support = compute_loss(meta, x, y)
                    grads = inner.gradient(support, meta.trainable_variables)
                    fast = SineModel()
                    fast.forward(x)
                    fast.set_weights(meta.get_weights())
                    fast.hidden.kernel = meta.hidden.kernel - 0.01 * grads[0]
                    query = compute_loss(fast, x, y)
                return outer.gradient(query, meta.trainable_variables)
            """,
            id="meta-copy-whose-kernels-are-set-from-the-model-stays-connected",
        ),
        pytest.param(
            """
            class Wrapper(tf.keras.Model):
                def forward(self, x):
                    return model(x)

            def step(x, y):
                with tf.GradientTape() as tape:
                    wrapped = Wrapper()
                    wrapped.set_weights(model.get_weights())
                    loss = tf.reduce_mean(wrapped.forward(x) - y)
                return tape.gradient(loss, model.trainable_variables)
            """,
            id="a-module-class-whose-code-reads-the-source-is-not-followed-blind",
        ),
        pytest.param(
            """
            disc = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])

            def train_disc(real, fake):
                disc.trainable = True
                with tf.GradientTape() as tape:
                    d_loss = tf.reduce_mean(disc(fake)) - tf.reduce_mean(disc(real))
                grads = tape.gradient(d_loss, disc.trainable_variables)
                optimizer.apply_gradients(zip(grads, disc.trainable_variables))
                disc.trainable = False
            """,
            id="a-discriminator-unfrozen-for-its-own-step",
        ),
        pytest.param(
            """
            disc = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])

            def export():
                disc.trainable = False

            def train_disc(real, fake):
                with tf.GradientTape() as tape:
                    d_loss = tf.reduce_mean(disc(fake)) - tf.reduce_mean(disc(real))
                return tape.gradient(d_loss, disc.trainable_variables)
            """,
            id="frozen-in-another-function-that-may-run-later",
        ),
        pytest.param(
            """
            w = tf.Variable(2.0)
            start = w * 1.0
            with tf.GradientTape() as tape:
                loss = w * w + start
            grad = tape.gradient(loss, w)
            """,
            id="a-value-computed-before-and-the-variable-read-in-the-block",
        ),
        pytest.param(
            """
            def attack(images, labels):
                images = images * 1.0
                with tf.GradientTape() as tape:
                    tape.watch(images)
                    loss = loss_fn(labels, model(images))
                return tape.gradient(loss, images)
            """,
            id="a-tensor-source-rebound-before-the-block",
        ),
        pytest.param(
            """
            accuracy = tf.keras.metrics.BinaryAccuracy()

            def step(x, y):
                with tf.GradientTape() as tape:
                    pred = model(x)
                    loss = tf.reduce_mean(tf.square(pred - y))
                    accuracy.update_state(y, pred)
                grads = tape.gradient(loss, model.trainable_variables)
                return grads, accuracy.result()
            """,
            id="a-keras-metric-updated-beside-the-loss",
        ),
        pytest.param(
            """
            def saliency(batch, label):
                image = tf.convert_to_tensor(np.asarray(batch, dtype=np.float32) / 255.0)
                with tf.GradientTape() as tape:
                    tape.watch(image)
                    score = model(image)[:, label]
                return tape.gradient(score, image)
            """,
            id="a-numpy-image-converted-then-watched",
        ),
        pytest.param(
            """
            def saliency(image, label):
                with tf.GradientTape() as tape:
                    tape.watch(image)
                    score = model(image)[:, label]
                return tape.gradient(score, image)
            """,
            id="a-parameter-watched",
        ),
        pytest.param(
            """
            class Classifier(tf.keras.Model):
                def train_step(self, data):
                    x, y = data
                    with tf.GradientTape() as tape:
                        y_pred = self(x, training=True)
                        loss = self.compute_loss(y=y, y_pred=y_pred)
                    grads = tape.gradient(loss, self.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                    return {"loss": loss}
            """,
            id="keras-compute-loss-on-the-model-output",
        ),
        pytest.param(  # Keras 3's compute_loss adds the layers' regularization losses
            """
            class Classifier(tf.keras.Model):
                def __init__(self):
                    super().__init__()
                    self.dense = tf.keras.layers.Dense(3, kernel_regularizer="l2")

                def train_step(self, data):
                    x, y = data
                    with tf.GradientTape() as tape:
                        y_pred = tf.cast(tf.argmax(self(x), axis=-1), tf.float32)
                        loss = self.compute_loss(y=y, y_pred=y_pred)
                    grads = tape.gradient(loss, self.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                    return {"loss": loss}
            """,
            id="compute-loss-with-regularized-layers",
        ),
        pytest.param(
            """
            class Classifier(tf.keras.Model):
                def compute_loss(self, y, y_pred):
                    return tf.reduce_sum(self.trainable_variables[0]) + tf.reduce_mean(y_pred)

                def train_step(self, data):
                    x, y = data
                    with tf.GradientTape() as tape:
                        y_pred = tf.argmax(self(x), axis=-1)
                        loss = self.compute_loss(y, y_pred)
                    grads = tape.gradient(loss, self.trainable_variables)
                    self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                    return {"loss": loss}
            """,
            id="the-models-own-compute-loss",
        ),
    ],
)
def test_gradient_rules_leave_alone(source):
    assert found(source) == []


# --- TF922: what Keras trains with compile and fit ------------------------------------------
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            """
            def thresholded(y_true, y_pred):
                hits = tf.cast(y_pred > 0.5, tf.float32)
                return tf.reduce_mean(tf.abs(y_true - hits))

            model.compile(optimizer="sgd", loss=thresholded)
            """,
            [("TF922", 3)],
            id="comparison-in-a-compiled-loss",
        ),
        pytest.param(
            """
            inputs = tf.keras.Input((6,))
            scores = tf.keras.layers.Dense(4, activation="softmax")(inputs)
            chosen = tf.keras.layers.Lambda(lambda s: tf.argmax(s, axis=-1)[:, None])(scores)
            net = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(chosen))
            net.compile(optimizer="sgd", loss="mse")
            """,
            [("TF922", 4)],
            id="argmax-lambda-between-two-parts-of-a-model",
        ),
        pytest.param(
            """
            net = tf.keras.Sequential(
                [tf.keras.Input((4,)), tf.keras.layers.Dense(1, activation=tf.math.ceil)]
            )
            net.fit(tf.ones((2, 4)), tf.ones((2, 1)))
            """,
            [("TF922", 3)],
            id="ceil-activation-in-a-sequential",
        ),
        pytest.param(
            """
            def hit_rate(y_true, y_pred):
                counts = tf.math.confusion_matrix(y_true[:, 0], y_pred[:, 0], num_classes=2)
                return tf.cast(counts[0, 0] + counts[1, 1], tf.float32)

            model.compile(optimizer="sgd", loss=hit_rate)
            """,
            [("TF922", 3)],
            id="a-confusion-matrix-in-a-compiled-loss",
        ),
    ],
)
def test_keras_training_cuts_are_found(source, expected):
    assert found(source) == expected


@pytest.mark.parametrize(
    "source",
    [
        pytest.param(
            """
            def rounded(y_true, y_pred):
                return tf.reduce_mean(tf.abs(y_true - tf.round(y_pred)))

            model.compile(optimizer="sgd", loss="mae", metrics=[rounded])
            """,
            id="a-metric-is-not-differentiated",
        ),
        pytest.param(
            """
            @tf.custom_gradient
            def straight_through(x):
                return tf.round(x), lambda dy: dy

            def loss(y_true, y_pred):
                return tf.reduce_mean(tf.abs(y_true - straight_through(y_pred)))

            model.compile(optimizer="sgd", loss=loss)
            """,
            id="a-custom-gradient-passes-the-gradient-on",
        ),
        pytest.param(
            """
            from helpers import postprocess

            def loss(y_true, y_pred):
                return tf.reduce_mean(tf.abs(y_true - postprocess(tf.round(y_pred), y_pred)))

            model.compile(optimizer="sgd", loss=loss)
            """,
            id="a-call-the-model-cannot-follow-proves-nothing",
        ),
        pytest.param(
            """
            frozen = tf.keras.layers.Dense(4, trainable=False)
            net = tf.keras.Sequential(
                [tf.keras.Input((4,)), frozen, tf.keras.layers.Lambda(tf.round),
                 tf.keras.layers.Dense(1)]
            )
            net.compile(optimizer="sgd", loss="mse")
            """,
            id="a-frozen-layer-before-the-cut-is-not-trained-anyway",
        ),
        pytest.param(
            """
            class Quantize(tf.keras.layers.Layer):
                def build(self, shape):
                    self.codes = self.add_weight(shape=(8, shape[-1]))

                def call(self, z):
                    q = tf.gather(self.codes, tf.argmin(tf.matmul(z, self.codes, transpose_b=True), -1))
                    self.add_loss(tf.reduce_mean((q - tf.stop_gradient(z)) ** 2))
                    return z + tf.stop_gradient(q - z)

            inputs = tf.keras.Input((4,))
            net = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(Quantize()(inputs)))
            net.compile(optimizer="sgd", loss="mse")
            """,
            id="a-layer-trains-its-weights-through-its-own-add-loss",
        ),
        pytest.param(
            """
            class Quantize(tf.keras.layers.Layer):
                def build(self, shape):
                    self.codes = self.add_weight(shape=(8, shape[-1]))

                def call(self, z):
                    q = tf.gather(self.codes, tf.argmin(tf.matmul(z, self.codes, transpose_b=True), -1))
                    return z + tf.stop_gradient(q - z)

            inputs = tf.keras.Input((4,))
            encoded = tf.keras.layers.Dense(4)(inputs)
            quantized = Quantize()(encoded)
            net = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(quantized))

            def loss(y_true, y_pred):
                return tf.reduce_mean((quantized - tf.stop_gradient(encoded)) ** 2)

            net.compile(optimizer="sgd", loss=loss)
            """,
            id="a-loss-reading-the-model-s-tensors-is-TF303-s-finding",
        ),
    ],
)
def test_keras_training_leaves_alone(source):
    assert found(source) == []


# --- fixes -------------------------------------------------------------------------------------
def _fixed(source: str, rule: str, unsafe: bool) -> str:
    rules = [r for r in all_rules() if r.id == rule]
    result = lint_module(textwrap.dedent(source), "train.py", rules)
    code, applied, rejected = fix_round(result.module, result.diagnostics, unsafe=unsafe)
    assert applied and not rejected
    return code


FINISHED_OUTSIDE = """
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])

def step(x, y):
    with tf.GradientTape() as tape:
        errors = tf.square(model(x) - y)
    # the mean squared error
    loss = tf.reduce_mean(errors)
    return tape.gradient(loss, model.trainable_variables)
"""


def test_loss_finished_outside_is_moved_into_the_block_as_an_unsafe_fix():
    (d,) = lint(FINISHED_OUTSIDE, ["TF910"])
    assert d.fix.applicability == "unsafe"
    assert _fixed(FINISHED_OUTSIDE, "TF910", unsafe=True) == textwrap.dedent(
        FINISHED_OUTSIDE
    ).replace(
        "    # the mean squared error\n    loss = tf.reduce_mean(errors)\n",
        "        # the mean squared error\n        loss = tf.reduce_mean(errors)\n",
    )


def test_a_second_call_makes_the_tape_persistent_as_a_safe_fix():
    source = FINISHED_OUTSIDE.replace(
        "    # the mean squared error\n    loss = tf.reduce_mean(errors)\n",
        "        loss = tf.reduce_mean(errors)\n",
    ).replace(
        "    return tape.gradient(loss, model.trainable_variables)",
        "    first = tape.gradient(loss, model.trainable_variables)\n"
        "    return first, tape.gradient(2.0 * loss, model.trainable_variables)",
    )
    assert _fixed(source, "TF917", unsafe=False) == textwrap.dedent(source).replace(
        "tf.GradientTape()", "tf.GradientTape(persistent=True)"
    )


# --- evidence ----------------------------------------------------------------------------------
def test_a_cut_finding_shows_the_source_the_cut_and_the_call():
    (d,) = lint(
        HEADER
        + SETUP
        + textwrap.dedent(
            """
            def step(x, y):
                with tf.GradientTape() as tape:
                    labels = tf.argmax(model(x), axis=-1)
                    loss = tf.reduce_mean(tf.cast(labels, tf.float32) - y)
                return tape.gradient(loss, model.trainable_variables)
            """
        ),
        ["TF914"],
    )
    steps = [(s.message.split(":")[0], s.line) for s in d.evidence.value]
    assert steps == [
        ("`model`'s variables", 12),
        ("`tf.argmax` gives an integer or bool tensor", 12),
        ("`tape.gradient(...)` asks for the gradient here", 14),
    ]


def test_a_finished_outside_finding_shows_where_the_block_ends():
    (d,) = lint(FINISHED_OUTSIDE, ["TF910"])
    messages = [s.message for s in d.evidence.value]
    assert "the tape `tape` stops recording after this statement" in messages
    assert [s.line for s in d.evidence.value if "stops recording" in s.message] == [8]


# --- the tape view -----------------------------------------------------------------------------
def test_the_view_says_what_each_call_is_asked_and_where():
    model = view(
        """
        w = tf.Variable(1.0)
        with tf.GradientTape(persistent=True) as tape:
            y = w * 3.0
            inner = tape.gradient(y, w)
        outer = tape.gradient(y, w)
        """
    )
    (block,) = model.tapes.blocks
    assert block.persistent is True and block.watch_accessed
    inside, after = block.calls
    assert (inside.inside, inside.after) == (True, False)
    assert (after.inside, after.after) == (False, True)
    assert [(s.origin, s.kind) for s in after.sources] == [("w", "variable")]
    assert "w" in after.flow.live and after.verdicts() == []


def test_a_module_without_a_tape_runs_no_gradient_rule():
    source = "import tensorflow as tf\n\nx = tf.constant(1.0)\n"
    assert not any(_holds_required_text(rule, source, None) for rule in GRADIENT_RULES)
    assert view("x = tf.constant(1.0)\n").tapes.blocks == []


# --- the knowledge the cuts come from ----------------------------------------------------------
@pytest.mark.parametrize(
    ("op", "reason"),
    [
        ("tensorflow.argmax", "integer-output"),
        ("tensorflow.math.argmax", "integer-output"),
        ("tensorflow.shape", "integer-output"),
        ("tensorflow.equal", "integer-output"),
        ("tensorflow.round", "no-gradient"),
        ("tensorflow.stop_gradient", "no-gradient"),
        ("keras.ops.argmax", "integer-output"),
        ("tensorflow.compat.v1.round", "no-gradient"),
        ("tensorflow.numpy_function", "no-gradient"),
        ("tensorflow.math.ceil", "no-gradient"),
        ("tensorflow.argsort", "integer-output"),
        ("keras.backend.round", "no-gradient"),
    ],
)
def test_ops_that_pass_no_gradient_are_known(op, reason):
    assert knowledge.gradient_cut(op).reason == reason


@pytest.mark.parametrize(
    "op",
    [
        "tensorflow.reduce_sum",
        "tensorflow.where",
        "tensorflow.cast",
        "tensorflow.math.imag",
        "tensorflow.py_function",
    ],
)
def test_ops_that_pass_a_gradient_for_some_arguments_are_no_cut(op):
    assert knowledge.gradient_cut(op) is None


def test_dtypes_and_their_parameters_are_known():
    assert knowledge.is_integer_dtype("tensorflow.int32") and knowledge.is_integer_dtype("bool")
    assert not knowledge.is_integer_dtype("tensorflow.float32")
    assert knowledge.dtype_parameter("tensorflow.cast") == knowledge.DtypeParameter(1, None)
    assert knowledge.dtype_parameter("tensorflow.Variable").value == 0
    assert knowledge.host_method("tensor", "numpy") and knowledge.host_method("model", "predict")
    assert not knowledge.host_method("model", "fit")


def test_layer_weights_methods_and_model_copies_are_known():
    dense = knowledge.layer_weights("tensorflow.keras.layers.Dense")
    assert dense == knowledge.LayerWeights(trainable=True, non_trainable=False)
    assert knowledge.layer_weights("keras.layers.BatchNormalization").non_trainable
    assert knowledge.assigning_method("layer", "set_weights")
    assert not knowledge.assigning_method("layer", "get_weights")
    for method in ("assign", "assign_add", "scatter_nd_update", "scatter_update"):
        assert knowledge.assigning_method("variable", method)
    assert not knowledge.assigning_method("variable", "read_value")
    assert not knowledge.assigning_method("variable", "load")  # deprecated, and other objects' name
    assert knowledge.host_method("layer", "get_weights")
    assert knowledge.fresh_model_function("tensorflow.keras.models.clone_model")
    assert not knowledge.fresh_model_function("keras.models.load_model")


INTEGER_WEIGHT = """
import tensorflow as tf


class Counter(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.count = self.add_weight(shape=(1,), initializer="zeros", dtype={dtype}{extra})

    def call(self, inputs):
        return inputs * tf.cast(self.count, tf.float32)
"""


@pytest.mark.parametrize("dtype", ["tf.int32", '"int64"', "tf.bool"])
def test_a_trainable_integer_keras_weight_is_found(dtype):
    # tests/realworld/grad_integer_add_weight: under TF 2.21 fit raises No gradients provided
    source = INTEGER_WEIGHT.format(dtype=dtype, extra="")
    assert [(d.rule, d.line) for d in lint(source, ["TF915"])] == [("TF915", 7)]


@pytest.mark.parametrize(
    ("dtype", "extra"),
    [
        ("tf.int32", ", trainable=False"),
        ("tf.float32", ""),
        ("dtype", ""),
        ("tf.int32", ", trainable=flag"),
    ],
)
def test_a_float_or_non_trainable_keras_weight_is_left_alone(dtype, extra):
    assert lint(INTEGER_WEIGHT.format(dtype=dtype, extra=extra), ["TF915"]) == []


def test_a_keras_layers_tf_variable_declared_trainable_with_integers_is_found():
    source = INTEGER_WEIGHT.replace(
        'self.add_weight(shape=(1,), initializer="zeros", dtype={dtype}{extra})',
        "tf.Variable([0], trainable={flag})",
    )
    assert [d.rule for d in lint(source.format(flag="True"), ["TF915"])] == ["TF915"]
    assert lint(source.replace("trainable={flag}", "name='step'"), ["TF915"]) == []


ALL_WEIGHTS = """
import tensorflow as tf

{model}
x = tf.ones((2, 4))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(net(x, training=True))
grads = tape.gradient(loss, net.{listed})
"""
WITH_BATCH_NORM = (
    "net = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8),\n"
    "                           tf.keras.layers.BatchNormalization()])"
)
SUBCLASS_WITH_BATCH_NORM = """
class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(8)
        self.norm = tf.keras.layers.BatchNormalization()

    def call(self, x, training=False):
        return self.norm(self.dense(x), training=training)


net = Net()"""


@pytest.mark.parametrize("model", [WITH_BATCH_NORM, SUBCLASS_WITH_BATCH_NORM])
@pytest.mark.parametrize("listed", ["weights", "variables"])
def test_all_weights_of_a_model_with_moving_statistics_are_found(model, listed):
    # tests/realworld/grad_all_weights_with_batchnorm: Keras warns "Gradients do not exist"
    source = ALL_WEIGHTS.format(model=model, listed=listed)
    assert [d.rule for d in lint(source, ["TF916"])] == ["TF916"]


@pytest.mark.parametrize(
    ("model", "listed"),
    [
        (WITH_BATCH_NORM, "trainable_variables"),
        (WITH_BATCH_NORM.replace("BatchNormalization()", "LayerNormalization()"), "weights"),
        ("from nets import net", "weights"),
    ],
)
def test_weights_with_no_non_trainable_part_shown_are_left_alone(model, listed):
    assert lint(ALL_WEIGHTS.format(model=model, listed=listed), ["TF916"]) == []


def test_a_variable_made_from_an_integer_tensor_is_integer():
    source = INTEGER_WEIGHT.replace(
        'self.add_weight(shape=(1,), initializer="zeros", dtype={dtype}{extra})',
        "tf.Variable(tf.zeros((1,), dtype=tf.int32), trainable=True)",
    )
    assert [d.rule for d in lint(source, ["TF915"])] == ["TF915"]
    assert lint(source.replace("tf.int32", "tf.float32"), ["TF915"]) == []


META_STEP = """
import tensorflow as tf


def make_model():
    return tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])


meta_model = make_model()
loss_fn = tf.keras.losses.MeanSquaredError()


def meta_step(x, y, inner_lr=0.01):
    with tf.GradientTape() as outer:
        copy = make_model()
        copy.set_weights(meta_model.get_weights())
        with tf.GradientTape() as inner:
            inner_loss = loss_fn(y, copy(x))
        grads = inner.gradient(inner_loss, copy.trainable_variables)
{update}
        outer_loss = loss_fn(y, copy(x))
    return outer.gradient(outer_loss, meta_model.trainable_variables)
"""
COPIED_IN = (
    "        copy.set_weights([w - inner_lr * g for w, g in zip(copy.get_weights(), grads)])"
)
ASSIGNED = (
    "        for j, layer in enumerate(copy.layers):\n"
    "            copy.layers[j].kernel = meta_model.layers[j].kernel - inner_lr * grads[0]"
)


def test_a_copy_made_by_a_plain_factory_and_set_weights_is_disconnected():
    # tests/realworld/grad_set_weights_in_tape: the gradient is None under TF 2.21
    found_ = lint(META_STEP.format(update=COPIED_IN), ["TF914"])
    assert [(d.rule, d.line) for d in found_] == [("TF914", 16)]


def test_weights_assigned_from_the_meta_model_keep_the_path():
    assert lint(META_STEP.format(update=ASSIGNED), ["TF914"]) == []


def test_a_factory_running_module_code_proves_nothing():
    source = META_STEP.format(update=COPIED_IN).replace(
        "tf.keras.layers.Dense(1)])", "tf.keras.layers.Lambda(lambda t: t * scale)])"
    )
    assert lint(source, ["TF914"]) == []


def test_an_integer_weight_made_with_add_variable_is_found():
    source = INTEGER_WEIGHT.format(dtype="tf.int32", extra="").replace("add_weight", "add_variable")
    assert [d.rule for d in lint(source, ["TF915"])] == ["TF915"]


# TF931: tape.watch on a Keras 3 object's variables (ValueError under TF 2.21 + Keras 3).
@pytest.mark.parametrize(
    "source, expected",
    [
        pytest.param(
            """
            def step(x):
                with tf.GradientTape() as tape:
                    tape.watch(model.trainable_variables)
                    loss = tf.reduce_sum(model(x))
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF931", 4)],
            id="a-model's-trainable-variables",
        ),
        pytest.param(
            """
            def gradients(net, x):
                with tf.GradientTape(persistent=True) as tape:
                    params = net.trainable_weights
                    tape.watch(params)
                    loss = tf.reduce_sum(net(x))
                return tape.gradient(loss, params)

            grads = gradients(model, tf.ones((2, 2)))
            """,
            [("TF931", 5)],
            id="a-helper's-parameter-every-call-passes-a-model",
        ),
        pytest.param(
            """
            def step(x):
                with tf.GradientTape(watch_accessed_variables=False) as tape:
                    tape.watch(model.trainable_variables)
                    loss = tf.reduce_sum(model(x))
                return tape.gradient(loss, model.trainable_variables)
            """,
            [("TF931", 4)],
            id="watched-by-hand-without-their-values",
        ),
        pytest.param(
            """
            class Net(tf.Module):
                def __init__(self):
                    self.w = tf.Variable(1.0)

            def gradients(net, x):
                with tf.GradientTape() as tape:
                    tape.watch(net.trainable_variables)
                    loss = net.w * x
                return tape.gradient(loss, net.trainable_variables)

            grads = gradients(Net(), 2.0)
            """,
            [],
            id="a-tf-module's-variables-are-tf-variables",
        ),
        pytest.param(
            """
            def gradients(net, x):
                with tf.GradientTape() as tape:
                    tape.watch(net.trainable_variables)
                    loss = tf.reduce_sum(net(x))
                return tape.gradient(loss, net.trainable_variables)
            """,
            [],
            id="a-parameter-no-call-shows",
        ),
    ],
)
def test_watching_keras_variables_is_found(source, expected):
    assert [f for f in found(source) if f[0] == "TF931"] == expected


def test_watching_keras_2_variables_is_left_alone():
    source = "import tf_keras\n" + textwrap.dedent(
        """
        net = tf_keras.Sequential([tf_keras.layers.Dense(1)])
        with tf.GradientTape() as tape:
            tape.watch(net.trainable_variables)
        """
    )
    assert [f for f in found(source) if f[0] == "TF931"] == []


# TF910: a tensor made from the source before the tape, returned by what the tape calls.
@pytest.mark.parametrize(
    "loss_function",
    ["loss_fn = lambda: cost", "def loss_fn():\n    return cost"],
)
def test_a_target_made_before_the_tape_and_returned_by_a_function_is_found(loss_function):
    source = f"""
mu = tf.Variable(0.0)
data = tf.constant([1.0, 2.0])
cost = -tf.reduce_sum((data - mu) ** 2)
{loss_function}
for _ in range(3):
    with tf.GradientTape() as tape:
        loss = loss_fn()
    grads = tape.gradient(loss, [mu])
    optimizer.apply_gradients(zip(grads, [mu]))
"""
    line = source.count("\n", 0, source.index("grads = tape")) + 1
    assert found(source) == [("TF910", line)]


def test_a_target_the_function_computes_from_the_source_is_left_alone():
    source = """
mu = tf.Variable(0.0)
data = tf.constant([1.0, 2.0])
loss_fn = lambda: -tf.reduce_sum((data - mu) ** 2)
scale = mu * 2.0
with tf.GradientTape() as tape:
    loss = loss_fn() * scale
grads = tape.gradient(loss, [mu])
optimizer.apply_gradients(zip(grads, [mu]))
"""
    assert found(source) == []


# TF910: the L2 penalty added after the block, to a model the module cannot type (an instance
# of its own tf.Module): the target itself is made by an op the tape never recorded, so every
# gradient is None whatever the sources are (TF 2.21: [None, None]).
L2_AFTER_BLOCK = """
class Linear(tf.Module):
    def __init__(self):
        self.w = tf.Variable(tf.ones((3, 1)))
        self.b = tf.Variable(0.0)

    def __call__(self, x):
        return x @ self.w + self.b


linear = Linear()


def train_step(x, y, l2=0.01):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(linear(x) - y))
{penalty}
    grads = tape.gradient(loss, [linear.w, linear.b])
    optimizer.apply_gradients(zip(grads, [linear.w, linear.b]))
    return loss
"""


@pytest.mark.parametrize(
    "penalty",
    [
        "    loss = loss + l2 * tf.nn.l2_loss(linear.w)",
        "    loss += l2 * tf.reduce_sum(tf.square(linear.w))",
        "    loss = tf.add(loss, l2 * tf.nn.l2_loss(linear.w))",
    ],
)
def test_a_penalty_added_after_the_block_to_an_untyped_model_is_found(penalty):
    source = L2_AFTER_BLOCK.format(penalty=penalty)
    line = source.count("\n", 0, source.index(penalty.strip())) + 1
    assert found(source) == [("TF910", line)]


@pytest.mark.parametrize(
    "penalty",
    [
        # inside the block: recorded
        "        loss = loss + l2 * tf.nn.l2_loss(linear.w)",
        # a call the model cannot follow (a name it cannot resolve) may hand back the
        # recorded loss itself
        "    loss = report(loss)",
    ],
)
def test_a_penalty_the_tape_records_or_an_unknown_call_is_left_alone(penalty):
    assert found(L2_AFTER_BLOCK.format(penalty=penalty)) == []


# TF910: Keras 2's `minimize(loss, var_list, tape=tape)` takes `tape.gradient(loss, var_list)`
# itself: a loss finished after the block gives it no gradient (tf-keras 2.21: ValueError: No
# gradients provided for any variable); a callable loss it runs under the tape itself.
MINIMIZE_WITH_TAPE = """
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x))
{penalty}
    optimizer.minimize({loss}, model.trainable_variables, tape=tape)
"""
PENALTY = "tf.add_n([tf.nn.l2_loss(w) for w in model.trainable_variables])"


def test_a_loss_finished_after_the_block_and_minimized_with_the_tape_is_found():
    source = MINIMIZE_WITH_TAPE.format(penalty=f"    loss += 1e-3 * {PENALTY}", loss="loss")
    assert found(source) == [("TF910", 5)]


@pytest.mark.parametrize(
    ("penalty", "loss"),
    [
        (f"        loss += 1e-3 * {PENALTY}", "loss"),  # inside the block: recorded
        ("", f"lambda: loss_fn(y, model(x)) + 1e-3 * {PENALTY}"),  # run under the tape
    ],
)
def test_a_loss_minimize_can_differentiate_is_left_alone(penalty, loss):
    assert found(MINIMIZE_WITH_TAPE.format(penalty=penalty, loss=loss)) == []


# --- TF900: a loss function with no return ----------------------------------------------------
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            """
            def squared(y, p):
                tf.reduce_mean(tf.square(y - p))

            with tf.GradientTape() as tape:
                loss = squared(1.0, model(tf.ones((1, 2))))
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            """,
            [("TF900", 3)],
            id="the-tape-target-is-none",
        ),
        pytest.param(
            """
            def squared(y, p):
                diff = y - p
                tf.reduce_mean(diff * diff)

            model.compile(optimizer="sgd", loss=squared)
            """,
            [("TF900", 4)],
            id="compiled-as-the-loss",
        ),
        pytest.param(
            """
            def squared(y, p):
                return tf.reduce_mean(tf.square(y - p))

            def log_loss(y, p):
                print(squared(y, p))

            model.compile(optimizer="sgd", loss=squared, metrics=[log_loss])
            with tf.GradientTape() as tape:
                loss = squared(1.0, model(tf.ones((1, 2))))
            grads = tape.gradient(loss, model.trainable_variables)
            """,
            [],
            id="a-returned-loss-and-a-printing-metric",
        ),
    ],
)
def test_loss_function_without_return(source, expected):
    assert [f for f in found(source) if f[0] == "TF900"] == expected


# --- TF915: the ids an Embedding looks up -----------------------------------------------------
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            """
            net = tf.keras.Sequential(
                [tf.keras.Input((5,)), tf.keras.layers.Embedding(10, 4),
                 tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)]
            )
            ids = tf.constant([[1.0, 4.0, 2.0, 7.0, 3.0]])
            with tf.GradientTape() as tape:
                tape.watch(ids)
                score = net(ids)
            saliency = tape.gradient(score, ids)
            """,
            [("TF915", 10)],
            id="saliency-with-respect-to-embedding-ids",
        ),
        pytest.param(
            """
            embed = tf.keras.layers.Embedding(10, 4)
            head = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])
            ids = tf.constant([[1, 4, 2, 7, 3]])
            vectors = embed(ids)
            with tf.GradientTape() as tape:
                tape.watch(vectors)
                score = head(vectors)
            saliency = tape.gradient(score, vectors)
            """,
            [],
            id="saliency-with-respect-to-the-embedded-vectors",
        ),
    ],
)
def test_gradient_with_respect_to_embedding_ids(source, expected):
    assert found(source) == expected


# --- TF608: a tensor computed from a variable once, at construction ----------------------------
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        pytest.param(
            """
            class Scaled(tf.Module):
                def __init__(self, log_scale):
                    super().__init__()
                    self.scale = tf.exp(log_scale)

                def __call__(self, x):
                    return tf.reduce_sum(self.scale * x)

            phi = tf.Variable(tf.zeros(3))
            scaled = Scaled(phi)
            with tf.GradientTape() as tape:
                y = scaled(tf.ones(3))
            g = tape.gradient(y, phi)
            """,
            [("TF910", 5)],
            id="a-module-derives-a-tensor-from-a-variable-it-is-given",
        ),
        pytest.param(
            """
            class TiedOutput(tf.keras.layers.Layer):
                def __init__(self, embedding):
                    super().__init__()
                    self.embedding = embedding

                def build(self, shape):
                    self.transposed = tf.transpose(self.embedding.embeddings)

                def call(self, x):
                    return tf.matmul(x, self.transposed)

            model.fit(np.ones((2, 2)), np.ones((2, 1)))
            """,
            [("TF608", 8)],
            id="a-layer-transposes-another-layers-weights-in-build",
        ),
        pytest.param(
            """
            class Scaled(tf.Module):
                def __init__(self, log_scale):
                    super().__init__()
                    self.initial = tf.identity(log_scale)
                    self.scale = tf.exp(log_scale)

                def __call__(self, x):
                    return tf.reduce_sum(self.scale * x) + tf.reduce_sum(self.initial)

            phi = tf.Variable(tf.zeros(3))
            with tf.GradientTape() as tape:
                y = Scaled(phi)(tf.ones(3))
            g = tape.gradient(y, phi)
            fixed = tf.Variable(tf.zeros(3), trainable=False)
            """,
            [],
            id="a-copy-kept-on-purpose-or-an-object-made-under-the-tape",
        ),
    ],
)
def test_tensor_derived_from_variable_at_construction(source, expected):
    assert [f for f in found(source) if f[0] in ("TF608", "TF910")] == expected


def test_integer_variables_of_a_list_display():
    source = """
    params = [tf.Variable(1), tf.Variable(2.0)]
    with tf.GradientTape() as tape:
        loss = tf.cast(params[0] * 3, tf.float32) + params[1]
    grads = tape.gradient(loss, params)
    """
    assert found(source) == [("TF915", 2)]


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        pytest.param("", [("TF954", 10)], id="the-model-a-caller-builds-with-a-regularizer"),
        pytest.param(
            "\ndef penalty(net):\n    return sum(l.kernel_regularizer(l.kernel) for l in net.layers)\n",
            [],
            id="the-regularizer-applied-by-hand",
        ),
    ],
)
def test_regularized_model_passed_to_the_tape_function(extra, expected):
    source = """
    def build(reg):
        inputs = tf.keras.Input((4,))
        hidden = tf.keras.layers.Dense(4, kernel_regularizer=reg)(inputs)
        return tf.keras.Model(inputs, tf.keras.layers.Dense(1)(hidden))

    def step(net, x, y):
        with tf.GradientTape() as tape:
            pred = net(x, training=True)
            loss = tf.reduce_mean(tf.square(pred - y))
        return tape.gradient(loss, net.trainable_variables)

    step(build(tf.keras.regularizers.l2(0.5)), tf.ones((2, 4)), tf.ones((2, 1)))
    """
    assert [f for f in found(source + extra) if f[0] == "TF954"] == expected


@pytest.mark.parametrize(
    ("asked", "expected"),
    [
        pytest.param("copy.trainable_variables", [("TF952", 6)], id="the-copy-s-variables"),
        pytest.param("adapted", [], id="the-adapted-tensors-watched"),
    ],
)
def test_layer_weights_replaced_by_tensors(asked, expected):
    source = f"""
    copy = tf.keras.models.clone_model(model)
    adapted = []
    with tf.GradientTape() as tape:
        grads = tape.gradient(tf.reduce_sum(model(tf.ones((1, 2)))), model.trainable_variables)
    copy.layers[0].kernel = model.layers[0].kernel - 0.1 * grads[0]
    copy.layers[0].bias = model.layers[0].bias - 0.1 * grads[1]
    adapted += [copy.layers[0].kernel, copy.layers[0].bias]
    with tf.GradientTape() as tape:
        tape.watch(adapted)
        loss = tf.reduce_sum(copy(tf.ones((1, 2))))
    again = tape.gradient(loss, {asked})
    """
    assert [f for f in found(source) if f[0] == "TF952"] == expected


@pytest.mark.parametrize(
    ("tape", "options", "expected"),
    [
        pytest.param("", "parallel_iterations=4", [("TF917", 6)], id="parallel-iterations"),
        pytest.param("", "experimental_use_pfor=False", [("TF917", 6)], id="no-pfor"),
        pytest.param("persistent=True", "parallel_iterations=4", [], id="a-persistent-tape"),
        pytest.param("", "parallel_iterations=None", [], id="the-default"),
    ],
)
def test_jacobian_loop_on_a_non_persistent_tape(tape, options, expected):
    source = f"""
    x = tf.ones((4, 2))
    with tf.GradientTape({tape}) as tape:
        tape.watch(x)
        y = model(x)
    jac = tape.batch_jacobian(y, x, {options})
    """
    assert [f for f in found(source) if f[0] == "TF917"] == expected


@pytest.mark.parametrize(
    ("distance", "expected"),
    [
        pytest.param("tf.sqrt(tf.reduce_sum(tf.square(a - b), axis=1))", [("TF908", 3)], id="sqrt"),
        pytest.param("tf.sqrt(tf.reduce_sum((a - b) ** 2, axis=1))", [("TF908", 3)], id="power"),
        pytest.param("tf.norm(a - b, axis=1)", [("TF908", 3)], id="norm"),
        pytest.param(
            "tf.sqrt(tf.maximum(tf.reduce_sum(tf.square(a - b), axis=1), 1e-7))", [], id="floored"
        ),
        pytest.param("tf.sqrt(tf.reduce_sum(tf.square(a - b), axis=1) + 1e-7)", [], id="shifted"),
    ],
)
def test_sqrt_of_possibly_zero_distance(distance, expected):
    source = f"""
    def distance(a, b):
        return {distance}

    model.compile(optimizer="sgd", loss=distance)
    """
    assert [f for f in found(source) if f[0] == "TF908"] == expected


@pytest.mark.parametrize(
    ("signature", "expected"),
    [
        pytest.param("dy", [("TF909", 8)], id="no-variables"),
        pytest.param("dy, variables=None", [], id="takes-variables"),
        pytest.param("*dys, **kwargs", [], id="takes-keywords"),
    ],
)
def test_custom_gradient_reads_a_variable(signature, expected):
    source = f"""
    scale = tf.Variable(2.0)

    @tf.custom_gradient
    def scaled(x):
        y = x * scale

        def grad({signature}):
            return dy * scale

        return y, grad
    """
    assert [f for f in found(source) if f[0] == "TF909"] == expected


def test_sqrt_of_a_distance_in_a_metric_is_not_differentiated():
    source = """
    class PointError(tf.keras.metrics.Metric):
        def update_state(self, y_true, y_pred, sample_weight=None):
            self.total = tf.norm(y_true - y_pred, axis=-1)

    model.compile(optimizer="sgd", loss="mse", metrics=[PointError()])
    """
    assert [f for f in found(source) if f[0] == "TF908"] == []


def test_a_variable_made_in_the_custom_gradient_function_is_tf407s():
    source = """
    @tf.custom_gradient
    def scaled(x):
        buffer = tf.Variable(tf.zeros_like(x))
        y = x * buffer

        def grad(dy):
            return dy

        return y, grad
    """
    assert [f for f in found(source) if f[0] == "TF909"] == []
