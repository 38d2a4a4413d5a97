"""Type stub of the compiled extension (solver_rs/py)."""

from collections.abc import Callable
from typing import Any, final

__all__ = [
    "DEFAULT_MEMORY_MB", "InconsistentKnowledgeError", "InvalidInputError", "InvalidPositionError", "MAX_MEMORY_MB",
    "NotationError",
    "SolveStoppedError", "Solver", "SolverError", "StopFlag", "UnknownVariantError", "core_version", "count_cards",
    "evaluate_cards", "evaluate_passes", "interrupt_all", "legal_cards", "sample_placements", "set_slowdown",
    "slowdown", "solve_batch", "trick_result",
]

class SolverError(Exception): ...
class InvalidInputError(SolverError): ...
class UnknownVariantError(InvalidInputError): ...
class NotationError(InvalidInputError): ...
class InvalidPositionError(InvalidInputError): ...
class InconsistentKnowledgeError(InvalidInputError): ...
class SolveStoppedError(SolverError): ...

DEFAULT_MEMORY_MB: int
MAX_MEMORY_MB: int

def set_slowdown(factor: int) -> None: ...
def slowdown() -> int: ...
def interrupt_all() -> None: ...

@final
class StopFlag:
    def __new__(cls) -> StopFlag: ...
    def set(self) -> None: ...
    def is_set(self) -> bool: ...

@final
class Solver:
    def __new__(cls, memory_mb: int = ...) -> Solver: ...
    @property
    def memory_bytes(self) -> int: ...
    def clear(self) -> None: ...
    def set_stop(self, stop: StopFlag | None = None) -> None: ...
    def solve(
        self,
        variant: str,
        position: str,
        player: int | None = None,
        all_cards: bool = True,
        line: bool = True,
        deadline: float | None = None,
    ) -> dict[str, Any]: ...
    def solve_anytime(
        self,
        variant: str,
        position: str,
        on_progress: Callable[[dict[str, Any]], bool | None],
        player: int | None = None,
        line: bool = True,
        deadline: float | None = None,
        stop: StopFlag | None = None,
    ) -> dict[str, Any]: ...
    def reaches(
        self, variant: str, position: str, target: int, player: int | None = None, deadline: float | None = None
    ) -> bool: ...
    def line_short_of(
        self, variant: str, position: str, target: int, player: int | None = None, deadline: float | None = None
    ) -> list[str] | None: ...
    def dd_table(
        self, variant: str, deal: str, dealer: int, deadline: float | None = None
    ) -> list[tuple[str | None, int, int]]: ...

def core_version() -> str: ...
def count_cards(indices: list[int]) -> int: ...
def legal_cards(variant: str, position: str) -> list[str]: ...
def trick_result(variant: str, position: str, cards: list[str]) -> tuple[int, int]: ...
def solve_batch(
    jobs: list[tuple[str, str, int | None]],
    all_cards: bool = True,
    line: bool = False,
    threads: int = ...,
    memory_mb: int = ...,
) -> list[dict[str, Any]]: ...

# (codes played since, trump suit code, (value, strongest) if shown, (strongest, tie loses) if beaten)
_DeclarationSpec = tuple[list[str], str, tuple[int, int] | None, tuple[int, bool] | None]
# (seat or None for the stock, size, known codes, allowed codes, its declaration)
_HolderSpec = tuple[int | None, int, list[str], list[str], _DeclarationSpec | None]

def sample_placements(
    variant: str, unseen: list[str], holders: list[_HolderSpec], seed: int, count: int
) -> tuple[int, list[list[list[str]]]]: ...
def evaluate_cards(
    variant: str,
    template: str,
    unseen: list[str],
    holders: list[_HolderSpec],
    player: int | None,
    seed: int,
    min_samples: int,
    max_samples: int,
    budget: float | None = None,
    deadline: float | None = None,
    threads: int = 0,
    memory_mb: int = 16,
    line_deals: int = 0,
    stop: StopFlag | None = None,
) -> dict[str, Any]: ...
def evaluate_passes(
    template: str,
    unseen: list[str],
    holders: list[_HolderSpec],
    seat: int,
    offset: int,
    seed: int,
    min_samples: int,
    max_samples: int,
    budget: float | None = None,
    deadline: float | None = None,
    threads: int = 0,
    stop: StopFlag | None = None,
) -> dict[str, Any]: ...
