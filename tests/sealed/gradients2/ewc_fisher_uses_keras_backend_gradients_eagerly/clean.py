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
            with tf.GradientTape() as tape:
                output = model(np.expand_dims(imgset[img_index], 0))
                tape.watch(model.weights[m])
                gradients = tape.gradient(K.log(output), model.weights[m])
            f_accum[m] += np.square(gradients)
    return [f / num_sample for f in f_accum]


fisher = computer_fisher(model, imgset)
print("fisher_terms", len(fisher))
