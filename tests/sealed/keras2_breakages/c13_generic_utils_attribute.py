# class: 13
# DESCRIPTION: keras.utils.generic_utils.get_custom_objects() reached as a module attribute (keras 2.x module)
# SOURCE: https://github.com/qubvel/segmentation_models/issues/570
# keras2: tensorflow-cpu==2.10.1
import keras
import tensorflow as tf


class FixedDropout(tf.keras.layers.Dropout):
    pass


custom_objects = {"FixedDropout": FixedDropout}
keras.utils.generic_utils.get_custom_objects().update(custom_objects)  # EXPECT
print("FixedDropout" in keras.utils.get_custom_objects())
