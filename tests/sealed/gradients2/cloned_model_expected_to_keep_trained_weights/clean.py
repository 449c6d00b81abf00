import numpy as np
import keras

x = np.random.rand(64, 4).astype("float32")
y = x.sum(axis=1, keepdims=True)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
model.compile("adam", "mse")
model.fit(x, y, epochs=3, verbose=0)

cloned_model = keras.models.clone_model(model)
cloned_model.set_weights(model.get_weights())
diff = np.abs(cloned_model.predict(x, verbose=0) - model.predict(x, verbose=0)).max()
print("pred_diff", f"{float(diff):.8f}")
