# class: 6
# A custom training loop scaling the loss by hand with Keras 2's LossScaleOptimizer API.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.layers[0].set_weights([np.full((3, 1), 0.5, "float32"), np.zeros(1, "float32")])
optimizer = tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.SGD(0.1))
x = np.arange(12, dtype="float32").reshape(4, 3) / 10
y = np.ones((4, 1), "float32")


@tf.function
def step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
        scaled_loss = optimizer.get_scaled_loss(loss)  # EXPECT
    scaled_grads = tape.gradient(scaled_loss, model.trainable_variables)
    grads = optimizer.get_unscaled_gradients(scaled_grads)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for _ in range(3):
    print(round(float(step(x, y)), 6))
print(model.layers[0].get_weights()[0].ravel().round(6).tolist())
