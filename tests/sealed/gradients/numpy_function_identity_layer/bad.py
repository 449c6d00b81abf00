# SOURCE: https://github.com/keras-team/keras/issues/9130
# SYMPTOM: raises ValueError
# DESCRIPTION: a layer wraps a Python function with numpy_function, which has no gradient, on the path to the loss
import numpy as np
import tensorflow as tf


def python_postprocess(x):
    tensor = tf.numpy_function(lambda y: y, [x], tf.float32)  # EXPECT: api-misuse/non-differentiable-op
    tensor.set_shape(x.shape)
    return tensor


inputs = tf.keras.Input(shape=(6, 6, 3))
features = tf.keras.layers.Conv2D(4, 3, activation="relu")(inputs)
features = tf.keras.layers.GlobalAveragePooling2D()(features)
scores = tf.keras.layers.Dense(10)(features)
sums = tf.keras.layers.Lambda(lambda s: tf.reduce_sum(s, axis=-1, keepdims=True), name="sums")(scores)
outputs = tf.keras.layers.Lambda(python_postprocess, name="postprocess")(sums)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-5), loss="mae")
model.fit(np.zeros((4, 6, 6, 3), dtype=np.float32), np.zeros((4, 1), dtype=np.float32), verbose=0)
print("trained")
