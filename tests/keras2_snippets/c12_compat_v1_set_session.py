# class: 12
# tf.compat.v1.keras.backend.set_session with a configured session.
import tensorflow as tf

config = tf.compat.v1.ConfigProto()
tf.compat.v1.keras.backend.set_session(tf.compat.v1.Session(config=config))  # EXPECT
print("session set")
