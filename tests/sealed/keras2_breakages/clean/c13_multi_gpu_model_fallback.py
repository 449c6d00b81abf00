# class: 13
# DESCRIPTION: (Keras 3 form) tf.keras.utils.multi_gpu_model in a try/except that falls back to one device (removed in TF 2.4)
# SOURCE: https://github.com/keras-team/keras/issues/11408
import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()
with strategy.scope():
    model = tf.keras.Sequential()
    model.add(tf.keras.Input(shape=(16,)))
    model.add(tf.keras.layers.Dense(32))
    model.add(tf.keras.layers.Activation("relu"))
    model.compile(optimizer="sgd", loss="mse")
print(model.count_params())
