# class: 14
# DESCRIPTION: optimizers.legacy.Adam() kept so that optimizer weights are stored as in TF 2.8
# SOURCE: https://github.com/securefederatedai/openfederatedlearning/pull/863
import numpy as np
import tensorflow.keras as ke

model = ke.Sequential([ke.layers.Dense(2, input_shape=(3,))])
model.compile(optimizer=ke.optimizers.legacy.Adam(), loss="mse")  # EXPECT
model.fit(np.ones((2, 3), "float32"), np.ones((2, 2), "float32"), verbose=0)
print(len(model.optimizer.get_weights()))
