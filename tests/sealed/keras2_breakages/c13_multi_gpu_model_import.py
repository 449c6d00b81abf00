# class: 13
# DESCRIPTION: multi_gpu_model imported from tf.keras.utils for data-parallel training (removed in TF 2.4)
# SOURCE: https://github.com/Delta-ML/delta/issues/261
# keras2: tensorflow-cpu==2.3.4
import tensorflow as tf
from tensorflow.keras.utils import multi_gpu_model  # EXPECT

model = tf.keras.Sequential([tf.keras.layers.Dense(2, input_shape=(3,))])
gpus = len(tf.config.list_physical_devices("GPU"))
if gpus > 1:
    model = multi_gpu_model(model, gpus=gpus)
model.compile(optimizer="sgd", loss="mse")
print(model.count_params())
