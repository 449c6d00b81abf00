import numpy as np
import tensorflow as tf
import keras


class RefineDetections(keras.layers.Layer):
    """Keeps, for each ROI, the score of its most likely class."""

    def call(self, probs):
        class_ids = tf.argmax(probs, axis=1, output_type=tf.int32)
        indices = tf.stack([tf.range(tf.shape(probs)[0]), class_ids], axis=1)
        class_scores = tf.gather_nd(probs, indices)
        return tf.stack([tf.cast(class_ids, tf.float32), class_scores], axis=1)


rois = keras.Input(shape=(16,), name="roi_features")
probs = keras.layers.Dense(5, activation="softmax", name="mrcnn_class")(rois)
detections = RefineDetections(name="detections")(probs)
model = keras.Model(rois, detections)

features = np.random.rand(6, 16).astype("float32")
print("detections", model.predict(features, verbose=0).shape)
