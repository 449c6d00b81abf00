"""The fix: under Keras 3 a SavedModel directory for serving is written with
Model.export(); save_model only writes .keras/.h5 files."""

import os
import shutil
import tempfile

import numpy as np
import tensorflow as tf

EXPORT_ROOT = tempfile.mkdtemp()


def train_job(job_id):
    model = tf.keras.Sequential([tf.keras.layers.Input((4,)), tf.keras.layers.Dense(8, activation="relu"), tf.keras.layers.Dense(2)])
    model.compile(optimizer="adam", loss="mse")
    model.fit(np.random.rand(32, 4), np.random.rand(32, 2), epochs=1, verbose=0)
    job_dir = os.path.join(EXPORT_ROOT, job_id)
    os.makedirs(job_dir, exist_ok=True)
    model.save(os.path.join(job_dir, "model.keras"))
    return job_dir


def export_savedmodel(job_dir):
    archive = os.path.join(job_dir, "savedmodel.zip")
    if os.path.exists(archive):
        return archive
    model = tf.keras.models.load_model(os.path.join(job_dir, "model.keras"))
    savedmodel_dir = os.path.join(job_dir, "savedmodel")
    model.export(str(savedmodel_dir), verbose=False)
    return shutil.make_archive(archive[:-4], "zip", savedmodel_dir)


job_dir = train_job("job-1")
path = export_savedmodel(job_dir)
print("[archive]", os.path.basename(path))
