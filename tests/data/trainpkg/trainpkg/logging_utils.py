"""Plain Python helpers (no TensorFlow import), called from the training step."""


def log_step(loss):
    print("loss", loss)
    return loss
