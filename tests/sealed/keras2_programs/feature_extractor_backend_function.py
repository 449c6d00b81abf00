# DESCRIPTION: Hidden-layer features read with K.function for a downstream nearest-centroid classifier
# SOURCE: https://github.com/tensorflow/tensorflow/issues/44838
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


model = tf.keras.Sequential([
    tf.keras.layers.Dense(5, activation="tanh", input_shape=(4,)),
    tf.keras.layers.Dense(3, activation="tanh"),
    tf.keras.layers.Dense(2, activation="softmax"),
])
set_seeded_weights(model, 19)
get_features = K.function([model.layers[0].input], [model.layers[1].output])
rng = np.random.RandomState(20)
x = rng.rand(10, 4).astype("float32")
features = get_features([x])[0]
centroids = np.stack([features[:5].mean(axis=0), features[5:].mean(axis=0)])
distances = ((features[:, None, :] - centroids[None]) ** 2).sum(axis=-1)
print("features", np.round(features[:2], 4).tolist())
print("nearest centroid", distances.argmin(axis=1).tolist())
