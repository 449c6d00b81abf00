# class: 13
# DESCRIPTION: optimizer._decayed_lr("float32") to log the scheduled learning rate from a callback
# SOURCE: https://github.com/keras-team/keras/issues/16218
# keras2: tensorflow-cpu==2.10.1
import numpy as np
import tensorflow as tf


class LRLogger(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        lr = self.model.optimizer._decayed_lr("float32")  # EXPECT
        print(epoch, round(float(lr), 6))


schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=1, decay_rate=0.5)
model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
model.compile(optimizer=tf.keras.optimizers.SGD(schedule), loss="mse")
model.fit(np.ones((4, 2), "float32"), np.ones((4, 1), "float32"), batch_size=2, epochs=2, verbose=0, callbacks=[LRLogger()])
