# DESCRIPTION: A small gated model using activation='hard_sigmoid' as a cheap sigmoid
# SOURCE: https://github.com/keras-team/keras/issues/9156
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


inputs = tf.keras.Input(shape=(4,))
gate = tf.keras.layers.Dense(4, activation="hard_sigmoid")(inputs)
value = tf.keras.layers.Dense(4, activation="tanh")(inputs)
gated = tf.keras.layers.Multiply()([gate, value])
outputs = tf.keras.layers.Dense(1)(gated)
model = tf.keras.Model(inputs, outputs)
set_seeded_weights(model, 33)
rng = np.random.RandomState(34)
x = rng.uniform(-3, 3, (5, 4)).astype("float32")
print("outputs", np.round(model.predict(x, verbose=0).ravel(), 4).tolist())
