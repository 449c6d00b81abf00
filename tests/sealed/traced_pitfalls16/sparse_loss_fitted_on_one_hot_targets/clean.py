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
model.compile(loss="categorical_crossentropy", optimizer="rmsprop", metrics=["accuracy"])
model.fit(x_train, y_train, epochs=1, batch_size=16, verbose=0)
print("loss", model.evaluate(x_train, y_train, verbose=0))
