"""Reading the table of a case file (deck, energy and fight cases share it).

A case file is TOML; what each kind of case holds is its own module's business,
but reading the file and refusing a field nobody knows is the same everywhere,
with the same one-line errors naming the file.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from model.core.errors import InputError
from model.fightklub.rules import PRESETS, FKRules


def read_case_table(path: str | Path, fields: set[str] | frozenset[str]) -> tuple[dict, str]:
    """The case file's table and its place (for errors); an :class:`InputError` if the
    file cannot be read, is not TOML, or has a field outside ``fields``."""
    where = str(path)
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise InputError(f"cannot read the case: {error.strerror or error}", where) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise InputError(f"not valid TOML: {error}", where) from None
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r}; fields: {', '.join(sorted(fields))}",
                         where)
    return data, where


def case_ruleset(data: dict, where: str) -> FKRules:
    """The ruleset a case asks for: ``ruleset`` (a preset name, default ``rulebook``) with
    the ``set`` table's fields changed; each field must exist and keep its type."""
    import dataclasses

    name = data.get("ruleset", "rulebook")
    if name not in PRESETS:
        raise InputError(f"ruleset: unknown preset {name!r}; known: {', '.join(PRESETS)}", where)
    overrides = data.get("set", {})
    if not isinstance(overrides, dict):
        raise InputError("set: expected a table of rules fields", where)
    fields = {f.name for f in dataclasses.fields(FKRules)}
    for key, value in overrides.items():
        if key not in fields:
            raise InputError(f"set: unknown rules field {key!r}; fields: "
                             f"{', '.join(sorted(fields))}", where)
        if type(value) is not type(getattr(PRESETS[name], key)):
            raise InputError(f"set: {key} takes {type(getattr(PRESETS[name], key)).__name__}, "
                             f"not {value!r}", where)
    return dataclasses.replace(PRESETS[name], **overrides)
