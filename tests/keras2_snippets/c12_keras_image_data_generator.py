# class: 12
# keras.preprocessing.image.ImageDataGenerator for augmentation.
import numpy as np
from keras.preprocessing.image import ImageDataGenerator  # EXPECT

gen = ImageDataGenerator(horizontal_flip=True)
batch = next(gen.flow(np.ones((2, 4, 4, 3)), batch_size=2, shuffle=False))
print(batch.shape)
