import tensorflow as tf


def forward(a, b):
    """f = a * b"""
    return a * b


params = [tf.Variable(1.0), tf.Variable(2.0)]
target = 6.0
lr = 0.05

for step in range(3):
    with tf.GradientTape() as tape:
        result = forward(*params)
        loss = tf.square(result - target)
    grads = tape.gradient(loss, params)
    print("grads", grads)
    for p, g in zip(params, grads):
        p.assign_sub(lr * g)
    print("step", step, "params", [p.numpy() for p in params])
