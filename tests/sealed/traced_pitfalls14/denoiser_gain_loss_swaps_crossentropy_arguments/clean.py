import numpy as np
import keras
from keras import ops


def my_crossentropy(y_true, y_pred):
    return ops.mean(2 * ops.abs(y_true - 0.5) * ops.binary_crossentropy(y_true, y_pred), axis=-1)


keras.utils.set_random_seed(0)
rng = np.random.default_rng(0)
features = rng.normal(size=(256, 42)).astype("float32")
vad = (features[:, :1] > 0).astype("float32")

model = keras.Sequential([keras.Input((42,)), keras.layers.Dense(24, activation="tanh"), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss=my_crossentropy)
model.fit(features, vad, epochs=3, batch_size=32, verbose=0)

chance = np.full_like(vad, 0.5)
print("loss at chance predictions", float(ops.mean(my_crossentropy(vad, chance))))
