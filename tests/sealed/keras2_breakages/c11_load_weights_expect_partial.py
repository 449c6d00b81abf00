# class: 11
# DESCRIPTION: save_weights to a TF checkpoint prefix, then load_weights(...).expect_partial() to silence warnings
# SOURCE: https://github.com/OHBA-analysis/osl-dynamics/pull/33
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
model.compile(optimizer="adam", loss="mse")
model.fit(np.ones((2, 3), "float32"), np.ones((2, 2), "float32"), verbose=0)
model.save_weights("weights/model")  # EXPECT
restored = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
restored.load_weights("weights/model").expect_partial()  # EXPECT
print(all(np.allclose(a, b) for a, b in zip(model.get_weights(), restored.get_weights())))
