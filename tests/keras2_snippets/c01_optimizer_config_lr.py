# class: 1
# An optimizer built from a config dict with Keras 2's `lr` key (Keras 2's from_config read it
# as learning_rate).
import tensorflow as tf

opt = tf.keras.optimizers.get({"class_name": "SGD", "config": {"lr": 0.25}})  # EXPECT
print(round(float(opt.learning_rate), 4))
