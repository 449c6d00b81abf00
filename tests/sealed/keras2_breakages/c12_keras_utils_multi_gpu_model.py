# class: 12
# DESCRIPTION: from keras.utils import multi_gpu_model, used when more than one GPU is visible (keras 2.x)
# SOURCE: https://github.com/keras-team/keras/issues/11823
# keras2: tensorflow-cpu==2.2.3
from keras.layers import Dense
from keras.models import Sequential
from keras.utils import multi_gpu_model  # EXPECT

G = 0
model = Sequential([Dense(2, input_dim=3)])
if G > 1:
    model = multi_gpu_model(model, gpus=G)
model.compile(loss="mse", optimizer="sgd")
print(model.count_params())
