"""The rating model: OpenSkill's Plackett-Luce (Weng-Lin), which rates any number of
players or teams ranked in one match, ties included. The `openskill` package computes the
update; this module keeps what a store needs around it, as plain numbers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from statistics import fmean

from openskill.models import PlackettLuce

from .matches import RatedMatch

_MODEL = PlackettLuce()
# A rating is provisional while its sigma is above this: about ten matches from the start (8.33).
PROVISIONAL_SIGMA = 7.0


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    matches: int = 0

    @property
    def shown(self) -> float:
        """What players see and leaderboards sort by: mu - 3 sigma, a cautious estimate."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA


DEFAULT = Rating(_MODEL.mu, _MODEL.sigma, 0)


def updated(match: RatedMatch, current: Mapping[str, Rating]) -> dict[str, Rating]:
    """Every entity's rating after ``match``, from ``current`` (DEFAULT for one not there).
    A bot strength at several seats plays as that many copies of its rating; its new rating
    is their mean, counted as one match."""
    teams = [[_MODEL.rating(mu=current.get(e, DEFAULT).mu, sigma=current.get(e, DEFAULT).sigma) for e in team]
             for team in match.teams]
    rated = _MODEL.rate(teams, ranks=[float(rank) for rank in match.ranks])
    copies: dict[str, list[tuple[float, float]]] = {}
    for team, ratings in zip(match.teams, rated):
        for entity, rating in zip(team, ratings):
            copies.setdefault(entity, []).append((float(rating.mu), float(rating.sigma)))
    return {
        entity: Rating(fmean(mu for mu, _ in seen), fmean(sigma for _, sigma in seen),
                       current.get(entity, DEFAULT).matches + 1)
        for entity, seen in copies.items()
    }
