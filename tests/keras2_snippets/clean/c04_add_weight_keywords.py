# class: 4
import tensorflow as tf

class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.kernel = self.add_weight(name="kernel", shape=(input_shape[-1],), initializer="ones")

    def call(self, inputs):
        return inputs * self.kernel

class Total(tf.keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.total = self.add_weight(name="total", initializer="zeros")

    def update_state(self, values, sample_weight=None):
        self.total.assign_add(tf.reduce_sum(values))

    def result(self):
        return self.total

metric = Total()
metric.update_state(tf.ones(3))
print(Scale()(tf.ones((1, 3))).numpy().tolist(), float(metric.result()))
