# class: 13
# DESCRIPTION: strategy.experimental_run_v2 in a custom distributed training step (renamed run, removed in TF 2.4)
# SOURCE: https://github.com/danijar/dreamer/issues/50
# keras2: tensorflow-cpu==2.3.4
import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
with strategy.scope():
    v = tf.Variable(2.0)


@tf.function
def train(data):
    def step(x):
        v.assign_add(x)
        return v.read_value()

    return strategy.experimental_run_v2(step, args=(data,))  # EXPECT


print(float(train(tf.constant(1.0))))
