# class: 13
# Optimizer.get_updates (the TF1 graph-mode training API, to TF 2.10).
import tensorflow as tf

with tf.Graph().as_default():
    v = tf.Variable(1.0)
    opt = tf.keras.optimizers.SGD(0.1)
    updates = opt.get_updates(loss=v * v, params=[v])  # EXPECT
    print(len(updates) > 0)
