# class: 12
# tf.compat.v1.keras.backend.get_session().
import tensorflow as tf

session = tf.compat.v1.keras.backend.get_session()  # EXPECT
print(type(session).__name__)
