# class: 11
# load_model of a SavedModel folder: Keras 2 wrote and read them; Keras 3 reads .keras/.h5 only.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
model.save("exported")  # EXPECT
restored = tf.keras.models.load_model("exported")  # EXPECT
print(len(restored.weights))
