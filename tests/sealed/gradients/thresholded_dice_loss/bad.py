# SOURCE: https://github.com/j-c-carr/lightcones/issues/21
# SYMPTOM: raises ValueError
# DESCRIPTION: a dice loss thresholds the predictions with a comparison and a cast, which stops every gradient
import numpy as np
import tensorflow as tf


def dice_loss(threshold=0.5):
    def loss(y_true, y_pred):
        y_pred = tf.cast(y_pred > threshold, tf.float32)  # EXPECT: api-misuse/non-differentiable-op
        intersection = tf.reduce_sum(y_true * y_pred)
        return 1.0 - (2.0 * intersection + 1.0) / (tf.reduce_sum(y_true) + tf.reduce_sum(y_pred) + 1.0)

    return loss


model = tf.keras.Sequential([
    tf.keras.Input(shape=(8, 8, 8, 1)),
    tf.keras.layers.Conv3D(4, 3, padding="same", activation="relu"),
    tf.keras.layers.Conv3D(1, 1, activation="sigmoid"),
])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-3), loss=dice_loss(threshold=0.5))
x = np.random.rand(4, 8, 8, 8, 1).astype("float32")
y = (np.random.rand(4, 8, 8, 8, 1) > 0.5).astype("float32")
model.fit(x, y, epochs=1, batch_size=2, verbose=0)
print("trained")
