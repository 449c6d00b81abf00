# SOURCE: https://github.com/tensorflow/tensorflow/issues/34335
# SYMPTOM: number "none_grads" >= 1
# DESCRIPTION: a meta-learning step copies the model through get_weights/set_weights inside the outer tape; the copy is disconnected
import tensorflow as tf


class MetaModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden1 = tf.keras.layers.Dense(5)
        self.out = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.out(tf.nn.relu(self.hidden1(x)))


def copy_model(model, x):
    copied_model = MetaModel()
    copied_model(x)
    copied_model.set_weights(model.get_weights())  # EXPECT: api-misuse/numpy-cuts-gradient
    return copied_model


x_train, y_train = tf.random.normal([10, 1]), tf.random.normal([10, 1])
x_test, y_test = tf.random.normal([10, 1]), tf.random.normal([10, 1])
meta_model = MetaModel()
meta_model(x_train)

with tf.GradientTape() as meta_tape:
    model_copy = copy_model(meta_model, x_train)
    with tf.GradientTape() as train_tape:
        train_loss = tf.reduce_mean(tf.square(model_copy(x_train) - y_train))
    grads = train_tape.gradient(train_loss, model_copy.trainable_variables)
    for variable, grad in zip(model_copy.trainable_variables, grads):
        variable.assign_sub(0.01 * grad)
    test_loss = tf.reduce_mean(tf.square(model_copy(x_test) - y_test))
meta_grads = meta_tape.gradient(test_loss, meta_model.trainable_variables)
print("none_grads", sum(g is None for g in meta_grads))
