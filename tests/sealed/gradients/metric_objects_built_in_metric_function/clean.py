import numpy as np
import tensorflow as tf


def mean_iou(y_true, y_pred):
    prec = []
    for t in np.arange(0.5, 1.0, 0.05):
        y_pred_ = tf.cast(y_pred > t, tf.float32)
        intersection = tf.reduce_sum(y_true * y_pred_)
        union = tf.reduce_sum(y_true) + tf.reduce_sum(y_pred_) - intersection
        prec.append((intersection + 1e-7) / (union + 1e-7))
    return tf.reduce_mean(tf.stack(prec))


model = tf.keras.Sequential([
    tf.keras.Input(shape=(16, 16, 1)),
    tf.keras.layers.Conv2D(4, 3, padding="same", activation="relu"),
    tf.keras.layers.Conv2D(1, 1, activation="sigmoid"),
])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-3), loss="binary_crossentropy", metrics=[mean_iou])
x = np.random.rand(8, 16, 16, 1).astype("float32")
y = (np.random.rand(8, 16, 16, 1) > 0.5).astype("float32")
model.fit(x, y, epochs=1, batch_size=4, verbose=0)
print("trained")
