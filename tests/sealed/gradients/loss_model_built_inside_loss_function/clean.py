import numpy as np
import tensorflow as tf

image_shape = (16, 16, 3)


def feature_extractor():
    inputs = tf.keras.Input(shape=image_shape)
    x = tf.keras.layers.Conv2D(8, 3, padding="same", activation="relu", name="block1_conv")(inputs)
    x = tf.keras.layers.Conv2D(8, 3, padding="same", activation="relu", name="block3_conv3")(x)
    return tf.keras.Model(inputs, x)


loss_model = feature_extractor()
loss_model.trainable = False


def l2_loss(y_true, y_pred):
    return tf.reduce_mean((y_pred - y_true) ** 2)


def perceptual_loss(y_true, y_pred):
    return tf.reduce_mean(tf.square(loss_model(y_true) - loss_model(y_pred)))


def perceptual_and_l2_loss(y_true, y_pred):
    return 0.5 * perceptual_loss(y_true, y_pred) + 0.5 * l2_loss(y_true, y_pred)


generator = tf.keras.Sequential([
    tf.keras.Input(shape=image_shape),
    tf.keras.layers.Conv2D(8, 3, padding="same", activation="relu"),
    tf.keras.layers.Conv2D(3, 3, padding="same"),
])
generator.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-4), loss=perceptual_and_l2_loss)
hazy = np.random.rand(8, *image_shape).astype("float32")
clear = np.random.rand(8, *image_shape).astype("float32")
generator.fit(hazy, clear, epochs=1, batch_size=4, verbose=0)
print("trained")
