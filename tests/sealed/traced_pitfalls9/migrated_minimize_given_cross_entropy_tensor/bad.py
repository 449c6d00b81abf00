# SOURCE: https://github.com/tensorflow/tensorflow/issues/37933
# SYMPTOM: raises ValueError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: code migrated from TF1 computes a cross-entropy tensor eagerly and passes it to optimizer.minimize as the graph-era code did; in TF2 the loss must be a callable (or come with its tape), so the update fails
"""One update step of a small self-organising map, migrated from TF 1.14."""

import numpy as np
import tensorflow as tf


class SOM:
    def __init__(self, m, n, dim):
        self.weightage_vects = tf.Variable(tf.random.normal([m * n, dim]))
        self.winner_loc = (0, 1)

    def train_step(self, vect, alpha_op):
        self.output = tf.matmul(vect[None, :], self.weightage_vects, transpose_b=True)
        loss = tf.nn.sparse_softmax_cross_entropy_with_logits(
            logits=self.output, labels=[self.winner_loc[0] + self.winner_loc[1]]
        )
        optimizer = tf.keras.optimizers.SGD(learning_rate=alpha_op)
        optimizer.minimize(loss, [self.weightage_vects])  # EXPECT: api-misuse/minimize-given-loss-tensor
        return float(tf.reduce_mean(loss))


som = SOM(2, 2, 3)
print("[loss]", som.train_step(tf.constant(np.random.rand(3), tf.float32), 0.3))
