# SOURCE: https://github.com/DrSleep/tensorflow-deeplab-resnet/issues/13
# SYMPTOM: number "MISMATCH" >= 1
# DESCRIPTION: a segmentation input pipeline mirrors the image and its label map with two unseeded random flips, so each draws its own coin and labels no longer line up with their images
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(13)
images = rng.random((32, 8, 8, 3)).astype("float32")
labels = (rng.random((32, 8, 8, 1)) > 0.5).astype("uint8")


def read_and_augment(img, label):
    img = tf.image.random_flip_left_right(img)  # EXPECT: api-misuse/paired-random-flip-without-shared-seed
    label = tf.image.random_flip_left_right(label)  # EXPECT: api-misuse/paired-random-flip-without-shared-seed
    return img, label


dataset = tf.data.Dataset.from_tensor_slices((images, labels)).map(read_and_augment)
mismatched = 0
for i, (img, label) in enumerate(dataset):
    image_flipped = not np.allclose(img.numpy(), images[i])
    label_flipped = not np.array_equal(label.numpy(), labels[i])
    mismatched += int(image_flipped != label_flipped)
print("MISMATCH", mismatched)
