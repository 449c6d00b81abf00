# class: 10
import tensorflow as tf

dense = tf.keras.layers.Dense(2, name="dense")
dense.build((None, 3))
print([w.path for w in dense.weights])
