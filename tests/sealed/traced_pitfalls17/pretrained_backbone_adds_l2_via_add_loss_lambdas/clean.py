# SOURCE: https://github.com/tensorflow/tensorflow/issues/38891
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: weight decay is added to an already built model with model.add_loss(lambda: l2(layer.kernel)) in a loop over layers, a callable-loss form Keras 3 no longer accepts (and whose lambdas would all close over the last layer)
import tensorflow as tf
import keras

inputs = keras.Input(shape=[100])
x = keras.layers.Dense(10)(inputs)
x = keras.layers.Dense(15)(x)
outputs = keras.layers.Dense(5)(x)
model = keras.Model(inputs, outputs)

l2_regularizer = keras.regularizers.l2(1e-4)
dense_layers = [layer for layer in model.layers if isinstance(layer, keras.layers.Dense)]


def weight_decay():
    return tf.add_n([l2_regularizer(layer.kernel) for layer in dense_layers])


print("losses", [float(l2_regularizer(layer.kernel)) for layer in dense_layers], float(weight_decay()))
