# class: 1
import tensorflow as tf

v = tf.Variable(1.0)
opt = tf.keras.optimizers.SGD(0.1)
with tf.GradientTape() as tape:
    loss = v * v
grads = tape.gradient(loss, [v])
opt.apply_gradients(zip(grads, [v]))
print(float(v.numpy()))
