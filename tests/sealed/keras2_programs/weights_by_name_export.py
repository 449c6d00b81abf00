# DESCRIPTION: Weights exported to a dict keyed by variable name ('dense/kernel:0') and read back by name
# SOURCE: https://github.com/keras-team/keras/issues/16983
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


inputs = tf.keras.Input(shape=(3,))
hidden = tf.keras.layers.Dense(2, name="hidden")(inputs)
outputs = tf.keras.layers.Dense(1, name="head")(hidden)
model = tf.keras.Model(inputs, outputs)
set_seeded_weights(model, 30)
exported = {w.name: w.numpy() for w in model.weights}
print("names", sorted(exported))
kernel = exported["hidden/kernel:0"]
print("hidden kernel sum", round(float(kernel.sum()), 4))
