# DESCRIPTION: A CNN whose layer-by-layer output_shape and input_shape are printed as a report
# SOURCE: https://github.com/keras-team/keras/issues/15993
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.layers.Conv2D(4, 3, activation="relu", input_shape=(12, 12, 1)),
    tf.keras.layers.MaxPooling2D(2),
    tf.keras.layers.Conv2D(8, 3, activation="relu"),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(10, activation="softmax"),
])
for layer in model.layers:
    print(layer.name.split("_")[0], layer.input_shape, "->", layer.output_shape)
print("parameters", model.count_params())
