# SOURCE: https://github.com/tensorflow/tensorflow/issues/35949
# SYMPTOM: raises AttributeError
# DESCRIPTION: to watch the activity-regularisation penalties during fit, a LambdaCallback tf.prints model.losses before each batch; those losses are the symbolic tensors left behind by the traced train step, so printing them outside the graph fails
"""Watch activity-regularisation penalties of a small regression model while it trains."""

import numpy as np
import tensorflow as tf
from tensorflow import keras


def get_model():
    inp = keras.layers.Input(shape=(1,))
    x = keras.layers.Dense(8, activity_regularizer=keras.regularizers.l1(0.01))(inp)
    x = keras.layers.Dense(16, activity_regularizer=keras.regularizers.l1(0.01))(x)
    out = keras.layers.Dense(1)(x)
    return keras.Model(inputs=inp, outputs=out)


my_model = get_model()
my_model.compile(optimizer="adam", loss="mse")

my_callback = keras.callbacks.LambdaCallback(
    on_batch_begin=lambda batch, logs: tf.print(my_model.losses)  # EXPECT: leaked-tensor/model-losses-read-outside-traced-step
)

x = np.random.rand(64, 1).astype("float32")
y = 2.0 * x + 1.0
history = my_model.fit(x, y, epochs=1, batch_size=16, callbacks=[my_callback], verbose=0)
print("[loss]", history.history["loss"][-1])
