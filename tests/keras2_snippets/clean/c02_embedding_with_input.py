# class: 2
import tensorflow as tf

model = tf.keras.Sequential(
    [
        tf.keras.Input((5,)),
        tf.keras.layers.Embedding(100, 8),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(1),
    ]
)
print(model.count_params())
