import numpy as np
import tensorflow as tf

rng = np.random.default_rng(3)
x = tf.convert_to_tensor(rng.normal(size=100).astype(np.float32))
target = tf.where(x >= 0, 2.0 * tf.math.log(tf.abs(x) + 1e-3), 0.0)
alpha = tf.Variable(1.0, name="alpha", trainable=True)
opt = tf.keras.optimizers.SGD(learning_rate=0.01)

for step in range(5):
    with tf.GradientTape() as t:
        safe_x = tf.where(x > 0, x, tf.ones_like(x))
        s = tf.where(x >= 0, alpha * tf.math.log(safe_x), tf.zeros_like(x))
        loss = tf.reduce_mean(tf.square(s - target))
    grads = t.gradient(loss, [alpha])
    opt.apply_gradients(zip(grads, [alpha]))
    print("step", step, "grad", float(grads[0]))

print("alpha", float(alpha.numpy()))
print("alpha finite", int(np.isfinite(alpha.numpy())))
