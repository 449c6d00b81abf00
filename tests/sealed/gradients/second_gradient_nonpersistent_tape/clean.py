import tensorflow as tf

encoder = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(4, activation="relu")])
decoder = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8)])
classifier = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])
autoencoder_optimizer = tf.keras.optimizers.Adam(learning_rate=1e-3)
classifier_optimizer = tf.keras.optimizers.Adam(learning_rate=1e-3)

x = tf.random.normal([16, 8])
labels = tf.random.uniform([16], maxval=2, dtype=tf.int32)

with tf.GradientTape(persistent=True) as tape:
    code = encoder(x)
    reconstruction_loss = tf.reduce_mean(tf.square(decoder(code) - x))
    logits = classifier(code)
    classification_loss = tf.reduce_mean(
        tf.keras.losses.sparse_categorical_crossentropy(labels, logits, from_logits=True)
    )

autoencoder_variables = encoder.trainable_variables + decoder.trainable_variables
autoencoder_grads = tape.gradient(reconstruction_loss, autoencoder_variables)
classifier_grads = tape.gradient(classification_loss, classifier.trainable_variables)
del tape
autoencoder_optimizer.apply_gradients(zip(autoencoder_grads, autoencoder_variables))
classifier_optimizer.apply_gradients(zip(classifier_grads, classifier.trainable_variables))
print("trained one step")
