# SOURCE: https://github.com/keras-team/keras/issues/14705
# SYMPTOM: number "eval loss" < 0.001
# DESCRIPTION: a subclassed model overrides train_step and the metrics property with its own loss tracker but not test_step, so evaluate never updates that tracker and reports a zero loss even on the training data
import numpy as np
import tensorflow as tf
import keras

loss_tracker = keras.metrics.Mean(name="loss")


class CustomModel(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = keras.losses.mean_squared_error(y, y_pred)
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        loss_tracker.update_state(loss)
        return {"loss": loss_tracker.result()}

    def test_step(self, data):
        x, y = data
        y_pred = self(x, training=False)
        loss_tracker.update_state(keras.losses.mean_squared_error(y, y_pred))
        return {"loss": loss_tracker.result()}

    @property
    def metrics(self):
        return [loss_tracker]


keras.utils.set_random_seed(0)
inputs = keras.Input(shape=(32,))
outputs = keras.layers.Dense(2, activation="sigmoid")(inputs)
model = CustomModel(inputs, outputs)
model.compile(optimizer="adam", loss="mse")
x = np.random.random((100, 32))
y = np.random.random((100, 2)) * 5
history = model.fit(x, y, epochs=1, verbose=0)
print("train loss", history.history["loss"][-1])
print("eval loss", model.evaluate(x, y, verbose=0))
