# class: 4
# A counting Metric: self.add_weight("count", initializer="zeros", dtype=...).
import tensorflow as tf

class Count(tf.keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.count = self.add_weight("count", initializer="zeros", dtype=tf.int64)  # EXPECT

    def update_state(self, values, sample_weight=None):
        self.count.assign_add(tf.size(values, out_type=tf.int64))

    def result(self):
        return self.count

metric = Count()
metric.update_state(tf.ones(3))
print(int(metric.result()))
