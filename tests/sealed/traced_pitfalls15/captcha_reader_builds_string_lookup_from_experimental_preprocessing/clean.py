import tensorflow as tf
from tensorflow.keras import layers

characters = sorted(set("2b4f6m8nxyp3dcgw"))

char_to_num = layers.StringLookup(vocabulary=list(characters), mask_token=None)
num_to_char = layers.StringLookup(vocabulary=char_to_num.get_vocabulary(), mask_token=None, invert=True)

label = tf.strings.unicode_split("2b4f6", input_encoding="UTF-8")
encoded = char_to_num(label)
print("encoded", encoded.numpy().tolist())
print("decoded", tf.strings.reduce_join(num_to_char(encoded)).numpy().decode())
