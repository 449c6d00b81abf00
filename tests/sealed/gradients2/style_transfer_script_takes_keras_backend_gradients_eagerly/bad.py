# SOURCE: https://github.com/titu1994/Neural-Style-Transfer/issues/77
# SYMPTOM: raises RuntimeError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: A style-transfer script written for graph-mode Keras asks K.gradients for the gradient of its loss under TensorFlow 2's eager execution.
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K
from tensorflow.keras import layers, models

model = models.Sequential([layers.Input((16, 16, 3)), layers.Conv2D(4, 3, activation="relu")])

combination_image = K.variable(np.random.rand(1, 16, 16, 3).astype("float32"))
features = model(combination_image)
loss = K.sum(K.square(features))
grads = K.gradients(loss, combination_image)  # EXPECT: tf1-api/keras-backend-gradients-under-eager
f_outputs = K.function([], [loss] + grads)
loss_value, grad_values = f_outputs([])
print("grad_norm", float(np.abs(grad_values).sum()))
