# class: 13
# DESCRIPTION: An optimizer class chosen at run time and built with lr= (fine-tuning helper)
# SOURCE: https://github.com/nadavbra/protein_bert/issues/19
# keras2: tensorflow-cpu==2.10.1
import tensorflow as tf


class ModelGenerator:
    def __init__(self, optimizer_class=tf.keras.optimizers.RMSprop, lr=2e-3):
        self.optimizer_class = optimizer_class
        self.lr = lr

    def compile(self, model):
        model.compile(optimizer=self.optimizer_class(lr=self.lr), loss="mse")  # EXPECT
        return model


model = ModelGenerator().compile(tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))]))
print(round(float(model.optimizer.learning_rate.numpy()), 6))
