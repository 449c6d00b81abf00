# SOURCE: https://github.com/keras-team/keras/issues/16668
# SYMPTOM: number "pred_diff" >= 0.000001
# DESCRIPTION: A script copies a trained model with clone_model and uses the copy as if it held the trained weights, but clone_model builds fresh, re-initialised weights.
import numpy as np
import keras

x = np.random.rand(64, 4).astype("float32")
y = x.sum(axis=1, keepdims=True)
model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
model.compile("adam", "mse")
model.fit(x, y, epochs=3, verbose=0)

cloned_model = keras.models.clone_model(model)  # EXPECT: api-misuse/clone-model-without-copying-weights
diff = np.abs(cloned_model.predict(x, verbose=0) - model.predict(x, verbose=0)).max()
print("pred_diff", f"{float(diff):.8f}")
