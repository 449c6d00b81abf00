# SOURCE: https://github.com/tensorflow/tensorflow/issues/49151
# SYMPTOM: traces >= 5
"""A sequence-to-sequence training step fed batches padded to each batch's longest sentence."""

import keras
import tensorflow as tf

keras.utils.set_random_seed(2)
embed = keras.layers.Embedding(20, 8)
project = keras.layers.Dense(20)
optimizer = keras.optimizers.Adam(0.01)
loss_object = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


@tf.function  # EXPECT: retracing/shape-varies-between-calls
def train_step(inp, tar):
    tar_inp, tar_real = tar[:, :-1], tar[:, 1:]
    with tf.GradientTape() as tape:
        context = tf.reduce_mean(embed(inp), axis=1, keepdims=True)
        logits = project(embed(tar_inp) + context)
        loss = loss_object(tar_real, logits)
    variables = embed.trainable_variables + project.trainable_variables
    optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
    return loss


for source, target in ((5, 6), (7, 5), (4, 9), (8, 7), (6, 8)):
    inp = tf.reshape(tf.range(3 * source, dtype=tf.int64) % 20, [3, source])
    tar = tf.reshape(tf.range(3 * target, dtype=tf.int64) % 20, [3, target])
    train_step(inp, tar)
