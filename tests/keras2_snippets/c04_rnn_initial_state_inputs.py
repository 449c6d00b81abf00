# class: 4
# RNN.get_initial_state(inputs): Keras 3 takes a batch size.
import tensorflow as tf

gru = tf.keras.layers.GRU(3)
inputs = tf.ones((2, 5, 4))
state = gru.get_initial_state(inputs)  # EXPECT
print([s.shape for s in state])
