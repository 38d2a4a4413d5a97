"""Typed facade over the compiled Rust extension (``engine_service._solver``).

The extension is private; import solver functionality from here.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import _solver
from ._solver import InvalidInputError, SolverError

__all__ = ["InvalidInputError", "SolverError", "core_version", "count_cards"]


def core_version() -> str:
    """Version of the Rust core the extension was built from."""
    return _solver.core_version()


def count_cards(indices: Iterable[int]) -> int:
    """Number of distinct card indices; :class:`InvalidInputError` on a duplicate or out-of-range index."""
    return _solver.count_cards(list(indices))
