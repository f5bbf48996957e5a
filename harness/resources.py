"""Where the harness finds its data: a checkout, or the files inside the wheel.

The harness needs files beside the code: the scenario files
(``scenarios/<game>/*.toml``), the Sphinx project (``docs/``), the committed
results (``results/<game>/``) and the index of which tests check which rules.
In a checkout they are the top-level folders of the repository, and the rule
index is read from ``tests/`` directly.  An installed wheel carries copies of
them under ``harness/_data/`` (written by ``setup.py`` at build time), the
rule index as ``rule_index.json`` and of ``tests/`` only the example game the
docs include; both have the same layout, so the rest of the harness only asks
a :class:`DataRoot`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from analysis.inputs import check_input_folder, load_json
from model.core.errors import InputError

BUNDLE = "_data"
"""The folder inside the ``harness`` package that holds the wheel's data."""

RULE_INDEX = "rule_index.json"
"""The bundled rule index: ``{rule number: [test ids]}`` from the test markers."""


@dataclass(frozen=True, slots=True)
class DataRoot:
    """A folder laid out like a checkout: ``scenarios/``, ``docs/``, ``results/``."""

    path: Path
    bundled: bool = False

    @property
    def scenarios(self) -> Path:
        return self.path / "scenarios"

    @property
    def docs(self) -> Path:
        return self.path / "docs"

    @property
    def results(self) -> Path:
        return self.path / "results"

    @property
    def tests(self) -> Path:
        return self.path / "tests"

    def game_scenarios(self, key: str) -> Path:
        return self.scenarios / key

    def rule_tests(self) -> dict[str, list[str]]:
        """``{rule number: [test ids]}``: the ``rules`` markers of the test suite.

        A root holding ``rule_index.json`` (a wheel's bundle, written at build
        time) is read from it: its ``tests/`` holds only the example game, not
        the test suite.  Any other root (a checkout) is scanned from ``tests/``.
        """
        index = self.path / RULE_INDEX
        if index.exists():
            data = load_json(index, "rule index")
            if not isinstance(data, dict) or not all(
                    isinstance(v, list) for v in data.values()):
                raise InputError("cannot read the rule index: expected an object of "
                                 "rule number: [test ids]", str(index))
            return {str(k): [str(t) for t in v] for k, v in data.items()}
        from harness.coverage import marked_tests

        return marked_tests(self.tests)


def _checkout() -> Path | None:
    """The repository the harness runs from, if it runs from one."""
    here = Path(__file__).resolve().parent.parent
    if (here / "pyproject.toml").is_file() and (here / "scenarios").is_dir():
        return here
    return None


@lru_cache(maxsize=1)
def data_root() -> DataRoot:
    """The checkout when running from one, else the data inside the wheel."""
    checkout = _checkout()
    if checkout is not None:
        return DataRoot(checkout)
    bundle = Path(__file__).resolve().parent / BUNDLE
    if (bundle / "scenarios").is_dir():
        return DataRoot(bundle, bundled=True)
    raise InputError("this installation of ringside has no data files (scenarios, docs); "
                     "reinstall it from a wheel or run it from a checkout")


def resolve_root(text: str | None) -> DataRoot:
    """``--root DIR`` (a folder laid out like a checkout) or the default data root."""
    if not text:
        return data_root()
    try:
        path = check_input_folder(text, "folder")
    except InputError as error:
        raise error.at("--root") from None
    if not (path / "scenarios").is_dir():
        raise InputError("not a ringside data root: it has no scenarios/ folder",
                         f"--root {text}")
    return DataRoot(path.resolve())
