# class: 8
# from tensorflow import concat, applied to Keras tensors.
from tensorflow import concat, keras

a = keras.Input((3,))
b = keras.Input((3,))
both = concat([a, b], 1)  # EXPECT
print(keras.Model([a, b], both).output_shape)
