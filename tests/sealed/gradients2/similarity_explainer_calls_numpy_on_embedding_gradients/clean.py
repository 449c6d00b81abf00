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
    grad_X_train = np.concatenate([tf.convert_to_tensor(w).numpy().reshape(-1) for w in grad_X_train])
    return grad_X_train


print("grad_size", get_grads(model, X, Y, loss_fn).shape[0])
