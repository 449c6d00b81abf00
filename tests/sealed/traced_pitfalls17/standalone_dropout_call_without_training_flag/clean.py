# SOURCE: https://github.com/tensorflow/tensorflow/issues/30301
# SYMPTOM: number "zeroed" < 1
# DESCRIPTION: a dropout layer is applied to a tensor outside fit without training=True, so it runs in inference mode and returns its input unchanged instead of dropping units
import tensorflow as tf
import keras

keras.utils.set_random_seed(0)
x = tf.ones([4, 4])
drop = keras.layers.Dropout(0.5)
y = drop(x, training=True)
print("zeroed", int(tf.reduce_sum(tf.cast(tf.equal(y, 0.0), tf.int32))))
