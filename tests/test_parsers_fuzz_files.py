"""Every file a user hands ringside, fuzzed: card and character files, Club Fight
certificates, check reports and a screen's folder, each a valid file mutated.

Each input is a valid file with a few edits (lines dropped, doubled, swapped,
cut; a number made huge, negative, NaN, 2^64 or a word; a value of the wrong
type; unknown keys; random bytes; deep nesting; a byte-order mark, CRLF).  The
loader must answer with a value or with ONE :class:`InputError` of one line
naming the file; any other exception is a fault of ringside.  The certificate
verifier answers with a verdict instead (it raises nothing).  Each input runs
under a deadline so a slow parse fails; a few command lines check exit 2 and one
line on stderr.  The faults these found are pinned as plain tests at the end.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from model.core.errors import InputError

pytestmark = pytest.mark.parser_fuzz  # the per-input time budget, where conftest gives one

ROOT = Path(__file__).resolve().parent.parent
BYO = ROOT / "docs" / "byo"
FILES = settings(max_examples=max(40, settings.default.max_examples), deadline=5000,
                 derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
"""Modest: the whole module runs in well under 30 s on a loaded machine; the
deadline (ms) fails an input that parses slowly."""
SLOW_FILES = settings(FILES, max_examples=max(15, settings.default.max_examples // 4),
                      deadline=15000)
"""For the loaders that replay scenarios or run a search per input."""

_WORK = Path(tempfile.mkdtemp(prefix="ringside-fuzz-files-"))


def work_file(name: str, data: bytes) -> Path:
    path = _WORK / name
    path.write_bytes(data)
    return path


# -- text mutations --------------------------------------------------------------------------
NUMBER = re.compile(rb"(?<![\w.\"'])-?\d+(?:\.\d+)?(?![\w.\"'])")
ODD_NUMBERS = [b"99999999999999999999", b"-1", b"0", b"-0", b"nan", b"inf", b"-inf",
               b"18446744073709551616", b"1e400", b"1.5", b"-2.5e3", b"0x10", b'"7"', b"true",
               b"[]", b"{}", b"[1, [2]]", b"x", b"9" * 5000, b'"\xc2\xb2"', b'""']
ODD_LINES = [b"colour = 1", b"[unknown]", b"[[card]]", b"[[cards]]", b"[[passives]]",
             b"key = ", b"= 1", b"]]", b"[[", b'"', b"\x00", b"a.b.c = 1", b"'''", b'"""',
             b"deep = " + b"[" * 200 + b"]" * 200, b"deep = " + b"[" * 90 + b"]" * 90,
             b"x = {" * 60 + b"}" * 60, b"a" + b".a" * 150 + b" = 1", b"name = 7",
             b"number = []", b"hp = nan", b"id = \"\"", b"effects = [{ kind = \"??\" }]",
             b"type = \"fight\"", b"synthetic = 1", b"set = \"TWO\""]


@st.composite
def mutated_bytes(draw, bases: list[bytes]) -> bytes:
    """A valid file with a few edits, as a user (or a broken editor) might make them."""
    lines = draw(st.sampled_from(bases)).split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["drop", "double", "swap", "number", "number", "line",
                                   "cut", "bytes", "value"]))
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        if not lines:
            lines = [b""]
        if op == "drop":
            del lines[i]
        elif op == "double":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "number":
            text = b"\n".join(lines)
            found = list(NUMBER.finditer(text))
            if found:
                match = draw(st.sampled_from(found))
                lines = (text[:match.start()] + draw(st.sampled_from(ODD_NUMBERS))
                         + text[match.end():]).split(b"\n")
        elif op == "line":
            lines.insert(i, draw(st.sampled_from(ODD_LINES)))
        elif op == "cut":
            text = b"\n".join(lines)
            lines = text[:draw(st.integers(0, len(text)))].split(b"\n")
        elif op == "bytes":
            text = b"\n".join(lines)
            at = draw(st.integers(0, len(text)))
            lines = (text[:at] + draw(st.binary(min_size=1, max_size=8)) + text[at:]).split(b"\n")
        else:  # a value of another type
            key, sep, _ = lines[i].partition(b"=")
            if sep:
                lines[i] = key + b"= " + draw(st.sampled_from(ODD_NUMBERS))
    data = b"\n".join(lines)
    if draw(st.booleans()):
        data = data.replace(b"\n", b"\r\n")
    if draw(st.integers(0, 4)) == 0:
        data = b"\xef\xbb\xbf" + data
    return data


def refused_or_read(load, path: Path, shown: str | None = None):
    """What ``load(path)`` gives, or ``None`` for a one-line refusal naming the file."""
    try:
        value = load(path)
    except InputError as error:
        message = str(error)
        assert "\n" not in message and message.strip(), repr(message)
        assert (shown or str(path)) in message, message
        event(f"{getattr(load, '__name__', 'load')}: refused")
        return None
    event(f"{getattr(load, '__name__', 'load')}: read")
    return value


# -- card and character files ----------------------------------------------------------------
def _own_fightklub_card() -> bytes:
    """A Fight Klub card of the user's own (not of ONE), from the shipped synthetic set's
    first fight card."""
    text = (ROOT / "analysis" / "fightklub" / "data" / "synthetic.toml").read_text("utf-8")
    block = text[text.index("[[card]]"):]
    block = block[:block.index("[[card]]", 8)]
    return ("set = \"own\"\n" + block.replace("S9", "U9")).encode()


def _names(paths) -> list[str]:
    """A path or a list of them, as the loaders take them (``--cards A --cards B``)."""
    return [str(path) for path in (paths if isinstance(paths, list) else [paths])]


def _loaders():
    from analysis.duel.loading import game_with_characters
    from analysis.fantasy.loading import game_with_cards as fantasy_cards
    from analysis.fightklub.loading import game_with_cards as fightklub_cards
    from analysis.monmamo.loading import game_with_cards as monmamo_cards

    return {
        "fightklub": (lambda paths: fightklub_cards(_names(paths)),
                      [(BYO / "one-cards.toml").read_bytes()]),
        "monmamo": (lambda paths: monmamo_cards(_names(paths)),
                    [(BYO / "monmamo-cards.toml").read_bytes()]),
        "fantasy": (lambda paths: fantasy_cards(_names(paths)),
                    [(BYO / "fantasy-cards.toml").read_bytes()]),
        "duel": (lambda paths: game_with_characters(_names(paths)),
                 [(BYO / "mine.toml").read_bytes()]),
    }


LOADERS = _loaders()


@pytest.mark.parametrize("game", sorted(LOADERS))
def test_the_valid_examples_read(game):
    load, bases = LOADERS[game]
    for base in bases:
        assert load(work_file(f"{game}-valid.toml", base)) is not None


@pytest.mark.parametrize("game", sorted(LOADERS))
@FILES
@given(data=st.data())
def test_a_mutated_data_file_is_read_or_refused_in_one_line(game, data):
    load, bases = LOADERS[game]
    text = data.draw(mutated_bytes(bases))
    refused_or_read(load, work_file(f"{game}-cards.toml", text))


@pytest.mark.parametrize("game", sorted(LOADERS))
@FILES
@given(data=st.data())
def test_a_mutated_file_after_a_valid_one_is_read_or_refused_in_one_line(game, data):
    """Two files: the second may repeat or clash with the first (a key, a number, a name
    taken twice); the refusal names one of them."""
    load, bases = LOADERS[game]
    first = work_file(f"{game}-first.toml", bases[0])
    second = work_file(f"{game}-second.toml", data.draw(mutated_bytes(bases)))
    refused_or_read(lambda path: load([first, path]), second, shown=str(_WORK))


@pytest.mark.parametrize("game", sorted(LOADERS))
@FILES
@given(text=st.binary(max_size=300))
def test_arbitrary_bytes_as_a_data_file_are_refused_in_one_line(game, text):
    load, _ = LOADERS[game]
    refused_or_read(load, work_file(f"{game}-bytes.toml", text))


# -- JSON mutations --------------------------------------------------------------------------
ODD_VALUES = [None, -1, 0, 2 ** 64, -(2 ** 63), 10 ** 30, 1.5, True, False, "", "x", "²",
              "CF1-²", "CF1-41", "CF1-" + "4" * 5000, [], {}, [[[]]], {"a": 1}, [None], [[5], 6],
              "9" * 50, 1e308]


def odd_value(draw):
    """One of :data:`ODD_VALUES`, a copy (later edits must not change the list)."""
    return json.loads(json.dumps(draw(st.sampled_from(ODD_VALUES))))


@st.composite
def mutated_json(draw, value):
    """``value`` (parsed JSON) with a few parts replaced, dropped, doubled or added."""
    value = json.loads(json.dumps(value))
    for _ in range(draw(st.integers(1, 3))):
        holder, key = None, None
        node = value
        for _ in range(draw(st.integers(0, 6))):
            keys = list(node) if isinstance(node, dict) else list(range(len(node))) \
                if isinstance(node, list) else []
            if not keys:
                break
            holder, key = node, draw(st.sampled_from(keys))
            node = node[key]
        op = draw(st.sampled_from(["replace", "replace", "drop", "add", "double"]))
        if holder is None:
            if op == "replace":
                value = odd_value(draw)
            continue
        if op == "replace":
            holder[key] = odd_value(draw)
        elif op == "drop":
            del holder[key]
        elif op == "add" and isinstance(holder, dict):
            holder[draw(st.sampled_from(["colour", "id", "format", "action", "x"]))] = \
                odd_value(draw)
        elif op == "double" and isinstance(holder, list):
            holder.insert(key, json.loads(json.dumps(holder[key])))
    return value


@st.composite
def mutated_json_text(draw, value) -> bytes:
    """A JSON value mutated, or its text cut, padded or nested deep."""
    text = json.dumps(draw(mutated_json(value)), separators=(",", ":")).encode()
    how = draw(st.sampled_from(["as is", "as is", "as is", "cut", "bytes", "nested", "bom"]))
    if how == "cut":
        text = text[:draw(st.integers(0, len(text)))]
    elif how == "bytes":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.binary(min_size=1, max_size=6)) + text[at:]
    elif how == "nested":
        depth = draw(st.sampled_from([50, 120, 5000]))
        text = b"[" * depth + text + b"]" * depth
    elif how == "bom":
        text = b"\xef\xbb\xbf" + text
    return text


# -- Club Fight certificates -------------------------------------------------------------------
def _certificates() -> list[bytes]:
    """The shipped certificate (a win and a loss) and the same with its win only."""
    from analysis.clubfight.certificate_file import EXAMPLE

    whole = EXAMPLE.read_bytes()
    magic, header, _body = whole.split(b"\n", 2)
    win_only = {k: v for k, v in json.loads(header).items() if k != "loss"}
    return [whole, magic + b"\n" + json.dumps(win_only).encode() + b"\n"]


CERTIFICATES = _certificates()


def verdict_of(data: bytes):
    """The verifier's verdict: it answers every input, raising nothing."""
    from analysis.clubfight_verify import verify

    verdict = verify(data, timeout=0.3, max_states=200)
    assert verdict.status in ("accepted", "rejected", "unknown")
    assert verdict.status == "accepted" or verdict.reason
    json.dumps(verdict.as_dict())  # what --json prints
    event(f"certificate: {verdict.status}")
    return verdict


@st.composite
def mutated_certificate(draw) -> bytes:
    magic, header, *body = draw(st.sampled_from(CERTIFICATES)).split(b"\n", 2)
    parts = [magic, draw(mutated_json_text(json.loads(header)))] + body
    data = b"\n".join(parts)
    how = draw(st.sampled_from(["as is", "as is", "cut", "flip", "magic", "crlf"]))
    if how == "cut":
        data = data[:draw(st.integers(0, len(data)))]
    elif how == "flip":
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1:]
    elif how == "magic":
        data = draw(st.sampled_from([b"", b"X ", b"\xef\xbb\xbf"])) + data.replace(
            b" 2\n", draw(st.sampled_from([b" 1\n", b" 3\n", b" \xff\n", b"\n", b" 2 2\n"])),
            1)
    elif how == "crlf":
        data = data.replace(b"\n", b"\r\n")
    return data


def test_the_certificates_fuzzed_from_are_accepted():
    from analysis.clubfight_verify import verify

    assert [verify(data).status for data in CERTIFICATES] == ["accepted", "accepted"]


@FILES
@given(data=mutated_certificate())
def test_a_mutated_certificate_gets_a_verdict(data):
    verdict_of(data)


@FILES
@given(data=st.binary(max_size=400))
def test_arbitrary_bytes_as_a_certificate_are_rejected(data):
    assert verdict_of(data).status == "rejected"


# -- check reports ----------------------------------------------------------------------------
_REPORT: dict = {}


def valid_report() -> dict:
    """A real report of ``ringside check --json`` over the duel (small bounds), made once."""
    if not _REPORT:
        from harness.check_report import CheckOptions, report_of, run_checks
        from harness.registry import get_game

        options = CheckOptions(proofs=False, depth=1, max_states=40, starts=1, playouts=3)
        results, seconds = run_checks([get_game("duel")], root=ROOT, options=options)
        _REPORT.update(report_of(results, options, seconds))
    return _REPORT


@st.composite
def mutated_report(draw) -> bytes:
    """The report with a few parts changed, most of them inside its one game's entry
    (where the rows, coverage, proofs, scenarios and cases are)."""
    report = json.loads(json.dumps(valid_report()))
    if draw(st.booleans()):
        entry = report["games"][0]
        for name in draw(st.lists(st.sampled_from(["rows", "coverage", "proofs", "scenarios",
                                                   "cases", "options"]), min_size=1,
                                  max_size=2)):
            target = report if name == "options" else entry
            target[name] = draw(mutated_json(target.get(name, [])))
        return json.dumps(report).encode()
    return draw(mutated_json_text(report))


def read_checks_of(path: Path):
    from harness.check_report import read_checks
    from harness.registry import get_game

    return read_checks(path, [get_game("duel")], root=ROOT)


@pytest.mark.parser_fuzz(seconds=15)
@SLOW_FILES
@given(data=mutated_report())
def test_a_mutated_check_report_is_read_or_refused_in_one_line(data):
    refused_or_read(read_checks_of, work_file("check.json", data))


# -- a screen's folder ------------------------------------------------------------------------
def screen_config():
    from harness.games.clubfight.screen_run import ScreenConfig
    from model.clubfight.rules import WEBAPP

    return ScreenConfig(jokers=1, start=40, deals=6, rules=WEBAPP, rules_name="webapp",
                        chunk=3, widths=(1,), stage_two_nodes=300, check_limit=300)


_SCREEN: dict = {}


def screen_files() -> dict[str, bytes]:
    """The files of a small finished screen (some deals left unknown, so its progress
    lines list deals), made once."""
    if not _SCREEN:
        from harness.games.clubfight.screen_run import retry_unknown, run_screen

        folder = _WORK / "screen-made"
        run_screen(screen_config(), folder)
        retry_unknown(screen_config(), folder, 600)
        _SCREEN.update({name: (folder / name).read_bytes()
                        for name in ("screen.json", "progress.jsonl", "retries.jsonl")})
    return _SCREEN


@st.composite
def mutated_progress(draw) -> bytes:
    lines = [json.loads(line) for line in screen_files()["progress.jsonl"].splitlines()]
    index = draw(st.integers(0, len(lines) - 1))
    text = [json.dumps(line).encode() for line in lines]
    text[index] = draw(mutated_json_text(lines[index]))
    how = draw(st.sampled_from(["as is", "as is", "drop", "double", "torn", "crlf"]))
    if how == "drop":
        del text[draw(st.integers(0, len(text) - 1))]
    elif how == "double":
        text.append(text[0])
    data = b"\n".join(text) + b"\n"
    if how == "torn":
        data = data[:draw(st.integers(0, len(data)))]
    elif how == "crlf":
        data = data.replace(b"\n", b"\r\n")
    return data


def read_progress_of(path: Path):
    from harness.games.clubfight.screen_run import read_progress

    return read_progress(path, screen_config())


@FILES
@given(data=mutated_progress())
def test_a_mutated_progress_file_is_read_or_refused_in_one_line(data):
    refused_or_read(read_progress_of, work_file("progress.jsonl", data))


def read_retries_of(path: Path):
    """The retries of a mutated ``retries.jsonl`` applied to the screen they belong to."""
    from harness.games.clubfight.screen_run import (
        ScreenRun, apply_retries, read_progress, read_retries,
    )

    config = screen_config()
    chunks, _ = read_progress_of(work_file("progress-kept.jsonl",
                                           screen_files()["progress.jsonl"]))
    retries, _ = read_retries(path, config)
    run = ScreenRun(config, {"classes": {"2+": 9, "1": 9, "0": 9, "unwinnable": 9,
                                         "unknown": 9}},
                    [d for chunk in chunks.values() for d in chunk["deals"]], len(chunks), 0, 0)
    apply_retries(run, retries, str(path))
    return run


@FILES
@given(data=st.deferred(lambda: mutated_lines(screen_files()["retries.jsonl"])))
def test_a_mutated_retries_file_is_read_or_refused_in_one_line(data):
    refused_or_read(read_retries_of, work_file("retries.jsonl", data))


@st.composite
def mutated_lines(draw, data: bytes) -> bytes:
    lines = [json.loads(line) for line in data.splitlines()]
    index = draw(st.integers(0, len(lines) - 1))
    text = [json.dumps(line).encode() for line in lines]
    text[index] = draw(mutated_json_text(lines[index]))
    if draw(st.booleans()):
        text.append(text[0])
    return b"\n".join(text) + b"\n"


@pytest.mark.parser_fuzz(seconds=15)
@SLOW_FILES
@given(manifest=st.one_of(st.builds(lambda: screen_files()["screen.json"]),
                          st.deferred(lambda: mutated_json_text(
                              json.loads(screen_files()["screen.json"])))),
       progress=st.deferred(mutated_progress))
def test_a_resumed_screen_with_mutated_files_runs_or_is_refused_in_one_line(manifest,
                                                                             progress):
    """``--resume`` over a folder whose files were edited: a screen's manifest that says
    another screen, or a progress file that does not read, is one line; else the
    screen completes."""
    from harness.games.clubfight.screen_run import run_screen

    folder = _WORK / "screen-resumed"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    # The mutated JSON is written compactly; a manifest that is still a screen's gets the
    # mark's spacing back, so it is read as one (and compared) rather than refused unread.
    (folder / "screen.json").write_bytes(b'{"screen": ' + manifest.partition(b":")[2]
                                         if manifest.startswith(b'{"screen":') else manifest)
    (folder / "progress.jsonl").write_bytes(progress)
    run = refused_or_read(lambda path: run_screen(screen_config(), path, resume=True),
                          folder)
    if run is not None:
        assert run.complete


# -- the command line: a bad file is exit 2 and one line --------------------------------------
BIG_NUMBER = b"n = " + b"9" * 5000 + b"\n"


@pytest.mark.parametrize("command", [["duel", "characters", "--characters"],
                                     ["monmamo", "setup", "--cards"],
                                     ["fightklub", "deck", "rambo", "--cards"],
                                     ["fantasy", "warband", "goblin-rabble", "--cards"]])
@pytest.mark.parametrize("data", [BIG_NUMBER, b"\xff\xfe", b"[[card]]\nnumber = [[[[[",
                                  b"\xef\xbb\xbf" + b"x = [" * 300])
def test_a_bad_data_file_on_the_command_line_is_exit_2_and_one_line(command, data, capsys):
    from harness.cli import main

    path = work_file("cli-data.toml", data)
    assert main(command + [str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(path) in err[0], err


def test_a_bad_certificate_on_the_command_line_is_a_verdict_without_a_traceback(capsys):
    from harness.cli import main

    magic, header, _ = CERTIFICATES[1].split(b"\n", 2)
    damaged = json.loads(header)
    damaged["win"]["moves"][0]["action"] = ["sum"]
    path = work_file("damaged.cert", magic + b"\n" + json.dumps(damaged).encode() + b"\n")
    assert main(["clubfight", "verify", str(path), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["verdict"] == "rejected" and "win, move 1" in out["reason"]
    assert main(["clubfight", "verify", str(_WORK)]) == 2  # a folder: not read at all
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(_WORK) in err[0]


def test_a_bad_check_report_on_the_command_line_is_exit_2_and_one_line(monkeypatch, capsys):
    from harness import cli, docs

    monkeypatch.setattr(docs, "require_tools", lambda dot="dot": None)
    monkeypatch.setattr(docs, "build_site", lambda out, **kwargs: pytest.fail("built"))
    report = json.loads(json.dumps(valid_report()))
    for change, said in (({"options": {"depth": 2 ** 64 * 1.5}}, "options.depth"),
                         ({"games": [None]}, "'games'")):
        path = work_file("bad-check.json", json.dumps({**report, **change}).encode())
        assert cli.main(["docs", "--out", str(_WORK / "site"), "--check-report",
                         str(path)]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and str(path) in err[0] and said in err[0], err
    path = work_file("bad-check.json", json.dumps(report).encode()[:-7])
    assert cli.main(["docs", "--out", str(_WORK / "site"), "--check-report", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not valid JSON" in err[0], err


def test_a_resumed_screen_with_a_bad_progress_line_is_exit_2_and_one_line(capsys):
    from harness.cli import main

    folder = _WORK / "screen-cli"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    (folder / "screen.json").write_bytes(screen_files()["screen.json"])
    first, rest = screen_files()["progress.jsonl"].split(b"\n", 1)
    chunk = json.loads(first)
    chunk["deals"][0]["id"] = "CF1-\u00b2"
    (folder / "progress.jsonl").write_bytes(json.dumps(chunk).encode() + b"\n" + rest)
    options = ["clubfight", "screen", "--jokers", "1", "--start", "40", "--deals", "6",
               "--rules", "webapp", "--chunk", "3", "--width", "1", "--stage-two-nodes",
               "300", "--check-limit", "300", "--out", str(folder), "--resume"]
    assert main(options) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "progress.jsonl, line 1" in err[0], err


# -- the faults found, each at its smallest --------------------------------------------------
@pytest.mark.parametrize("game", sorted(LOADERS))
def test_a_toml_integer_of_5000_digits_is_one_line_not_a_value_error(game):
    """tomllib raises a bare ValueError (not TOMLDecodeError) for an integer past
    Python's 4,300-digit limit: every model parser let it through."""
    load, _ = LOADERS[game]
    path = work_file(f"{game}-big.toml", BIG_NUMBER)
    with pytest.raises(InputError, match="a number of more than 4,300 digits"):
        load(path)


def test_a_fantasy_row_with_a_number_of_5000_digits_is_refused_in_one_line():
    load, _ = LOADERS["fantasy"]
    row = b'[[warrior]]\nrow = "Troll H +3 -1 - -1 ' + b"9" * 5000 + b' 0 Reach +1"\n'
    with pytest.raises(InputError, match="is not a whole number from 0 to 99"):
        load(work_file("fantasy-row.toml", row))
    row = b'[[warrior]]\nrow = "Troll H +' + b"3" * 5000 + b' -1 - -1 9 0 Reach +1"\n'
    with pytest.raises(InputError, match="is not a modifier"):
        load(work_file("fantasy-row.toml", row))


@pytest.mark.parametrize("change", [{"proofs": None}, {"proofs": [7]},
                                    {"proofs": [{"id": ["x"]}]}, {"scenarios": 5},
                                    {"scenarios": [{"id": {"a": 1}}]}, {"cases": "x"},
                                    {"rows": [{"check": "c", "passed": True, "count": 1,
                                               "seconds": 10 ** 400}]}])
def test_a_check_report_entry_of_the_wrong_shape_is_one_line(change):
    report = json.loads(json.dumps(valid_report()))
    report["games"][0].update(change)
    path = work_file("shape.json", json.dumps(report).encode())
    with pytest.raises(InputError, match=re.escape(str(path))):
        read_checks_of(path)


@pytest.mark.parametrize(("where", "value", "reason"), [
    ("id", "CF1-\u00b2", "is not CF1-n or CF2-n"),
    ("id", "CF1-" + "9" * 5000, "is not CF1-n or CF2-n"),
    ("action", ["sum"], "win, move 1: club J cannot clear slots [5, 6] by ['sum']"),
    ("action", {"a": 1}, "win, move 1: club J cannot clear slots [5, 6] by {'a': 1}"),
    ("cleared", [[5], 6], "win, move 1: must be"),
])
def test_a_certificate_with_an_odd_id_or_move_is_rejected_not_raised(where, value, reason):
    from analysis.clubfight_verify import verify

    magic, header, _ = CERTIFICATES[1].split(b"\n", 2)
    damaged = json.loads(header)
    if where == "id":
        damaged["id"] = value
    else:
        damaged["win"]["moves"][0][where] = value
    verdict = verify(magic + b"\n" + json.dumps(damaged).encode() + b"\n")
    assert verdict.status == "rejected" and reason in verdict.reason
    assert len(verdict.reason) < 200


@pytest.mark.parametrize("deal_id", ["CF1-\u00b2", "CF1-" + "4" * 5000, "CF1-٤١"])
def test_a_progress_line_with_an_odd_deal_number_is_one_line(deal_id):
    first, rest = screen_files()["progress.jsonl"].split(b"\n", 1)
    chunk = json.loads(first)
    chunk["deals"][0]["id"] = deal_id
    path = work_file("odd-progress.jsonl", json.dumps(chunk).encode() + b"\n" + rest)
    with pytest.raises(InputError, match="a deal's line is not one of this chunk's"):
        read_progress_of(path)


def test_a_json_integer_of_5000_digits_is_named_as_such():
    """json.loads refuses it in int()'s words (naming sys.set_int_max_str_digits); the
    user reads what is wrong with the file instead."""
    from analysis.inputs import parse_json

    with pytest.raises(InputError, match="^x.json: not valid JSON: a number of more than 4,300 "
                                         "digits$"):
        parse_json("[" + "9" * 5000 + "]", "x.json")
