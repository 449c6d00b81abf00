# class: 6
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.SGD()), loss="mse")


class Step(tf.keras.callbacks.Callback):
    def scaled(self, loss):
        return self.model.optimizer.scale_loss(loss)


step = Step()
step.set_model(model)
print(float(step.scaled(tf.constant(1.0))))
