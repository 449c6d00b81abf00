# SOURCE: https://frank.sauerburger.io/2021/10/06/tensorflow-2-debugging.html
# SYMPTOM: lines "[step loss]" < 8
# DESCRIPTION: a print() inside an overridden train_step, which fit() runs as a traced function, prints only while the step is traced instead of at every batch
"""Watching the loss of each batch from inside a custom train_step."""

import numpy as np
import keras
import tensorflow as tf


class DebugModel(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred)
        print("[step loss]", loss)  # EXPECT: side-effect/print-in-traced-code
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


inputs = keras.Input((3,))
model = DebugModel(inputs, keras.layers.Dense(1)(inputs))
model.compile(optimizer="sgd", loss="mse")
x = np.random.rand(32, 3).astype("float32")
y = np.random.rand(32, 1).astype("float32")
model.fit(x, y, batch_size=8, epochs=2, verbose=0)
