# SOURCE: https://github.com/pltrdy/rouge/issues/52
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a summarization model is compiled with a ROUGE-1 metric written for Python token lists, which builds Python sets from the label and prediction tensors, so fit's traced step fails when it iterates over a symbolic tensor
"""A ROUGE-1 style unigram-overlap metric for a token-predicting model."""

import numpy as np
import tensorflow as tf


def rouge_1(y_true, y_pred):
    predicted = tf.argmax(y_pred, axis=-1)
    reference = set(tf.reshape(tf.cast(y_true, tf.int64), [-1]))  # EXPECT: graph-incompatible/tensor-iterated-in-python-loop
    hypothesis = set(tf.reshape(predicted, [-1]))  # EXPECT: graph-incompatible/tensor-iterated-in-python-loop
    return len(reference & hypothesis) / max(len(reference), 1)


inputs = tf.keras.Input((5, 8))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(10, activation="softmax")(inputs))
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=[rouge_1])
x = np.random.rand(16, 5, 8).astype("float32")
y = np.random.randint(0, 10, (16, 5))
for hidden_size in (8,):
    print("hidden size =", hidden_size)
    model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("trained")
