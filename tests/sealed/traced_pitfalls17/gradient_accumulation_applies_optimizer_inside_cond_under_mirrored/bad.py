# SOURCE: https://github.com/tensorflow/tensorflow/issues/59487
# SYMPTOM: raises RuntimeError
# DESCRIPTION: a gradient-accumulation train_step under MirroredStrategy calls optimizer.apply_gradients inside a tf.cond branch, a synchronisation point inside control flow that the strategy cannot merge while tracing
import numpy as np
import tensorflow as tf
import keras


class AccumModel(keras.Model):
    def __init__(self, *args, accum_steps=2, **kwargs):
        super().__init__(*args, **kwargs)
        self.accum_steps = accum_steps
        self.step_count = tf.Variable(0, trainable=False)

    def init_accumulators(self):
        self.accum = [tf.Variable(tf.zeros_like(v), trainable=False) for v in self.trainable_variables]

    def train_step(self, data):
        x, y = data
        self.step_count.assign_add(1)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(keras.losses.mean_squared_error(y, self(x, training=True)))
        grads = tape.gradient(loss, self.trainable_variables)
        for acc, g in zip(self.accum, grads):
            acc.assign_add(g)
        tf.cond(tf.equal(self.step_count % self.accum_steps, 0), self.apply_accumulated, lambda: None)  # EXPECT: graph-incompatible/apply-gradients-inside-cond-under-strategy
        return {"loss": loss}

    def apply_accumulated(self):
        self.optimizer.apply_gradients(zip(self.accum, self.trainable_variables))
        for acc in self.accum:
            acc.assign(tf.zeros_like(acc))


strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
with strategy.scope():
    inputs = keras.Input((4,))
    model = AccumModel(inputs, keras.layers.Dense(1)(inputs))
    model.init_accumulators()
    model.compile(optimizer=keras.optimizers.SGD(0.01))

x = np.ones((8, 4), "float32")
y = np.ones((8, 1), "float32")
history = model.fit(x, y, batch_size=2, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
