# SOURCE: https://github.com/Rishit-dagli/Gradient-Centralization-TensorFlow/issues/24
# SYMPTOM: number "second_start_ratio" < 0.9
# DESCRIPTION: An optimizer benchmark recompiles the already trained model for the second optimizer; compile keeps the weights, so the second run starts from the first run's result.
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(0)
training_images = np.random.rand(256, 8).astype("float32")
training_labels = (training_images.sum(axis=1) > 4).astype("int64")

keras.utils.set_random_seed(1)
model = keras.models.Sequential([
    keras.Input((8,)),
    keras.layers.Dense(32, activation=tf.nn.relu),
    keras.layers.Dense(2, activation=tf.nn.softmax),
])
model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="sparse_categorical_crossentropy", metrics=["accuracy"])
first_start = model.evaluate(training_images, training_labels, verbose=0)[0]
model.fit(training_images, training_labels, epochs=5, verbose=0)

model.compile(optimizer=keras.optimizers.SGD(1e-2), loss="sparse_categorical_crossentropy", metrics=["accuracy"])  # EXPECT: api-misuse/recompile-does-not-reset-weights
second_start = model.evaluate(training_images, training_labels, verbose=0)[0]
model.fit(training_images, training_labels, epochs=5, verbose=0)
print("second_start_ratio", f"{second_start / first_start:.6f}")
