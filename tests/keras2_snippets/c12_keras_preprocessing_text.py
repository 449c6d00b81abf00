# class: 12
# from keras.preprocessing.text import Tokenizer (standalone keras 2.x).
from keras.preprocessing.text import Tokenizer  # EXPECT

tokenizer = Tokenizer(num_words=10)
tokenizer.fit_on_texts(["a b c", "a b"])
print(tokenizer.texts_to_sequences(["a c"]))
