# class: 13
# DESCRIPTION: tf.keras.utils.multi_gpu_model in a try/except that falls back to one device (removed in TF 2.4)
# SOURCE: https://github.com/keras-team/keras/issues/11408
# keras2: tensorflow-cpu==2.3.4
import tensorflow as tf

model = tf.keras.Sequential()
model.add(tf.keras.layers.Dense(32, input_dim=16))
model.add(tf.keras.layers.Activation("relu"))
try:
    parallel_model = tf.keras.utils.multi_gpu_model(model, gpus=2)  # EXPECT
except ValueError:
    parallel_model = model
parallel_model.compile(optimizer="sgd", loss="mse")
print(parallel_model.count_params())
