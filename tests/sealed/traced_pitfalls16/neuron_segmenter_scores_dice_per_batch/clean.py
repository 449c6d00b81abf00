import numpy as np
import tensorflow as tf

rng = np.random.default_rng(4)
images = rng.normal(size=(32, 16, 16, 1)).astype("float32")
masks = np.zeros((32, 16, 16, 1), "float32")
for n in range(32):
    side = 2 + (n % 8) * 2
    masks[n, :side, :side, 0] = 1.0
images += 1.5 * masks


def dice_coef(y_true, y_pred, smooth=1.0):
    y_true_f = tf.reshape(y_true, [-1])
    y_pred_f = tf.reshape(y_pred, [-1])
    intersection = tf.reduce_sum(y_true_f * y_pred_f)
    return (2.0 * intersection + smooth) / (tf.reduce_sum(y_true_f) + tf.reduce_sum(y_pred_f) + smooth)


model = tf.keras.Sequential([
    tf.keras.Input(shape=(16, 16, 1)),
    tf.keras.layers.Conv2D(1, 1, activation="sigmoid", kernel_initializer=tf.keras.initializers.Constant(2.0), bias_initializer=tf.keras.initializers.Constant(-1.0)),
])
model.compile(optimizer="adam", loss="binary_crossentropy")

predicted = model.predict(images, batch_size=4, verbose=0)
overall = float(dice_coef(tf.constant(masks), tf.constant(predicted)))
print("whole-set dice", overall)
print("dice gap", abs(overall - float(dice_coef(tf.constant(masks), tf.constant(predicted)))))
