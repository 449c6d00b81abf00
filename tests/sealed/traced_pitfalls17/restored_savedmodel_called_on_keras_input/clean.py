# SOURCE: https://github.com/tensorflow/tensorflow/issues/45385
# SYMPTOM: raises TypeError
# DESCRIPTION: an object restored from a plain SavedModel (not a Keras model) is called on a symbolic keras.Input to build a new functional model, which the restored concrete functions cannot accept
import tempfile
import tensorflow as tf
import keras


class Scaler(tf.Module):
    def __init__(self):
        self.w = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([None, 12], tf.float32)])
    def __call__(self, x):
        return x * self.w


path = tempfile.mkdtemp()
tf.saved_model.save(Scaler(), path)

layer = keras.layers.TFSMLayer(path, call_endpoint="serving_default")
inputs = keras.Input(shape=(12,))
outputs = layer(inputs)
wrapped = keras.Model(inputs, outputs)
print("out", wrapped(tf.ones([1, 12])))
