import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
images = rng.integers(0, 255, size=(8, 28, 28, 1), dtype=np.uint8)
labels = rng.integers(0, 10, size=(8,), dtype=np.int64)
train = tf.data.Dataset.from_tensor_slices({"image": images, "label": labels})
# the (image, label) tuples that as_supervised=True would give
train = train.map(lambda ex: (ex["image"], ex["label"]))


def res_img(img, lbl):
    return tf.cast(img, tf.float32) / 255.0, lbl


train = train.map(res_img)
model = tf.keras.Sequential([tf.keras.Input((28, 28, 1)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(10)])
model.compile("adam", tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
model.fit(train.batch(4), epochs=1, verbose=0)
print("trained")
