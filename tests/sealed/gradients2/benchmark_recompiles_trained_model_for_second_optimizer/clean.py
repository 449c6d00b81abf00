import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(0)
training_images = np.random.rand(256, 8).astype("float32")
training_labels = (training_images.sum(axis=1) > 4).astype("int64")


def make_model():
    keras.utils.set_random_seed(1)
    return keras.models.Sequential([
        keras.Input((8,)),
        keras.layers.Dense(32, activation=tf.nn.relu),
        keras.layers.Dense(2, activation=tf.nn.softmax),
    ])


model = make_model()
model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
first_start = model.evaluate(training_images, training_labels, verbose=0)[0]
model.fit(training_images, training_labels, epochs=5, verbose=0)

model = make_model()
model.compile(optimizer=keras.optimizers.SGD(1e-2), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
second_start = model.evaluate(training_images, training_labels, verbose=0)[0]
model.fit(training_images, training_labels, epochs=5, verbose=0)
print("second_start_ratio", f"{second_start / first_start:.6f}")
