import numpy as np
import keras
from keras import layers, models

keras.utils.set_random_seed(0)
rng = np.random.default_rng(0)
train_data = rng.normal(size=(404, 13))
train_targets = train_data @ rng.normal(size=13) * 3.0 + 22.0

x_train = train_data.astype(np.float32)
y_train = train_targets.astype(np.float32)

model = models.Sequential()
model.add(keras.Input((13,)))
model.add(layers.Dense(64, activation="relu"))
model.add(layers.Dense(64, activation="relu"))
model.add(layers.Dense(1))
model.compile(optimizer="rmsprop", loss="mse", metrics=["mae"])
model.fit(x_train, y_train, epochs=20, batch_size=16, verbose=0)

keras_mse = model.evaluate(x_train, y_train, verbose=0)[0]
manual_mse = np.square(np.subtract(np.expand_dims(y_train, -1), model.predict(x_train, verbose=0))).mean()
print("keras mse", keras_mse)
print("manual mse", manual_mse)
print("manual to keras mse ratio", manual_mse / keras_mse)
