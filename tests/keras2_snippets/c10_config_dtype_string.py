# class: 10
# A layer config's dtype compared with a string.
import tensorflow as tf

config = tf.keras.layers.Dense(2).get_config()
print(config["dtype"] == "float32")  # EXPECT
