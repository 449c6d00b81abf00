# SOURCE: https://github.com/keras-team/keras/issues/13517
# SYMPTOM: number "EVAL_ACC" < 0.75
# DESCRIPTION: an image classifier trains through an ImageDataGenerator that rescales pixels by 1/255, but the validation images loaded by hand for evaluate are left in 0-255, so evaluate disagrees with val_acc
import numpy as np
import tensorflow as tf
import keras

rng = np.random.default_rng(13517)


def load_images(n):
    labels = rng.integers(0, 2, n)
    pics = rng.uniform(0, 120, (n, 8, 8, 1)) + labels[:, None, None, None] * 120
    return pics.astype("float32"), labels.astype("float32")


x_train, y_train = load_images(256)
train_datagen = tf.keras.preprocessing.image.ImageDataGenerator(rescale=1.0 / 255)
model = keras.Sequential([keras.Input((8, 8, 1)), keras.layers.Flatten(), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer=keras.optimizers.Adam(0.05), loss="binary_crossentropy", metrics=["accuracy"])
model.fit(train_datagen.flow(x_train, y_train, batch_size=32), epochs=8, verbose=0)


def load_data():
    data, pred = load_images(64)
    return data, pred  # EXPECT: api-misuse/inference-input-missing-training-rescale


data, pred = load_data()
print("EVAL_ACC", round(float(model.evaluate(data, pred, verbose=0)[1]), 3))
