# SOURCE: https://github.com/pythonlessons/mltu/issues/46
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom Keras metric counts processed samples with len(y_true) in update_state, which fails once fit traces the metric update with symbolic tensors under TF 2.16+
import numpy as np
import tensorflow as tf
import keras


class SampleCounter(keras.metrics.Metric):
    def __init__(self, name="samples", **kwargs):
        super().__init__(name=name, **kwargs)
        self.batch_counter = self.add_weight(name="batch_counter", shape=(), initializer="zeros", dtype="int32")

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.batch_counter.assign_add(len(y_true))  # EXPECT: graph-incompatible/len-of-symbolic-tensor

    def result(self):
        return self.batch_counter


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse", metrics=[SampleCounter()])
history = model.fit(np.ones((8, 4), "float32"), np.ones((8, 1), "float32"), batch_size=4, epochs=1, verbose=0)
print("samples", history.history["samples"][-1])
