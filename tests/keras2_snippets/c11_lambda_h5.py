# class: 11
# A Lambda layer saved to .h5 and loaded back (Keras 3 wants safe_mode=False).
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Lambda(lambda x: x * 2)])
model.save("lambda.h5")
restored = tf.keras.models.load_model("lambda.h5")  # EXPECT
print(restored.predict(np.ones((1, 3)), verbose=0).tolist())
