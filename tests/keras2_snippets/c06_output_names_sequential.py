# class: 6
# output_names to key a dict of outputs.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1, name="score", input_shape=(3,))])
print(model.output_names)  # EXPECT
