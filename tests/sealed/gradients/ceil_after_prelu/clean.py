import numpy as np
import tensorflow as tf


@tf.custom_gradient
def ceil_straight_through(t):
    def grad(upstream):
        return upstream

    return tf.math.ceil(t), grad


prelu = tf.keras.layers.PReLU(alpha_initializer=tf.keras.initializers.Constant(0.25))
model = tf.keras.Sequential([
    tf.keras.Input(shape=(6,)),
    tf.keras.layers.Dense(8),
    prelu,
    tf.keras.layers.Lambda(ceil_straight_through),
    tf.keras.layers.Dense(1),
])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss="mse")
x = np.random.randn(64, 6).astype("float32")
y = np.random.randn(64, 1).astype("float32")
before = prelu.alpha.numpy().copy()
model.fit(x, y, epochs=2, batch_size=16, verbose=0)
print("alpha_change", f"{np.abs(prelu.alpha.numpy() - before).max():.8f}")
