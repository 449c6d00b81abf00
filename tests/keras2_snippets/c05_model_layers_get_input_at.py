# class: 5
# get_input_at(0) on each of model.layers.
import tensorflow as tf

inputs = tf.keras.Input((3,))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs))
for layer in model.layers[1:]:
    print(layer.get_input_at(0).shape)  # EXPECT
