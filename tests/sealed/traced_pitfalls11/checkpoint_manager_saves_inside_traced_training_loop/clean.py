"""The fix: keep the outer training loop eager and trace only the step; CheckpointManager.save()
then runs as plain Python after each step and writes its checkpoints and bookkeeping."""

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
            if int(step.numpy()) % 2 == 0:
                mgr.save()


train(dataset)
print("[steps]", int(step.numpy()))
print("[checkpoints]", len(mgr.checkpoints))
