# class: 7
# x.type_spec of a Keras tensor, to build a tf.function signature.
import tensorflow as tf

inputs = tf.keras.Input((5,))
print(inputs.type_spec.shape)  # EXPECT
