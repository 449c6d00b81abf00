import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
x = rng.normal(size=(16, 4)).astype("float32")
y = rng.normal(size=(16, 3)).astype("float32")
y[:4] = 0.0  # some samples have no displacement at all

layer = tf.keras.layers.Dense(3, kernel_initializer="zeros", bias_initializer="zeros")
layer.build((None, 4))
opt = tf.keras.optimizers.SGD(learning_rate=0.05)


def residual_loss(pred, target):
    sq = tf.reduce_sum(tf.square(pred - target), axis=1)
    return tf.reduce_mean(tf.sqrt(sq + 1e-12))


for step in range(5):
    with tf.GradientTape() as tape:
        loss = residual_loss(layer(x), y)
    grads = tape.gradient(loss, layer.trainable_variables)
    opt.apply_gradients(zip(grads, layer.trainable_variables))
    print("step", step, "loss", float(loss))

w = layer.kernel.numpy()
print("weights finite", int(np.all(np.isfinite(w))))
