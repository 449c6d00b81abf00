# class: 7
# The spatial size of a conv output from shape.as_list().
import tensorflow as tf

inputs = tf.keras.Input((16, 16, 3))
features = tf.keras.layers.Conv2D(8, 3, strides=2, padding="same")(inputs)
_, h, w, c = features.shape.as_list()  # EXPECT
print(h, w, c)
