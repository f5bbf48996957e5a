"""A card file of ONE's texts for the tests: ringside's SYNTHETIC texts under ONE's numbers.

The real texts of ONE are not public, so the tests of ``--cards`` cannot hold
them.  :func:`one_texts` writes a file in the format a player who owns the
cards would (``set = "ONE"``, a ``[[card]]`` per number), each card's text
taken from one of ringside's synthetic cards of the same kind and affiliation
(invented, not the real card), under the number, name and rarity of ONE's
public list.  It shows that the path works end to end, and nothing about the
real cards.
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "analysis" / "fightklub" / "data"
HEADER = ("# SYNTHETIC texts: ringside's invented cards under the numbers of ONE, for the\n"
          "# tests of --cards.  NOT the texts of the real cards.\n")
CHARACTERS = {"hero": "S901", "villain": "S951"}
THE_DROP = "S999"


def synthetic_blocks() -> dict[str, str]:
    """Each ``[[card]]`` block of the shipped synthetic set, by number (text after the header)."""
    text = (DATA / "synthetic.toml").read_text("utf-8")
    blocks = {}
    for block in text.split("[[card]]\n")[1:]:
        number = re.search(r'^number = "(S\d+)"$', block, re.M).group(1)
        blocks[number] = block
    return blocks


def _plain(kind: str, affiliation: str) -> list[str]:
    """Synthetic cards of a kind (draw stack or fight) and affiliation with neither a gold
    icon nor a signature, so that any deck of them keeps the deck rules."""
    from analysis.fightklub.loading import synthetic_cards
    from model.fightklub.carried import setup_problem, turn_problem

    data = tomllib.loads((DATA / "synthetic.toml").read_text("utf-8"))
    draw = {"condition", "effect", "gear", "instant"}
    cards = synthetic_cards()
    return [card["number"] for card in data["card"]
            if card["affiliation"] == affiliation and not card.get("gold_icon")
            and "signature" not in card
            and (card["type"] in draw if kind == "draw" else card["type"] == kind)
            # the cards the turn model carries out, so the decks can be played
            and turn_problem(cards[card["number"]]) is None
            and setup_problem(cards[card["number"]]) is None]


def _deck_lines(name: str):
    section = None
    for line in (DATA / "decks" / f"{name}.txt").read_text("utf-8").splitlines():
        if line and not line.startswith(("#", "-")):
            section = line.strip()
        match = re.fullmatch(r"- (.+): \d+ ([RUC]) (\d+)", line.strip())
        if match:
            yield section, match.group(1), match.group(2), f"{int(match.group(3)):03d}"


def one_card_block(block: str, number: str, name: str, rarity: str) -> str:
    """A synthetic card's block under a ONE number, name and rarity."""
    for key, value in (("number", number), ("name", name), ("rarity", rarity)):
        line = f"{key} = {json.dumps(value)}"
        block = re.sub(rf"^{key} = .*$", lambda _: line, block, count=1, flags=re.M)
    return block


def one_texts(decks=("rambo", "hannibal")) -> str:
    """The text of a card file of ONE giving every card of ``decks`` a synthetic text."""
    blocks = synthetic_blocks()
    out = [HEADER, 'set = "ONE"\n']
    done = set()
    for deck in decks:
        affiliation = "hero" if deck == "rambo" else "villain"
        pools = {"Draw stack": itertools.cycle(_plain("draw", affiliation)),
                 "Fight stack": itertools.cycle(_plain("fight", affiliation))}
        for section, name, rarity, number in _deck_lines(deck):
            if number in done:
                continue
            done.add(number)
            source = (CHARACTERS[affiliation] if section == "Character"
                      else THE_DROP if section == "Universal" else next(pools[section]))
            out.append("\n[[card]]\n" + one_card_block(blocks[source], number, name, rarity))
    return "".join(out)


def run(capsys, *args) -> tuple[int, str, str]:
    """``ringside ARGS``: its exit code, standard output and standard error."""
    from harness.cli import main

    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(capsys, *args) -> str:
    """The error of a command that must refuse its input: exit 2, one line, no output."""
    code, out, err = run(capsys, *args)
    assert (code, out, err.count("\n")) == (2, "", 1), (code, out, err)
    assert "Traceback" not in err
    return err


@pytest.fixture(scope="module")
def one_file(tmp_path_factory) -> Path:
    """:func:`one_texts` written to ``one.toml`` in a folder of its own."""
    path = tmp_path_factory.mktemp("one") / "one.toml"
    path.write_text(one_texts(), encoding="utf-8")
    return path
