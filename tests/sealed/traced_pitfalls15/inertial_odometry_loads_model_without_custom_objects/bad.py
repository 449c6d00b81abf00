# SOURCE: https://github.com/jpsml/6-DOF-Inertial-Odometry/issues/1
# SYMPTOM: raises TypeError
# DESCRIPTION: a model holding a custom loss-weighting layer is reloaded with keras.models.load_model without custom_objects, so the saved class cannot be found
import os
import tempfile

import numpy as np
import keras


class CustomMultiLossLayer(keras.layers.Layer):
    def __init__(self, nb_outputs=2, **kwargs):
        super().__init__(**kwargs)
        self.nb_outputs = nb_outputs

    def build(self, input_shape):
        self.log_vars = self.add_weight(shape=(self.nb_outputs,), initializer="zeros", name="log_vars")

    def call(self, inputs):
        return inputs * keras.ops.exp(-self.log_vars[0])

    def get_config(self):
        return {**super().get_config(), "nb_outputs": self.nb_outputs}


inputs = keras.Input((6,))
delta = keras.layers.Dense(3)(inputs)
outputs = CustomMultiLossLayer(nb_outputs=2)(delta)
model = keras.Model(inputs, outputs)
path = os.path.join(tempfile.mkdtemp(), "odometry.keras")
model.save(path)

restored = keras.models.load_model(path)  # EXPECT: api-misuse/load-model-without-custom-objects
print(restored.predict(np.zeros((1, 6), "float32"), verbose=0).shape)
