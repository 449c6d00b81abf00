import numpy as np
import tensorflow as tf


def postprocess(x):
    return tf.identity(x)


inputs = tf.keras.Input(shape=(6, 6, 3))
features = tf.keras.layers.Conv2D(4, 3, activation="relu")(inputs)
features = tf.keras.layers.GlobalAveragePooling2D()(features)
scores = tf.keras.layers.Dense(10)(features)
sums = tf.keras.layers.Lambda(lambda s: tf.reduce_sum(s, axis=-1, keepdims=True), name="sums")(scores)
outputs = tf.keras.layers.Lambda(postprocess, name="postprocess")(sums)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-5), loss="mae")
model.fit(np.zeros((4, 6, 6, 3), dtype=np.float32), np.zeros((4, 1), dtype=np.float32), verbose=0)
print("trained")
