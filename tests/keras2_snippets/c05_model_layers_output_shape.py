# class: 5
# output_shape of the last of model.layers.
import tensorflow as tf

inputs = tf.keras.Input((3,))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs))
print(model.layers[-1].output_shape)  # EXPECT
