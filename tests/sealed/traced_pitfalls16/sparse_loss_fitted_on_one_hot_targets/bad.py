# SOURCE: https://github.com/keras-team/keras/issues/7303
# SYMPTOM: raises ValueError
# DESCRIPTION: a many-class classifier is compiled with sparse_categorical_crossentropy but fitted on one-hot label rows, which that loss reads as integer class ids
import numpy as np
import tensorflow as tf

num_classes = 12
rng = np.random.default_rng(7)
x_train = rng.normal(size=(64, 20)).astype("float32")
y_train = tf.keras.utils.to_categorical(rng.integers(0, num_classes, size=64), num_classes)

model = tf.keras.Sequential([
    tf.keras.Input(shape=(20,)),
    tf.keras.layers.Dense(32, activation="relu"),
    tf.keras.layers.Dense(num_classes, activation="softmax"),
])
model.compile(loss="sparse_categorical_crossentropy", optimizer="rmsprop", metrics=["accuracy"])  # EXPECT: api-misuse/sparse-loss-with-one-hot-labels
model.fit(x_train, y_train, epochs=1, batch_size=16, verbose=0)
print("loss", model.evaluate(x_train, y_train, verbose=0))
