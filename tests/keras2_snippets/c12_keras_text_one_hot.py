# class: 12
# keras.preprocessing.text.one_hot for hashing words.
from keras.preprocessing import text  # EXPECT

print(len(text.one_hot("a b c", 10)))
