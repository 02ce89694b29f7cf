"""Race ratings with openskill's Plackett-Luce model: a free-for-all of any number of
players, each placed by the race's rules. The maths is openskill's; here only which
places go in and which numbers come out.

A member's shown rating is openskill's ordinal (mu - 3 sigma): a newcomer starts at 0 and
climbs as the model grows sure of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        return MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal()


def newcomer() -> Skill:
    rating = MODEL.rating()
    return Skill(rating.mu, rating.sigma)


def after_race(skills: list[Skill], places: list[int]) -> list[Skill]:
    """Everyone's skill after a race in which they took `places` (1 = first, ties shared)."""
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
