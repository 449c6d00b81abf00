# class: 14
# DESCRIPTION: DenseFeatures as the first layer of a Sequential model fed a dict of columns
# SOURCE: https://github.com/tensorflow/tensorflow/issues/39818
import numpy as np
import tensorflow as tf
from tensorflow import feature_column
from tensorflow.keras import layers

feature_columns = [feature_column.numeric_column(name) for name in ("a", "b")]
model = tf.keras.Sequential([
    layers.DenseFeatures(feature_columns),  # EXPECT
    layers.Dense(1, kernel_initializer="ones"),
])
batch = {"a": np.array([[1.0]], "float32"), "b": np.array([[2.0]], "float32")}
print(model(batch).numpy().tolist())
