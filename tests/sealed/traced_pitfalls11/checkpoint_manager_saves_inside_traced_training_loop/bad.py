# SOURCE: https://github.com/tensorflow/tensorflow/issues/28523
# SYMPTOM: raises AttributeError
# DESCRIPTION: a training loop over a dataset is wrapped as a whole in tf.function and calls CheckpointManager.save() every second step; the manager keeps its bookkeeping (checkpoint list, metadata file, deletion of old checkpoints) in Python and on disk, so it cannot run inside the traced loop and the call fails while the loop is being traced
"""Run a small training loop that checkpoints its step counter every second step."""

import tempfile

import tensorflow as tf

data = tf.random.normal((100, 10, 10, 1))
dataset = tf.data.Dataset.from_tensors(data).repeat(4)

step = tf.Variable(0)

ckpt = tf.train.Checkpoint(step=step)
mgr = tf.train.CheckpointManager(ckpt, tempfile.mkdtemp(), max_to_keep=20)


@tf.function
def train_step(x):
    return x * x * x


def train(dataset):
    for i in range(3):
        for x in dataset:
            train_step(x)
            step.assign_add(1)
            if tf.equal(step % 2, 0):
                mgr.save()  # EXPECT: graph-incompatible/checkpoint-manager-save-in-tf-function


train = tf.function(train)
train(dataset)
print("[steps]", int(step.numpy()))
print("[checkpoints]", len(mgr.checkpoints))
