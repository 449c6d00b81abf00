# class: 4
# model.save(path, True, False): overwrite, include_optimizer in Keras 2.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("adam", "mse")
model.save("m.keras", True, False)  # EXPECT
print(len(tf.keras.models.load_model("m.keras").layers))
