# SOURCE: https://github.com/ftramer/ensemble-adv-training/issues/4
# SYMPTOM: raises ValueError
"""The training loop computes the logits and hands them to the step, which opens its tape only
then: the loss it records starts from a finished tensor, so no gradient reaches the model."""

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(3)])
cnn_optimizer = tf.keras.optimizers.Adam()
cross_entropy = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def train_step(logits, labels):
    with tf.GradientTape() as cnn_tape:
        loss = cross_entropy(labels, logits)
    gradient_of_cnn = cnn_tape.gradient(loss, model.trainable_variables)  # EXPECT: TF910
    cnn_optimizer.apply_gradients(zip(gradient_of_cnn, model.trainable_variables))


images = tf.random.normal((4, 8))
labels = tf.constant([0, 1, 2, 1])
for _ in range(2):
    logits = model(images)
    train_step(logits, labels)
