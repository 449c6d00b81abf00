import numpy as np
import tensorflow as tf

rng = np.random.default_rng(21)
x = rng.normal(size=(256, 6)).astype("float32")
y = (x[:, 0] + 0.5 * x[:, 1] > 0).astype("float32").reshape(-1, 1)


def kappa(y_true, y_pred):
    agree = tf.cast(tf.equal(y_true, tf.round(y_pred)), tf.float32)
    return 2.0 * tf.reduce_mean(agree) - 1.0


model = tf.keras.Sequential([
    tf.keras.Input(shape=(6,)),
    tf.keras.layers.Dense(1, activation="sigmoid", kernel_initializer="zeros"),
])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.1), loss="binary_crossentropy", metrics=[kappa])

reduce_lr = tf.keras.callbacks.ReduceLROnPlateau(monitor="val_kappa", factor=0.2, patience=1, min_lr=1e-5, mode="max")
model.fit(x, y, validation_split=0.25, epochs=6, batch_size=32, callbacks=[reduce_lr], verbose=0)
print("final learning rate", float(model.optimizer.learning_rate.numpy()))
