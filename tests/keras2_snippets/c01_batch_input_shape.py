# class: 1
# batch_input_shape= for a stateful RNN's first layer.
import tensorflow as tf

model = tf.keras.Sequential(
    [
        tf.keras.layers.LSTM(4, stateful=True, batch_input_shape=(2, 5, 3)),  # EXPECT
        tf.keras.layers.Dense(1),
    ]
)
print(model.count_params())
