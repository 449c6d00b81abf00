import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(28, 28, 1)),
    tf.keras.layers.Conv2D(4, 3, activation="relu"),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(1),
])
cnn_optimizer = tf.keras.optimizers.Adam(learning_rate=1e-4)


def train_step(images, labels):
    with tf.GradientTape() as cnn_tape:
        logits = model(images)
        loss = tf.reduce_mean(tf.square(labels - logits))
    gradient_of_cnn = cnn_tape.gradient(loss, model.trainable_variables)
    cnn_optimizer.apply_gradients(zip(gradient_of_cnn, model.trainable_variables))
    return loss


train_dataset = tf.data.Dataset.from_tensor_slices(
    (tf.random.uniform([64, 28, 28, 1]), tf.random.uniform([64, 1], maxval=10.0))
).batch(16)
for train_batch, label_batch in train_dataset:
    train_step(train_batch, label_batch)
print("epoch done")
