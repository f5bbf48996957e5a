"""A fresh attack on every command: hostile command lines composed per argument type
and by hand, several bad values at once, data files with bad values inside.

Where ``bench/bench_faults.py`` tries one bad argument at a time and sees
tracebacks, exit codes and hangs, this attack also sees BAD VALUES ACCEPTED:
each line says what it expects (``refuse``: the input is invalid by
construction, so only exit 2 will do; ``any``: the input may be valid), and a
line expected to be refused that exits 0 or 1 is a fault.  Its lines come from

* the argparse registry (``tests/battery.py`` walks it): numbers of every
  option beyond their declared range, in forms Python reads differently
  (``²``, ``1_0``, ``0x10``), two or three bad arguments in one line, options
  given twice, in-range extremes combined;
* each text argument's own valid values (a position, a deal, a cost, a deck
  list on the command line), mutated: a number made huge or negative, a name
  unknown, a token doubled or dropped, the text cut short, made very long,
  given unicode digits;
* the data files a user brings (characters, warbands, deck lists, a
  collection, card files, scenario files, a certificate), each shipped example
  rewritten: a number huge, negative or of the wrong type, a field removed or
  doubled, the file cut short, binary garbage, a byte-order mark or CRLF
  (these must still be read);
* hand-written lines from each command's help and the data formats of
  ``docs/`` (the reproductions of issue 43 among them).

Every line runs as its own process in a fresh folder under a time and a
memory cap (``battery.run_argv``); the folder's files are the user's, and any
of them changed or gone afterwards is a file lost.  Faults are counted by
class: ``traceback``, ``wrong exit`` (not 0, 1, 2 or 130), ``hang``,
``accepted invalid`` (exit 0 or 1 on input invalid by construction) and
``file lost``.  Run it as::

    python bench/bench_attack.py [--lines N] [--seed S] [--jobs J] [-k TEXT] [--skip TEXT]
                                 [--list]

The exit code is 1 when any line showed a fault.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import dataclasses
import hashlib
import random
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import battery  # noqa: E402
from harness.cli import build_parser  # noqa: E402
from harness.toolkit import Bounded, example_of  # noqa: E402

FAULTS = ("traceback", "wrong exit", "hang", "accepted invalid", "file lost")
HUGE = "99999999999999999999"
CAP = 20.0


@dataclasses.dataclass
class Line:
    """One hostile command line: its words (a file named in ``files`` is made in the
    line's folder first), what it expects, and the family it comes from."""

    family: str
    argv: list[str]
    expect: str = "any"  # "refuse": invalid by construction, exit 2 only; "reject": well
    # formed but breaking the game's rules, a negative verdict (1) or a refusal (2);
    # "accept": valid (a byte-order mark, CRLF), never refused
    files: dict[str, bytes] = dataclasses.field(default_factory=dict)
    slow_ok: bool = False  # accepted, it may run past the cap (a whole site build)

    @property
    def shown(self) -> str:
        words = [w if len(w) <= 60 else w[:57] + "..." for w in self.argv]
        text = " ".join(repr(w) if (not w or " " in w or "|" in w) else w for w in words)
        return text if len(text) <= 400 else text[:397] + "..."


# -- the registry ----------------------------------------------------------------------------------
def registry():
    parser = build_parser()
    found = {}
    for path, child in battery.commands(parser):
        found[path] = (child, example_of(child) or [])
    return parser, found


def line_with(child, example: list[str], changes: dict) -> list[str]:
    """The example with each argument of ``changes`` given its value (a list of values
    for one taking several; ``battery.OMITTED`` leaves it out)."""
    words = battery.given(child, example)
    for action, value in changes.items():
        if value is battery.OMITTED:
            words.pop(action, None)
            continue
        values = value if isinstance(value, list) else [value]
        if action.option_strings:
            flag = action.option_strings[-1]
            if isinstance(action, argparse._AppendAction) or action.nargs in ("+", "*"):
                if isinstance(action, argparse._AppendAction):
                    words[action] = [w for v in values for w in (flag, v)]
                else:
                    words[action] = [flag, *values]
            else:
                words[action] = [flag, values[0]]
        else:
            words[action] = values
    positionals = [w for a in child._actions if not a.option_strings and a in words
                   for w in words[a]]
    options = [w for a in child._actions if a.option_strings and a in words
               for w in words[a]]
    return [*positionals, *options]


# -- values ----------------------------------------------------------------------------------------
NUMBER_FORMS = [HUGE, "-1", "-99999999999999999999", "²", "１", "1_0", "0x10", " 3", "+3",
                "1e3", "3.0", "-0", "inf", "-nan", "1e-400", "٣", "0b1", "3 4", "", "  "]


def number_expect(action, text: str) -> str:
    try:
        action.type(text)
    except (argparse.ArgumentTypeError, TypeError, ValueError):
        return "refuse"
    return "any"


def slow_numbers(action) -> bool:
    """An in-range value of this number may be hours of work (a count, a budget, a
    search depth: explore clubfight --depth 3 alone takes some 16 s, past the cap on a
    loaded machine)."""
    kind = action.type
    return isinstance(kind, Bounded) and kind.high >= 1000


def edge_values(action) -> list[str]:
    kind = action.type
    low = kind.low if not kind.above else kind.low + (1 if kind.kind is int else 0.001)
    values = [str(int(low)) if kind.kind is int else repr(low)]
    if not slow_numbers(action):
        values.append(str(int(kind.high)) if kind.kind is int else repr(kind.high))
    return values


_NUMBER = re.compile(r"(?<![A-Za-z0-9])\d+(?![A-Za-z])|\d+")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'*@.-]*")


def mutations(text: str, rng: random.Random) -> list[tuple[str, str, str]]:
    """(name, mutated text, expect) of one valid text argument."""
    found = []
    numbers = list(_NUMBER.finditer(text))
    words = list(_WORD.finditer(text))

    def at(match, new):
        return text[:match.start()] + new + text[match.end():]

    if numbers:
        m = rng.choice(numbers)
        found += [("number huge", at(m, HUGE), "refuse"),
                  ("number negative", at(m, "-" + (m.group() if m.group() != "0" else "1")),
                   "any"),
                  ("number superscript", at(m, "²"), "refuse"),
                  ("number fullwidth", at(m, "１" * len(m.group())), "any"),
                  ("number 2^64", at(m, str(2 ** 64)), "refuse")]
    if words:
        m = rng.choice(words)
        found += [("unknown name", at(m, "Zqx" + m.group()[1:3] + "9"), "any"),
                  ("word doubled", at(m, m.group() + " " + m.group()), "any"),
                  ("word dropped", at(m, ""), "any"),
                  ("word unicode", at(m, "Ωμέγα"), "any")]
    tokens = text.split()
    if len(tokens) > 1:
        i = rng.randrange(len(tokens))
        found.append(("token repeated x300", " ".join(tokens[:i] + [tokens[i]] * 300
                                                       + tokens[i + 1:]), "any"))
    if text:
        cut = rng.randrange(1, max(2, len(text)))
        found += [("cut short", text[:cut], "any"),
                  ("very long", " ".join([text] * (100_000 // (len(text) + 1))), "any"),
                  ("control characters", text + "\x1b[2J\x07", "any"),
                  ("emoji", text + " 🂡", "any")]
    return found


# -- seeds of text arguments -----------------------------------------------------------------------
def scenario_starts() -> dict[str, list[str]]:
    starts: dict[str, list[str]] = collections.defaultdict(list)
    for path in sorted((ROOT / "scenarios").glob("*/*.toml")):
        found = re.search(r'^start = "(.*)"$', path.read_text(), re.M)
        if found:
            starts[path.parent.name].append(found.group(1))
    return starts


def text_seeds(starts) -> dict[tuple[str, str], list[str]]:
    deal = "5S 8H KH KS 3S QH AH 6H 9H 8D 8S 3D AS 5D 7D TS 6D 3H JK 5H JD 4S JS 6S 9D AD KD " \
           "7S JH TD 2H TH 2D 7H 2S QS 9S QD 4H 4D / J 4 K A 5 T 6 9 7 Q 2 3 8"
    seeds = {
        ("clubfight deal", "id"): ["CF1-0", "CF2-17"],
        ("clubfight moves", "position"): ["7H QS -- JK 2D 2S AH 9D KS"],
        ("clubfight moves", "--club"): ["7", "K"],
        ("clubfight solve", "deal"): ["CF2-17", deal],
        ("clubfight play", "deal"): ["CF1-3", deal],
        ("clubfight slack", "deal"): ["CF1-3", deal],
        ("clubfight hunt", "--from"): ["CF1-3"],
        ("fightklub pay", "--pool"): ["B G Y Y"], ("fightklub pay", "--latent"): ["Y"],
        ("fightklub pay", "--drop-latent"): ["B G Y"],
        ("fightklub pay", "--table"): ["gear hero"],
        ("fightklub pay", "--opponent-table"): ["gear"],
        ("fightklub pay", "--cost"): ["burn B, burn 1", "burn B, burn 2, spot G, spot gear"],
        ("fightklub pay", "--then"): ["burn G, spot Y"],
        ("fightklub fight", "card_a"): ["S931"], ("fightklub fight", "card_b"): ["S971"],
        ("fightklub fight", "--boost-a"): ["0,0,1"], ("fightklub fight", "--boost-b"): ["1,0,0"],
        ("fightklub fight", "--measure-a"): ["cards in hand=4"],
        ("fightklub fight", "--measure-b"): ["cards in hand=4"],
        ("fightklub fight", "--order"): ["left,centre,right"],
        ("fightklub fight", "--nullified"): ["left"],
        ("fightklub fight", "--stakes-a"): ["1"], ("fightklub fight", "--stakes-b"): ["1"],
        ("fightklub setup", "--decks"): ["synthetic-brick synthetic-dana"],
        ("fightklub play", "decks"): ["synthetic-brick synthetic-dana"],
        ("fightklub survey", "decks"): ["synthetic-brick synthetic-dana synthetic-vex"],
        ("fantasy odds", "attacker"): ["Ogre"], ("fantasy odds", "weapon"): ["Maul"],
        ("fantasy odds", "defender"): ["Orc"], ("fantasy odds", "--shield"): ["Round Shield"],
        ("fantasy odds", "--defender-weapon"): ["Long Sword"],
        ("fantasy odds", "--armor"): ["Iron Cap"],
        ("rules", "numbers"): ["CF 1.1", "DU 4.5"],
        ("check", "games"): ["duel fantasy"],
        ("monmamo termination", "--start"): starts.get("monmamo", [])[:4] + [
            "format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands S01 S09"
            " / S02 S04 | battlefield - | discard - | exile - | declared - | passes 0"],
    }
    return seeds


def play_seeds(starts) -> dict[str, list[str]]:
    """Setups of ``ringside play GAME``: the scenarios' positions and plain setups."""
    seeds = {game: positions[:6] for game, positions in starts.items()}
    seeds.setdefault("duel", []).append("ember vs tide rounds 5")
    seeds.setdefault("clubfight", []).append("CF1-3")
    return seeds


# -- data files ------------------------------------------------------------------------------------
DATA = ROOT / "analysis"
DATA_FILES = {
    "character file": sorted((DATA / "duel/data/characters").glob("*.toml"))
    + [ROOT / "docs/byo/mine.toml"],
    "warband file": sorted((DATA / "fantasy/data/warbands").glob("*.toml")),
    "deck list": sorted((DATA / "fightklub/data/decks").glob("*.txt")),
    "collection": sorted((DATA / "fightklub/data/collections").glob("*.txt")),
    "scenario file": sorted((ROOT / "scenarios").glob("*/*.toml")),
}
CARD_FILES = {"fightklub": ROOT / "docs/byo/one-cards.toml",
              "monmamo": ROOT / "docs/byo/monmamo-cards.toml",
              "fantasy": ROOT / "docs/byo/fantasy-cards.toml"}

_TOML_NUMBER = re.compile(r"(?<=[=\[,] )(-?\d+)(?=\s*[,\]\n}])|(?<==)(-?\d+)(?=\n)")
_TOML_KEY = re.compile(r"^([A-Za-z_]+) = .*$", re.M)
_DECK_COUNT = re.compile(r": (\d+) ")


def toml_mutations(data: str, rng: random.Random) -> list[tuple[str, str, str]]:
    found = []
    numbers = list(_TOML_NUMBER.finditer(data))
    if numbers:
        m = rng.choice(numbers)

        def at(new):
            return data[:m.start()] + new + data[m.end():]

        found += [("number huge", at(HUGE), "refuse"), ("number 2^63", at(str(2 ** 63)),
                                                        "refuse"),
                  ("number negative", at("-" + m.group().lstrip("-") if m.group() != "0"
                                         else "-1"), "any"),
                  ("number -huge", at("-" + HUGE), "refuse"),
                  ("number as text", at('"' + m.group() + '"'), "refuse"),
                  ("number as float", at(m.group() + ".5"), "refuse"),
                  ("number as bool", at("true"), "refuse"),
                  ("number as list", at("[1, 2]"), "refuse"),
                  ("number nan", at("nan"), "refuse"),
                  ("number inf", at("inf"), "refuse"),
                  ("number zero", at("0"), "any")]
    keys = list(_TOML_KEY.finditer(data))
    if keys:
        m = rng.choice(keys)
        found += [("field removed", data[:m.start()] + data[m.end():], "any"),
                  ("field unknown", data[:m.end()] + "\nno_such_field_x = 1" + data[m.end():],
                   "any"),
                  ("field repeated", data[:m.end()] + "\n" + m.group() + data[m.end():],
                   "refuse"),
                  ("string huge", data[:m.start()] + f'{m.group(1)} = "{"x" * 200_000}"'
                   + data[m.end():], "any")]
    return found


def deck_mutations(data: str, rng: random.Random) -> list[tuple[str, str, str]]:
    found = []
    counts = list(_DECK_COUNT.finditer(data))
    if counts:
        m = rng.choice(counts)

        def at(new):
            return data[:m.start()] + f": {new} " + data[m.end():]

        # A deck that breaks the construction rules is a verdict (exit 1), not bad input.
        found += [("count huge", at(HUGE), "refuse"), ("count negative", at("-1"), "refuse"),
                  ("count zero", at("0"), "any"), ("count 99", at("99"), "reject"),
                  ("count unicode", at("²"), "refuse")]
    lines = data.splitlines(keepends=True)
    body = [i for i, line in enumerate(lines) if line.startswith("- ")]
    if body:
        i = rng.choice(body)
        found += [("line doubled", "".join(lines[:i + 1] + [lines[i]] + lines[i + 1:]), "any"),
                  ("line dropped", "".join(lines[:i] + lines[i + 1:]), "any"),
                  ("unknown card", "".join(lines[:i] + ["- No Such Card: 1 C 999\n"]
                                           + lines[i + 1:]), "reject"),
                  ("line x5000", "".join(lines + [lines[i]] * 5000), "reject")]
    return found


def file_mutations(path: Path, rng: random.Random) -> list[tuple[str, bytes, str]]:
    raw = path.read_bytes()
    text = raw.decode("utf-8")
    kind = toml_mutations if path.suffix == ".toml" else deck_mutations
    found = [(name, new.encode("utf-8"), expect) for name, new, expect in kind(text, rng)]
    cut = rng.randrange(1, max(2, len(raw)))
    found += [("BOM", b"\xef\xbb\xbf" + raw, "accept"),
              ("CRLF", raw.replace(b"\n", b"\r\n"), "accept"),
              ("BOM and CRLF", b"\xef\xbb\xbf" + raw.replace(b"\n", b"\r\n"), "accept"),
              ("cut short", raw[:cut], "any"),
              ("binary garbage", bytes(rng.randrange(256) for _ in range(4000)), "refuse"),
              ("NUL inside", raw[:cut] + b"\0" + raw[cut:], "refuse"),
              ("latin-1", text.encode("utf-8") + "\n# caf\xe9\n".encode("latin-1"), "refuse"),
              ("UTF-16", text.encode("utf-16"), "refuse")]
    return found


# -- the lines -------------------------------------------------------------------------------------
def introspected(commands, rng: random.Random) -> list[Line]:
    """Numbers beyond their range in odd forms; several bad arguments at once;
    in-range extremes combined; options given twice."""
    lines = []
    for path, (child, example) in commands.items():
        name = " ".join(path)
        slow = path == ("docs",)
        numbers = [a for a in battery.arguments(child) if battery.classify(a) == "number"]
        for action in numbers:
            for form in rng.sample(NUMBER_FORMS, 5):
                expect = number_expect(action, form)
                lines.append(Line(f"number form {form!r}", [*path, *line_with(
                    child, example, {action: form})], expect,
                    slow_ok=slow or (expect == "any" and slow_numbers(action))))
        if len(numbers) >= 2:
            for _ in range(4):  # two or three bad numbers at once
                chosen = rng.sample(numbers, min(len(numbers), rng.choice((2, 3))))
                changes = {a: rng.choice((HUGE, "-1", "²")) for a in chosen}
                lines.append(Line("numbers bad together", [*path, *line_with(
                    child, example, changes)], "refuse", slow_ok=slow))
            for _ in range(3):  # extremes within range, together
                changes = {a: rng.choice(edge_values(a)) for a in numbers
                           if not slow_numbers(a)}
                if changes:
                    lines.append(Line("in-range extremes together", [*path, *line_with(
                        child, example, changes)], "any", slow_ok=True))
        for action in battery.arguments(child):  # an option given twice
            if action.option_strings and action.nargs is None and \
                    battery.classify(action) == "number" and not slow:
                flag = action.option_strings[-1]
                lines.append(Line("option twice, second bad", [*path, *line_with(
                    child, example, {}), flag, "1", flag, HUGE], "refuse"))
        if not slow:
            lines.append(Line("unknown option", [*path, *example, "--no-such-option"], "refuse"))
            lines.append(Line("extra positional", [*path, *example, "extra-word"], "refuse"))
    return lines


def text_lines(commands, seeds, play, rng: random.Random) -> list[Line]:
    lines = []
    for path, (child, example) in commands.items():
        name = " ".join(path)
        for action in battery.arguments(child):
            key = (name, battery.name_of(action))
            values = list(seeds.get(key, []))
            if path == ("play",) and action.dest == "setup":
                for game, setups in play.items():
                    for setup in setups[:3]:
                        for label, new, expect in mutations(setup, rng):
                            lines.append(Line(f"setup: {label}", [
                                "play", game, new, "--max-actions", "50", "--timeout", "10"],
                                expect))
                continue
            for value in values:
                for label, new, expect in mutations(value, rng):
                    many = action.nargs in ("+", "*") and name != "fantasy odds"
                    if many and label == "very long":
                        expect = "any"  # a long list of valid names is valid
                    words = line_with(child, example, {action: new.split() if many else new})
                    if path == ("monmamo", "termination"):
                        words += ["--max-states", "2000"]
                    lines.append(Line(f"text: {label}", [*path, *words], expect))
    return lines


GAMES_AS_ARGUMENTS = {("play",): "game", ("explore",): "game", ("check",): "games"}
"""The commands whose games are arguments, and the argument: a data option is given
with a game that takes it."""


def data_lines(commands, rng: random.Random) -> list[Line]:
    """Every input of a data kind, given each shipped example rewritten."""
    lines = []
    for path, (child, example) in commands.items():
        if path == ("docs",):
            continue
        game = path[0] if path[0] in CARD_FILES else None
        for action in battery.arguments(child):
            if battery.classify(action) != "input":
                continue
            kind = action.type.kind
            changes_here = {}
            if path in GAMES_AS_ARGUMENTS and action.dest in ("cards", "characters"):
                # the game (or the one game checked) that takes the data
                game = "duel" if kind == "character file" else rng.choice(sorted(CARD_FILES))
                dest = GAMES_AS_ARGUMENTS[path]
                changes_here[next(a for a in child._actions if a.dest == dest)] = \
                    [game] if dest == "games" else game
            elif path == ("check",):
                continue  # its --root: a folder, not a data file
            if kind == "card file" and game:
                sources = [CARD_FILES[game]]
            elif kind == "character file" and action.option_strings:
                sources = [ROOT / "docs/byo/mine.toml"]  # added to the shipped: a new key
            else:
                sources = DATA_FILES.get(kind, [])
            if not sources:
                continue
            picked = rng.sample(sources, min(len(sources), 2 if kind != "scenario file" else 12))
            for source in picked:
                for label, data, expect in file_mutations(source, rng):
                    folder = source.parent.name if kind == "scenario file" else "data"
                    name = f"{folder}/{source.name}"
                    files = {name: data}
                    if kind == "scenario file" and source.parent.parent.name == "docs":
                        files["byo/mine.toml"] = (ROOT / "docs/byo/mine.toml").read_bytes()
                    value = [name] if action.nargs in ("+", "*") else name
                    changes = {**changes_here, action: value}
                    if path == ("fantasy", "battle") and action.dest in ("a", "b"):
                        # two warbands share no card
                        other = next(a for a in child._actions if a.dest in ("a", "b")
                                     and a is not action)
                        changes[other] = "iron-host" if "goblin" in source.name \
                            else "goblin-rabble"
                    if kind == "card file" and path == ("fightklub", "deck"):
                        changes[next(a for a in child._actions if a.dest == "deck")] = "rambo"
                    words = line_with(child, example, changes)
                    expect_here = expect
                    if kind == "scenario file" and label == "number as text":
                        expect_here = "any"  # a [start] part is notation: "1" is 1
                    lines.append(Line(f"data {kind}: {label}", [*path, *words],
                                      "any" if expect == "accept" else expect_here, files,
                                      slow_ok=False))
                    if expect == "accept":
                        lines[-1].family += " (must be read)"
                        lines[-1].expect = "accept"
    return lines


def hand_lines() -> list[Line]:
    """Lines written by reading the help and the data formats."""
    mine = (ROOT / "docs/byo/mine.toml").read_text()
    brute = (DATA / "duel/data/characters/brute.toml").read_text()
    host = (DATA / "fantasy/data/warbands/iron-host.toml").read_text()
    scenario = (ROOT / "docs/byo/mine-scenario.toml").read_text()
    position = ("format 1 1 | first 0 | step play | turn 0 | pending 0 | library - | hands "
                "S01 S09 / S02 S04 | battlefield - | discard - | exile - | declared - | passes 0")
    L = []

    def add(argv, expect="refuse", files=None, family="hand", slow_ok=False):
        L.append(Line(family, argv, expect, files or {}, slow_ok))

    fight = ["fightklub", "fight", "S931", "S971"]
    for option in ("--boost-a", "--boost-b"):
        for value in (f"{HUGE},0,0", "-1,0,0", "0,0", "0,0,0,0", "1,,1", "a,b,c", "²,0,0",
                      "1.5,0,0", "0,0,-99999999999999999999", ",,", "100,100,100"):
            add([*fight, option, value], "refuse" if value not in ("-1,0,0",) else "any",
                family="hand: fight boost")
    for option in ("--measure-a", "--measure-b"):
        for value in ("cards in hand=-1", f"cards in hand={HUGE}", "cards in hand=",
                      "=4", "no such measure=4", "cards in hand=4=4", "cards in hand=x",
                      "cards in hand=²"):
            add([*fight, option, value], family="hand: fight measure")
        add([*fight, option, "cards in hand=4", option, "cards in hand=5"], "any",
            family="hand: fight measure twice")
    for value in ("left,left,right", "left,centre", "centre,left,right,left", "up,down,left",
                  ""):
        add([*fight, "--order", value], "refuse" if value != "centre,left,right" else "any",
            family="hand: fight order")
    for value in ("nowhere", "left,left"):
        add([*fight, "--nullified", value], family="hand: fight nullified")
    add([*fight, "--nullified", ""], "any", family="hand: fight nullified (none)")
    for value in ("-1", HUGE, "x"):
        add([*fight, "--stakes-a", value], family="hand: fight stakes")
    add(["fightklub", "fight", "S931", "S931"], "any", family="hand: fight same card")
    add(["fightklub", "fight", "S999", "S971"], "any", family="hand: fight not a fight card")
    add(["fightklub", "fight", "S901", "S971"], "refuse", family="hand: fight a character")
    add(["fightklub", "fight", "S931", "S971", "--players", "2", "--order", "right,centre,left"],
        "any")
    for decks in (["synthetic-brick"], ["synthetic-brick"] * 7, ["synthetic-brick", "nope"],
                  ["synthetic-brick", ""], ["rambo", "hannibal"]):
        add(["fightklub", "play", *decks, "--seed", "1", "--max-turns", "3"],
            family="hand: fightklub decks")
        add(["fightklub", "setup", "--decks", *decks, "--seed", "1"], family="hand: fightklub decks")
        add(["fightklub", "survey", *decks, "--games", "1", "--max-turns", "3"],
            family="hand: fightklub decks")
    for pool in ("B B B " * 2000, "Q", "B,G", "burn B", "b g", "-"):
        add(["fightklub", "pay", "--pool", pool, "--cost", "burn B"],
            "any" if pool in ("b g", "-", "B,G") else "refuse", family="hand: pay")
    for cost in (f"burn {HUGE}", "burn -1", "burn ²", "spot nothing", "burn", ",", "burn B,,",
                 "spot 99999999999999999999 gear"):
        add(["fightklub", "pay", "--pool", "B G Y Y", "--cost", cost], family="hand: pay cost")

    # the dice duel: characters with numbers out of their documented ranges
    for field, value in (("hp", HUGE), ("hp", "-1"), ("hp", "0"), ("critical", f"[{HUGE}, {HUGE}]"),
                         ("critical", "[12, 10]"), ("critical", "[-1, 2]"), ("critical", "[1]"),
                         ("critical", "[1, 2, 3]"), ("hp", '"28"'), ("hp", "28.0"),
                         ("key", '""'), ("name", '""')):
        changed = re.sub(rf"^{field} = .*$", f"{field} = {value}", mine, count=1, flags=re.M)
        add(["duel", "odds", "mine.toml", "tide"], "any" if (field, value) in (
            ("hp", "0"),) else "refuse", {"mine.toml": changed.encode()},
            family=f"hand: character {field}")
    for block, value in (("dice", HUGE), ("dice", "0"), ("dice", "-2"), ("sides", "1"),
                         ("sides", HUGE), ("dice", "4\nsides = 20")):
        changed = re.sub(rf"^{block} = .*$", f"{block} = {value}", mine, count=1, flags=re.M)
        add(["duel", "odds", "mine.toml", "tide", "--timeout", "5"], "any" if value in (
            "4\nsides = 20",) else "refuse", {"mine.toml": changed.encode()},
            family=f"hand: character power {block}")
    for field, value in (("amount", HUGE), ("amount", "-3"), ("cost", HUGE), ("cost", "-1"),
                         ("count", HUGE), ("count", "0"), ("count", "-1"), ("threshold", HUGE),
                         ("kind", '"nope"'), ("to", '"nobody"'), ("when", '"never"'),
                         ("timing", '"sometime"')):
        changed = re.sub(rf"{field} = [^,}}\n]+", f"{field} = {value}", mine, count=1)
        add(["duel", "odds", "mine.toml", "tide", "--timeout", "5"],
            "any" if value in ("0", "-3") else "refuse", {"mine.toml": changed.encode()},
            family=f"hand: character {field}")
    many = mine + "".join(f'\n[[passives]]\nname = "P{i}"\neffects = [{{ kind = "dr", '
                          f'amount = 1 }}]\n' for i in range(20_000))
    add(["duel", "odds", "mine.toml", "tide"], "refuse", {"mine.toml": many.encode()},
        family="hand: character 20,000 passives")
    add(["duel", "odds", "brute", "brute", "--characters", "b.toml"], "refuse",
        {"b.toml": brute.encode()}, family="hand: character twice")
    add(["duel", "characters", "--characters", "m.toml", "--characters", "m.toml"], "refuse",
        {"m.toml": mine.encode()}, family="hand: same file twice")
    add(["duel", "play", "mine", "tide", "--characters", "m.toml", "--rounds", "99",
         "--seed", "1000000000"], "any", {"m.toml": mine.encode()})

    # warbands
    for old, new in (('card = "Ogre"', 'card = "Dragon"'), ('row = "front"', 'row = "middle"'),
                     ('"Ember Dart"', '"Fireball 9"'), ('ours = true', 'ours = "yes"'),
                     ('name = "Iron Host"', f'name = "{"x" * 5000}"')):
        add(["fantasy", "warband", "w.toml"], "refuse", {"w.toml": host.replace(
            old, new, 1).encode()}, family="hand: warband")
    # a warband breaking the recruit rules is a verdict (exit 1); a name left empty is none
    add(["fantasy", "warband", "w.toml"], "reject", {"w.toml": host.replace(
        'weapons = ["Maul", "Javelins"]', 'weapons = ["Maul"' + ', "Maul"' * 50 + "]",
        1).encode()}, family="hand: warband breaking the rules")
    add(["fantasy", "warband", "w.toml"], "any", {"w.toml": host.replace(
        'name = "Iron Host"', 'name = ""', 1).encode()}, family="hand: warband unnamed")
    add(["fantasy", "warband", "w.toml"], "refuse", {"w.toml": (host + "\n[[warrior]]\ncard = "
        '"Ogre"\nrow = "front"\nweapons = ["Maul"]\n' * 400).encode()},
        family="hand: warband 400 warriors")
    add(["fantasy", "battle", "w.toml", "w.toml", "--seed", "1", "--timeout", "10"], "any",
        {"w.toml": host.encode()})
    for args in (["Ogre", "Maul", "Orc", "--armor", "Iron Cap", "Iron Cap", "Iron Cap"],
                 ["Ogre", "Maul", "Orc", "--shield", "Maul"],
                 ["Ogre", "Round Shield", "Orc"], ["Maul", "Ogre", "Orc"],
                 ["Ogre", "Maul", "Orc", "--defender-weapon", "Round Shield"],
                 ["ogre", "maul", "orc"], ["Ogre", "Maul", "Orc", "--armor", "Plate Suit",
                                            "Chain Suit"]):
        add(["fantasy", "odds", *args], "any", family="hand: fantasy odds")

    # monmamo: positions with bad names, bad numbers; setup combinations
    for old, new in (("S01", "S99"), ("S01", "library"), ("turn 0", f"turn {HUGE}"),
                     ("turn 0", "turn -1"), ("first 0", "first 7"), ("format 1 1", "format 9 9"),
                     ("format 1 1", "format 0 0"), ("passes 0", f"passes {HUGE}"),
                     ("pending 0", "pending -1"), ("step play", "step nap"),
                     ("hands S01 S09 / S02 S04", "hands S01 S09 / S02 S04 / S03"),
                     ("hands S01 S09 / S02 S04", "hands S01 S01 / S01 S01"),
                     ("library -", "library " + " ".join(["S05"] * 30_000))):
        add(["monmamo", "termination", "--start", position.replace(old, new, 1),
             "--max-states", "2000"], "any" if new.startswith(("hands S01 S01",
                                                               "hands S01 S09 / S02 S04 / S03"))
            else "refuse",
            family="hand: monmamo position")
    for combo in (["--players", "4", "--teams", "2", "--monsters", "5", "--library", "1"],
                  ["--players", "3", "--teams", "2"], ["--players", "2", "--teams", "2"],
                  ["--players", "4", "--teams", "1"], ["--library", "99", "--monsters", "5"]):
        add(["monmamo", "setup", *combo, "--timeout", "10"], "any",
            family="hand: monmamo setup combination")

    # scenario files: the documented format's fields with bad values
    for old, new in (('ruleset = "rulebook"', 'ruleset = "nope"'), ('rules = ["DU 4.5"]',
                     'rules = ["DU 99.99"]'), ('rules = ["DU 4.5"]', 'rules = "DU 4.5"'),
                     ('game = "duel"', 'game = "chess"'), ('game = "duel"', 'game = 1'),
                     ('characters = "mine.toml"', 'characters = "../../../etc/passwd"'),
                     ('characters = "mine.toml"', 'characters = ["mine.toml"]' ),
                     ('actions = ["base 4 6", "base 5 6"]', 'actions = ["base 99 99"]'),
                     ('actions = ["base 4 6", "base 5 6"]', f'actions = ["base {HUGE} 6"]'),
                     ('actions = ["base 4 6", "base 5 6"]', 'actions = "base 4 6"'),
                     ('outcome = "ongoing"', 'outcome = "sideways"'),
                     ("round 1 of 5", f"round 1 of {HUGE}"), ("hp 28 32", "hp -5 32"),
                     ("hp 28 32", f"hp {HUGE} 32"), ("E01*5", f"E01*{HUGE}"),
                     ("E01*5", "E01*-5"), ("bonus 0 2", "bonus 0 ²")):
        changed = scenario.replace(old, new, 1)
        expect = "any" if new in ('characters = ["mine.toml"]',) else "refuse"
        if new.startswith(("actions", "outcome")):
            expect = "reject"  # a ruling that does not hold: the scenario fails (exit 1)
        add(["rule", "s/mine-scenario.toml"], expect, {"s/mine-scenario.toml": changed.encode(),
                                                      "s/mine.toml": mine.encode()},
            family="hand: scenario field")
    add(["rule", "s/a.toml", "s/a.toml"], "any", {"s/a.toml": scenario.encode(),
                                                  "s/mine.toml": mine.encode()},
        family="hand: same scenario twice")

    # a scenario's data file that is no regular file, or the scenario itself
    for target in ("/dev/zero", "s", "missing.toml", "n" * 300 + ".toml", "mine-scenario.toml",
                   "../s/../s/mine.toml", "", "/etc/shadow"):
        changed = scenario.replace('characters = "mine.toml"', f'characters = "{target}"', 1)
        add(["rule", "s/mine-scenario.toml"], "any" if target.startswith("../") else "refuse",
            {"s/mine-scenario.toml": changed.encode(), "s/mine.toml": mine.encode()},
            family="hand: scenario data path")
    add(["rule", "s/mine-scenario.toml"], "refuse", {"s/mine-scenario.toml": scenario.replace(
        'characters = "mine.toml"', 'characters = [' + ', '.join(['"mine.toml"'] * 17) + ']',
        1).encode(), "s/mine.toml": mine.encode()}, family="hand: scenario data path")
    # symbolic links: a loop, a link to a device, an output linked to a user's file
    L.append(Line("hand: symlink", ["rule", "loop.toml"], "refuse", {"@link loop.toml":
                                                                      b"loop.toml"}))
    L.append(Line("hand: symlink", ["duel", "odds", "z.toml", "tide"], "refuse",
                  {"@link z.toml": b"/dev/zero"}))
    L.append(Line("hand: symlink", ["clubfight", "survey", "--jokers", "1", "--deals", "2",
                                    "--out", "link.jsonl"], "refuse",
                  {"notes.txt": battery.NOTES, "@link link.jsonl": b"notes.txt"}))
    L.append(Line("hand: symlink", ["explore", "duel", "--depth", "1", "--starts", "1",
                                    "--playouts", "1", "--trace-dir", "t"], "any",
                  {"mine/notes.txt": battery.NOTES, "@link t": b"mine"}))
    L.append(Line("hand: odd names", ["rule", "-x.toml"], "any",
                  {"-x.toml": scenario.encode(), "mine.toml": mine.encode()}))
    L.append(Line("hand: odd names", ["rule", "a\nb.toml"], "any",
                  {"a\nb.toml": scenario.encode(), "mine.toml": mine.encode()}))
    # nesting inside a data file
    deep = "x = " + "[" * 50_000 + "]" * 50_000 + "\n"
    for argv in (["duel", "odds", "d.toml", "tide"], ["fantasy", "warband", "d.toml"],
                 ["monmamo", "setup", "--cards", "d.toml"], ["fightklub", "deck", "rambo",
                                                            "--cards", "d.toml"],
                 ["rule", "d.toml"], ["fantasy", "odds", "Ogre", "Maul", "Orc", "--cards",
                                      "d.toml"]):
        add(argv, "refuse", {"d.toml": deep.encode()}, family="hand: deep nesting")

    # options that mean something only with another, given alone
    for argv in (["clubfight", "solve", "CF1-3", "--verify-count", "5"],
                 ["clubfight", "solve", "CF1-3", "--verify-timeout", "5"],
                 ["clubfight", "hunt", "--jokers", "1", "--budget", "2", "--from", "CF1-3",
                  "--start-kind", "triples"],
                 ["fightklub", "fight", "S931", "--boost-b", "1,1,1"],
                 ["fightklub", "fight", "S931", "--side-b", "1"],
                 ["fightklub", "fight", "S931", "--bonus-b", "3"],
                 ["clubfight", "survey", "--jokers", "1", "--deals", "2", "--resume"],
                 ["clubfight", "survey", "--jokers", "1", "--deals", "2", "--slack-max-nodes",
                  "5"],
                 ["clubfight", "hunt", "--jokers", "1", "--budget", "2", "--proof-nodes", "5"],
                 ["monmamo", "setup", "--players", "2", "--teams", "2"]):
        add(argv, family="hand: option without the one it needs")

    # outputs: two outputs on one file, output on an input
    survey = ["clubfight", "survey", "--jokers", "1", "--deals", "2"]
    add([*survey, "--out", "r.jsonl", "--summary", "r.jsonl"], "refuse",
        family="hand: two outputs one file")
    add([*survey, "--out", "r.jsonl", "--reuse", "r.jsonl"], "any",
        {"r.jsonl": b""}, family="hand: output is input")
    add([*survey, "--out", "notes.txt", "--reuse", "notes.txt"], "refuse",
        {"notes.txt": battery.NOTES}, family="hand: output is input")
    add(["clubfight", "slack", "CF1-3", "--max-nodes", "20000", "--certificate", "notes.txt"],
        "refuse", {"notes.txt": battery.NOTES}, family="hand: certificate on a user's file")
    add(["clubfight", "solve", "CF1-3", "--certificate", "notes.txt"], "refuse",
        {"notes.txt": battery.NOTES}, family="hand: certificate on a user's file")
    add(["explore", "duel", "--depth", "1", "--starts", "1", "--playouts", "1", "--trace-dir",
         "."], "any", {"notes.txt": battery.NOTES}, family="hand: trace dir is the user's")
    add(["docs", "--out", ".", "--no-proofs", "--depth", "0", "--starts", "1"], "refuse",
        {"notes.txt": battery.NOTES}, family="hand: docs into the user's folder")
    add(["docs", "--out", "site", "--no-proofs"], "refuse",
        {"site/index.html": b"<html>mine</html>", "site/.buildinfo":
         b"# Sphinx build info version 1\n"}, family="hand: docs into a user's site")
    # a certificate rewritten
    cert = (DATA / "clubfight/data/CF1-662-slack.cert").read_bytes()
    for label, data in (("cut", cert[: len(cert) // 2]), ("header only", cert.split(b"\n")[0]),
                        ("flipped", cert[:200] + bytes([cert[200] ^ 0xFF]) + cert[201:]),
                        ("garbage", b"\x00" * 5000), ("BOM", b"\xef\xbb\xbf" + cert)):
        add(["clubfight", "verify", "c.cert", "--timeout", "10"], "any" if label == "BOM"
            else "reject", {"c.cert": data}, family=f"hand: certificate {label}")
    # clubfight text
    for deal in ("CF3-1", "CF1--1", f"CF1-{2**64}", "CF1-1.5", "CF1-", "cf1-3", "CF1-３"):
        add(["clubfight", "solve", deal, "--max-nodes", "1000"],
            "any" if deal in ("cf1-3", "CF1-３") else "refuse", family="hand: deal number")
    add(["clubfight", "moves", "7H 7H 7H 7H 7H 7H 7H 7H 7H"], "refuse", family="hand: position")
    add(["clubfight", "moves", "7H QS -- JK 2D 2S AH 9D KS", "--club", "JK"], "refuse",
        family="hand: position")
    add(["clubfight", "moves", "7H QS -- JK 2D 2S AH 9D KS", "--club", "7C"], "any",
        family="hand: position")
    add(["clubfight", "moves", "7H QS -- JK 2D 2S AH 9D 7C"], "refuse", family="hand: position")
    add(["rules", "clubfight", "CF 999.999", "CF -1.1", "CF 1.1"], "refuse", family="hand: rules")
    add(["rules", "nogame"], "refuse", family="hand: rules")
    add(["check", "nogame", "--no-proofs", "--depth", "0", "--starts", "1"], "refuse",
        family="hand: check")
    add(["check", "duel", "duel", "--no-proofs", "--depth", "0", "--starts", "1",
         "--playouts", "1"], "any", family="hand: check", slow_ok=True)
    # the data options of the commands over named games: for a game that takes them only
    mine_files = {"mine.toml": mine.encode(),
                  "one.toml": (ROOT / "docs/byo/one-cards.toml").read_bytes()}
    small = ["--depth", "1", "--starts", "1", "--playouts", "1"]
    checked = ["--no-proofs", "--depth", "0", "--starts", "1", "--playouts", "1"]
    for argv in (["explore", "clubfight", *small, "--characters", "mine.toml"],
                 ["explore", "duel", *small, "--cards", "one.toml"],
                 ["check", "clubfight", *checked, "--cards", "one.toml"],
                 ["check", "clubfight", "duel", *checked, "--cards", "one.toml"],
                 ["check", "fightklub", "fantasy", *checked, "--cards", "one.toml"],
                 ["check", *checked, "--cards", "one.toml"],
                 ["check", "duel", *checked, "--characters", "mine.toml", "--characters",
                  "no-such.toml"]):
        add(argv, "refuse", mine_files, family="hand: data option of no named game")
    for argv in (["explore", "duel", *small, "--characters", "mine.toml"],
                 ["explore", "fightklub", *small, "--cards", "one.toml"],
                 ["check", "duel", *checked, "--characters", "mine.toml"],
                 ["check", "duel", "clubfight", *checked, "--characters", "mine.toml"]):
        add(argv, "any", mine_files, family="hand: data option of a named game", slow_ok=True)
    add(["explore", "duel", "--set", "no_such=1"], "refuse", family="hand: explore set")
    add(["explore", "duel", "--rules", "nope"], "refuse", family="hand: explore rules")
    return L


def all_lines(seed: int) -> list[Line]:
    rng = random.Random(seed)
    parser, commands = registry()
    starts = scenario_starts()
    lines = (introspected(commands, rng) + text_lines(commands, text_seeds(starts),
                                                      play_seeds(starts), rng)
             + data_lines(commands, rng) + hand_lines())
    return lines


# -- running ---------------------------------------------------------------------------------------
@dataclasses.dataclass
class Outcome:
    line: Line
    code: int | None
    stderr: str
    seconds: float
    faults: list[str]


def _snapshot(folder: Path) -> dict[Path, str]:
    return {path: hashlib.sha256(path.read_bytes()).hexdigest()
            for path in folder.rglob("*") if path.is_file() and not path.is_symlink()}


def run(line: Line) -> Outcome:
    folder = Path(tempfile.mkdtemp(prefix="ringside-attack-"))
    try:
        for name, data in line.files.items():
            link = name.startswith("@link ")
            name = name.removeprefix("@link ")
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            if link:
                (folder / name).symlink_to(data.decode())
            else:
                (folder / name).write_bytes(data)
        before = _snapshot(folder)
        try:
            code, err, seconds = battery.run_argv(line.argv, folder, CAP)
        except OSError as error:  # a line the system cannot start (arguments too long)
            return Outcome(line, 2, f"not run: {error}", 0.0, [])
        after = _snapshot(folder)
        faults = []
        if code is None:
            if not line.slow_ok or line.expect == "refuse":
                faults.append("hang")
        elif code not in (0, 1, 2, 130):
            faults.append("wrong exit")
        elif (line.expect == "refuse" and code in (0, 1)) or (line.expect == "reject"
                                                              and code == 0):
            faults.append("accepted invalid")
        elif line.expect == "accept" and code == 2:
            faults.append("wrong exit")
        if "Traceback" in err or "Exception ignored" in err:
            faults.append("traceback")
        if any(after.get(path) != digest for path, digest in before.items()):
            faults.append("file lost")
        return Outcome(line, code, err, seconds, faults)
    finally:
        battery.clean(folder)


def main(argv: list[str]) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--lines", type=int, help="run this many lines, drawn at random "
                                                   "(default all)")
    options.add_argument("--seed", type=int, default=43, help="seed of the lines (default 43)")
    options.add_argument("--jobs", type=int, default=2, help="lines at a time (default 2)")
    options.add_argument("-k", dest="keep", default="", help="only lines whose family or "
                                                              "words hold this")
    options.add_argument("--skip", action="append", default=[], metavar="TEXT",
                         help="leave out the lines whose family holds TEXT (repeatable)")
    options.add_argument("--list", action="store_true", help="print the lines, run none")
    args = options.parse_args(argv)
    lines = [line for line in all_lines(args.seed)
             if (args.keep in line.family or args.keep in " ".join(line.argv))
             and not any(text in line.family for text in args.skip)]
    if args.lines is not None:
        lines = random.Random(args.seed).sample(lines, min(args.lines, len(lines)))
    if args.list:
        for line in lines:
            print(f"[{line.family}] {line.expect}: ringside {line.shown}")
        return 0
    print(f"{len(lines)} lines, {args.jobs} at a time", flush=True)
    began = time.monotonic()
    outcomes = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for index, outcome in enumerate(pool.map(run, lines), 1):
            outcomes.append(outcome)
            if outcome.faults:
                last = " / ".join(outcome.stderr.strip().splitlines()[-2:])[:300]
                print(f"FAULT {','.join(outcome.faults)} [{outcome.line.family}] exit "
                      f"{outcome.code} {outcome.seconds:.1f}s: ringside {outcome.line.shown}"
                      f"\n      {last}", flush=True)
            elif index % 100 == 0:
                print(f"... {index} of {len(lines)}, {time.monotonic() - began:.0f}s", flush=True)
    report(outcomes, time.monotonic() - began)
    return 1 if any(outcome.faults for outcome in outcomes) else 0


def report(outcomes: list[Outcome], seconds: float) -> None:
    by_family: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for outcome in outcomes:
        row = by_family[outcome.line.family.split(":")[0]]
        row["lines"] += 1
        row.update(outcome.faults)
    battery.print_fault_table("family", by_family, "lines", FAULTS, 16)
    battery.print_fault_totals((outcome.faults for outcome in outcomes), "lines", FAULTS,
                               seconds)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
