# DESCRIPTION: A subclassed model trained with GradientTape, with Mean and accuracy metrics reset every epoch
# SOURCE: https://github.com/tensorflow/tensorboard/pull/6932
import numpy as np
import tensorflow as tf


class MyModel(tf.keras.Model):
    def __init__(self):
        super(MyModel, self).__init__()
        self.d1 = tf.keras.layers.Dense(8, activation="relu")
        self.d2 = tf.keras.layers.Dense(3)

    def call(self, x):
        return self.d2(self.d1(x))


rng = np.random.RandomState(0)
x = rng.rand(30, 4).astype("float32")
y = rng.randint(0, 3, 30)
model = MyModel()
model(x[:1])
wrng = np.random.RandomState(2)
model.set_weights([wrng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])
loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
train_loss = tf.keras.metrics.Mean(name="train_loss")
train_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(name="train_accuracy")


@tf.function
def train_step(images, labels):
    with tf.GradientTape() as tape:
        predictions = model(images, training=True)
        loss = loss_object(labels, predictions)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    train_loss(loss)
    train_accuracy(labels, predictions)


dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(10)
for epoch in range(3):
    train_loss.reset_states()
    train_accuracy.reset_states()
    for images, labels in dataset:
        train_step(images, labels)
    print("Epoch {}, Loss: {:.4f}, Accuracy: {:.4f}".format(epoch + 1, train_loss.result(), train_accuracy.result()))
