# DESCRIPTION: A custom training step with LossScaleOptimizer.get_scaled_loss and get_unscaled_gradients
# SOURCE: https://github.com/horovod/horovod/issues/2989
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu", input_shape=(3,)), tf.keras.layers.Dense(1)])
set_seeded_weights(model, 40)
optimizer = tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.SGD(learning_rate=0.1))
rng = np.random.RandomState(41)
x = rng.rand(8, 3).astype("float32")
y = x.sum(axis=1, keepdims=True)
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
        scaled_loss = optimizer.get_scaled_loss(loss)
    scaled_gradients = tape.gradient(scaled_loss, model.trainable_variables)
    gradients = optimizer.get_unscaled_gradients(scaled_gradients)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    print("step", step, "loss", round(float(loss), 4))
