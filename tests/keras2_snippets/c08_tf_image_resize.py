# class: 8
# tf.image.resize on a feature map in a U-Net decoder.
import tensorflow as tf

inputs = tf.keras.Input((8, 8, 3))
x = tf.keras.layers.Conv2D(4, 3, padding="same")(inputs)
up = tf.image.resize(x, (16, 16))  # EXPECT
print(tf.keras.Model(inputs, up).output_shape)
