# SOURCE: https://github.com/tensorflow/tensorflow/issues/38887
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a tf.function indexes a module-level NumPy array with a tensor argument, which needs the symbolic index as a NumPy value while tracing
import numpy as np
import tensorflow as tf

npArray = np.random.default_rng(0).uniform(0, 10000, size=200)


@tf.function
def myFunc(tensorValue):
    return npArray[tensorValue]  # EXPECT: graph-incompatible/numpy-indexed-by-symbolic-tensor


print("value", float(myFunc(tf.convert_to_tensor(3))))
