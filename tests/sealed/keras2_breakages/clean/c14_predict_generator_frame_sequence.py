# class: 14
# DESCRIPTION: (Keras 3 form) predict_generator over a Sequence of video-frame batches
# SOURCE: https://github.com/metal3d/keras-video-generators/issues/29
import numpy as np
import tensorflow as tf


class VideoFrameGenerator(tf.keras.utils.PyDataset):
    def __len__(self):
        return 3

    def __getitem__(self, idx):
        return (np.full((2, 3, 4, 4, 1), idx, "float32"),)


model = tf.keras.Sequential([
    tf.keras.Input(shape=(3, 4, 4, 1)),
    tf.keras.layers.TimeDistributed(tf.keras.layers.Flatten()),
    tf.keras.layers.GlobalAveragePooling1D(),
    tf.keras.layers.Dense(2, kernel_initializer="ones"),
])
predictions = model.predict(VideoFrameGenerator(), steps=3, verbose=0)
print(predictions.shape)
