# class: 14
# DESCRIPTION: fit_generator on a keras.utils.Sequence of image/mask batches (segmentation training loop)
# SOURCE: https://github.com/divamgupta/image-segmentation-keras/issues/245
import numpy as np
import tensorflow as tf


class SegmentationBatches(tf.keras.utils.Sequence):
    def __len__(self):
        return 2

    def __getitem__(self, idx):
        x = np.full((2, 4, 4, 1), idx, "float32")
        return x, (x > 0).astype("float32")


model = tf.keras.Sequential([tf.keras.layers.Conv2D(1, 1, activation="sigmoid", input_shape=(4, 4, 1))])
model.compile(optimizer="adam", loss="binary_crossentropy")
history = model.fit_generator(SegmentationBatches(), epochs=1, verbose=0)  # EXPECT
print(len(history.history["loss"]))
