# class: 10
# get_config()["batch_input_shape"] of an InputLayer.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
config = model.get_config()
print(config["layers"][0]["config"]["batch_input_shape"])  # EXPECT
