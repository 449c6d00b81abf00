# class: 6
# model.state_updates, collected for stateful metrics.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
print(len(model.state_updates))  # EXPECT
