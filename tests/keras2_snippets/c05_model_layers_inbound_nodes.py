# class: 5
# Walking the graph through layer.inbound_nodes.
import tensorflow as tf

inputs = tf.keras.Input((3,))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(2)(inputs))
for layer in model.layers:
    print(layer.name, len(layer.inbound_nodes))  # EXPECT
