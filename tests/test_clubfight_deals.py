"""Deal numbers and deal notation follow the specification exactly."""

import pytest

from model.clubfight.cards import Card
from model.clubfight.deals import Deal, parse_deal_id, splitmix64
from model.clubfight.state import State
from model.core.errors import InputError

# Produced by an independent C implementation of the specification's
# SplitMix64 + Fisher-Yates procedure (not by ringside).
GOLDEN_DEALS = {
    (1, 0): "8S 8H 7D KH KS 2S JH 9H QD 4D 3H KD TH 9D AS 3S 7H AH 8D 4H 9S 7S QS QH 5H TD "
            "2H 2D JK AD 5D 6H TS 6D JS 3D 4S JD 6S 5S / 3 Q 2 T 4 7 6 9 5 8 J A K",
    (2, 0): "2D TD 8H 4H KH AS 4S 6D 4D 7H 5H 3S 5S AH TS JK QS JH AD KS 3H 6S 9D 6H 9H JK "
            "2S 8S 7S 3D QD QH 8D KD JS 5D JD 9S 7D 2H TH / 3 4 2 7 9 A 5 J T Q K 6 8",
    (2, 17): "6S KD QD 9S 9H AH JK JH 4H 2H 5S 4S 7H TH 3D 8H 5H 6H 7D QS 3H 3S TD AD 2S 2D "
             "QH 8S 5D AS JS KS 6D JD 8D KH 4D JK TS 9D 7S / 3 4 6 Q 8 A J K T 2 9 5 7",
    (1, 2**64 - 1): "QH 9D TS JD 5D 7S TD QS KH KD AD 5S 8S JK 9S 6S 8H TH 9H 2S 5H KS QD 4H "
                    "JS 6D 3H 4D AH 8D 6H AS 3D 7H 2H 7D JH 4S 3S 2D / 9 6 2 8 7 T 3 K 4 Q A 5 J",
    (2, 123456789): "3H 9D 2D 4D 7S 6S 8S KS TD JH QH TH KD 6H QD 2H QS 7D JD TS JK JK 4S AS "
                    "JS 3S 9H AH 8H 2S 5H KH 4H 3D 8D 6D 9S 5S 7H AD 5D / A 4 8 T K 6 7 J Q 5 2 3 9",
}


@pytest.mark.rules("CF 1.4")
def test_splitmix64_reference_vectors():
    # Published SplitMix64 outputs for seeds 0 and 1234567.
    stream = splitmix64(0)
    assert [next(stream) for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    stream = splitmix64(1234567)
    assert [next(stream) for _ in range(2)] == [6457827717110365317, 3203168211198807973]


@pytest.mark.rules("CF 1.4", "CF 1.1")
@pytest.mark.parametrize("jokers,number", sorted(GOLDEN_DEALS))
def test_deal_numbers_match_independent_implementation(jokers, number):
    deal = Deal.from_number(jokers, number)
    assert str(deal) == GOLDEN_DEALS[jokers, number]
    assert Deal.from_id(f"cf{jokers}-{number}") == deal
    assert len(deal.grid_deck) == 39 + jokers
    assert sorted(deal.clubs) == list(range(1, 14))


@pytest.mark.rules("CF 1.3")
def test_setup_fills_slots_in_order_and_draws_four():
    deal = Deal.from_number(2, 17)
    state = State.from_deal(deal)
    assert state.grid == deal.grid_deck[:9]
    assert state.deck == deal.grid_deck[9:]
    assert state.hand == tuple(sorted(deal.clubs[:4]))
    assert state.clubs == deal.clubs[4:]
    assert state.turn == 0


def test_deal_notation_round_trips_and_accepts_lower_case_and_10():
    deal = Deal.from_number(1, 42)
    assert Deal.parse(str(deal)) == deal
    text = str(deal).lower().replace("t", "10")
    assert Deal.parse(text) == deal


def test_deal_id_parsing():
    assert parse_deal_id("CF2-17") == (2, 17)
    assert parse_deal_id(" cf1-0 ") == (1, 0)
    for bad in ("CF3-1", "CF1-", "CF1--1", "XX1-2", f"CF1-{2**64}"):
        with pytest.raises(InputError):
            parse_deal_id(bad)


@pytest.mark.parametrize("mutate,message", [
    (lambda g, c: (g[:-1], c), "holds 39 cards"),
    (lambda g, c: (g[:-1] + [g[0]], c), "appears twice"),
    (lambda g, c: (g[:5] + ["5C"] + g[6:], c), "is a club"),
    (lambda g, c: (g, c[:-1]), "there are 12 clubs"),
    (lambda g, c: (g, c[:-1] + [c[0]]), "appears twice after the slash"),
    (lambda g, c: ([x for x in g if x != "JK"], c), "0 Jokers"),
    (lambda g, c: (g, c[:-1] + ["X"]), "not a rank"),
])
def test_malformed_deals_name_the_problem(mutate, message):
    grid, clubs = str(Deal.from_number(1, 3)).split("/")
    grid_tokens, club_tokens = mutate(grid.split(), clubs.split())
    with pytest.raises(InputError, match=message):
        Deal.parse(" ".join(grid_tokens) + " / " + " ".join(club_tokens))


def test_deal_needs_exactly_one_slash():
    with pytest.raises(InputError, match="slash"):
        Deal.parse("7H QS")


@pytest.mark.rules("CF 1.2")
def test_card_values_and_parsing():
    assert Card.parse("ah").value == 1
    assert Card.parse("10d") == Card.parse("TD")
    assert Card.parse("KS").value == 13
    assert Card.parse("jk").is_joker and Card.parse("JK").suit == ""
    assert repr(Card.parse("QH")) == "Card.parse('QH')"
    assert eval(repr(Card.parse("QH"))) == Card.parse("QH")
