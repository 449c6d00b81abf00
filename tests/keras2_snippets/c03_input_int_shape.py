# class: 3
# Input(shape=3): Keras 2 took an int for a 1-D shape.
import tensorflow as tf

inputs = tf.keras.Input(shape=3)  # EXPECT
print(tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs)).count_params())
