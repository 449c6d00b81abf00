# class: 2
# The output shape of a Sequential model whose only input hint is input_length.
from tensorflow import keras

model = keras.Sequential()
model.add(keras.layers.Embedding(1000, 16, input_length=20))  # EXPECT
model.add(keras.layers.GlobalAveragePooling1D())
print(model.output_shape)
