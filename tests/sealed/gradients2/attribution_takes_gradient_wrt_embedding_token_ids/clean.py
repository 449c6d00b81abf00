import tensorflow as tf
import keras

embedding = keras.layers.Embedding(10, 4)
head = keras.Sequential([keras.Input((5, 4)), keras.layers.Flatten(), keras.layers.Dense(1)])
ids = tf.constant([[1, 4, 2, 7, 3]])

embedded = embedding(ids)
with tf.GradientTape() as tape:
    tape.watch(embedded)
    output = head(embedded)
grads = tape.gradient(output, embedded)
print("none_grads", int(grads is None))
