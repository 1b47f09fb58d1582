"""Runs the SDK's own tests/test_engine.py (copied here from its source archive by
scripts/verify-engine) under pytest: its nose-style module `setup()`/`teardown()`, which pytest
no longer calls by itself, run around the module."""

import pytest


@pytest.fixture(autouse=True, scope="module")
def nose_module_setup(request):
    module = request.module
    if hasattr(module, "setup"):
        module.setup()
    yield
    if hasattr(module, "teardown"):
        module.teardown()
