# class: 2
# Reading the weights of a model built by Embedding(input_length=...).
from tensorflow.keras import layers, models

model = models.Sequential([layers.Embedding(50, 4, input_length=3), layers.LSTM(2)])  # EXPECT
print([w.shape for w in model.get_weights()])
