# SOURCE: https://github.com/tensorflow/tensorflow/issues/52346
# SYMPTOM: raises AssertionError
# DESCRIPTION: a custom loop resumes from a tf.train.Checkpoint into a fresh optimizer whose slot variables do not exist yet, so the optimizer state is left unrestored and assert_consumed reports the unresolved optimizer objects
import os
import tempfile
import tensorflow as tf
import keras


def make():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    return model, keras.optimizers.Adam(0.1)


def train_step(model, opt):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.ones([1, 3])))
    opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))


model, opt = make()
train_step(model, opt)
path = tf.train.Checkpoint(model=model, optimizer=opt).save(os.path.join(tempfile.mkdtemp(), "ckpt"))

model2, opt2 = make()
status = tf.train.Checkpoint(model=model2, optimizer=opt2).restore(path)  # EXPECT: api-misuse/checkpoint-restore-before-optimizer-built
status.assert_consumed()
print("restored iterations", int(opt2.iterations.numpy()))
