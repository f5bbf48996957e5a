"""Fantasy Fight Club: spells in battle (FF 7.x), hidden spell cards, and the two
tactics/fight-deck readings (FF-A16, FF-A17)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.core.errors import InputError
from model.core.game import CHANCE, IllegalAction
from analysis.fantasy.loading import GAME
from model.fantasy.rules import DEFAULT_RULES, LITERAL
from model.fantasy.state import HIDDEN_SPELL, Move, parse_fighter
from model.fantasy.tables import parse_spells

TACTICS = ("size 1 | turn 1 | step tactics | actor 0 | acts 0 | cursor 0 | segment - | a {a} | "
           "b {b} | cards 7 7 26 0 | queue - | pairs - | held -")
TABLES = GAME.tables
INVARIANTS = {invariant.name: invariant for invariant in GAME.invariants}
TRANSITIONS = {invariant.name: invariant for invariant in GAME.transition_invariants}


def tactics(a: str, b: str = "Orc@F:5[Club]"):
    return GAME.parse_state(TACTICS.format(a=a, b=b))


def play(state, *actions, rules=DEFAULT_RULES):
    for text in actions:
        state = GAME.apply(state, GAME.parse_action(state, text, rules), rules)
    return state


# -- the spell data (FF 7.1) ----------------------------------------------------------------------
@pytest.mark.rules("FF 7.1")
def test_the_example_spells_carry_their_effects():
    cards = TABLES.spells
    assert {code: (s.effect, s.amount, s.range, s.in_tactics) for code, s in cards.items()} == {
        "EmberDart": ("bolt", 2, 6, False), "StoneSkin": ("heal", 2, 0, True),
        "SuddenFog": ("aim", 1, 0, True)}


@pytest.mark.parametrize(("text", "message"), [
    ('[[card]]\nname = "Zap"\ncopies = 2\ntext = "x"', "card 1 (Zap): effect: must be one of"),
    ('[[card]]\nname = "Zap"\ncopies = 2\ntext = "x"\neffect = "curse"\namount = 1',
     "effect: must be one of heal, aim, bolt, not 'curse'"),
    ('[[card]]\nname = "Zap"\ncopies = 2\ntext = "x"\neffect = "bolt"\namount = 2',
     "card 1 (Zap): range: must be a whole number from 1 to 20"),
    ('[[card]]\nname = "Mend"\ncopies = 2\ntext = "x"\neffect = "heal"\namount = 2\nrange = 3',
     "card 1 (Mend): range: only a bolt has a range"),
    ('[[card]]\nname = "Mend"\ncopies = 2\ntext = "x"\neffect = "heal"\namount = 9',
     "amount: must be a whole number from 1 to 6"),
    ('[[card]]\nname = "Mend"\ncopies = 2\ntext = "x"\neffect = "heal"\namount = 1\nlevel = 3',
     "unknown field 'level'"),
])
@pytest.mark.rules("FF 7.1")
def test_spell_data_errors_name_the_card_and_field(text, message):
    with pytest.raises(InputError) as caught:
        parse_spells(text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(("token", "message"), [
    ("Elf@F:4[Dirk]<EmberDart*,EmberDart*>", "at most one spell"),
    ("Shaman@F:5[Club]<StoneSkin*>", "cast in the tactics phase, not readied"),
    ("Shaman@F:5[Club]<Fireball>", "not a card of the spell set"),
])
def test_bad_spell_notation_is_refused(token, message):
    with pytest.raises(InputError, match=message):
        parse_fighter(token, TABLES, "a")


def test_a_fighter_with_spell_marks_round_trips():
    token = "Wizard@B:2[Staff*]<StoneSkin,EmberDart*>!+1"
    fighter = parse_fighter(token, TABLES, "a")
    assert (fighter.readied, fighter.cast, fighter.boost) == ("EmberDart", True, 1)
    assert str(fighter) == token
    assert str(Move.parse("cast A1 StoneSkin A0")) == "cast A1 StoneSkin A0"


# -- casting (FF 7.2 to FF 7.5) -------------------------------------------------------------------
@pytest.mark.rules("FF 7.2", "FF 7.3")
def test_a_caster_may_cast_each_spell_it_holds_before_it_sets():
    state = tactics("Shaman@F:3[Club]<StoneSkin,EmberDart>")
    casts = [str(m) for m in GAME.legal_actions(state, DEFAULT_RULES) if m.kind == "cast"]
    assert casts == ["cast A0 StoneSkin A0", "cast A0 EmberDart"]
    # A warrior without a Spells value casts nothing.
    assert not [m for m in GAME.legal_actions(tactics("Orc@F:5[Club]"), DEFAULT_RULES)
                if m.kind == "cast"]


@pytest.mark.rules("FF 7.2", "FF 7.5")
def test_a_heal_gives_back_hits_up_to_the_card_and_is_discarded():
    after = play(tactics("Shaman@F:2[Club]<StoneSkin,EmberDart>"), "cast A0 StoneSkin A0")
    shaman = after.sides[0][0]
    assert (shaman.hits, shaman.spells, shaman.cast) == (4, ("EmberDart",), True)
    capped = play(tactics("Shaman@F:4[Club]<StoneSkin,EmberDart>"), "cast A0 StoneSkin A0")
    assert capped.sides[0][0].hits == 5


@pytest.mark.rules("FF 7.4")
def test_one_spell_a_turn_then_a_new_turn_allows_another():
    state = play(tactics("Shaman@F:3[Club]<StoneSkin,EmberDart>"), "cast A0 StoneSkin A0")
    with pytest.raises(IllegalAction) as caught:
        GAME.parse_action(state, "cast A0 EmberDart", DEFAULT_RULES)
    assert caught.value.illegal.rules == ("FF 7.4",)
    # The turn ends (the Orc and the Shaman miss each other); the marks are gone.
    state = play(state, "set A0 F Club", "set B0 F Club", "roll 1", "pick B0", "roll 1",
                 "roll 1", "roll 1")
    assert state.turn == 2 and state.step == "tactics"
    assert not state.sides[0][0].cast
    assert "cast A0 EmberDart" in [str(m) for m in GAME.legal_actions(state, DEFAULT_RULES)]


@pytest.mark.rules("FF 7.2", "FF 7.1")
def test_cast_refusals_name_their_rules():
    state = tactics("Shaman@F:3[Club]<StoneSkin,EmberDart>")
    for text, rules in (("cast A0 SuddenFog A0", ("FF 7.1", "FF 7.5")),
                        ("cast A0 StoneSkin B0", ("FF 7.2",)),
                        ("cast A0 EmberDart B0", ("FF 7.3",))):
        with pytest.raises(IllegalAction) as caught:
            GAME.parse_action(state, text, DEFAULT_RULES)
        assert caught.value.illegal.rules == rules, text


@pytest.mark.rules("FF 7.2")
def test_an_aim_spell_adds_to_every_hit_roll_of_the_turn_only():
    state = play(tactics("Warlock@F:4[ShortSword]<SuddenFog,StoneSkin,EmberDart>"),
                 "cast A0 SuddenFog A0")
    assert state.sides[0][0].boost == 1
    hit = GAME.parse_state(
        "size 1 | turn 1 | step hit_roll | actor 0 | acts 3 | cursor 0 | segment melee | "
        "a Warlock@F:4[ShortSword*]<StoneSkin,EmberDart>!+1 | b Orc@F:5[Club*] | "
        "cards 7 7 26 0 | queue A0.melee.1.1.hit_roll.0.F.0.0 | pairs - | held -")
    plain = GAME.parse_state(GAME.format_state(hit).replace("!+1", ""))
    hits = lambda s: [face for face in range(1, 7)  # noqa: E731
                      if GAME.apply(s, Move("roll", value=face), DEFAULT_RULES).step
                      == "damage_roll"]
    assert hits(hit) == [4, 5, 6] and hits(plain) == [5, 6]  # the Club parries 1


@pytest.mark.rules("FF 7.3", "FF 7.5")
def test_a_bolt_takes_its_hits_with_no_roll():
    state = play(tactics("Elf@F:4[Dirk]<EmberDart>"), "cast A0 EmberDart", "set A0 F Dirk",
                 "set B0 F Club", "aim front")
    assert [a.kind for a in state.queue] == ["spell"]
    after = GAME.resolve(state, GAME.parse_action(state, "pick B0", DEFAULT_RULES), DEFAULT_RULES)
    orc, elf = after.state.sides[1][0], after.state.sides[0][0]
    assert (orc.hits, elf.spells, elf.readied) == (3, (), "")
    assert [s.phase for s in after.steps][:2] == ["pick", "bolt"]


# -- invariants -----------------------------------------------------------------------------------
@pytest.mark.rules("FF 7.4", "FF 7.5", "FF 1.10")
def test_the_spell_invariants_catch_broken_positions_and_steps():
    good = tactics("Shaman@F:3[Club]<StoneSkin,EmberDart>")
    assert INVARIANTS["spells-held"](good) is None
    for token in ("Orc@F:5[Club]<StoneSkin>", "Shaman@F:3[Club]<StoneSkin,EmberDart,SuddenFog>"):
        assert INVARIANTS["spells-held"](tactics(token)), token
    cast = play(good, "cast A0 StoneSkin A0")
    check = TRANSITIONS["one-spell-a-turn"]
    assert check(good, None, cast, DEFAULT_RULES) is None
    both_gone = cast.with_fighter(0, 0, dataclasses.replace(cast.sides[0][0], spells=()))
    assert check(good, None, both_gone, DEFAULT_RULES)
    second = cast.with_fighter(0, 0, dataclasses.replace(cast.sides[0][0], spells=()))
    assert check(cast, None, second, DEFAULT_RULES) == "Shaman cast a second spell this turn"
    unmarked = good.with_fighter(0, 0, dataclasses.replace(good.sides[0][0],
                                                           spells=("EmberDart",)))
    assert check(good, None, unmarked, DEFAULT_RULES)
    healed_twice = cast.with_fighter(0, 0, dataclasses.replace(cast.sides[0][0], hits=7))
    assert TRANSITIONS["hits-only-fall"](good, Move("cast", (0, 0), word="StoneSkin",
                                                      target=(0, 0)), healed_twice, DEFAULT_RULES)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10 ** 6), preset=st.sampled_from(["rulebook", "literal"]))
@pytest.mark.rules("FF 7.4")
def test_in_random_battles_a_caster_casts_at_most_once_a_turn(seed, preset):
    rules = GAME.preset(preset)
    rng = random.Random(seed)
    state = list(GAME.exploration_starts(rules, 4))[seed % 4]
    spent: dict[tuple[int, int, int], int] = {}
    while not GAME.is_terminal(state):
        if GAME.current_player(state) == CHANCE:
            action, _ = GAME.sample_chance(state, rules, rng)
        else:
            action = rng.choice(list(GAME.legal_actions(state, rules)))
        after = GAME.apply(state, action, rules)
        if isinstance(action, Move) and action.kind == "cast":
            key = (state.turn, *action.who)
            spent[key] = spent.get(key, 0) + 1
        state = after
    assert all(count == 1 for count in spent.values()), spent


# -- hidden information ---------------------------------------------------------------------------
def test_the_other_sides_spells_are_face_down_and_resampled():
    state = play(tactics("Shaman@F:3[Club]<StoneSkin,EmberDart>", "Elf@F:4[Dirk]<SuddenFog>"),
                 "cast A0 EmberDart")
    view_b = GAME.observation(state, 1)
    assert view_b.seen.sides[0][0].spells == ("EmberDart", HIDDEN_SPELL)
    assert view_b.seen.sides[1] == state.sides[1]
    assert "Shaman@F:3[Club]<EmberDart*,?>!" in GAME.format_observation(view_b)
    rng = random.Random(3)
    twins = {GAME.resample(state, 1, rng) for _ in range(30)}
    assert len(twins) > 1
    for twin in twins:
        assert GAME.observation(twin, 1) == view_b
        assert twin.sides[1] == state.sides[1] and twin.sides[0][0].readied == "EmberDart"
        assert all(invariant(twin) is None for invariant in GAME.invariants)
    # Side A sees its own cards; the Elf's face-down card is what A cannot see.
    assert GAME.observation(state, 0).seen.sides[1][0].spells == (HIDDEN_SPELL,)


# -- FF-A16 and FF-A17 ----------------------------------------------------------------------------
@pytest.mark.rules("FF 2.2")
def test_fight_cards_stay_counted_under_both_readings():
    witness = next(a for a in GAME.ambiguities if a.id == "FF-A16").witness
    state = GAME.parse_state(witness.position)
    kept = play(state, "roll 1").cards
    spent = play(state, "roll 1", rules=LITERAL).cards
    assert kept == (7, 7, 26, 0) and spent == (7, 7, 12, 14)
    assert sum(kept) == sum(spent) == 40


@pytest.mark.rules("FF 3.1", "FF 1.2")
def test_alternating_tactics_keep_the_rows_rule_for_each_side():
    witness = next(a for a in GAME.ambiguities if a.id == "FF-A17").witness
    rules = dataclasses.replace(DEFAULT_RULES, tactics_alternate=True)
    state = play(GAME.parse_state(witness.position), "set A0 B LongSword", rules=rules)
    assert (state.actor, state.cursor) == (1, 0)
    state = play(state, "set B0 F Whip", rules=rules)
    # The Warrior stands behind, so the Kobold must take the front row.
    assert {m.row for m in GAME.legal_actions(state, rules)} == {"F"}


@pytest.mark.rules("FF 7.2")
def test_a_heal_needs_a_wounded_warrior():
    state = tactics("Shaman@F:5[Club]<StoneSkin,SuddenFog>")
    casts = [str(m) for m in GAME.legal_actions(state, DEFAULT_RULES) if m.kind == "cast"]
    assert casts == ["cast A0 SuddenFog A0"]
    with pytest.raises(IllegalAction, match="wounded"):
        GAME.parse_action(state, "cast A0 StoneSkin A0", DEFAULT_RULES)


@pytest.mark.rules("FF 1.10")
def test_casters_listing_no_card_draw_their_spells_from_what_is_left_of_the_deck():
    from collections import Counter

    from model.fantasy.recruit import draw_spells, violations

    a = (parse_fighter("Wizard@F:2[Staff]", TABLES, "a"),
         parse_fighter("Orc@F:5[Club]", TABLES, "a"))
    b = (parse_fighter("Sorcerer@F:3[Dagger]<StoneSkin,StoneSkin,StoneSkin,StoneSkin>", TABLES,
                       "b"),)
    drawn_a, drawn_b, words = draw_spells(TABLES, a, b, random.Random(1))
    assert drawn_b == b and drawn_a[1] == a[1]
    assert len(drawn_a[0].spells) == 5 and len(words) == 1 and words[0].startswith("A0 Wizard")
    together = Counter(c for f in (*drawn_a, *drawn_b) for c in f.spells)
    assert all(count <= TABLES.spells[code].copies for code, count in together.items())
    assert together["StoneSkin"] <= 6
    assert not [v for v in violations(TABLES, drawn_a, 2) if v.rule == "FF 1.10"]
    assert draw_spells(TABLES, a, b, random.Random(1)) == (drawn_a, drawn_b, words)


def test_positions_with_a_bolt_that_cannot_be_are_refused():
    text = ("size 1 | turn 1 | step aim | actor 0 | acts 4 | cursor 0 | segment ranged | "
            "a Elf@F:4[Dirk*]<EmberDart*>! | b Orc@F:5[Club*] | cards 7 7 26 0 | "
            "queue A0.spell.1.1.aim.-.-.0.0 | pairs - | held -")
    assert GAME.parse_state(text).queue[0].kind == "spell"
    with pytest.raises(InputError, match="readied none"):
        GAME.parse_state(text.replace("<EmberDart*>!", "<EmberDart>"))
    with pytest.raises(InputError, match="no hit, shield or damage roll"):
        GAME.parse_state(text.replace("step aim", "step hit_roll")
                         .replace("1.aim.-.-", "1.hit_roll.0.F"))
