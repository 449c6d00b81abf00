# class: 14
# DESCRIPTION: (Keras 3 form) DenseFeatures over a numeric and an indicator column, fed a dict dataset
# SOURCE: https://github.com/tensorflow/tensorflow/issues/40707
import tensorflow as tf

lookup = tf.keras.layers.StringLookup(vocabulary=["red", "blue"], output_mode="one_hot", num_oov_indices=0)
price = tf.keras.Input(shape=(1,), name="price")
color = tf.keras.Input(shape=(1,), name="color", dtype="string")
features = tf.keras.layers.Concatenate()([price, tf.keras.layers.Flatten()(lookup(color))])
model = tf.keras.Model({"price": price, "color": color}, tf.keras.layers.Dense(1, kernel_initializer="ones")(features))
batch = {"price": tf.constant([[2.0]]), "color": tf.constant([["blue"]])}
print(model(batch).numpy().tolist())
