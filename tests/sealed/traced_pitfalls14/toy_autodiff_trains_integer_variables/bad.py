# SOURCE: https://github.com/tensorflow/tensorflow/issues/26143
# SYMPTOM: raises TypeError
# DESCRIPTION: a toy product model keeps its parameters in tf.Variables built from Python ints, so GradientTape silently returns None gradients for the integer variables and the hand-written SGD update fails
import tensorflow as tf


def forward(a, b):
    """f = a * b"""
    return a * b


params = [tf.Variable(1), tf.Variable(2)]  # EXPECT: api-misuse/integer-variable-differentiated
target = 6.0
lr = 0.05

for step in range(3):
    with tf.GradientTape() as tape:
        result = forward(*params)
        loss = tf.square(tf.cast(result, tf.float32) - target)
    grads = tape.gradient(loss, params)
    print("grads", grads)
    for p, g in zip(params, grads):
        p.assign_sub(lr * g)
    print("step", step, "params", [p.numpy() for p in params])
