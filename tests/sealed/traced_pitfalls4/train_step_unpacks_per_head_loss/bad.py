# SOURCE: https://github.com/tensorflow/tensorflow/issues/39714
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a model with three outputs overrides train_step and unpacks the per-head loss tensor into three Python names, which iterates over a symbolic tensor inside fit's traced step and fails
"""A three-head regressor with a custom train_step that logs each head's loss."""

import numpy as np
import tensorflow as tf


class ThreeHeads(tf.keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            per_head = tf.reduce_mean(tf.square(y - y_pred), axis=0)
            loss1, loss2, loss3 = per_head  # EXPECT: graph-incompatible/tensor-iterated-in-python-loop
            total = loss1 + loss2 + loss3
        grads = tape.gradient(total, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": total, "head1": loss1, "head2": loss2, "head3": loss3}


inputs = tf.keras.Input((4,))
model = ThreeHeads(inputs, tf.keras.layers.Dense(3)(inputs))
model.compile(optimizer="sgd")
history = model.fit(np.random.rand(16, 4), np.random.rand(16, 3), batch_size=8, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
