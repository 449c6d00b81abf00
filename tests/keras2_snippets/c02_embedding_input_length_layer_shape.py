# class: 2
# The output shape of an Embedding layer given input_length.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Embedding(10, 4, input_length=6)])  # EXPECT
print(model.output_shape)
