"""The fix: change the optimizer's own learning-rate variable, which the graph reads on every call."""

import tensorflow as tf

optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
w = tf.Variable(0.0)


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = (w - 10.0) ** 2
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))
    return loss


train_step()
optimizer.learning_rate = 0.0  # stop training: the weight should no longer move
before = float(w.numpy())
for step in range(3):
    train_step()
print("moved_after_zero_lr", abs(float(w.numpy()) - before))
