# SOURCE: https://github.com/tensorflow/tensorflow/issues/33388
# SYMPTOM: raises TypeError
# DESCRIPTION: a distributed training step reduces the per-replica losses with strategy.reduce given only the reduce op and the value; the axis argument is required, so tracing the step fails
"""A custom training loop under MirroredStrategy."""

import tensorflow as tf

mirrored_strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
global_batch_size = 10 * mirrored_strategy.num_replicas_in_sync

with mirrored_strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1)])
    optimizer = tf.keras.optimizers.Adam(learning_rate=0.001)

dataset = tf.data.Dataset.from_tensors(([1.0], [1.0])).repeat(40).batch(global_batch_size)
dist_dataset = mirrored_strategy.experimental_distribute_dataset(dataset)


@tf.function
def train_step(dist_inputs):
    def step_fn(inputs):
        features, labels = inputs
        with tf.GradientTape() as tape:
            logits = model(features)
            loss = tf.reduce_sum(tf.square(logits - labels)) * (1.0 / global_batch_size)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    per_replica_losses = mirrored_strategy.run(step_fn, args=(dist_inputs,))
    return mirrored_strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica_losses)  # EXPECT: api-misuse/strategy-reduce-without-axis


for inputs in dist_dataset:
    print("[loss]", float(train_step(inputs)))
