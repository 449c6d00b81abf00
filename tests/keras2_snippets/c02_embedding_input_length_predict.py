# class: 2
# Counting parameters after Embedding(input_length=...) and Dense.
from tensorflow.keras.layers import Dense, Embedding, Flatten
from tensorflow.keras.models import Sequential

model = Sequential()
model.add(Embedding(input_dim=20, output_dim=2, input_length=4))  # EXPECT
model.add(Flatten())
model.add(Dense(3))
print(len(model.weights))
