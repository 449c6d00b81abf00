# class: 10
# Weight names like "dense/kernel:0", parsed to map checkpoints.
import tensorflow as tf

dense = tf.keras.layers.Dense(2, name="dense")
dense.build((None, 3))
print([w.name.split("/")[0] for w in dense.weights])  # EXPECT
