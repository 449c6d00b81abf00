# SOURCE: https://github.com/tensorflow/tensorflow/issues/12071
# SYMPTOM: number "weights finite" < 1
# DESCRIPTION: a displacement regressor minimizes the Euclidean norm of its residual with tf.norm, whose gradient is NaN where a residual is exactly zero, so one exact sample turns every weight into NaN
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
    return tf.reduce_mean(tf.norm(pred - target, axis=1))  # EXPECT: api-misuse/norm-gradient-nan-at-zero


for step in range(5):
    with tf.GradientTape() as tape:
        loss = residual_loss(layer(x), y)
    grads = tape.gradient(loss, layer.trainable_variables)
    opt.apply_gradients(zip(grads, layer.trainable_variables))
    print("step", step, "loss", float(loss))

w = layer.kernel.numpy()
print("weights finite", int(np.all(np.isfinite(w))))
