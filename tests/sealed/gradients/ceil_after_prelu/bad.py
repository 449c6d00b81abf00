# SOURCE: https://github.com/keras-team/keras/issues/15716
# SYMPTOM: number "alpha_change" < 0.000001
# DESCRIPTION: a ceiling op after an activation layer stops the gradient, so the layers before it never train
import numpy as np
import tensorflow as tf

prelu = tf.keras.layers.PReLU(alpha_initializer=tf.keras.initializers.Constant(0.25))
model = tf.keras.Sequential([
    tf.keras.Input(shape=(6,)),
    tf.keras.layers.Dense(8),
    prelu,
    tf.keras.layers.Lambda(lambda t: tf.math.ceil(t)),  # EXPECT: api-misuse/non-differentiable-op
    tf.keras.layers.Dense(1),
])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss="mse")
x = np.random.randn(64, 6).astype("float32")
y = np.random.randn(64, 1).astype("float32")
before = prelu.alpha.numpy().copy()
model.fit(x, y, epochs=2, batch_size=16, verbose=0)
print("alpha_change", f"{np.abs(prelu.alpha.numpy() - before).max():.8f}")
