# SOURCE: https://github.com/keras-team/keras/issues/11427
# SYMPTOM: number "confusion-matrix accuracy" < 0.9
# DESCRIPTION: a fine-tuned classifier builds its confusion matrix from predictions of a test generator created with shuffle=True, so the predictions come back in a shuffled order and no longer line up with the labels
import numpy as np
import tensorflow as tf
from tensorflow.keras.preprocessing.image import ImageDataGenerator

rng = np.random.default_rng(27)
labels = np.repeat(np.arange(3), 12)
images = rng.normal(scale=5.0, size=(36, 8, 8, 3)).astype("float32")
images[:, 0, 0, :] = labels[:, None] * 100.0 + 50.0

inputs = tf.keras.Input(shape=(8, 8, 3))
corner = tf.keras.layers.Lambda(lambda t: t[:, 0, 0, :1])(inputs)
outputs = tf.keras.layers.Dense(3, activation="softmax", kernel_initializer=tf.keras.initializers.Constant([[0.0, 1.0, 2.0]]), bias_initializer=tf.keras.initializers.Constant([0.0, -1.0, -3.0]))(corner)
model = tf.keras.Model(inputs, outputs)

test_datagen = ImageDataGenerator(rescale=1.0 / 100)
test_generator = test_datagen.flow(images, labels, batch_size=9, shuffle=True, seed=3)  # EXPECT: api-misuse/shuffled-generator-for-prediction
Y_pred = model.predict(test_generator, verbose=0)
y_pred = np.argmax(Y_pred, axis=1)
print("confusion-matrix accuracy", float(np.mean(y_pred == labels)))
