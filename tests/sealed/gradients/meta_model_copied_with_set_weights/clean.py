import tensorflow as tf


class MetaModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden1 = tf.keras.layers.Dense(5)
        self.out = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.out(tf.nn.relu(self.hidden1(x)))


def forward(x, weights):
    kernel1, bias1, kernel2, bias2 = weights
    return tf.matmul(tf.nn.relu(tf.matmul(x, kernel1) + bias1), kernel2) + bias2


x_train, y_train = tf.random.normal([10, 1]), tf.random.normal([10, 1])
x_test, y_test = tf.random.normal([10, 1]), tf.random.normal([10, 1])
meta_model = MetaModel()
meta_model(x_train)
weights = [
    meta_model.hidden1.kernel, meta_model.hidden1.bias, meta_model.out.kernel, meta_model.out.bias
]

with tf.GradientTape() as meta_tape:
    with tf.GradientTape() as train_tape:
        train_loss = tf.reduce_mean(tf.square(forward(x_train, weights) - y_train))
    grads = train_tape.gradient(train_loss, weights)
    adapted = [w - 0.01 * g for w, g in zip(weights, grads)]
    test_loss = tf.reduce_mean(tf.square(forward(x_test, adapted) - y_test))
meta_grads = meta_tape.gradient(test_loss, weights)
print("none_grads", sum(g is None for g in meta_grads))
