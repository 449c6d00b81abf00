import tensorflow as tf

tf.random.set_seed(1)
model = tf.keras.Sequential([
    tf.keras.Input((2,)),
    tf.keras.layers.Dense(8, activation="tanh"),
    tf.keras.layers.Dense(2),
])
x = tf.random.normal((4, 2))

with tf.GradientTape(persistent=True) as outer:
    outer.watch(x)
    with tf.GradientTape(persistent=True) as inner:
        inner.watch(x)
        y = model(x)
    grads = inner.batch_jacobian(y, x)
hessian = outer.batch_jacobian(grads, x)
del inner, outer
print("hessian shape", hessian.shape)
print("hessian abs sum", float(tf.reduce_sum(tf.abs(hessian))))
