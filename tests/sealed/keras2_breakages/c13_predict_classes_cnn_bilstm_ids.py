# class: 13
# DESCRIPTION: predict_classes on a Conv1D + BiLSTM intrusion-detection classifier (removed in TF 2.6)
# SOURCE: https://github.com/jayxsinha/Efficient-CNN-BiLSTM-for-Network-IDS/issues/4
# keras2: tensorflow-cpu==2.5.3
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.layers.Conv1D(4, 3, activation="relu", input_shape=(10, 1)),
    tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(3)),
    tf.keras.layers.Dense(5, activation="softmax"),
])
X_test = np.random.RandomState(0).rand(6, 10, 1).astype("float32")
y_pred = model.predict_classes(X_test)  # EXPECT
print(y_pred.shape, bool(((0 <= y_pred) & (y_pred < 5)).all()))
