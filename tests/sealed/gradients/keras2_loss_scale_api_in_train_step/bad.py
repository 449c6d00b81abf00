# SOURCE: https://github.com/tensorflow/tensorflow/issues/43273
# SYMPTOM: raises AttributeError
# DESCRIPTION: an overridden train_step scales the loss with the Keras 2 loss-scale optimizer methods, which Keras 3 removed
import numpy as np
import tensorflow as tf


class Trainer(tf.keras.Model):
    def __init__(self, model, **kwargs):
        super().__init__(**kwargs)
        self.model = model

    def call(self, inputs, training=None):
        return self.model(inputs, training=training)

    def train_step(self, data):
        inputs, targets = data
        with tf.GradientTape() as tape:
            logits = self(inputs, training=True)
            loss = tf.reduce_mean(
                tf.keras.losses.sparse_categorical_crossentropy(targets, logits, from_logits=True)
            )
            scaled_loss = self.optimizer.get_scaled_loss(loss)  # EXPECT: keras3/loss-scale-optimizer-api
        tvars = self.trainable_variables
        grads = self.optimizer.get_unscaled_gradients(tape.gradient(scaled_loss, tvars))  # EXPECT: keras3/loss-scale-optimizer-api
        self.optimizer.apply_gradients(zip(grads, tvars))
        return {"loss": loss}


inner = tf.keras.Sequential([tf.keras.Input(shape=(6,)), tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(4)])
trainer = Trainer(inner)
trainer.compile(optimizer=tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.Adam(learning_rate=1e-3)))
trainer.fit(np.random.rand(32, 6).astype("float32"), np.random.randint(0, 4, 32), epochs=1, batch_size=8, verbose=0)
print("trained")
