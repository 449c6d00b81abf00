# class: 14
# DESCRIPTION: DenseFeatures over a numeric and an indicator column, fed a dict dataset
# SOURCE: https://github.com/tensorflow/tensorflow/issues/40707
import tensorflow as tf

price = tf.feature_column.numeric_column("price")
color = tf.feature_column.indicator_column(
    tf.feature_column.categorical_column_with_vocabulary_list("color", ["red", "blue"]))
model = tf.keras.Sequential([
    tf.keras.layers.DenseFeatures([price, color]),  # EXPECT
    tf.keras.layers.Dense(1, kernel_initializer="ones"),
])
batch = {"price": tf.constant([[2.0]]), "color": tf.constant([["blue"]])}
print(model(batch).numpy().tolist())
