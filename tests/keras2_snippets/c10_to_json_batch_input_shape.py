# class: 10
# Reading the input shape back from model.to_json().
import json
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
layers = json.loads(model.to_json())["config"]["layers"]
print(layers[0]["config"]["batch_input_shape"])  # EXPECT
