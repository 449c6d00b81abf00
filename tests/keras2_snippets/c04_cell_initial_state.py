# class: 4
# get_initial_state(inputs=None, batch_size=..., dtype=...) on an RNN cell.
import tensorflow as tf

cell = tf.keras.layers.LSTMCell(4)
state = cell.get_initial_state(batch_size=2, dtype=tf.float32)  # EXPECT
print([s.shape for s in state])
