import numpy as np
import tensorflow as tf

X = np.linspace(0.1, 1.0, 20)[:, None]
Y = np.sin(6 * X) + 0.1 * np.random.randn(20, 1)


class Brownian:
    def __init__(self):
        self._h_raw = tf.Variable(0.5, dtype=tf.float64)

    @property
    def H(self):
        return 0.5 * tf.sigmoid(self._h_raw) + 0.25

    def K(self, x, X2=None):
        if X2 is None:
            X2 = x
        v = (tf.abs(x)) ** (2 * self.H) + (tf.abs(tf.transpose(X2))) ** (2 * self.H) - (tf.abs(x - tf.transpose(X2))) ** (2 * self.H)
        return 0.5 * v

    @property
    def trainable_variables(self):
        return [self._h_raw]


kernel = Brownian()
opt = tf.optimizers.Adam(0.05)


@tf.function
def training_step():
    with tf.GradientTape() as tape:
        K = kernel.K(X) + 0.01 * tf.eye(20, dtype=tf.float64)
        L = tf.linalg.cholesky(K)
        alpha = tf.linalg.cholesky_solve(L, Y)
        loss = 0.5 * tf.reduce_sum(Y * alpha) + tf.reduce_sum(tf.math.log(tf.linalg.diag_part(L)))
    grads = tape.gradient(loss, kernel.trainable_variables)
    opt.apply_gradients(zip(grads, kernel.trainable_variables))
    return loss


for i in range(5):
    print("loss", float(training_step()))
print("H", float(kernel.H))
