# SOURCE: https://github.com/tensorflow/tensorflow/issues/28833
# SYMPTOM: raises ValueError
# DESCRIPTION: the training step receives predictions made before its tape opened, so the loss it records does not reach the weights
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(28, 28, 1)),
    tf.keras.layers.Conv2D(4, 3, activation="relu"),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(1),
])
cnn_optimizer = tf.keras.optimizers.Adam(learning_rate=1e-4)


def train_step(logits, labels):
    with tf.GradientTape() as cnn_tape:
        loss = tf.reduce_mean(tf.square(labels - logits))
    gradient_of_cnn = cnn_tape.gradient(loss, model.trainable_variables)  # EXPECT: api-misuse/target-computed-outside-tape
    cnn_optimizer.apply_gradients(zip(gradient_of_cnn, model.trainable_variables))
    return loss


train_dataset = tf.data.Dataset.from_tensor_slices(
    (tf.random.uniform([64, 28, 28, 1]), tf.random.uniform([64, 1], maxval=10.0))
).batch(16)
for train_batch, label_batch in train_dataset:
    logits = model(train_batch)
    train_step(logits, label_batch)
print("epoch done")
