"""Fight Klub fights as pure arithmetic: the fight step and the score step's bookkeeping (FK 5).

The turn engine decides *when* things happen (which fight is current, who
plays which enhance and score action, the order of the skirmishes, whether a
score action stopped the winning card); this module says *what follows*:

* :func:`fight_mode` -- how a pairing is resolved: skirmishes, or whose clash
  text (FK 5.1, FK 5.2);
* :func:`start_power_fight`, :func:`open_skirmishes`, :func:`resolve_skirmish`,
  :func:`power_outcome` -- a power-vs-power fight one skirmish at a time, in the
  order the Drop holder picks, result tabs acting as their skirmish resolves
  (FK 5.3 to FK 5.9); :func:`resolve_power` runs a whole order at once;
* :func:`resolve_clash` -- a fight decided by clash text (FK 5.10);
* :func:`resolve_unopposed` -- a fight card with no opponent (FK 5.16);
* :func:`settle` -- where the fight's cards go and how much damage each seat
  takes (FK 5.11 to FK 5.14, FK 5.16, FK 5.17); :func:`fight_damage`,
  :func:`knocked_out` (FK 5.14, FK 5.15).

Everything is a frozen value; nothing here draws, shuffles or reads a file.
Cards are looked up by code in the ``cards`` mapping every caller passes (the
game's card table, or cards of a test's or a proof's own).
Where the rulebook leaves a point open the :class:`~model.fightklub.rules.Rules`
field of that ambiguity-register entry (FK-F1 to FK-F6) decides.

>>> from model.fightklub.cards import parse_synthetic_set
>>> cards = parse_synthetic_set('''synthetic = true
... [[card]]
... number = "S931"
... name = "Jab-Cross"
... rarity = "C"
... type = "fight"
... affiliation = "hero"
... [card.fight]
... kind = "power"
... damage = 1
... sides = [{tabs = [{label = "Mental", value = 2}, {label = "Physical", value = 4},
...                   {label = "Spiritual", value = 1}]}]
... [[card]]
... number = "S971"
... name = "Ambush"
... rarity = "C"
... type = "fight"
... affiliation = "villain"
... [card.fight]
... kind = "power"
... damage = 1
... sides = [{tabs = [{label = "Mental", value = 4}, {label = "Spiritual", value = 2},
...                   {label = "Physical", value = 2}]}]
... [[card]]
... number = "S999"
... name = "Example Drop"
... rarity = "R"
... type = "universal"
... affiliation = "universal"
... [card.universal]
... latent_energy = "B G Y"
... ''', "example")
>>> a, b = Fighter(0, "S931"), Fighter(1, "S971")
>>> fight_mode(a, b, cards=cards)
'power'
>>> result = resolve_power(a, b, (0, 1, 2), DEFAULT_RULES, cards=cards)
>>> result.winner, result.shape, [s.totals for s in result.skirmishes]
(1, 'won', [(2, 4), (4, 2), (1, 2)])
>>> settle(result, {0: "S931", 1: "S971"}, {}, True, {}, False, DEFAULT_RULES,
...        card_table=cards).damage
{0: 1, 1: 0}
>>> fight_damage("S931", False, cards), fight_damage("S931", True, cards)
(1, 2)
>>> start_power_fight(Fighter(0, "S931", boosts=(1, 0, -1), centre_bonus=1), b,
...                   cards=cards).totals
((3, 5, 0), (4, 2, 2))
>>> resolve_power(Fighter(0, "S971"), Fighter(1, "S971"), (2, 0, 1), cards=cards).shape
'three ties'
>>> resolve_fight((Fighter(0, "S931"),), cards=cards).shape
'unopposed'
>>> fight_card("S999", cards)
Traceback (most recent call last):
    ...
model.core.errors.InputError: card S999 Example Drop: is a card of type universal, not a fight card
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Mapping

from model.core.errors import InputError
from model.fightklub.cards import Card, CharacterParts, FightParts, FightSide, Step
from model.fightklub.rules import DEFAULT_RULES, Rules

POSITIONS = ("left", "centre", "right")
"""The three skirmishes of a power-vs-power fight, by position (0, 1, 2)."""
ORDERS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations(range(3)))
"""The six orders in which the Drop holder may resolve the three skirmishes (FK 5.5)."""

POWER, CLASH_A, CLASH_B, CLASH_CHOICE = "power", "clash a", "clash b", "clash choice"
FIGHT_MODES = (POWER, CLASH_A, CLASH_B, CLASH_CHOICE)
"""How a pairing is resolved (FK 5.1): by skirmishes, by fighter a's or b's clash
text, or by the clash text the Drop holder chooses when both sides have one."""

FIGHT_STEPS = frozenset({"modify_tab", "nullify_skirmish"})
"""Result-tab steps that act on the fight itself and are carried out here (FK 5.6);
every other fired step (draw, discard, add_energy, double_damage, rotate ...) is
handed to the turn engine in :attr:`SkirmishResult.fired`."""

WON = "won"
CLASH = "clash"
UNOPPOSED = "unopposed"
ONE_EACH_AND_A_TIE = "one each and a tie"
NULLIFIED = "nullified"
THREE_TIES = "three ties"
TWO_TIES_AND_A_NULLIFIED = "two ties and a nullified"
A_TIE_AND_TWO_NULLIFIED = "a tie and two nullified"
THREE_NULLIFIED = "three nullified"
VOIDED_BY_NULLIFYING = "voided by a nullified skirmish"
CLASH_TIE = "clash tie"
TIE_SHAPES = (ONE_EACH_AND_A_TIE, NULLIFIED, THREE_TIES, TWO_TIES_AND_A_NULLIFIED,
              A_TIE_AND_TWO_NULLIFIED, THREE_NULLIFIED, VOIDED_BY_NULLIFYING, CLASH_TIE)
"""Every way a fight can end without a winner (FK 5.9).  The first three are the
shapes the rulebook names (one skirmish each and a tie; one each and a nullified
skirmish; three ties); the next three are the other splits with no skirmish won
that a nullification makes possible; ``voided by a nullified skirmish`` is a fight
someone won on the count that a nullified skirmish turns into a tie under the
literal reading of FK-F2; ``clash tie`` is clash text comparing equal numbers
(FK-F5)."""


# -- the cards -------------------------------------------------------------------------------------
def fight_card(code: str, cards: Mapping[str, Card]) -> Card:
    """The fight card ``code`` of ``cards`` with its printed parts known, or an
    InputError saying why not."""
    card = cards.get(code)
    if card is None:
        raise InputError(f"no card numbered {code!r} is known", f"fight card {code}")
    if not isinstance(card.parts, FightParts):
        if "fight" in card.types:
            # A card of ONE: the public list gives no card texts (FK 1.15).
            raise InputError("its sides, damage and rewards are not known (the public card "
                             "list gives no card texts)", f"card {card.label}")
        kinds = " or ".join(sorted(card.types))
        raise InputError(f"is a card of type {kinds}, not a fight card", f"card {card.label}")
    return card


def up_side(card: Card, side: int) -> FightSide:
    """The side of ``card`` that is face up: 0, or 1 for a rotated rotatable card."""
    sides = card.parts.sides
    if type(side) is not int or not 0 <= side < len(sides):
        raise ValueError(f"card {card.label} has no side {side!r} (it has {len(sides)})")
    return sides[side]


def centre_bonus_for(character: CharacterParts, card: str, side: int = 0, *,
                     cards: Mapping[str, Card]) -> int:
    """How much a character's centre skirmish bonus icons add to ``card``'s centre
    total: +1 for each icon whose colour matches the centre tab's label (FK 5.3)."""
    face = up_side(fight_card(card, cards), side)
    if not face.tabs or not isinstance(character.centre_bonus, tuple):
        return 0
    colour = face.tabs[1].colour
    return sum(1 for icon in character.centre_bonus if icon == colour)


@dataclass(frozen=True, slots=True)
class Fighter:
    """One fight card in a fight, as the fight step sees it: whose it is (seat), which
    card, which side is up, the effect and gear tab modifiers laid on it (left,
    centre, right) and the centre bonus its character gives it (FK 5.3)."""

    player: int
    card: str
    side: int = 0
    boosts: tuple[int, int, int] = (0, 0, 0)
    centre_bonus: int = 0


def _face(fighter: Fighter, cards: Mapping[str, Card]) -> FightSide:
    return up_side(fight_card(fighter.card, cards), fighter.side)


def fight_mode(a: Fighter, b: Fighter, *, cards: Mapping[str, Card]) -> str:
    """How the pairing of ``a`` and ``b`` is resolved (FK 5.1): ``power`` when both up
    sides have skirmish tabs, ``clash a`` / ``clash b`` when only that fighter's side
    has clash text (it decides), ``clash choice`` when both have (the Drop holder
    picks whose text is used)."""
    clash_a = _face(a, cards).clash is not None
    clash_b = _face(b, cards).clash is not None
    if clash_a and clash_b:
        return CLASH_CHOICE
    if clash_a:
        return CLASH_A
    if clash_b:
        return CLASH_B
    return POWER


# -- power against power ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SkirmishResult:
    """One resolved skirmish: its position, both totals when it resolved (fighter a's,
    fighter b's), the winning seat (``None`` for a tie or a nullified skirmish), and
    the result-tab steps that fired, in order, with the seat whose tab it was."""

    position: int
    totals: tuple[int, int]
    winner: int | None
    nullified: bool
    fired: tuple[tuple[int, Step], ...] = ()


@dataclass(frozen=True, slots=True)
class PowerFight:
    """A power-vs-power fight part-way through its fight step: the current skirmish
    totals of each fighter (left, centre, right), the positions nullified so far and
    the skirmishes resolved so far, in the order they were resolved."""

    a: Fighter
    b: Fighter
    totals: tuple[tuple[int, int, int], tuple[int, int, int]]
    nullified: frozenset[int] = frozenset()
    resolved: tuple[SkirmishResult, ...] = ()
    cards: Mapping[str, Card] = field(kw_only=True, compare=False, repr=False)
    """Where the fighters' cards are looked up."""

    def fighter(self, seat: int) -> Fighter:
        if seat == self.a.player:
            return self.a
        if seat == self.b.player:
            return self.b
        raise ValueError(f"seat {seat} is not in this fight")


def _tab_totals(fighter: Fighter, face: FightSide) -> tuple[int, int, int]:
    bonus = (0, fighter.centre_bonus, 0)
    return tuple(tab.value + boost + extra for tab, boost, extra  # type: ignore[return-value]
                 in zip(face.tabs, fighter.boosts, bonus))


def start_power_fight(a: Fighter, b: Fighter, *, nullified: frozenset[int] = frozenset(),
                      cards: Mapping[str, Card]) -> PowerFight:
    """The fight step of a power-vs-power pairing before any skirmish is resolved: each
    total is the tab's value plus the effect and gear modifiers on it, plus the
    character's centre bonus in the centre (FK 5.3).  ``nullified`` holds positions
    an enhance action has already nullified (FK 5.7)."""
    if a.player == b.player:
        raise ValueError(f"both fighters are seat {a.player}")
    for fighter in (a, b):
        if len(fighter.boosts) != 3:
            raise ValueError(f"seat {fighter.player}: boosts are 3 tab modifiers, not "
                             f"{fighter.boosts!r}")
    if not set(nullified) <= {0, 1, 2}:
        raise ValueError(f"positions are 0, 1 and 2, not {sorted(nullified)}")
    face_a, face_b = _face(a, cards), _face(b, cards)
    if not face_a.tabs or not face_b.tabs:
        raise ValueError(f"{a.card} against {b.card} is not a power-vs-power fight "
                         f"({fight_mode(a, b, cards=cards)})")
    return PowerFight(a, b, (_tab_totals(a, face_a), _tab_totals(b, face_b)),
                      frozenset(nullified), (), cards=cards)


def open_skirmishes(fight: PowerFight) -> tuple[int, ...]:
    """The positions not resolved yet: the Drop holder picks the next among them (FK 5.5)."""
    done = {result.position for result in fight.resolved}
    return tuple(position for position in range(3) if position not in done)


def _fires(owner: int, winner: int | None, rules: Rules) -> bool:
    # FK-F1: the literal reading lets a result tab act whenever its skirmish resolves;
    # the other makes it a prize for the skirmish's winner only.
    return winner == owner if rules.result_tab_needs_win else True


def _positions(step: Step, face: FightSide) -> tuple[int, ...]:
    which = step.param("tab")
    chosen = range(3) if which == "all" else (POSITIONS.index(which),)
    label = dict(step.params).get("label", "")
    return tuple(p for p in chosen if not label or face.tabs[p].label == label)


def resolve_skirmish(fight: PowerFight, position: int, rules: Rules) -> PowerFight:
    """Resolve the skirmish at ``position`` (FK 5.4 to FK 5.7): the higher total wins it,
    equal totals tie it, a nullified skirmish has no winner and its tabs do not act.
    The result tabs of that position then fire (FK-F1 says whose): a ``modify_tab``
    step changes its owner's own totals, a ``nullify_skirmish`` step nullifies a
    position not resolved yet; every fired step is recorded for the engine."""
    if position not in open_skirmishes(fight):
        raise ValueError(f"the {POSITIONS[position] if position in (0, 1, 2) else position!r} "
                         f"skirmish is not open (open: {open_skirmishes(fight)})")
    totals_now = (fight.totals[0][position], fight.totals[1][position])
    if position in fight.nullified:
        result = SkirmishResult(position, totals_now, None, True, ())
        return replace(fight, resolved=fight.resolved + (result,))
    winner = (fight.a.player if totals_now[0] > totals_now[1]
              else fight.b.player if totals_now[1] > totals_now[0] else None)
    # The winner's tab acts first, then the loser's; in a tie fighter a's first.
    # modify_tab only touches its owner's totals and nullifying only adds to a set,
    # so this order never changes the fight's arithmetic; it is the order the
    # engine sees the other steps in.
    seats = [fight.a, fight.b]
    if winner == fight.b.player:
        seats.reverse()
    totals = [list(fight.totals[0]), list(fight.totals[1])]
    nullified = set(fight.nullified)
    fired: list[tuple[int, Step]] = []
    for fighter in seats:
        if not _fires(fighter.player, winner, rules):
            continue
        face = _face(fighter, fight.cards)
        index = 0 if fighter is fight.a else 1
        for step in face.tabs[position].result:
            fired.append((fighter.player, step))
            if step.do == "modify_tab":
                for target in _positions(step, face):
                    totals[index][target] += step.param("by")
            elif step.do == "nullify_skirmish":
                target = POSITIONS.index(step.param("tab"))
                # A skirmish already resolved keeps its result: nullifying it now
                # changes nothing (FK 5.7).
                if target in open_skirmishes(fight) and target != position:
                    nullified.add(target)
    result = SkirmishResult(position, totals_now, winner, False, tuple(fired))
    return replace(fight, totals=(tuple(totals[0]), tuple(totals[1])),  # type: ignore[arg-type]
                   nullified=frozenset(nullified), resolved=fight.resolved + (result,))


@dataclass(frozen=True, slots=True)
class FightResult:
    """How a fight ended: ``mode`` (power, clash or unopposed), the winning seat
    (``None`` for a tie, which goes to raise the stakes with 2 players), the
    ``shape`` (``won``, ``clash``, ``unopposed`` or one of :data:`TIE_SHAPES`), the
    skirmishes in the order they resolved, and whose clash text decided."""

    mode: str
    winner: int | None
    shape: str
    skirmishes: tuple[SkirmishResult, ...] = ()
    clash_text_of: int | None = None

    def steps_for_engine(self) -> tuple[tuple[int, Step], ...]:
        """The fired result-tab steps the turn engine carries out (all but
        :data:`FIGHT_STEPS`), in order, with the seat whose tab fired."""
        return tuple((seat, step) for skirmish in self.skirmishes
                     for seat, step in skirmish.fired if step.do not in FIGHT_STEPS)


def _tie_shape(won: int, tied: int, nullified: int) -> str:
    if won == 2:
        return ONE_EACH_AND_A_TIE if tied else NULLIFIED
    return {(3, 0): THREE_TIES, (2, 1): TWO_TIES_AND_A_NULLIFIED,
            (1, 2): A_TIE_AND_TWO_NULLIFIED, (0, 3): THREE_NULLIFIED}[(tied, nullified)]


def power_outcome(fight: PowerFight, rules: Rules = DEFAULT_RULES) -> FightResult:
    """The fight's result once its three skirmishes are resolved (FK 5.8, FK 5.9): the
    seat that won more skirmishes wins; otherwise it is a tie of one of the
    :data:`TIE_SHAPES`.  Under the literal reading of FK-F2 a fight with a nullified
    skirmish is a tie whatever the count."""
    if open_skirmishes(fight):
        raise ValueError(f"skirmishes {open_skirmishes(fight)} are not resolved yet")
    wins = Counter(result.winner for result in fight.resolved if result.winner is not None)
    nullified = sum(result.nullified for result in fight.resolved)
    tied = 3 - nullified - sum(wins.values())
    a, b = wins[fight.a.player], wins[fight.b.player]
    if a != b and not (nullified and rules.nullified_skirmish_voids_fight):
        return FightResult(POWER, fight.a.player if a > b else fight.b.player, WON,
                           fight.resolved)
    shape = VOIDED_BY_NULLIFYING if a != b else _tie_shape(a + b, tied, nullified)
    return FightResult(POWER, None, shape, fight.resolved)


def resolve_power(a: Fighter, b: Fighter, order: tuple[int, int, int], rules: Rules = DEFAULT_RULES,
                  *, nullified: frozenset[int] = frozenset(),
                  cards: Mapping[str, Card]) -> FightResult:
    """A whole power-vs-power fight step, the skirmishes resolved in ``order``."""
    if sorted(order) != [0, 1, 2]:
        raise ValueError(f"an order names each of the positions 0, 1, 2 once, not {order!r}")
    fight = start_power_fight(a, b, nullified=nullified, cards=cards)
    for position in order:
        fight = resolve_skirmish(fight, position, rules)
    return power_outcome(fight, rules)


# -- clash text ------------------------------------------------------------------------------------
def resolve_clash(card: str, side: int, owner: int, opponent: int,
                  measures: Mapping[int, Mapping[str, int]], rules: Rules = DEFAULT_RULES, *,
                  cards: Mapping[str, Card]) -> FightResult:
    """A fight decided by the clash text on ``side`` of ``card`` (``owner``'s card), the
    two players compared on its measure: ``measures[seat][measure]`` (FK 5.10).
    Equal numbers are a ``clash tie``, unless FK-F5 gives the tie to the text's owner."""
    if owner == opponent:
        raise ValueError(f"a clash compares two players, not seat {owner} with itself")
    face = up_side(fight_card(card, cards), side)
    if face.clash is None:
        raise ValueError(f"side {side} of {card} has skirmish tabs, not clash text")
    measure = face.clash.measure
    numbers = {}
    for seat in (owner, opponent):
        value = measures.get(seat, {}).get(measure)
        if type(value) is not int:
            raise InputError(f"needs a whole number for {measure!r}, not {value!r}",
                             f"clash text of {card}: seat {seat}")
        numbers[seat] = value
    if numbers[owner] == numbers[opponent]:
        if rules.clash_tie_to_text_owner:
            return FightResult(CLASH, owner, CLASH, (), owner)
        return FightResult(CLASH, None, CLASH_TIE, (), owner)
    higher = owner if numbers[owner] > numbers[opponent] else opponent
    lower = opponent if higher == owner else owner
    return FightResult(CLASH, higher if face.clash.wins == "higher" else lower, CLASH, (), owner)


# -- unopposed -------------------------------------------------------------------------------------
def resolve_unopposed(f: Fighter, rules: Rules = DEFAULT_RULES, *,
                      cards: Mapping[str, Card],
                      nullified: frozenset[int] = frozenset(),
                      order: tuple[int, ...] = (0, 1, 2)) -> FightResult:
    """A fight card with no opponent wins (FK 5.16): each of its result tabs fires,
    whatever FK-F1 says (there is no opposing tab to beat), but not the tab of a
    skirmish nullified in an enhance step (FK-T5, FK 5.7); its skirmishes are recorded
    with the card's totals against 0.  A clash side has no tabs.  The tabs act left to
    right as printed; under the other reading of FK-T7 in ``order``, the order the
    player who orders the unopposed cards picked."""
    if sorted(order) != [0, 1, 2]:
        raise ValueError(f"an order names each of the positions 0, 1, 2 once, not {order!r}")
    face = _face(f, cards)
    skirmishes = []
    if face.tabs:
        totals = list(_tab_totals(f, face))
        for position in order if rules.unopposed_tabs_ordered else (0, 1, 2):
            tab = face.tabs[position]
            if position in nullified:
                skirmishes.append(SkirmishResult(position, (totals[position], 0), None, True,
                                                 ()))
                continue
            fired = tuple((f.player, step) for step in tab.result)
            skirmishes.append(SkirmishResult(position, (totals[position], 0), f.player, False,
                                             fired))
            for step in tab.result:
                if step.do == "modify_tab":
                    for target in _positions(step, face):
                        totals[target] += step.param("by")
    return FightResult(UNOPPOSED, f.player, UNOPPOSED, tuple(skirmishes), None)


def acting_result_tabs(f: Fighter, *, cards: Mapping[str, Card],
                       nullified: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """The positions of an unopposed card whose result tabs do something, left to right:
    the tabs whose order FK-T7 asks about.  A tab with no result or nullified does
    nothing, and one that only changes the card's own totals or nullifies a skirmish
    (:data:`FIGHT_STEPS`) decides nothing for a card that wins anyway, in any order."""
    face = _face(f, cards)
    return tuple(position for position, tab in enumerate(face.tabs)
                 if position not in nullified
                 and any(step.do not in FIGHT_STEPS for step in tab.result))


def resolve_fight(fighters: tuple[Fighter, ...], order: tuple[int, int, int] = (0, 1, 2),
                  rules: Rules = DEFAULT_RULES, *, nullified: frozenset[int] = frozenset(),
                  clash_text_of: int | None = None,
                  measures: Mapping[int, Mapping[str, int]] | None = None,
                  cards: Mapping[str, Card]) -> FightResult:
    """A whole fight step at once, for a question about one fight (a command, a case
    file): one fighter is unopposed (FK 5.16); two fight by skirmishes in ``order``
    (FK 5.5), or by the clash text that decides (FK 5.10); when both cards show clash
    text, ``clash_text_of`` is the seat the Drop holder picked.  The turn engine
    resolves a fight step by step instead, each choice a decision of its own."""
    if len(fighters) == 1:
        return resolve_unopposed(fighters[0], rules, cards=cards, order=order)
    if len(fighters) != 2:
        raise ValueError(f"a fight has one or two fight cards, not {len(fighters)}")
    a, b = fighters
    mode = fight_mode(a, b, cards=cards)
    if mode == POWER:
        return resolve_power(a, b, order, rules, nullified=nullified, cards=cards)
    owner = {CLASH_A: 0, CLASH_B: 1}.get(mode, clash_text_of)
    if owner not in (0, 1):
        raise ValueError("both cards show clash text: the Drop holder picks whose decides")
    text = fighters[owner]
    return resolve_clash(text.card, text.side, text.player, fighters[1 - owner].player,
                         measures or {}, rules, cards=cards)


# -- damage and the score step ---------------------------------------------------------------------
def fight_damage(card: str, doubled: bool, cards: Mapping[str, Card]) -> int:
    """The damage ``card`` deals when scored: its damage markers, twice that when it
    scored with a double damage bonus (rotated in the damage stack; no further bonus
    can be added, so doubling is a yes or no) (FK 5.14)."""
    return fight_card(card, cards).parts.damage * (2 if doubled else 1)


def knocked_out(damage_taken: int, life: int) -> bool:
    """Whether the damage scored against a character ends the game: it has reached its
    life value (FK 5.15).

    >>> knocked_out(9, 10), knocked_out(10, 10), knocked_out(12, 10)
    (False, True, True)
    """
    return damage_taken >= life


@dataclass(frozen=True, slots=True)
class Settlement:
    """Where a fight's cards go at the end of its score step: ``scored`` to their
    owner's damage stack (``gives_reward`` only for a winning card that scores),
    ``exhausted`` face down under their owner's fight stack, ``raise_the_stakes`` newly
    set aside as raise-the-stakes cards, and ``damage`` dealt *to* each seat of the
    fight.  Raise-the-stakes cards not named anywhere stay where they are."""

    scored: tuple[tuple[int, str, bool], ...]
    exhausted: tuple[tuple[int, str], ...]
    raise_the_stakes: tuple[tuple[int, str], ...]
    damage: Mapping[int, int]

    def moved(self) -> Counter:
        """Every card this settlement moves, as (seat, card) counts."""
        return Counter([(seat, card) for seat, card, _ in self.scored]
                       + list(self.exhausted) + list(self.raise_the_stakes))


def settle(result: FightResult, cards: Mapping[int, str], stakes: Mapping[int, tuple[str, ...]],
           winner_scores: bool, doubled: Mapping[str, bool], multiplayer: bool,
           rules: Rules = DEFAULT_RULES, *, target: int | None = None,
           card_table: Mapping[str, Card]) -> Settlement:
    """The score step's bookkeeping (FK 5.11 to FK 5.14, FK 5.16, FK 5.17).

    ``cards`` is each seat's card in this fight (one seat for an unopposed card);
    ``stakes`` each seat's raise-the-stakes cards from earlier ties; ``winner_scores``
    whether the winning card actually scores (a score action may stop it);
    ``doubled`` which of this fight's cards score with double damage (raise-the-stakes
    cards never do); ``target`` the seat an unopposed card's damage goes to (with more
    than 2 players ``None`` for nobody, the other reading of FK-M1).

    * a winner whose card scores: that card (with its rewards) and all the winner's
      raise-the-stakes cards (without) score; the loser's card and the loser's
      raise-the-stakes cards are exhausted, the card first (last under FK-F7);
    * a winner whose card does not score: the winner's raise-the-stakes cards stay; the
      winning card is exhausted (or set aside, FK-F4); the loser's card is exhausted and
      the loser's raise-the-stakes cards stay (or are exhausted, FK-F3);
    * a tie: both cards become raise-the-stakes cards; with more than 2 players both
      are exhausted instead;
    * unopposed: the card scores with its rewards (its owner's raise-the-stakes cards
      too under FK-F6).

    >>> tie = FightResult("power", None, "three ties")
    >>> settle(tie, {0: "S937", 1: "S971"}, {}, False, {}, False, card_table={}).raise_the_stakes
    ((0, 'S937'), (1, 'S971'))
    >>> settle(tie, {0: "S937", 1: "S971"}, {}, False, {}, True, card_table={}).exhausted
    ((0, 'S937'), (1, 'S971'))
    """
    stakes = {seat: tuple(held) for seat, held in stakes.items()}
    if multiplayer and any(stakes.values()):
        raise ValueError("there are no raise-the-stakes cards with more than 2 players")
    markers = lambda code: fight_card(code, card_table).parts.damage  # noqa: E731
    scored: list[tuple[int, str, bool]] = []
    exhausted: list[tuple[int, str]] = []
    aside: list[tuple[int, str]] = []

    if result.mode == UNOPPOSED:
        if len(cards) != 1 or result.winner not in cards:
            raise ValueError("an unopposed settlement has the one card of the winner")
        if target == result.winner or (target is None and not multiplayer):
            raise ValueError("an unopposed card's damage needs a target seat other than its own"
                             " (with more than 2 players it may go to nobody: FK-M1)")
        seat, code = result.winner, cards[result.winner]
        damage = {seat: 0} if target is None else {seat: 0, target: 0}
        if not winner_scores:
            _unscored_winner(seat, code, multiplayer, rules, exhausted, aside)
            return Settlement((), tuple(exhausted), tuple(aside), damage)
        scored.append((seat, code, True))
        if target is not None:
            damage[target] += fight_damage(code, doubled.get(code, False), card_table)
        if rules.unopposed_scores_stakes:
            for held in stakes.get(seat, ()):
                scored.append((seat, held, False))
                if target is not None:
                    damage[target] += markers(held)
        return Settlement(tuple(scored), (), (), damage)

    if len(cards) != 2:
        raise ValueError(f"a fight has two cards, not {len(cards)}")
    first, second = sorted(cards)
    damage = {first: 0, second: 0}
    if target is not None:
        raise ValueError("only an unopposed card names a target: a fight's loser takes the damage")
    if result.winner is None:
        pairs = [(first, cards[first]), (second, cards[second])]
        if multiplayer:
            return Settlement((), tuple(pairs), (), damage)
        return Settlement((), (), tuple(pairs), damage)

    winner = result.winner
    if winner not in cards:
        raise ValueError(f"the winner, seat {winner}, has no card in this fight")
    loser = second if winner == first else first
    loser_stakes: list[tuple[int, str]] = []
    if winner_scores:
        scored.append((winner, cards[winner], True))
        damage[loser] += fight_damage(cards[winner], doubled.get(cards[winner], False),
                                      card_table)
        for held in stakes.get(winner, ()):
            scored.append((winner, held, False))
            damage[loser] += markers(held)
        loser_stakes = [(loser, held) for held in stakes.get(loser, ())]
    elif rules.loser_stakes_exhausted_on_any_loss:
        loser_stakes = [(loser, held) for held in stakes.get(loser, ())]
    # FK-F7: the losing card and the loser's raise-the-stakes cards go under the same
    # stack at once, and the order they go in is the order they come back (FK 6.11)
    if rules.stakes_exhausted_first:
        exhausted.extend(loser_stakes)
    exhausted.append((loser, cards[loser]))
    if not winner_scores:
        _unscored_winner(winner, cards[winner], multiplayer, rules, exhausted, aside)
    if not rules.stakes_exhausted_first:
        exhausted.extend(loser_stakes)
    return Settlement(tuple(scored), tuple(exhausted), tuple(aside), damage)


def _unscored_winner(seat: int, code: str, multiplayer: bool, rules: Rules,
                     exhausted: list, aside: list) -> None:
    # FK-F4: a winning card that does not score leaves the fight like a loser's card,
    # or (the other reading) waits with the raise-the-stakes cards.  With more than 2
    # players there are no raise-the-stakes cards, so it is exhausted either way.
    if rules.unscored_winner_to_stakes and not multiplayer:
        aside.append((seat, code))
    else:
        exhausted.append((seat, code))

