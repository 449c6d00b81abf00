# DESCRIPTION: A custom training loop with per-example losses (Reduction.NONE) weighted before averaging, tracked by a Mean metric reset every epoch
# SOURCE: https://github.com/keras-team/keras-core/issues/590
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


model = tf.keras.Sequential([tf.keras.layers.Dense(3, input_shape=(5,))])
set_seeded_weights(model, 25)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=tf.keras.losses.Reduction.NONE)
optimizer = tf.keras.optimizers.SGD(learning_rate=0.2)
rng = np.random.RandomState(26)
x = rng.rand(12, 5).astype("float32")
y = rng.randint(0, 3, 12)
weights = np.where(y == 0, 2.0, 1.0).astype("float32")
epoch_loss = tf.keras.metrics.Mean()
for epoch in range(2):
    for start in (0, 6):
        xb, yb, wb = x[start:start + 6], y[start:start + 6], weights[start:start + 6]
        with tf.GradientTape() as tape:
            per_example = loss_fn(yb, model(xb, training=True))
            loss = tf.reduce_sum(per_example * wb) / tf.reduce_sum(wb)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        epoch_loss.update_state(loss)
    print("epoch", epoch, "loss", round(float(epoch_loss.result()), 4))
    epoch_loss.reset_states()
