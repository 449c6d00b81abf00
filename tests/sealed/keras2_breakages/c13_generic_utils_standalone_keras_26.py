# class: 13
# DESCRIPTION: from keras.utils.generic_utils import get_custom_objects with the keras package that shipped beside TF
# SOURCE: https://github.com/keras-team/keras/issues/15544
# keras2: tensorflow-cpu==2.5.3
from keras.utils.generic_utils import get_custom_objects  # EXPECT


def mish(x):
    return x


get_custom_objects()["mish"] = mish
print("mish" in get_custom_objects())
