# class: 12
# DESCRIPTION: from keras.layers.merge import concatenate in a two-branch model (keras 2.x module layout)
# SOURCE: https://github.com/azhartalha/Traffic-Survalance-with-Computer-Vision-and-Deep-Learning/issues/10
# keras2: tensorflow-cpu==2.2.3
from keras.layers import Dense, Input
from keras.layers.merge import concatenate  # EXPECT
from keras.models import Model

a = Input(shape=(3,))
b = Input(shape=(2,))
merged = concatenate([Dense(4)(a), Dense(4)(b)])
model = Model([a, b], Dense(1)(merged))
print(model.count_params())
