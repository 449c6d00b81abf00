# class: 13
# tf.keras.wrappers.scikit_learn (to TF 2.12; SciKeras replaces it).
import tensorflow as tf


def build():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile(optimizer="sgd", loss="mse")
    return model


regressor = tf.keras.wrappers.scikit_learn.KerasRegressor(build_fn=build, epochs=1)  # EXPECT
print(type(regressor).__name__)
