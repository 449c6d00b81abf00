"""The fix: build and compile the model in plain Python; Keras traces the training step itself."""

import numpy as np
import tensorflow as tf


def create_model(vocab_size, emb_dim):
    inputs = tf.keras.Input((10,), dtype="int32")
    x = tf.keras.layers.Embedding(vocab_size, emb_dim, name="word_emb")(inputs)
    x = tf.keras.layers.GlobalAveragePooling1D()(x)
    outputs = tf.keras.layers.Dense(1)(x)
    return tf.keras.Model(inputs, outputs)


def max_margin_loss(y_true, y_pred):
    return tf.reduce_mean(tf.maximum(0.0, 1.0 - y_true * y_pred))


def get_compiled_model():
    model = create_model(50, 8)
    model.get_layer("word_emb").trainable = False
    model.compile(optimizer="adam", loss=max_margin_loss)
    return model


model = get_compiled_model()
x = np.random.randint(0, 50, (16, 10))
y = np.sign(np.random.randn(16, 1)).astype("float32")
model.fit(x, y, epochs=1, verbose=0)
print("trained", len(model.trainable_weights))
