"""Every docstring example in the package runs and is right."""

import doctest
import importlib
import pkgutil

import pytest

import skye_widgets

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(skye_widgets.__path__, "skye_widgets.")
    if not m.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
