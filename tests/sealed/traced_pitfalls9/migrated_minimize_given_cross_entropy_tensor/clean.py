"""The fix: record the loss under a GradientTape and apply the gradients."""

import numpy as np
import tensorflow as tf


class SOM:
    def __init__(self, m, n, dim):
        self.weightage_vects = tf.Variable(tf.random.normal([m * n, dim]))
        self.winner_loc = (0, 1)

    def train_step(self, vect, alpha_op):
        with tf.GradientTape() as tape:
            self.output = tf.matmul(vect[None, :], self.weightage_vects, transpose_b=True)
            loss = tf.nn.sparse_softmax_cross_entropy_with_logits(
                logits=self.output, labels=[self.winner_loc[0] + self.winner_loc[1]]
            )
        gradients = tape.gradient(loss, [self.weightage_vects])
        optimizer = tf.keras.optimizers.SGD(learning_rate=alpha_op)
        optimizer.apply_gradients(zip(gradients, [self.weightage_vects]))
        return float(tf.reduce_mean(loss))


som = SOM(2, 2, 3)
print("[loss]", som.train_step(tf.constant(np.random.rand(3), tf.float32), 0.3))
