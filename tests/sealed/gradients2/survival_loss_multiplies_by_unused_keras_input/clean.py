import numpy as np
import tensorflow as tf
import keras

inputs = keras.Input(shape=(4,))
outputs = keras.layers.Dense(1, activation="sigmoid")(inputs)
model = keras.Model(inputs, outputs)


def custom_loss(y_true, y_pred):
    out = tf.clip_by_value(y_pred, 1e-8, 1 - 1e-8)
    return -y_true * tf.math.log(out)


model.compile(optimizer="adam", loss=custom_loss)
x = np.random.rand(32, 4).astype("float32")
d = np.random.randint(0, 2, (32,)).astype("float32")
y = np.random.randint(0, 2, (32, 1)).astype("float32")
model.fit(x, y, sample_weight=d, epochs=1, verbose=0)
print("trained")
