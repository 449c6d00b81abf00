# SOURCE: https://github.com/SeldonIO/alibi/issues/828
# SYMPTOM: raises AttributeError
# DESCRIPTION: A gradient-similarity explainer flattens per-weight gradients with .numpy(), but an Embedding layer's gradient is a sparse IndexedSlices that has no numpy method.
import numpy as np
import tensorflow as tf
import keras

model = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Embedding(10, 4),
    keras.layers.Flatten(),
    keras.layers.Dense(1),
])
X = tf.random.uniform(shape=(1, 5), minval=0, maxval=10, dtype=tf.float32)
Y = tf.random.uniform(shape=(1, 1), minval=0, maxval=10, dtype=tf.float32)
loss_fn = keras.losses.MeanSquaredError()


def get_grads(model, X, Y, loss_fn):
    with tf.GradientTape() as tape:
        output = model(X, training=False)
        loss = loss_fn(Y, output)
    grad_X_train = tape.gradient(loss, model.trainable_weights)
    grad_X_train = np.concatenate([w.numpy().reshape(-1) for w in grad_X_train])  # EXPECT: api-misuse/numpy-on-indexed-slices-gradient
    return grad_X_train


print("grad_size", get_grads(model, X, Y, loss_fn).shape[0])
