# class: 1
# DESCRIPTION: compile(..., experimental_run_tf_function=False), as Horovod's examples advised for a wrapped optimizer
# SOURCE: https://github.com/horovod/horovod/issues/3656
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
opt = tf.keras.optimizers.Adam(0.001 * 2)
model.compile(loss=tf.keras.losses.MeanSquaredError(), optimizer=opt, metrics=["mae"], experimental_run_tf_function=False)  # EXPECT
print(model.loss.__class__.__name__)
