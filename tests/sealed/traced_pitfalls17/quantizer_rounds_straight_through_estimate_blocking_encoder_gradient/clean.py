# SOURCE: https://github.com/Justin-Tan/generative-compression/issues/51
# SYMPTOM: number "encoder grad norm" < 0.000001
# DESCRIPTION: a soft-to-hard quantizer wraps its straight-through estimate stop_gradient(w_hard - w_soft) + w_soft in tf.round, whose gradient is zero, so no gradient reaches the encoder and it never trains
import tensorflow as tf

encoder_w = tf.Variable(tf.random.stateless_normal([4, 3], seed=[1, 2]))
centers = tf.constant([-2.0, -1.0, 0.0, 1.0, 2.0])


def quantize(w):
    dist = tf.abs(w[..., None] - centers)
    phi_soft = tf.nn.softmax(-dist, axis=-1)
    w_soft = tf.reduce_sum(phi_soft * centers, axis=-1)
    w_hard = tf.gather(centers, tf.argmin(dist, axis=-1))
    return tf.stop_gradient(w_hard - w_soft) + w_soft


x = tf.ones([2, 4])
with tf.GradientTape() as tape:
    w_bar = quantize(tf.matmul(x, encoder_w))
    loss = tf.reduce_sum(tf.square(w_bar - 0.3))
grad = tape.gradient(loss, encoder_w)
print("encoder grad norm", 0.0 if grad is None else float(tf.norm(grad)))
