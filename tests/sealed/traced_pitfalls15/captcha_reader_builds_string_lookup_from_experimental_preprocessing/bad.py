# SOURCE: https://github.com/tensorflow/tensorflow/issues/44963
# SYMPTOM: raises AttributeError
# DESCRIPTION: a captcha reader maps characters to integers with tf.keras.layers.experimental.preprocessing.StringLookup, a namespace that is gone from Keras 3 (the layer is tf.keras.layers.StringLookup)
import tensorflow as tf
from tensorflow.keras import layers

characters = sorted(set("2b4f6m8nxyp3dcgw"))

char_to_num = layers.experimental.preprocessing.StringLookup(vocabulary=list(characters), mask_token=None)  # EXPECT: keras3/experimental-preprocessing-namespace
num_to_char = layers.experimental.preprocessing.StringLookup(vocabulary=char_to_num.get_vocabulary(), mask_token=None, invert=True)  # EXPECT: keras3/experimental-preprocessing-namespace

label = tf.strings.unicode_split("2b4f6", input_encoding="UTF-8")
encoded = char_to_num(label)
print("encoded", encoded.numpy().tolist())
print("decoded", tf.strings.reduce_join(num_to_char(encoded)).numpy().decode())
