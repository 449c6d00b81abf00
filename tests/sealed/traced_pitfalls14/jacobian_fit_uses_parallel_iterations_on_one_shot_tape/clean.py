import tensorflow as tf

tf.random.set_seed(0)
hidden = tf.keras.layers.Dense(16, activation="tanh")
head = tf.keras.layers.Dense(4)


def net(inputs):
    return head(hidden(inputs))

x = tf.random.normal((32, 3))

with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = net(x)
jac = tape.batch_jacobian(y, x, parallel_iterations=2)
del tape
print("jacobian shape", jac.shape)

# reference: one example at a time, each with its own tape
rows = []
for i in range(x.shape[0]):
    xi = x[i : i + 1]
    with tf.GradientTape() as t1:
        t1.watch(xi)
        yi = net(xi)
    rows.append(t1.jacobian(yi, xi)[0, :, 0, :])
ref = tf.stack(rows)
print("jacobian mismatch", float(tf.reduce_max(tf.abs(jac - ref))))
