# DESCRIPTION: A custom true-positive-rate Metric whose state is created with self.add_weight('tp', ...)
# SOURCE: https://github.com/keras-team/tf-keras/issues/442
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])



class TruePositiveRate(tf.keras.metrics.Metric):
    def __init__(self, name="tpr", **kwargs):
        super().__init__(name=name, **kwargs)
        self.tp = self.add_weight("tp", initializer="zeros")
        self.pos = self.add_weight("pos", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true = tf.cast(tf.reshape(y_true, [-1]), tf.float32)
        y_pred = tf.cast(tf.reshape(y_pred, [-1]) > 0.5, tf.float32)
        self.tp.assign_add(tf.reduce_sum(y_true * y_pred))
        self.pos.assign_add(tf.reduce_sum(y_true))

    def result(self):
        return self.tp / (self.pos + 1e-7)

    def reset_state(self):
        self.tp.assign(0.0)
        self.pos.assign(0.0)


rng = np.random.RandomState(27)
x = rng.rand(20, 3).astype("float32")
y = (x[:, 0] > 0.4).astype("float32")
model = tf.keras.Sequential([tf.keras.layers.Dense(1, activation="sigmoid", input_shape=(3,))])
set_seeded_weights(model, 28)
model.compile(optimizer="sgd", loss="binary_crossentropy", metrics=[TruePositiveRate()])
history = model.fit(x, y, epochs=2, batch_size=5, shuffle=False, verbose=0)
print("tpr", [round(v, 4) for v in history.history["tpr"]])
