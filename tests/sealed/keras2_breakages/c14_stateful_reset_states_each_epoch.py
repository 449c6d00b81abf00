# class: 14
# DESCRIPTION: A stateful LSTM trained one epoch at a time with model.reset_states() after each fit
# SOURCE: https://github.com/keras-team/keras/issues/4756
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.layers.LSTM(2, batch_input_shape=(1, 3, 1), stateful=True),
    tf.keras.layers.Dense(1),
])
model.compile(loss="mse", optimizer="adam")
x = np.ones((2, 3, 1), "float32")
for epoch in range(2):
    model.fit(x, np.ones((2, 1)), epochs=1, batch_size=1, verbose=0, shuffle=False)
    model.reset_states()  # EXPECT
print(float(np.abs(model.layers[0].states[0].numpy()).sum()))
