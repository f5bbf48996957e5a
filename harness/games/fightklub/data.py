"""Fight Klub's ``--cards FILE``: the option, and the game a command plays with the user's cards."""

from __future__ import annotations

import argparse
from typing import Mapping

from analysis.fightklub.loading import all_cards

from harness.games.fightklub import PARTS
from harness.userdata import add_data_option, game_of as game_with_files
from model.fightklub.cards import Card
from model.fightklub.engine import FightKlub


def add_cards_option(parser: argparse.ArgumentParser) -> None:
    """``--cards FILE`` (repeatable): card texts of ONE, or cards of the user's own."""
    add_data_option(parser, PARTS.data)


def game_of(args: argparse.Namespace) -> FightKlub:
    """The shipped game, or the game with the cards of ``--cards``."""
    return game_with_files(args, PARTS)


def cards_of(args: argparse.Namespace) -> Mapping[str, Card]:
    """The card table a command checks with: the shipped cards and those of ``--cards``."""
    if not getattr(args, "cards", None):
        return all_cards()
    return game_of(args).catalog.cards
