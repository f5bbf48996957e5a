"""Adds Fight Klub's subcommands: deck, collection, pay, setup, play, fight, survey."""

from __future__ import annotations

from analysis.fightklub.loading import GAME
from harness.games.fightklub import (
    deck_commands, fight_command, pay_command, play_command, setup_command, survey_command,
)


def register(subcommands) -> None:
    deck_commands.register(subcommands, GAME)
    pay_command.register(subcommands, GAME)
    setup_command.register(subcommands)
    play_command.register(subcommands)
    fight_command.register(subcommands, GAME)
    survey_command.register(subcommands)
