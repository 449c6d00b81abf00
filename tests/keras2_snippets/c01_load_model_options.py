# class: 1
# load_model(..., options=tf.saved_model.LoadOptions(...)) for loading on another device.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.save("m.h5")
options = tf.saved_model.LoadOptions(experimental_io_device="/job:localhost")
restored = tf.keras.models.load_model("m.h5", options=options)  # EXPECT
print(len(restored.layers))
