import tensorflow as tf

tf.keras.mixed_precision.set_global_policy("mixed_float16")
model = tf.keras.Sequential([
    tf.keras.Input(shape=(8, 8, 1)),
    tf.keras.layers.Conv2D(4, 3, activation="relu"),
    tf.keras.layers.GlobalAveragePooling2D(),
    tf.keras.layers.Dense(3),
    tf.keras.layers.Activation("softmax", dtype="float32"),
])
optimizer = tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.Adam(learning_rate=1e-3))
loss_object = tf.keras.losses.SparseCategoricalCrossentropy()


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        predictions = model(x, training=True)
        loss = loss_object(y, predictions)
        scaled_loss = optimizer.scale_loss(loss)
    scaled_gradients = tape.gradient(scaled_loss, model.trainable_variables)
    optimizer.apply_gradients(zip(scaled_gradients, model.trainable_variables))
    return loss


x = tf.random.uniform([8, 8, 8, 1])
y = tf.random.uniform([8], maxval=3, dtype=tf.int32)
print("loss", float(train_step(x, y)))
