# SOURCE: https://github.com/keras-team/keras/issues/19150
# SYMPTOM: raises ValueError
# DESCRIPTION: A custom loss returns the value of a stateful SparseCategoricalCrossentropy metric object instead of calling the loss function, so fit gets no gradient.
import numpy as np
import tensorflow as tf
import keras

num_samples = 64
num_classes = 5
x_dummy = np.random.rand(num_samples, 8).astype(np.float32)
y_dummy = np.random.randint(0, num_classes, size=num_samples)
dataset = tf.data.Dataset.from_tensor_slices((x_dummy, y_dummy)).batch(32)

sparse_cc = keras.metrics.SparseCategoricalCrossentropy(from_logits=False)


def custom_loss(y_true, y_pred):
    loss = sparse_cc(y_true, y_pred)  # EXPECT: api-misuse/metric-object-used-as-loss
    return loss


inputs = keras.Input((8,))
outputs = keras.layers.Dense(num_classes, activation="softmax")(keras.layers.Dense(16, activation="relu")(inputs))
model = keras.Model(inputs, outputs)
model.compile(optimizer=keras.optimizers.Adam(), loss=custom_loss)
model.fit(dataset, epochs=1, verbose=0)
print("trained")
