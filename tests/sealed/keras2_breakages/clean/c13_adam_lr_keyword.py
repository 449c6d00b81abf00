# class: 13
# DESCRIPTION: (Keras 3 form) Adam(lr=...) for a predictor's compile step (lr ignored by the TF 2.11 optimizers, refused by Keras 3)
# SOURCE: https://github.com/KarchinLab/mhcnuggets/pull/40
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.005), loss="mse")
print(round(float(model.optimizer.learning_rate.numpy()), 6))
