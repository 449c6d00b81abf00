# SOURCE: https://github.com/keras-team/keras/issues/20127
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a model logs an extra quantity computed from more tensors than y_true and y_pred through Layer.add_metric inside call, a Keras 2 API that Keras 3 removed
import numpy as np
import keras
from keras import layers, ops


class ScoreHead(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = layers.Dense(1)

    def call(self, features, mask):
        score = self.dense(features)
        coverage = ops.mean(mask)
        self.add_metric(coverage, name="mask_coverage")  # EXPECT: keras3/removed-add-metric
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
