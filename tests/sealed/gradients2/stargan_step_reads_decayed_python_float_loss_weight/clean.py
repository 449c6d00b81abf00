import numpy as np
import tensorflow as tf
import keras

generator = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4)])
g_optimizer = keras.optimizers.Adam(1e-3)


class StarGAN:
    def __init__(self):
        self.ds_weight = tf.Variable(1.0, trainable=False)
        self.ds_weight_decay = 0.25

    @tf.function
    def g_train(self, x, z1, z2):
        with tf.GradientTape() as tape:
            fake1 = generator(x + z1)
            fake2 = generator(x + z2)
            g_adv = tf.reduce_mean(tf.square(fake1))
            g_ds = tf.reduce_mean(tf.abs(fake1 - fake2))
            g_loss = g_adv - self.ds_weight * g_ds
        grads = tape.gradient(g_loss, generator.trainable_variables)
        g_optimizer.apply_gradients(zip(grads, generator.trainable_variables))
        return tf.identity(self.ds_weight)


gan = StarGAN()
x = tf.constant(np.random.rand(8, 4), tf.float32)
for step in range(3):
    z1, z2 = tf.random.normal((8, 4)), tf.random.normal((8, 4))
    used = gan.g_train(x, z1, z2)
    print("ds_weight_used", float(used))
    gan.ds_weight.assign_sub(gan.ds_weight_decay)
