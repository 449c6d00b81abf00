# SOURCE: https://github.com/tensorflow/tensorflow/issues/31323
# SYMPTOM: number "moved_after_zero_lr" >= 0.01
# DESCRIPTION: an optimizer's learning rate is a callable returning a Python global; inside a tf.function it is called once while tracing, so later changes to the global are ignored
"""A hand-rolled learning-rate schedule through a callable that reads a module-level float."""

import tensorflow as tf

lr = 0.1
optimizer = tf.keras.optimizers.SGD(learning_rate=lambda: lr)  # EXPECT: stale-capture/global-read-by-traced-callable
w = tf.Variable(0.0)


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = (w - 10.0) ** 2
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))
    return loss


train_step()
lr = 0.0  # stop training: the weight should no longer move
before = float(w.numpy())
for step in range(3):
    train_step()
print("moved_after_zero_lr", abs(float(w.numpy()) - before))
