# class: 13
# DESCRIPTION: predict_classes on a one-unit sigmoid classifier (removed in TF 2.6)
# SOURCE: https://github.com/keras-team/keras/issues/15838
# keras2: tensorflow-cpu==2.5.3
import numpy as np
import tensorflow as tf

x = np.linspace(-1, 1, 24, dtype="float32").reshape(8, 3)
model = tf.keras.Sequential([tf.keras.layers.Dense(1, activation="sigmoid", input_shape=(3,))])
model.set_weights([np.ones((3, 1), "float32"), np.zeros(1, "float32")])
model.compile(optimizer="adam", loss="binary_crossentropy")
classes = model.predict_classes(x)  # EXPECT
print(classes.ravel().tolist())
