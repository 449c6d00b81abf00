"""The fix: call the model once eagerly, creating its weights before the traced step runs."""

import tensorflow as tf


class MyModel(tf.keras.Model):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dense = tf.keras.layers.Dense(10)

    def call(self, inputs):
        return self.dense(inputs)


model = MyModel()
model(tf.zeros([1, 128]))


@tf.function
def train_step(sample):
    print("tracing train_step")
    return model(sample)


dataset = tf.data.Dataset.from_tensors(tf.random.normal([128])).repeat(16).batch(4)
for sample in dataset:
    out = train_step(sample)
print("output", out.shape)
