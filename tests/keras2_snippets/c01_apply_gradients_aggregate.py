# class: 1
# apply_gradients(experimental_aggregate_gradients=False), used with custom all-reduce.
import tensorflow as tf

v = tf.Variable(1.0)
opt = tf.keras.optimizers.SGD(0.1)
with tf.GradientTape() as tape:
    loss = v * v
grads = tape.gradient(loss, [v])
opt.apply_gradients(zip(grads, [v]), experimental_aggregate_gradients=False)  # EXPECT
print(float(v.numpy()))
