import numpy as np
import keras
from keras import layers, ops


class ScoreHead(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = layers.Dense(1)
        # Keras 3: a metric object owned by the layer, updated in call and reported by fit
        self.coverage = keras.metrics.Mean(name="mask_coverage")

    def call(self, features, mask):
        score = self.dense(features)
        self.coverage.update_state(ops.mean(mask))
        return score


features = keras.Input((8,))
mask = keras.Input((8,))
model = keras.Model([features, mask], ScoreHead()(features, mask))
model.compile(optimizer="adam", loss="mse")
x = np.random.rand(64, 8).astype("float32")
m = (np.random.rand(64, 8) > 0.5).astype("float32")
y = np.random.rand(64, 1).astype("float32")
history = model.fit([x, m], y, epochs=2, verbose=0)
print("history keys", sorted(history.history))
