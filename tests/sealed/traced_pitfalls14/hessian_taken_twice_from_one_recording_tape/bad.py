# SOURCE: https://github.com/tensorflow/tensorflow/issues/45234
# SYMPTOM: number "hessian abs sum" < 0.000001
# DESCRIPTION: the Hessian of an embedding network is computed by calling batch_jacobian twice on one persistent tape after its context closed, so the first Jacobian was never recorded and the second derivative comes back as all zeros
import tensorflow as tf

tf.random.set_seed(1)
model = tf.keras.Sequential([
    tf.keras.Input((2,)),
    tf.keras.layers.Dense(8, activation="tanh"),
    tf.keras.layers.Dense(2),
])
x = tf.random.normal((4, 2))

with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = model(x)
grads = tape.batch_jacobian(y, x)
hessian = tape.batch_jacobian(grads, x)  # EXPECT: api-misuse/second-derivative-from-unrecorded-gradient
del tape
print("hessian shape", hessian.shape)
print("hessian abs sum", float(tf.reduce_sum(tf.abs(hessian))))
