from tinyproj import data, train


def test_custom_loop_learns(record):
    losses = train.fit_custom(data.sequences(), epochs=2)
    record("custom_loop_losses", losses)
    assert len(losses) == 6 and losses[-1] < losses[0] * 1.5


def test_keras_fit(record):
    import numpy as np

    model = train.make_model(4)
    model.compile(optimizer="sgd", loss="mse")
    x = np.linspace(-1, 1, 48, dtype="float32").reshape(24, 2)
    y = x.sum(axis=1)
    history = model.fit(x, y, batch_size=8, epochs=2, verbose=0, shuffle=False)
    record("fit_loss", history.history["loss"])
    record("fit_predictions", model.predict(x[:4], verbose=0).ravel().tolist())
