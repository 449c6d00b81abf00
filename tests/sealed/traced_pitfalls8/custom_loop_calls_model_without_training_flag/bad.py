# SOURCE: https://www.ancisoft.com/blog/training-a-tf-keras-model-with-a-basic-low-level-tensorflow-training-loop-doesn-t-work/
# SYMPTOM: number "[moving mean]" < 1
# DESCRIPTION: a custom GradientTape training step calls the model without training=True, so BatchNormalization runs in inference mode and its moving statistics never learn the data
"""A hand-written training loop for a model with batch normalization."""

import keras
import tensorflow as tf

model = keras.Sequential(
    [keras.Input((2,)), keras.layers.BatchNormalization(), keras.layers.Dense(1)]
)
optimizer = keras.optimizers.SGD(0.01)
loss_fn = keras.losses.MeanSquaredError()


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        pred = model(x)  # EXPECT: api-misuse/model-called-without-training-flag-in-tape
        loss = loss_fn(y, pred)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(100):
    x = tf.random.normal((16, 2), mean=5.0)
    train_step(x, tf.reduce_sum(x, axis=1, keepdims=True))
print("[moving mean]", float(model.layers[0].moving_mean[0]))
