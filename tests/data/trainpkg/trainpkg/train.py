"""The traced training step: it calls the model, a loss and a logging helper of other modules."""

import tensorflow as tf

from trainpkg import losses
from trainpkg.logging_utils import log_step
from trainpkg.model import Classifier

model = Classifier(3)
optimizer = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(features, labels, weight):
    with tf.GradientTape() as tape:
        logits = model(features)
        loss = losses.weighted_loss(labels, logits, weight)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return log_step(loss)
