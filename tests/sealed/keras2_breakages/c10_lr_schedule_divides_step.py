# class: 10
# DESCRIPTION: A LearningRateSchedule returning initial_learning_rate / (step + 1): the step arrives as an integer
# SOURCE: https://github.com/tensorflow/tensorflow/issues/60649
# keras2: tensorflow-cpu==2.10.1
import tensorflow as tf


class MyLRSchedule(tf.keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, initial_learning_rate):
        self.initial_learning_rate = initial_learning_rate

    def __call__(self, step):
        return self.initial_learning_rate / (step + 1)  # EXPECT


optimizer = tf.keras.optimizers.SGD(learning_rate=MyLRSchedule(0.1))
v = tf.Variable(1.0)
for _ in range(2):
    with tf.GradientTape() as tape:
        loss = v * v
    optimizer.apply_gradients([(tape.gradient(loss, v), v)])
print(round(float(v.numpy()), 5))
