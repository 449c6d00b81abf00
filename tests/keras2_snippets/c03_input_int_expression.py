# class: 3
# Input(shape=(28 * 28)): parentheses without a comma make an int, which Keras 2 took.
import tensorflow as tf

inputs = tf.keras.Input(shape=(28 * 28))  # EXPECT
print(tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs)).count_params())
