# class: 13
# DESCRIPTION: model.optimizer.get_weights() kept to restore the optimizer state between fine-tuning stages
# SOURCE: https://github.com/nadavbra/protein_bert/issues/46
# keras2: tensorflow-cpu==2.10.1
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
model.compile(optimizer=tf.keras.optimizers.Adam(1e-3), loss="mse")
model.fit(np.ones((4, 2), "float32"), np.ones((4, 1), "float32"), verbose=0)
optimizer_weights = [w.copy() for w in model.optimizer.get_weights()]  # EXPECT
print(len(optimizer_weights))
