# class: 13
# strategy.experimental_run_v2 (renamed run in TF 2.2, removed after 2.3) in a distributed step.
import tensorflow as tf

strategy = tf.distribute.OneDeviceStrategy("/cpu:0")


@tf.function
def step(x):
    per_replica = strategy.experimental_run_v2(lambda v: v * 2.0, args=(x,))  # EXPECT
    return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)


print(step(tf.constant([1.0, 2.0])).numpy().tolist())
