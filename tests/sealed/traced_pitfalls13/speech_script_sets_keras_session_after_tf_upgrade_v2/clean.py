import numpy as np
import tensorflow as tf
import keras

# TF2 has no session to configure: memory growth is set per device
for gpu in tf.config.list_physical_devices("GPU"):
    tf.config.experimental.set_memory_growth(gpu, True)

AUDIO_LENGTH, FEATURES, CLASSES = 40, 13, 6
model = keras.Sequential(
    [
        keras.Input((AUDIO_LENGTH, FEATURES)),
        keras.layers.Conv1D(16, 3, activation="relu"),
        keras.layers.GlobalAveragePooling1D(),
        keras.layers.Dense(CLASSES, activation="softmax"),
    ]
)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
x = np.random.rand(64, AUDIO_LENGTH, FEATURES).astype("float32")
y = np.random.randint(0, CLASSES, 64)
history = model.fit(x, y, epochs=2, batch_size=16, verbose=0)
print("loss", history.history["loss"][-1])
