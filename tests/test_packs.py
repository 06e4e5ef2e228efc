"""Packs: four suits from a lowest rank to the Ace, 0 to 2 Jokers, the ace-low rule (RULES.md section 1)."""

from __future__ import annotations

import random
import re

import pytest
from brute_force import PackSpec, pack_cards, straights

from cardcommons import JOKER, Card, CardError, Pack, Rank, Suit, parse_cards


def test_split_and_choose_is_ten_to_ace_and_one_joker() -> None:
    """21 cards: 10, J, Q, K, A of each suit plus one Joker."""
    pack = Pack.split_and_choose()
    assert len(pack) == 21
    assert pack.cards.count(JOKER) == 1
    assert {c.rank for c in pack.cards if c.rank is not None} == {Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
    assert str(pack) == "21-card pack (10 to A and 1 Joker)"


@pytest.mark.parametrize("players", range(2, 10))
def test_whisky_pack_has_ranks_from_eleven_minus_players(players: int) -> None:
    """P players: ranks 11-P..A in 4 suits; with Jokers, 1 for 2-4 players and 2 for 5-9."""
    pack = Pack.whisky(players)
    assert pack.lowest == 11 - players
    assert len(pack) == 4 * (players + 4)
    assert JOKER not in pack
    jokered = Pack.whisky(players, jokers=True)
    assert jokered.jokers == (1 if players <= 4 else 2)
    assert len(jokered) == len(pack) + jokered.jokers


def test_pack_card_order_is_rank_then_suit_then_jokers() -> None:
    """pack.cards goes rank by rank, suit by suit (c d h s), Jokers last: the index order of evaluate_many."""
    for lowest in range(2, 11):
        for jokers in range(3):
            spec = PackSpec(lowest, jokers, True)
            expected = [JOKER if c is None else Card(Rank(c[0]), Suit(c[1])) for c in pack_cards(spec)]
            assert list(Pack(lowest, jokers).cards) == expected


def test_indices_give_each_joker_its_own_position() -> None:
    """indices() maps cards to positions in pack.cards, the two Jokers to the two Joker slots."""
    pack = Pack(lowest=10, jokers=2)
    assert pack.indices(parse_cards("Jo 10c Jo As")) == (20, 0, 21, 19)
    assert [pack.cards[i] for i in pack.indices(parse_cards("Kd Qh"))] == list(parse_cards("Kd Qh"))


def test_membership() -> None:
    """A card is in the pack if its rank is at least the lowest; the Joker if the pack has one."""
    pack = Pack.whisky(2)
    assert parse_cards("9c")[0] in pack
    assert parse_cards("8c")[0] not in pack
    assert JOKER not in pack
    assert JOKER in Pack.whisky(2, jokers=True)
    assert "9c" not in pack


@pytest.mark.parametrize("lowest", range(2, 11))
@pytest.mark.parametrize("ace_low", [True, False])
def test_straights_are_consecutive_ranks_with_the_ace_low_one_last(lowest: int, ace_low: bool) -> None:
    """Straights highest first; the ace-low straight (if on) is last and topped by its fourth rank."""
    pack = Pack(lowest, ace_low=ace_low)
    assert [(top, set(ranks)) for top, ranks in pack.straights] == [
        (top, set(ranks)) for top, ranks in sorted(straights(PackSpec(lowest, 0, ace_low)), reverse=True)
    ]
    tops = [top for top, _ in pack.straights]
    assert tops == sorted(tops, reverse=True)


def test_ace_low_straights_of_the_full_and_short_packs() -> None:
    """A-2-3-4-5 in the full pack, A-9-10-J-Q in the 24-card pack; none in the 21-card pack."""
    assert Pack(2).straights[-1] == (5, frozenset({14, 2, 3, 4, 5}))
    assert Pack.whisky(2).straights[-1] == (12, frozenset({14, 9, 10, 11, 12}))
    assert Pack.whisky(2, ace_low=False).straights[-1] == (13, frozenset({9, 10, 11, 12, 13}))
    assert Pack.split_and_choose().straights == ((14, frozenset({10, 11, 12, 13, 14})),)
    assert len(Pack(2).straights) == 10
    assert len(Pack(2, ace_low=False).straights) == 9


def test_shuffled_is_reproducible_from_a_seed_and_never_uses_the_global_generator() -> None:
    """Same seed, same order; the global random state is left alone."""
    pack = Pack.whisky(3, jokers=True)
    state = random.getstate()
    first = pack.shuffled(11)
    assert first == pack.shuffled(random.Random(11))
    assert random.getstate() == state
    assert sorted(first) == sorted(pack.cards)
    assert first != pack.shuffled(12)


def test_check_returns_good_cards() -> None:
    """check() passes a legal holding back as a tuple."""
    pack = Pack.whisky(2, jokers=True)
    cards = parse_cards("As Jo 9c")
    assert pack.check(cards, size=3) == cards


@pytest.mark.parametrize("lowest", [1, 11, 0, -3, 14])
def test_lowest_rank_outside_two_to_ten_is_a_card_error(lowest: int) -> None:
    """Pack(lowest) must be 2..10; the message names the bad value."""
    with pytest.raises(CardError, match=f"not {lowest}$"):
        Pack(lowest=lowest)


@pytest.mark.parametrize("jokers", [-1, 3])
def test_jokers_outside_zero_to_two_is_a_card_error(jokers: int) -> None:
    """A pack has 0..2 Jokers; the message names the bad count."""
    with pytest.raises(CardError, match=f"not {jokers}$"):
        Pack(jokers=jokers)


@pytest.mark.parametrize("players", [0, 1, 10, 12])
def test_players_outside_two_to_nine_is_a_card_error(players: int) -> None:
    """Whisky Poker is for 2..9 players; the message names the bad count."""
    with pytest.raises(CardError, match=f"not {players}$"):
        Pack.whisky(players)


def test_booleans_are_not_accepted_as_numbers() -> None:
    """Pack(True) is a mistake, not lowest=1."""
    with pytest.raises(CardError, match="True"):
        Pack(lowest=True)


@pytest.mark.parametrize("value", ["no", 1, 0, None, 2.0])
def test_flags_must_be_real_booleans(value: object) -> None:
    """ace_low="no" must not count as True, nor jokers=2 where a flag is meant: each names the flag."""
    with pytest.raises(CardError, match=re.escape(f"ace_low must be True or False, not {value!r}")):
        Pack(ace_low=value)  # type: ignore[arg-type]
    with pytest.raises(CardError, match=re.escape(f"ace_low must be True or False, not {value!r}")):
        Pack.split_and_choose(ace_low=value)  # type: ignore[arg-type]
    with pytest.raises(CardError, match=re.escape(f"jokers must be True or False, not {value!r}")):
        Pack.whisky(4, jokers=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("jokers", [2, "1", 1.0])
def test_whisky_jokers_is_a_flag_not_a_count(jokers: object) -> None:
    """Pack.whisky(players, jokers=2) is refused: the table decides how many Jokers."""
    with pytest.raises(CardError, match="jokers must be True or False"):
        Pack.whisky(5, jokers=jokers)  # type: ignore[arg-type]


@pytest.mark.parametrize("lowest", [4.0, "4", None])
def test_counts_must_be_ints(lowest: object) -> None:
    """Pack(lowest=4.0) is refused, so it can never share a cache entry with Pack(lowest=4)."""
    with pytest.raises(CardError, match="lowest rank must be"):
        Pack(lowest=lowest)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="players"):
        Pack.whisky(lowest)  # type: ignore[arg-type]


def test_card_not_in_pack_is_named() -> None:
    """A 2 in the 24-card pack is refused by name."""
    with pytest.raises(CardError, match="2♣ is not in the 24-card pack"):
        Pack.whisky(2).check(parse_cards("2c As"))


def test_duplicate_card_is_named() -> None:
    """The same card twice is refused by name."""
    with pytest.raises(CardError, match="A♠ appears more than once"):
        Pack().check(parse_cards("As Kd As"))


def test_too_many_jokers_is_named() -> None:
    """More Jokers than the pack has is refused."""
    with pytest.raises(CardError, match="has 2 Jokers; the 25-card pack"):
        Pack(9, 1).check(parse_cards("Jo Jo As"))
    with pytest.raises(CardError, match="JO is not in the 24-card pack"):
        Pack(9).check(parse_cards("Jo As"))


def test_wrong_number_of_cards_is_named() -> None:
    """check(size=5) refuses 4 cards and lists them."""
    with pytest.raises(CardError, match="expected 5 cards, got 4: A♠ K♦ Q♣ J♥"):
        Pack().check(parse_cards("As Kd Qc Jh"), size=5)
