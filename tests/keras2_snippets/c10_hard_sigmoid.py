# class: 10
# hard_sigmoid's formula changed from 0.2x+0.5 to x/6+0.5.
import tensorflow as tf

print(float(tf.keras.activations.hard_sigmoid(tf.constant(1.0))))  # EXPECT
