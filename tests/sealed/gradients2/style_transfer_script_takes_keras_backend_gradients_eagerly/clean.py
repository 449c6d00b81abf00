import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K
from tensorflow.keras import layers, models

tf.compat.v1.disable_eager_execution()

model = models.Sequential([layers.Input((16, 16, 3)), layers.Conv2D(4, 3, activation="relu")])

combination_image = K.variable(np.random.rand(1, 16, 16, 3).astype("float32"))
features = model(combination_image)
loss = K.sum(K.square(features))
grads = K.gradients(loss, combination_image)
f_outputs = K.function([], [loss] + grads)
loss_value, grad_values = f_outputs([])
print("grad_norm", float(np.abs(grad_values).sum()))
