# class: 5
# model.get_layer(...).get_output_at(0) for a feature extractor.
import tensorflow as tf

inputs = tf.keras.Input((3,))
hidden = tf.keras.layers.Dense(4, name="hidden")(inputs)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(hidden))
features = tf.keras.Model(inputs, model.get_layer("hidden").get_output_at(0))  # EXPECT
print(features.output_shape)
