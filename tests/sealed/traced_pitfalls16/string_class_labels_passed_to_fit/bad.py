# SOURCE: https://github.com/tensorflow/tensorflow/issues/28367
# SYMPTOM: raises ValueError
# DESCRIPTION: a classifier is fitted with class names as string labels, which Keras losses cannot consume; the labels must be mapped to integer ids first
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(28)
features = rng.normal(size=(40, 6)).astype("float32")
labels = np.array(["cat", "dog", "bird", "cat"] * 10)

model = tf.keras.Sequential([
    tf.keras.Input(shape=(6,)),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(3, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
model.fit(features, labels, epochs=2, batch_size=8, verbose=0)  # EXPECT: api-misuse/string-labels-to-fit
print("trained", model.output_shape)
