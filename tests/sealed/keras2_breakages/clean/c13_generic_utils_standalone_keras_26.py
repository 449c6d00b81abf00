# class: 13
# DESCRIPTION: (Keras 3 form) from keras.utils.generic_utils import get_custom_objects with the keras package that shipped beside TF
# SOURCE: https://github.com/keras-team/keras/issues/15544
from keras.utils import get_custom_objects


def mish(x):
    return x


get_custom_objects()["mish"] = mish
print("mish" in get_custom_objects())
