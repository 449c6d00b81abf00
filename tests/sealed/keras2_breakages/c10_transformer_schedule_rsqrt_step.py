# class: 10
# DESCRIPTION: The Transformer warm-up schedule calling tf.math.rsqrt(step) on the optimizer's integer step
# SOURCE: https://github.com/ukairia777/tensorflow-transformer/issues/1
# keras2: tensorflow-cpu==2.10.1
import tensorflow as tf


class CustomSchedule(tf.keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, d_model, warmup_steps=4000):
        super(CustomSchedule, self).__init__()
        self.d_model = tf.cast(d_model, tf.float32)
        self.warmup_steps = warmup_steps

    def __call__(self, step):
        arg1 = tf.math.rsqrt(step)  # EXPECT
        arg2 = step * (self.warmup_steps ** -1.5)
        return tf.math.rsqrt(self.d_model) * tf.math.minimum(arg1, arg2)


optimizer = tf.keras.optimizers.Adam(CustomSchedule(128), beta_1=0.9, beta_2=0.98, epsilon=1e-9)
v = tf.Variable([1.0, 2.0])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(v * v)
optimizer.apply_gradients([(tape.gradient(loss, v), v)])
print([round(x, 6) for x in v.numpy().tolist()])
