# class: 13
# DESCRIPTION: predict_classes on a Sequential model reloaded from an .h5 file (removed in TF 2.6)
# SOURCE: https://github.com/keras-team/keras/issues/19888
# keras2: tensorflow-cpu==2.5.3
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.layers.Flatten(input_shape=(4, 4, 1)),
    tf.keras.layers.Dense(3, activation="softmax"),
])
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.save("traffic.h5")
loaded_model = tf.keras.models.load_model("traffic.h5")
image = np.ones((1, 4, 4, 1), "float32")
result_x = loaded_model.predict_classes(image)  # EXPECT
print(result_x.shape)
