# class: 5
# outbound_nodes of model.layers[0] to find its consumers.
import tensorflow as tf

inputs = tf.keras.Input((3,))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs))
print(len(model.layers[0].outbound_nodes))  # EXPECT
