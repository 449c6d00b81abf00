# DESCRIPTION: A model exported with model.save('export/1') as a SavedModel and reloaded with load_model for serving
# SOURCE: https://github.com/nicknochnack/Tensorflow-in-10-Minutes/pull/4
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


rng = np.random.RandomState(7)
x = rng.rand(16, 3).astype("float32")
y = x.sum(axis=1, keepdims=True)
model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu", input_shape=(3,)), tf.keras.layers.Dense(1)])
set_seeded_weights(model, 8)
model.compile(optimizer="sgd", loss="mse")
model.fit(x, y, epochs=2, batch_size=8, shuffle=False, verbose=0)
model.save("export/1")
reloaded = tf.keras.models.load_model("export/1")
print("reloaded predictions", np.round(reloaded.predict(x[:3], verbose=0).ravel(), 4).tolist())
