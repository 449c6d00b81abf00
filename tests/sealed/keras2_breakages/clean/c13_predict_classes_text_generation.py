# class: 13
# DESCRIPTION: (Keras 3 form) predict_classes picking the next word in a text-generation loop (removed in TF 2.6)
# SOURCE: https://github.com/tensorflow/tensorflow/issues/53391
import numpy as np
import tensorflow as tf

vocab = ["", "a", "bad", "feeling", "about", "this"]
model = tf.keras.Sequential([
    tf.keras.Input(shape=(3,)),
    tf.keras.layers.Embedding(len(vocab), 4),
    tf.keras.layers.LSTM(5),
    tf.keras.layers.Dense(len(vocab), activation="softmax"),
])
seed = [1, 2, 3]
for _ in range(3):
    token_list = np.array([seed[-3:]])
    predicted = np.argmax(model.predict(token_list, verbose=0), axis=-1)
    seed.append(int(predicted[0]))
print(len(seed))
