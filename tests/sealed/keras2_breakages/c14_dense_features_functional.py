# class: 14
# DESCRIPTION: tf.keras.layers.DenseFeatures over feature columns in a functional model
# SOURCE: https://github.com/tensorflow/tensorflow/issues/27416
import tensorflow as tf

age = tf.feature_column.numeric_column("age")
fare = tf.feature_column.numeric_column("fare")
feature_layer = tf.keras.layers.DenseFeatures([age, fare])  # EXPECT
inputs = {"age": tf.keras.Input(shape=(1,), name="age"), "fare": tf.keras.Input(shape=(1,), name="fare")}
x = feature_layer(inputs)
out = tf.keras.layers.Dense(1, kernel_initializer="ones")(x)
model = tf.keras.Model(inputs, out)
print(model({"age": tf.constant([[2.0]]), "fare": tf.constant([[3.0]])}).numpy().tolist())
