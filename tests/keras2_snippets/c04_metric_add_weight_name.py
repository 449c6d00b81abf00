# class: 4
# A custom Metric's state: self.add_weight("total", initializer="zeros").
import tensorflow as tf

class Total(tf.keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.total = self.add_weight("total", initializer="zeros")  # EXPECT

    def update_state(self, values, sample_weight=None):
        self.total.assign_add(tf.reduce_sum(values))

    def result(self):
        return self.total

metric = Total()
metric.update_state(tf.ones(3))
print(float(metric.result()))
