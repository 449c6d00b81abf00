import os
import tempfile

import numpy as np
import tensorflow as tf


class MlpLayer(tf.keras.layers.Layer):
    def __init__(self, units=16, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.dense1 = tf.keras.layers.Dense(units, activation="relu")
        self.dense2 = tf.keras.layers.Dense(units, activation="relu")

    def call(self, inputs):
        return self.dense2(self.dense1(inputs))

    def get_config(self):
        config = super().get_config()
        config.update({"units": self.units})
        return config


model = tf.keras.models.Sequential([tf.keras.Input(shape=(8,)), MlpLayer(16), tf.keras.layers.Dense(3, activation="softmax")])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
x = np.random.rand(64, 8).astype("float32")
y = np.random.randint(0, 3, size=(64,))
model.fit(x, y, epochs=1, verbose=0)

path = os.path.join(tempfile.mkdtemp(), "mlp_model.keras")
tf.keras.models.save_model(model, path)
restored = tf.keras.models.load_model(path, custom_objects={"MlpLayer": MlpLayer})
print("restored", restored.predict(x[:2], verbose=0).shape)
