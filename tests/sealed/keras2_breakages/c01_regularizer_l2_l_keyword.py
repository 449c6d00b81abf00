# class: 1
# DESCRIPTION: tf.keras.regularizers.l2(l=0.00004), the old keyword of the L2 factor
# SOURCE: https://github.com/gsethi2409/tf-pose-estimation/issues/23
import tensorflow as tf

_l2_regularizer_00004 = tf.keras.regularizers.l2(l=0.00004)  # EXPECT
layer = tf.keras.layers.Conv2D(2, 3, kernel_regularizer=_l2_regularizer_00004, kernel_initializer="ones")
layer(tf.ones((1, 5, 5, 1)))
print(round(float(tf.add_n(layer.losses)), 6))
