# SOURCE: https://github.com/keras-team/keras/issues/14241
# SYMPTOM: distinct "scale" < 3
# DESCRIPTION: a Lambda layer divides by a module-level Python number that the training loop lowers every iteration, but the compiled train and predict functions read the number once while tracing
"""A model whose Lambda layer scales activations by a hand-decayed rate."""

import numpy as np
import tensorflow as tf

lr = 1.0

inputs = tf.keras.Input((4,))
hidden = tf.keras.layers.Dense(4, kernel_initializer="ones")(inputs)
outputs = tf.keras.layers.Lambda(lambda x: x / lr)(hidden)  # EXPECT: stale-capture/global-rebound-after-trace
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="mse")

x = np.ones((8, 4), "float32")
y = np.ones((8, 4), "float32")
for epoch in range(3):
    lr = lr / 2
    model.train_on_batch(x, y)
    probe = model.predict_on_batch(np.ones((1, 4), "float32"))
    dense = model.layers[1](tf.ones((1, 4)))
    print("scale", round(float(probe[0, 0] / dense[0, 0]), 3))
