import json
import os
from pathlib import Path

import keras
import pytest

RESULTS = Path(os.environ.get("TINYPROJ_RESULTS", Path(__file__).parent.parent / "results.json"))


@pytest.fixture(autouse=True)
def seeded():
    keras.utils.set_random_seed(0)


@pytest.fixture(scope="session")
def record():
    """What the tests computed, written at the end: runs with and without tf2lint compare it."""
    found = {}
    yield found.__setitem__
    RESULTS.write_text(json.dumps(found, indent=1, sort_keys=True))
