import numpy as np
import tensorflow as tf

rng = np.random.default_rng(13)
images = rng.random((32, 8, 8, 3)).astype("float32")
labels = (rng.random((32, 8, 8, 1)) > 0.5).astype("uint8")
seed = 1234


def read_and_augment(img, label):
    img = tf.image.random_flip_left_right(img, seed=seed)
    label = tf.image.random_flip_left_right(label, seed=seed)
    return img, label


dataset = tf.data.Dataset.from_tensor_slices((images, labels)).map(read_and_augment)
mismatched = 0
for i, (img, label) in enumerate(dataset):
    image_flipped = not np.allclose(img.numpy(), images[i])
    label_flipped = not np.array_equal(label.numpy(), labels[i])
    mismatched += int(image_flipped != label_flipped)
print("MISMATCH", mismatched)
