# class: 4
# DESCRIPTION: super().__init__(self) in a Model subclass's constructor (self passed twice)
# SOURCE: https://github.com/GoogleCloudPlatform/asl-ml-immersion/pull/450
import tensorflow as tf


class MyModel(tf.keras.Model):
    def __init__(self, vocab_size, embedding_dim, rnn_units):
        super().__init__(self)  # EXPECT
        self.embedding = tf.keras.layers.Embedding(vocab_size, embedding_dim)
        self.gru = tf.keras.layers.GRU(rnn_units, return_sequences=True)
        self.dense = tf.keras.layers.Dense(vocab_size)

    def call(self, inputs):
        return self.dense(self.gru(self.embedding(inputs)))


model = MyModel(vocab_size=10, embedding_dim=4, rnn_units=3)
print(model(tf.constant([[1, 2, 3]])).shape)
