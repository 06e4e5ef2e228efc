"""A stranger's styles: the family of ways the coach reads a player it does not know.

The coach knows the project's bots by their policies (:mod:`cardcommons.bots.seating`).
A player it does not know (a person at the table, a bot a reader wrote) is a
**stranger**, and the coach reads it as one of a small **family of styles**,
each a policy with a batch form (:mod:`cardcommons.bots.policies`), with a
stated **prior**: the rule of thumb, the rule of thumb knocking early, a
cautious and a bold player (Whisky Poker's knock and take-the-unseen
settings), MonteCarloBot's stand-in (:mod:`cardcommons.bots.standin`) and a
player at random. Split and Choose's rule of thumb has no such settings: there
the family is the rule of thumb, the stand-in and the player at random, the
prior shared among them in proportion. Each world the coach draws carries
each stranger's style, drawn with the cards in proportion to the chance of
the stranger's moves under it (:mod:`cardcommons.bots.worlds`), and its
play-outs go on with each stranger playing its world's style.

>>> from cardcommons.whisky import WhiskyPoker
>>> print(FAMILY)
the rule of thumb 40%, the rule of thumb knocking early 10%, a cautious player 15%, a bold player 15%, \
a player like MonteCarloBot 15%, a player at random 5%
>>> [f"{name} {p:.2f}" for name, p in zip(*FAMILY.at(WhiskyPoker(2, seed=1)).named(), strict=True)][:2]
['rule of thumb 0.40', 'knocks early 0.10']
>>> family({"cautious": 0.5, "wild": 0.5})
Traceback (most recent call last):
...
cardcommons.errors.RulesError: no style named 'wild'; the styles are 'rule of thumb', 'knocks early', \
'cautious', 'bold', 'like MonteCarloBot', 'random'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from cardcommons.bots.policies import RANDOM, Policy, Trembling, batch_form
from cardcommons.bots.split_and_choose import HeuristicBot
from cardcommons.bots.whisky import GreedyBot
from cardcommons.errors import RulesError, is_real, shown
from cardcommons.game import Game
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker

__all__ = [
    "FAMILY",
    "STYLES",
    "PerWorld",
    "SeatStyles",
    "Style",
    "StyleReading",
    "family",
    "known_seat",
]

Ids = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Style:
    """One way a stranger may play: ``like``, in words ("a cautious player");
    ``policy(game)``, its policy at ``game``'s table (None where the style has
    no meaning, as a knock threshold in Split and Choose); ``by_rule``: played
    on in the play-outs by its rule alone (a stand-in's moves at random fit how
    a look-ahead's moves are spread, not how strongly it plays: see
    :func:`cardcommons.bots.seating.playing`)."""

    name: str
    like: str
    policy: Callable[[Game], Trembling | None] = field(repr=False)
    by_rule: bool = False

    def playing(self, game: Game) -> Trembling | None:
        """The batch form this style plays on by, in the play-outs."""
        found = self.policy(game)
        if found is not None and self.by_rule and found.rule is not None:
            return Trembling(found.rule, 0.0)
        return found


def _whisky_only(bot: GreedyBot) -> Callable[[Game], Trembling | None]:
    return lambda game: Trembling(bot, 0.0) if isinstance(game, WhiskyPoker) else None


def _rule_of_thumb(game: Game) -> Trembling | None:
    if isinstance(game, WhiskyPoker):
        return Trembling(GreedyBot(seed=0), 0.0)
    return Trembling(HeuristicBot(seed=0), 0.0) if isinstance(game, SplitAndChoose) else None


def _like_monte_carlo(game: Game) -> Trembling | None:
    from cardcommons.bots.standin import fitted, stand_in  # the stand-in reads the coach's MonteCarloBot

    if not isinstance(game, WhiskyPoker | SplitAndChoose):
        return None
    from cardcommons.bots.coach import MonteCarloBot

    found = stand_in(MonteCarloBot(fitted()["strengths"]["steady"]), game)
    # off its candidates: random. Its knocks are read by the floor, without the stand-in's knock chances: those
    # read a knock from any hand, which would cost every stranger the table of the ways its knock may come from
    return Trembling(found.rule, 0.0, found.tremble + found.wander, found.knock_floor)


STYLES: dict[str, Style] = {
    style.name: style
    for style in (
        Style("rule of thumb", "the rule of thumb", _rule_of_thumb),
        Style("knocks early", "the rule of thumb knocking early", _whisky_only(GreedyBot(knock_at=0.9, seed=0))),
        Style("cautious", "a cautious player", _whisky_only(GreedyBot(knock_at=0.97, take_unseen_below=0.3, seed=0))),
        Style("bold", "a bold player", _whisky_only(GreedyBot(knock_at=1.0, take_unseen_below=0.7, seed=0))),
        Style("like MonteCarloBot", "a player like MonteCarloBot", _like_monte_carlo, by_rule=True),
        Style("random", "a player at random", lambda game: RANDOM),
    )
}
"""The styles a stranger is read by, by name. In Whisky Poker: the rule of thumb
(GreedyBot: improve the hand, knock on the best hand there is, take the unseen
spare below the median hand); knocking early (on a hand better than 90 in 100);
cautious (knocks on 97 in 100, takes the unseen spare only below 30 in 100);
bold (takes the unseen spare below 70 in 100); MonteCarloBot's stand-in at the
arcade's steady strength; and a player at random."""


@dataclass(frozen=True)
class Family:
    """A family of styles and its prior: ``names`` (of :data:`STYLES`) and ``prior``,
    the chance of each before a move is seen. Made by :func:`family`, which checks them."""

    names: tuple[str, ...]
    prior: tuple[float, ...]

    def __str__(self) -> str:
        return _words(self.names, self.prior)

    def at(self, game: Game) -> SeatStyles:
        """The styles of this family that have a meaning at ``game``'s table, their
        prior shared among them in proportion (a stranger's :class:`SeatStyles`)."""
        found = [(n, p, STYLES[n].policy(game)) for n, p in zip(self.names, self.prior, strict=True) if p > 0]
        present = [(n, p, policy) for n, p, policy in found if policy is not None]
        if not present:
            raise RulesError(f"no style of the family {shown(self.names)} plays {type(game).__name__}")
        total = sum(p for _, p, _ in present)
        return SeatStyles(
            tuple(n for n, _, _ in present),
            tuple(policy for _, _, policy in present),
            tuple(STYLES[n].playing(game) for n, _, _ in present),
            tuple(p / total for _, p, _ in present),
            stranger=True,
        )


def _words(names: tuple[str, ...], prior: tuple[float, ...]) -> str:
    return ", ".join(f"{STYLES[n].like} {p:.0%}" for n, p in zip(names, prior, strict=True))


def family(prior: Mapping[str, float] | None = None) -> Family:
    """A family of styles with its prior: a chance for each style named (of
    :data:`STYLES`), from 0 to 1, adding up to 1; None: :data:`FAMILY`'s.

    >>> print(family({"rule of thumb": 0.9, "random": 0.1}))
    the rule of thumb 90%, a player at random 10%
    >>> family({"rule of thumb": 0.9, "random": 0.2})
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: a prior over styles adds up to 1, not 1.1: {'rule of thumb': 0.9, 'random': 0.2}
    """
    if prior is None:
        return FAMILY
    if not isinstance(prior, Mapping) or not prior:
        raise RulesError(f"a prior over styles is a mapping of style names to chances, not {shown(prior)}")
    for name, chance in prior.items():
        if name not in STYLES:
            raise RulesError(f"no style named {shown(name)}; the styles are {', '.join(map(repr, STYLES))}")
        if not is_real(chance) or not 0 <= chance <= 1:
            raise RulesError(f"the prior of style {name!r} is a chance from 0 to 1, not {shown(chance)}")
    total = math.fsum(prior.values())
    if not math.isclose(total, 1, abs_tol=1e-9):
        raise RulesError(f"a prior over styles adds up to 1, not {total:.3g}: {shown(dict(prior))}")
    return Family(tuple(prior), tuple(float(p) for p in prior.values()))


FAMILY = family(
    {
        "rule of thumb": 0.40,
        "knocks early": 0.10,
        "cautious": 0.15,
        "bold": 0.15,
        "like MonteCarloBot": 0.15,
        "random": 0.05,
    }
)
"""The coach's family of styles for a stranger, and its prior: the rule of thumb
the likeliest, as the project's own tables play; the player at random the least."""


@dataclass(frozen=True)
class SeatStyles:
    """The styles one seat is read by: their ``names``, the policy each reads the
    seat's moves by (``reading``), the batch form each plays it on by in the
    play-outs (``playing``; None: none, the rule of thumb plays it on) and the
    ``prior``. A stranger's come from a :class:`Family`; a known seat's are its own
    policy and, with the model's small chance, a player at random (:func:`known_seat`)."""

    names: tuple[str, ...]
    reading: tuple[Policy, ...]
    playing: tuple[Trembling | None, ...]
    prior: tuple[float, ...]
    stranger: bool = False

    def named(self) -> tuple[tuple[str, ...], tuple[float, ...]]:
        """The styles' names and their prior."""
        return self.names, self.prior

    def __str__(self) -> str:
        """The styles in words, with their prior.

        >>> from cardcommons.split_and_choose import SplitAndChoose
        >>> print(FAMILY.at(SplitAndChoose(seed=1)))
        the rule of thumb 67%, a player like MonteCarloBot 25%, a player at random 8%
        """
        return _words(self.names, self.prior)

    def batch(self) -> list[Trembling] | None:
        """Each style's reading policy as a batch form, or None if one has none."""
        found = [batch_form(policy) for policy in self.reading]
        return None if any(f is None for f in found) else [f for f in found if f is not None]


def known_seat(policy: Policy, tremble: float, playing: Trembling | None = None) -> SeatStyles:
    """A seat read by ``policy``, or with the chance ``tremble`` as a player at random (one style in effect)."""
    return SeatStyles((repr(policy), "random"), (policy, RANDOM), (playing, RANDOM), (1 - tremble, tremble))


@dataclass(frozen=True)
class PerWorld:
    """A seat's batch forms world by world, for the play-outs: world ``g`` plays
    the seat by ``styles[which[g]]``.

    >>> seat = PerWorld.of(PerWorld((RANDOM, Trembling(GreedyBot(), 0.0)), np.array([1, 0])), copies=2)
    >>> seat.which.tolist(), seat.tremble.tolist()
    ([1, 0, 1, 0], [0.0, 1.0, 0.0, 1.0])
    """

    styles: tuple[Trembling, ...]
    which: Ids

    @staticmethod
    def of(policy: Trembling | PerWorld, copies: int = 1, games: int = 0) -> PerWorld:
        """``policy`` for ``copies`` copies of the games (``games`` of them, for a
        policy alike in every world), one row each."""
        if isinstance(policy, PerWorld):
            return PerWorld(policy.styles, np.tile(policy.which, copies))
        return PerWorld((policy,), np.zeros(games * copies, dtype=np.int64))

    @property
    def tremble(self) -> npt.NDArray[np.float64]:
        """Each row's chance of a move at random among every legal move."""
        found: npt.NDArray[np.float64] = np.array([s.tremble for s in self.styles])[self.which]
        return found

    @property
    def wander(self) -> npt.NDArray[np.float64]:
        """Each row's chance of a move at random among the candidates."""
        found: npt.NDArray[np.float64] = np.array([s.wander for s in self.styles])[self.which]
        return found

    @property
    def knock_floor(self) -> npt.NDArray[np.float64]:
        """Each row's percentile below which a move among the candidates is never a knock."""
        found: npt.NDArray[np.float64] = np.array([s.knock_floor for s in self.styles])[self.which]
        return found

    @property
    def by_rule(self) -> float:
        """The least chance, over the styles, that a move is the rule's."""
        return min(s.by_rule for s in self.styles)

    def kept(self, rows: npt.NDArray[np.bool_] | Ids) -> PerWorld:
        """The rows ``rows`` only (the games still going)."""
        return PerWorld(self.styles, self.which[rows])


@dataclass(frozen=True)
class StyleReading:
    """What a stranger's moves say of its style: for each style of the family
    (``names``), its ``prior`` and its ``posterior``, jointly with the cards
    (the worlds drawn: each weighed by the chance of the seat's moves under
    each style); ``moves``, how many of the seat's moves were read, and
    ``fits[k]``, how many of them fit style ``k`` (a move fits a style that
    makes it likelier than a player at random would), in the worlds read as that style.

    >>> reading = StyleReading(3, ("rule of thumb", "cautious", "random"), (0.5, 0.3, 0.2), (0.1, 0.85, 0.05), 9,
    ...                        (6.0, 8.0, 0.0))
    >>> print(reading)
    Seat 3 plays like a cautious player, 85% likely: 8 of its 9 moves fit
    >>> reading.likeliest, reading.caution
    ('cautious', 'too gloomy')
    """

    seat: int
    names: tuple[str, ...]
    prior: tuple[float, ...]
    posterior: tuple[float, ...]
    moves: int
    fits: tuple[float, ...]

    @property
    def likeliest(self) -> str:
        """The style with the highest posterior."""
        return self.names[int(np.argmax(self.posterior))]

    def chance(self, name: str) -> float:
        """The posterior of style ``name``."""
        if name not in self.names:
            raise RulesError(f"no style named {shown(name)} in this reading; its styles are {', '.join(self.names)}")
        return self.posterior[self.names.index(name)]

    @property
    def fitted(self) -> int:
        """How many of the seat's moves fit its likeliest style (in the worlds read so)."""
        return round(self.fits[self.names.index(self.likeliest)])

    @property
    def caution(self) -> str:
        """How the coach's shares may be off, from what the moves say:
        ``"too hopeful"`` for a seat read like MonteCarloBot (played on by its
        stand-in's rule, weaker than a look-ahead), once its moves rule out a
        player at random (whose moves the stand-in's may fit as well: in Split
        and Choose it may pick any move at random); ``"too gloomy"`` for a seat
        read as a rule of thumb with moves that fit no rule (a player who strays
        from a greedy rule plays weaker than it); ``"uncertain"`` when the moves
        fit several styles alike (no style above half) or no style at all; else ""."""
        name = self.likeliest
        if self.moves and max(self.posterior) < 0.5:
            return "uncertain"
        if name == "like MonteCarloBot":
            at_random = self.chance("random") if "random" in self.names else 0.0
            return "too hopeful" if at_random < 0.05 else "uncertain"
        if name == "random":
            return "uncertain" if self.moves < 3 else ""
        return "too gloomy" if self.fitted < self.moves else ""

    def __str__(self) -> str:
        return self.said(f"Seat {self.seat}")

    def said(self, who: str) -> str:
        """The reading in words, the seat named ``who`` ("Bot 3", "the bot": a name that opens the sentence).

        >>> StyleReading(3, ("rule of thumb", "random"), (0.9, 0.1), (0.2, 0.8), 2, (0.0, 0.0)).said("the bot")
        "The bot plays like a player at random, 80% likely: no style's rule fits more than 0 of its 2 moves"
        """
        who = who[:1].upper() + who[1:]
        style = STYLES[self.likeliest].like.removeprefix("a player like ")  # "plays like MonteCarloBot"
        share = f", {max(self.posterior):.0%} likely"
        if not self.moves:
            return f"{who} has not moved yet: read by the prior, likeliest {style}{share}"
        if self.likeliest == "random":
            best = max((f, n) for f, n in zip(self.fits, self.names, strict=True) if n != "random")
            return (
                f"{who} plays like {style}{share}: no style's rule fits more than {round(best[0])} of its "
                f"{self.moves} moves"
            )
        return f"{who} plays like {style}{share}: {self.fitted} of its {self.moves} moves fit"
