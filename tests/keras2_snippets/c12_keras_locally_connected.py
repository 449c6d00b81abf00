# class: 12
# keras.layers.LocallyConnected2D from standalone keras.
from keras import layers

print(layers.LocallyConnected2D(4, 3).filters)  # EXPECT
