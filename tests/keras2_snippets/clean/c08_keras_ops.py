# class: 8
import keras
import tensorflow as tf

a = tf.keras.Input((3,))
b = tf.keras.Input((2,))
merged = keras.ops.concatenate([a, b], axis=-1)
expanded = keras.ops.expand_dims(merged, -1)
model = tf.keras.Model([a, b], tf.keras.layers.Flatten()(expanded))
print(model.output_shape)
