# DESCRIPTION: Evaluation results printed by zipping model.evaluate with model.metrics_names after compile
# SOURCE: https://github.com/atulapra/Emotion-detection/issues/29
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


model = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="softmax", input_shape=(4,))])
set_seeded_weights(model, 38)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
rng = np.random.RandomState(39)
x = rng.rand(9, 4).astype("float32")
y = rng.randint(0, 3, 9)
print("metric names before", model.metrics_names)
results = model.evaluate(x, y, verbose=0)
for name, value in zip(model.metrics_names, results):
    print(name, round(float(value), 4))
