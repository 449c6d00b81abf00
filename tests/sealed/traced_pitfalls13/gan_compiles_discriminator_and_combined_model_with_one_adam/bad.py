# SOURCE: https://github.com/eriklindernoren/Keras-GAN/issues/224
# SYMPTOM: raises ValueError
# DESCRIPTION: a Keras GAN script creates one Adam instance and compiles both the discriminator and the combined generator model with it; a Keras 3 optimizer is built for the variables of its first model and refuses those of the second
import numpy as np
import keras
from keras import layers

latent_dim = 8


class GAN:
    def __init__(self):
        optimizer = keras.optimizers.Adam(0.0002, 0.5)
        self.discriminator = keras.Sequential(
            [keras.Input((4,)), layers.Dense(16, activation="relu"), layers.Dense(1, activation="sigmoid")]
        )
        self.discriminator.compile(loss="binary_crossentropy", optimizer=optimizer, metrics=["accuracy"])
        self.generator = keras.Sequential(
            [keras.Input((latent_dim,)), layers.Dense(16, activation="relu"), layers.Dense(4, activation="tanh")]
        )
        z = keras.Input(shape=(latent_dim,))
        self.discriminator.trainable = False
        validity = self.discriminator(self.generator(z))
        self.combined = keras.Model(z, validity)
        self.combined.compile(loss="binary_crossentropy", optimizer=optimizer)  # EXPECT: keras3/optimizer-instance-shared-between-models

    def train(self, X, epochs, batch_size=16):
        valid = np.ones((batch_size, 1))
        fake = np.zeros((batch_size, 1))
        for epoch in range(epochs):
            idx = np.random.randint(0, X.shape[0], batch_size)
            noise = np.random.normal(0, 1, (batch_size, latent_dim))
            gen_imgs = self.generator.predict(noise, verbose=0)
            self.discriminator.trainable = True
            d_loss_real = self.discriminator.train_on_batch(X[idx], valid)
            d_loss_fake = self.discriminator.train_on_batch(gen_imgs, fake)
            self.discriminator.trainable = False
            g_loss = self.combined.train_on_batch(noise, valid)
            print("epoch", epoch, "d_loss", 0.5 * (d_loss_real[0] + d_loss_fake[0]), "g_loss", g_loss)


gan = GAN()
gan.train(np.random.uniform(-1, 1, (64, 4)).astype("float32"), epochs=3)
