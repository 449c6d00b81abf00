# class: 10
# history.history["lr"], logged by ReduceLROnPlateau.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(tf.keras.optimizers.SGD(0.1), "mse")
history = model.fit(
    np.ones((4, 3)), np.ones((4, 1)), epochs=2, verbose=0,
    callbacks=[tf.keras.callbacks.ReduceLROnPlateau(monitor="loss")],
)
print([round(float(v), 3) for v in history.history["lr"]])  # EXPECT
