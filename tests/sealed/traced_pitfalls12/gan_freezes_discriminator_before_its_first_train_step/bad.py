# SOURCE: https://github.com/eriklindernoren/Keras-GAN/issues/22
# SYMPTOM: number "discriminator weight change" < 0.001
# DESCRIPTION: a GAN compiles the discriminator, sets discriminator.trainable = False to build the combined model, then trains both; Keras 3 reads the flag when the discriminator's train step is first traced, so the discriminator never learns
import numpy as np
import keras
from keras import layers

latent_dim = 8


class GAN:
    def __init__(self):
        optimizer = keras.optimizers.Adam(0.0002, 0.5)
        self.discriminator = self.build_discriminator()
        self.discriminator.compile(loss="binary_crossentropy", optimizer=optimizer, metrics=["accuracy"])
        self.generator = self.build_generator()
        z = keras.Input(shape=(latent_dim,))
        img = self.generator(z)
        # For the combined model we will only train the generator
        self.discriminator.trainable = False  # EXPECT: keras3/trainable-flag-set-before-first-train-step
        validity = self.discriminator(img)
        self.combined = keras.Model(z, validity)
        self.combined.compile(loss="binary_crossentropy", optimizer=keras.optimizers.Adam(0.0002, 0.5))

    def build_generator(self):
        return keras.Sequential(
            [keras.Input(shape=(latent_dim,)), layers.Dense(16, activation="relu"), layers.Dense(4, activation="tanh")]
        )

    def build_discriminator(self):
        return keras.Sequential(
            [keras.Input(shape=(4,)), layers.Dense(16, activation="relu"), layers.Dense(1, activation="sigmoid")]
        )

    def train(self, X, epochs, batch_size=16):
        valid = np.ones((batch_size, 1))
        fake = np.zeros((batch_size, 1))
        for epoch in range(epochs):
            idx = np.random.randint(0, X.shape[0], batch_size)
            noise = np.random.normal(0, 1, (batch_size, latent_dim))
            gen_imgs = self.generator.predict(noise, verbose=0)
            d_loss_real = self.discriminator.train_on_batch(X[idx], valid)
            d_loss_fake = self.discriminator.train_on_batch(gen_imgs, fake)
            g_loss = self.combined.train_on_batch(noise, valid)
            print("epoch", epoch, "d_loss", 0.5 * (d_loss_real[0] + d_loss_fake[0]), "g_loss", g_loss)


gan = GAN()
X = np.random.uniform(-1, 1, (64, 4)).astype("float32")
before = [w.copy() for w in gan.discriminator.get_weights()]
gan.train(X, epochs=3)
change = sum(float(np.abs(a - b).sum()) for a, b in zip(before, gan.discriminator.get_weights()))
print("discriminator weight change", change)
