# SOURCE: http://ddrv.cn/?p=758668
# SYMPTOM: number "nan weights" >= 1
# DESCRIPTION: a custom GPS-distance loss takes tf.sqrt of the squared error, which is exactly zero for samples the model already predicts exactly; the forward pass is fine but the gradient of sqrt at zero is inf*0 = NaN and the weights turn to NaN
import numpy as np
import tensorflow as tf
import keras

rng = np.random.default_rng(0)
features = rng.normal(size=(256, 6)).astype("float32")
# displacement (dx, dy) per step; a vehicle standing still has (0, 0)
offsets = np.maximum(features[:, :2] * 0.5, 0.0).astype("float32")


def gps_distance_loss(y_true, y_pred):
    lx = y_true[:, 0] - y_pred[:, 0]
    ly = y_true[:, 1] - y_pred[:, 1]
    return tf.reduce_mean(tf.sqrt(tf.add(tf.square(lx), tf.square(ly))))  # EXPECT: api-misuse/sqrt-at-zero-gradient-nan


model = keras.Sequential(
    [keras.Input((6,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(2, activation="relu")]
)
model.compile(optimizer=keras.optimizers.Adam(1e-3), loss=gps_distance_loss)
history = model.fit(features, offsets, batch_size=32, epochs=2, verbose=0)
print("loss", history.history["loss"])
nan = sum(int(np.isnan(w).any()) for w in model.get_weights())
print("nan weights", nan)
