# class: 1
# DESCRIPTION: (Keras 3 form) compile(..., experimental_run_tf_function=False), as Horovod's examples advised for a wrapped optimizer
# SOURCE: https://github.com/horovod/horovod/issues/3656
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2)])
opt = tf.keras.optimizers.Adam(0.001 * 2)
model.compile(loss=tf.keras.losses.MeanSquaredError(), optimizer=opt, metrics=["mae"])
print(model.loss.__class__.__name__)
