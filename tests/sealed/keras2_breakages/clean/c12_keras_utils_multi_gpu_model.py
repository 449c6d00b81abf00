# class: 12
# DESCRIPTION: (Keras 3 form) from keras.utils import multi_gpu_model, used when more than one GPU is visible (keras 2.x)
# SOURCE: https://github.com/keras-team/keras/issues/11823
from keras import Input
from keras.layers import Dense
from keras.models import Sequential

model = Sequential([Input(shape=(3,)), Dense(2)])
model.compile(loss="mse", optimizer="sgd")
print(model.count_params())
