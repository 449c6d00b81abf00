# SOURCE: https://github.com/tensorflow/tensorflow/issues/48851
# SYMPTOM: traces >= 2
# DESCRIPTION: a subclassed model is first called inside a traced step, so its weights are created while tracing and the step is traced a second time on its very first call
"""A custom step on a subclassed model, never built before the loop starts."""

import tensorflow as tf


class MyModel(tf.keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = tf.keras.layers.Dense(10)

    def call(self, inputs):
        return self.dense(inputs)


model = MyModel()


@tf.function
def train_step(sample):
    print("tracing train_step")
    return model(sample)  # EXPECT: variable-creation/model-built-in-traced-code


dataset = tf.data.Dataset.from_tensors(tf.random.normal([128])).repeat(16).batch(4)
for sample in dataset:
    out = train_step(sample)
print("output", out.shape)
