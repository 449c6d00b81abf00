# SOURCE: https://github.com/keras-team/keras/issues/9097
# SYMPTOM: number "weights finite" < 1
# DESCRIPTION: a siamese network's Lambda euclidean_distance takes sqrt(sum(square(x - y))) with no epsilon, so a pair of identical inputs gives an infinite derivative at zero and the shared encoder's weights become NaN
import numpy as np
import keras
from keras import layers, ops


def euclidean_distance(vects):
    x, y = vects
    return ops.sqrt(ops.sum(ops.square(x - y), axis=1, keepdims=True))  # EXPECT: api-misuse/sqrt-of-possibly-zero-distance


def contrastive_loss(y_true, d):
    margin = 1.0
    return ops.mean(y_true * ops.square(d) + (1.0 - y_true) * ops.square(ops.maximum(margin - d, 0.0)))


keras.utils.set_random_seed(0)
encoder = keras.Sequential([keras.Input((8,)), layers.Dense(16, activation="relu"), layers.Dense(4)])
a = keras.Input((8,))
b = keras.Input((8,))
distance = layers.Lambda(euclidean_distance, output_shape=(1,))([encoder(a), encoder(b)])
model = keras.Model([a, b], distance)
model.compile(optimizer="sgd", loss=contrastive_loss)

rng = np.random.default_rng(0)
left = rng.normal(size=(32, 8)).astype("float32")
right = rng.normal(size=(32, 8)).astype("float32")
right[:8] = left[:8]  # identical pairs, also among the sampled negatives
same = np.zeros((32, 1), dtype="float32")
same[:4] = 1.0
same[8:16] = 1.0
model.fit([left, right], same, batch_size=32, epochs=2, verbose=0)
w = encoder.layers[0].kernel.numpy()
print("weights finite", int(np.all(np.isfinite(w))))
