# class: 4
# get_initial_state(None, batch, dtype) positionally on a GRU cell.
import tensorflow as tf

cell = tf.keras.layers.GRUCell(3)
print([s.shape for s in tf.nest.flatten(cell.get_initial_state(None, 2, tf.float32))])  # EXPECT
