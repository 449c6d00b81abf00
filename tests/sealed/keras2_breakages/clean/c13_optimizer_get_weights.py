# class: 13
# DESCRIPTION: (Keras 3 form) model.optimizer.get_weights() kept to restore the optimizer state between fine-tuning stages
# SOURCE: https://github.com/nadavbra/protein_bert/issues/46
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.Adam(1e-3), loss="mse")
model.fit(np.ones((4, 2), "float32"), np.ones((4, 1), "float32"), verbose=0)
optimizer_weights = [np.array(v) for v in model.optimizer.variables]
print(len(optimizer_weights))
