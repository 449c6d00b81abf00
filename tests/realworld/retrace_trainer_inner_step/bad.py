# SOURCE: https://github.com/PwnerHarry/Stronger_GCN/issues/1
# SYMPTOM: traces >= 5
"""`trainer` builds its optimisation step as a tf.function each time it is called in a loop."""

import tensorflow as tf

w = tf.Variable([0.5, -0.5])
opt = tf.keras.optimizers.SGD(0.1)


def trainer(x, y):
    @tf.function
    def optimize_one_step():  # EXPECT: TF504
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.reduce_sum(w * x) - y))
        opt.apply_gradients([(tape.gradient(loss, w), w)])
        return loss

    return optimize_one_step()


for _ in range(6):
    trainer(tf.constant([1.0, 2.0]), tf.constant(1.0))
