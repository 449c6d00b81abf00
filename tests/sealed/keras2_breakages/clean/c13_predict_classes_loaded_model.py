# class: 13
# DESCRIPTION: (Keras 3 form) predict_classes on a Sequential model reloaded from an .h5 file (removed in TF 2.6)
# SOURCE: https://github.com/keras-team/keras/issues/19888
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(4, 4, 1)),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(3, activation="softmax"),
])
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.save("traffic.keras")
loaded_model = tf.keras.models.load_model("traffic.keras")
image = np.ones((1, 4, 4, 1), "float32")
result_x = np.argmax(loaded_model.predict(image, verbose=0), axis=-1)
print(result_x.shape)
