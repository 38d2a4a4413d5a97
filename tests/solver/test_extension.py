"""The compiled Rust extension is built, importable, and maps errors to typed exceptions."""

from __future__ import annotations

import pytest

from engine_service import solver


def test_extension_is_compiled_and_loaded():
    assert solver.core_version() == "0.1.0"
    assert solver._solver.__file__.endswith((".so", ".pyd"))


def test_counts_distinct_cards():
    assert solver.count_cards([0, 5, 63]) == 3


@pytest.mark.parametrize("bad", [[1, 1], [64], [2**31]])
def test_invalid_input_raises_typed_error(bad):
    with pytest.raises(solver.InvalidInputError):
        solver.count_cards(bad)
    assert issubclass(solver.InvalidInputError, solver.SolverError)
