# class: 10
# A LearningRateSchedule dividing by the step: TF 2.3's optimizer passed it cast to float.
import numpy as np
import tensorflow as tf


class InverseTime(tf.keras.optimizers.schedules.LearningRateSchedule):
    def __call__(self, step):
        return 0.1 / (step + 1)  # EXPECT


model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,), kernel_initializer="ones")])
model.compile(tf.keras.optimizers.SGD(InverseTime()), "mse")
model.fit(np.ones((4, 2), "float32"), np.zeros((4, 1), "float32"), epochs=2, verbose=0)
print(np.round(model.get_weights()[0], 4).tolist())
