# SOURCE: https://github.com/tensorflow/tensorflow/issues/28956
# SYMPTOM: raises TypeError
"""The distribution guide's custom loop: each replica's loss is averaged with
`mirrored_strategy.reduce(ReduceOp.MEAN, per_replica_losses)`, with no `axis`; a TF2 strategy
requires it, and tracing the step fails."""

import tensorflow as tf

mirrored_strategy = tf.distribute.MirroredStrategy()
global_batch_size = 8
with mirrored_strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3)])
    optimizer = tf.keras.optimizers.SGD(0.1)

features = tf.random.normal([global_batch_size, 4])
labels = tf.one_hot(tf.range(global_batch_size) % 3, 3)


def step_fn(features, labels):
    with tf.GradientTape() as tape:
        logits = model(features)
        cross_entropy = tf.nn.softmax_cross_entropy_with_logits(logits=logits, labels=labels)
        loss = tf.reduce_sum(cross_entropy) * (1.0 / global_batch_size)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


@tf.function
def train_step(features, labels):
    per_replica_losses = mirrored_strategy.run(step_fn, args=(features, labels))
    return mirrored_strategy.reduce(tf.distribute.ReduceOp.MEAN, per_replica_losses)  # EXPECT: TF937


for _ in range(3):
    print("loss", float(train_step(features, labels)))
