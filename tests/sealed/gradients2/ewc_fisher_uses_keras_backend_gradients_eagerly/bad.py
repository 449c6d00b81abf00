# SOURCE: https://github.com/King-Of-Knights/overcoming-catastrophic/issues/1
# SYMPTOM: raises RuntimeError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: An elastic-weight-consolidation script computes its Fisher information with K.gradients of the model's symbolic output, which TensorFlow 2's eager execution does not support.
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K
from tensorflow.keras import layers, models

model = models.Sequential([layers.Input((6,)), layers.Dense(5, activation="relu"), layers.Dense(3, activation="softmax")])
imgset = np.random.rand(20, 6).astype("float32")


def computer_fisher(model, imgset, num_sample=5):
    f_accum = [np.zeros(K.int_shape(w)) for w in model.weights]
    for j in range(num_sample):
        img_index = np.random.randint(imgset.shape[0])
        for m in range(len(model.weights)):
            grads = K.gradients(K.log(model.output), model.weights)[m]  # EXPECT: tf1-api/keras-backend-gradients-under-eager
            result = K.function([model.input], [grads])
            f_accum[m] += np.square(result([np.expand_dims(imgset[img_index], 0)])[0])
    return [f / num_sample for f in f_accum]


fisher = computer_fisher(model, imgset)
print("fisher_terms", len(fisher))
