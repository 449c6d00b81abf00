# SOURCE: https://github.com/tensorflow/tensorflow/issues/33635
# SYMPTOM: number "regularization terms" < 1
# DESCRIPTION: L2 regularization is switched on for an already built model by assigning layer.kernel_regularizer, which only takes effect when weights are created, so model.losses stays empty and training is unregularized
import tensorflow as tf
import keras

inputs = keras.Input(shape=[10])
x = keras.layers.Dense(16, activation="relu")(inputs)
outputs = keras.layers.Dense(4)(x)
model = keras.Model(inputs, outputs)

for layer in model.layers:
    if isinstance(layer, keras.layers.Dense):
        layer.kernel_regularizer = keras.regularizers.l2(0.1)

# rebuild the model from its (now regularized) config so the weights are created with the regularizers
weights = model.get_weights()
model = keras.models.clone_model(model)
model.set_weights(weights)

model(tf.ones([2, 10]))
print("regularization terms", len(model.losses))
