# class: 13
# DESCRIPTION: OneDeviceStrategy.experimental_run_v2 in a model's prediction step (removed in TF 2.4)
# SOURCE: https://github.com/intel/dffml/issues/953
# keras2: tensorflow-cpu==2.3.4
import numpy as np
import tensorflow as tf

strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,), kernel_initializer="ones")])


def predict_step(x):
    return model(x, training=False)


out = strategy.experimental_run_v2(predict_step, args=(tf.constant(np.ones((1, 2), "float32")),))  # EXPECT
print(out.numpy().tolist())
