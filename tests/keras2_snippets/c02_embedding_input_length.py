# class: 2
# Embedding(input_length=...) built the Sequential model in Keras 2; Keras 3 ignores it.
import tensorflow as tf

model = tf.keras.Sequential(
    [
        tf.keras.layers.Embedding(100, 8, input_length=5),  # EXPECT
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(1),
    ]
)
print(model.count_params())
