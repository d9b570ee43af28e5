"""The documentation's examples run as written (doctests)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import fcm

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("doc", ["docs/engine.md"])
def test_markdown_examples_run(doc):
    result = doctest.testfile(str(ROOT / doc), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10
    assert result.failed == 0


def test_package_docstring_examples_run():
    result = doctest.testmod(fcm)
    assert result.attempted > 0 and result.failed == 0
