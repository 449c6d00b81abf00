# SOURCE: https://github.com/keras-team/keras/issues/9712
# SYMPTOM: raises ValueError
# DESCRIPTION: A trading model's loss counts right and wrong trades with a confusion matrix of the predictions, an integer computation with no gradient.
import numpy as np
import tensorflow as tf
import keras


def getBalance(x_true, x_pred):
    trade_index = tf.not_equal(x_pred[:, 1], 0)
    x_true_tradeable = tf.boolean_mask(x_true[:, 0], trade_index)
    x_pred_tradeable = tf.boolean_mask(x_pred[:, 0], trade_index)
    cm = tf.math.confusion_matrix(x_true_tradeable, x_pred_tradeable, num_classes=2)  # EXPECT: api-misuse/non-differentiable-op-in-loss
    correctPredictions = cm[0, 0] + cm[1, 1]
    wrongPredictions = cm[1, 0] + cm[0, 1]
    TotalTrades = correctPredictions + wrongPredictions
    Accuracy = (correctPredictions / TotalTrades) * 100
    Accuracy = tf.cast(Accuracy, tf.float32)
    return Accuracy


train_input = np.random.rand(64, 5, 3).astype("float32")
outputs_nn = np.random.randint(0, 2, (64, 2)).astype("float32")

model = keras.Sequential()
model.add(keras.Input((5, 3)))
model.add(keras.layers.Dropout(0.4))
model.add(keras.layers.LSTM(8, return_sequences=False))
model.add(keras.layers.Dense(2, activation="sigmoid"))
model.compile(loss=getBalance, optimizer="adam")
model.fit(train_input, outputs_nn, epochs=1, batch_size=32, verbose=0)
print("trained")
