# class: 13
# DESCRIPTION: (Keras 3 form) multi_gpu_model imported from tf.keras.utils for data-parallel training (removed in TF 2.4)
# SOURCE: https://github.com/Delta-ML/delta/issues/261
import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2)])
    model.compile(optimizer="sgd", loss="mse")
print(model.count_params())
