# class: 1
# regularizers.l2(l=...): Keras 2 read `l` out of **kwargs as another name of `l2`.
import numpy as np
import tensorflow as tf

reg = tf.keras.regularizers.l2(l=0.5)  # EXPECT
print(float(reg(np.ones((2, 2), "float32"))))
