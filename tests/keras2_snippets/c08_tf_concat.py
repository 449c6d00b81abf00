# class: 8
# tf.concat on Keras tensors in a functional model.
import tensorflow as tf

a = tf.keras.Input((3,))
b = tf.keras.Input((2,))
merged = tf.concat([a, b], axis=-1)  # EXPECT
model = tf.keras.Model([a, b], tf.keras.layers.Dense(1)(merged))
print(model.count_params())
