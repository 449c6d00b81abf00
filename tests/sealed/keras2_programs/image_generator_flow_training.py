# DESCRIPTION: Image classification trained from ImageDataGenerator().flow batches with fit_generator and an .h5 checkpoint of the weights
# SOURCE: https://github.com/jandremarais/PotholeDetection/issues/3
import numpy as np
import tensorflow as tf
from tensorflow.keras.preprocessing.image import ImageDataGenerator

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


rng = np.random.RandomState(42)
images = rng.rand(16, 8, 8, 1).astype("float32")
labels = tf.keras.utils.to_categorical(rng.randint(0, 2, 16), 2)
datagen = ImageDataGenerator(rescale=1.0)
train_batches = datagen.flow(images, labels, batch_size=8, shuffle=False)
model = tf.keras.Sequential([
    tf.keras.layers.Conv2D(2, 3, activation="relu", input_shape=(8, 8, 1)),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(2, activation="softmax"),
])
set_seeded_weights(model, 43)
model.compile(optimizer=tf.keras.optimizers.SGD(lr=0.01), loss="categorical_crossentropy", metrics=["accuracy"])
checkpoint = tf.keras.callbacks.ModelCheckpoint("weights.best.h5", save_weights_only=True, monitor="loss", save_best_only=True)
history = model.fit_generator(train_batches, steps_per_epoch=2, epochs=2, verbose=0, callbacks=[checkpoint])
print("losses", [round(v, 4) for v in history.history["loss"]])
model.load_weights("weights.best.h5")
print("accuracy", round(model.evaluate(images, labels, verbose=0)[1], 4))
