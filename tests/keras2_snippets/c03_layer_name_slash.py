# class: 3
# Scoped layer names with "/" (block/conv), as TF1 code named them.
import tensorflow as tf

layer = tf.keras.layers.Dense(2, name="block1/dense")  # EXPECT
print(layer.name)
