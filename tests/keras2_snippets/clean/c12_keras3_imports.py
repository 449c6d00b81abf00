# class: 12
import keras
from keras.layers import Dense, LeakyReLU, concatenate
from keras.utils import to_categorical, get_custom_objects

print(Dense(2).units, LeakyReLU(0.1).negative_slope, to_categorical([0, 1], 2).tolist())
print(type(get_custom_objects()).__name__, concatenate.__name__, keras.__name__)
