# SOURCE: https://github.com/hereismari/tensorflow-maml/issues/3
# SYMPTOM: number "adapted_grads" < 1
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: A MAML inner loop copies the model and overwrites each layer's kernel and bias with updated tensors, which drops them from the copy's trainable variables, so a second inner step gets no gradient.
import numpy as np
import tensorflow as tf
from tensorflow import keras


def make_model():
    return keras.Sequential([keras.layers.Dense(8, activation="relu", input_shape=(1,)), keras.layers.Dense(1)])


def loss_function(pred_y, y):
    return keras.backend.mean(keras.losses.mean_squared_error(y, pred_y))


def copy_model(model, x):
    copied_model = make_model()
    copied_model(x)
    copied_model.set_weights(model.get_weights())
    return copied_model


model = make_model()
x = tf.constant(np.random.rand(10, 1), tf.float32)
y = tf.sin(x)
model(x)
lr_inner = 0.01

with tf.GradientTape() as train_tape:
    train_loss = loss_function(model(x), y)
gradients = train_tape.gradient(train_loss, model.trainable_variables)
model_copy = copy_model(model, x)
k = 0
for j in range(len(model_copy.layers)):
    model_copy.layers[j].kernel = tf.subtract(model.layers[j].kernel, tf.multiply(lr_inner, gradients[k]))  # EXPECT: api-misuse/layer-weight-replaced-by-tensor
    model_copy.layers[j].bias = tf.subtract(model.layers[j].bias, tf.multiply(lr_inner, gradients[k + 1]))
    k += 2

# second inner SGD step on the adapted copy
with tf.GradientTape() as train_tape:
    train_loss = loss_function(model_copy(x), y)
gradients = train_tape.gradient(train_loss, model_copy.trainable_variables)
print("adapted_grads", sum(g is not None for g in gradients))
