# class: 12
# from keras.optimizers.legacy import Adam (for M1 Macs and old checkpoints).
from keras.optimizers.legacy import Adam  # EXPECT

print(Adam(0.01).get_config()["learning_rate"])
