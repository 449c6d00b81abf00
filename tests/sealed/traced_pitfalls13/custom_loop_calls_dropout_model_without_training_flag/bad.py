# SOURCE: https://github.com/yusugomori/deeplearning-keras-tf2-torch/issues/2
# SYMPTOM: number "dropout active in train step" < 1
# DESCRIPTION: a subclassed MNIST-style classifier with Dropout is trained in a custom GradientTape loop that calls model(x) without training=True, so the dropout layers stay in inference mode during training
import numpy as np
import tensorflow as tf
from tensorflow.keras import optimizers, losses, metrics
from tensorflow.keras.layers import Dense, Dropout
from tensorflow.keras.models import Model


class DNN(Model):
    def __init__(self, hidden_dim, output_dim):
        super().__init__()
        self.l1 = Dense(hidden_dim, activation="relu")
        self.d1 = Dropout(0.5)
        self.l2 = Dense(hidden_dim, activation="relu")
        self.d2 = Dropout(0.5)
        self.l3 = Dense(output_dim, activation="softmax")

    def call(self, x):
        h = self.d1(self.l1(x))
        h = self.d2(self.l2(h))
        return self.l3(h)


rng = np.random.default_rng(0)
x_train = rng.random((256, 64)).astype("float32")
t_train = rng.integers(0, 10, size=256)

model = DNN(100, 10)
criterion = losses.SparseCategoricalCrossentropy()
optimizer = optimizers.SGD(learning_rate=0.01)
train_loss = metrics.Mean()


def forward_for_training(x):
    return model(x)  # EXPECT: api-misuse/missing-training-flag-in-custom-loop


def compute_loss(t, y):
    return criterion(t, y)


def train_step(x, t):
    with tf.GradientTape() as tape:
        preds = forward_for_training(x)
        loss = compute_loss(t, preds)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    train_loss(loss)
    return loss


for epoch in range(3):
    for i in range(0, 256, 64):
        train_step(x_train[i : i + 64], t_train[i : i + 64])
    print("epoch", epoch + 1, "loss", float(train_loss.result()))

# the same training-step forward pass, twice on one batch: dropout makes the two differ
a = forward_for_training(x_train[:8]).numpy()
b = forward_for_training(x_train[:8]).numpy()
print("dropout active in train step", int(not np.allclose(a, b)))
