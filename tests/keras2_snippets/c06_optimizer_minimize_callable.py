# class: 6
# optimizer.minimize(loss_fn, var_list) with a zero-argument callable loss.
import tensorflow as tf

v = tf.Variable(2.0)
opt = tf.keras.optimizers.SGD(0.1)
opt.minimize(lambda: v * v, var_list=[v])  # EXPECT
print(round(float(v.numpy()), 4))
