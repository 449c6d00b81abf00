# class: 13
# DESCRIPTION: Adam(lr=...) for a predictor's compile step (lr ignored by the TF 2.11 optimizers, refused by Keras 3)
# SOURCE: https://github.com/KarchinLab/mhcnuggets/pull/40
# keras2: tensorflow-cpu==2.10.1
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(3,))])
model.compile(optimizer=tf.keras.optimizers.Adam(lr=0.005), loss="mse")  # EXPECT
print(round(float(model.optimizer.learning_rate.numpy()), 6))
