# SOURCE: https://github.com/tensorflow/tensorflow/issues/58831
# SYMPTOM: number "optimizer learning rate" < 0.05
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: a classifier is compiled with tf.keras.optimizers.Adam(lr=0.1); the TF 2.11+ optimizers (and tf-keras today) accept the old lr keyword with only a logged warning and train with the default learning rate 0.001 instead
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
x_train = rng.random((512, 28 * 28)).astype("float32")
y_train = rng.integers(0, 10, size=512)

model = tf.keras.Sequential(
    [
        tf.keras.layers.Dense(64, activation="relu", input_shape=(28 * 28,)),
        tf.keras.layers.Dense(10, activation="softmax"),
    ]
)
optimizer = tf.keras.optimizers.Adam(lr=0.1)  # EXPECT: api-misuse/optimizer-lr-keyword-ignored
model.compile(optimizer=optimizer, loss="sparse_categorical_crossentropy", metrics=["accuracy"])
history = model.fit(x_train, y_train, epochs=2, batch_size=64, verbose=0)
print("final loss", history.history["loss"][-1])
print("optimizer learning rate", float(optimizer.learning_rate))
