"""A loss proved in parts (analysis.clubfight.divided, ``ringside clubfight prove``): the union
of the parts is the one search's certificate, the verifier accepts it, and a stopped run goes on."""

from __future__ import annotations

import json

import pytest

from analysis import clubfight_verify as verifier, clubfight_verify_native
from analysis.clubfight._solver_core import Position, child_grid
from analysis.clubfight.certificate_file import (
    CERTIFICATE_TECHNIQUES, LossProof, certificate_bytes, prove_loss,
)
from analysis.clubfight.divided import PARTS_FILE, STATES_FILE, Won, part_states, \
    prove_loss_divided
from analysis.clubfight.slack import with_clubs
from analysis.clubfight.solver import solve
from harness.cli import main
from model.clubfight.deals import Deal
from model.clubfight.rules import DEFAULT_RULES
from model.clubfight.state import State
from model.core.errors import InputError

DEAL = Deal.from_id("CF1-3")  # lost with 9 clubs: 46,271 states, won with 10


def cert(proof) -> bytes:
    return certificate_bytes(DEAL, DEFAULT_RULES, "rulebook", deal_id="CF1-3", loss=proof)


@pytest.fixture(scope="module")
def whole() -> bytes:
    return cert(prove_loss(DEAL, DEFAULT_RULES, 9))


def test_a_prefix_searches_the_same_nodes_in_both_engines():
    start = with_clubs(State.from_deal(DEAL), 9)
    for prefix in part_states(Position.of(start), DEFAULT_RULES, ())[:6]:
        found = [solve(start, DEFAULT_RULES, techniques=CERTIFICATE_TECHNIQUES, certificate=True,
                       prefix=prefix, engine=engine) for engine in ("native", "python")]
        assert [r.verdict for r in found] == ["loss", "loss"]
        assert found[0].nodes == found[1].nodes
        assert found[0].certificate.size == found[1].certificate.size


def test_a_prefix_restricts_the_search_to_its_lines():
    start = with_clubs(State.from_deal(DEAL), 9)
    first = part_states(Position.of(start), DEFAULT_RULES, ())
    whole = solve(start, DEFAULT_RULES, techniques=CERTIFICATE_TECHNIQUES, certificate=True)
    one = solve(start, DEFAULT_RULES, techniques=CERTIFICATE_TECHNIQUES, certificate=True,
                prefix=first[0])
    assert one.nodes < whole.nodes and one.certificate.size < whole.certificate.size
    with pytest.raises(ValueError, match="prefix"):
        solve(start, DEFAULT_RULES, prefix=((14, 1),))


def test_the_parts_are_one_per_distinct_child_state():
    position = Position.of(with_clubs(State.from_deal(DEAL), 9))
    parts = part_states(position, DEFAULT_RULES, ())
    reached = set()
    for (club, mask), in parts:
        reached.add((child_grid(position.grid, position.dealt, len(position.values), mask)[0],
                     club))
    assert len(reached) == len(parts) > 10
    one_club = Position.of(with_clubs(State.from_deal(DEAL), 1))
    assert part_states(one_club, DEFAULT_RULES, ()) == []  # nothing after the last club


def test_a_proof_in_parts_is_the_one_searchs_certificate(whole):
    seen = []
    proof = prove_loss_divided(DEAL, DEFAULT_RULES, 9, rules_name="rulebook", part_nodes=2_000,
                               progress=lambda status: seen.append(status.split))
    assert isinstance(proof, LossProof) and len(proof.keys) == 46_271
    assert seen[-1] >= 2  # it was split, more than one level deep
    assert cert(proof) == whole
    compiled = clubfight_verify_native.checker if clubfight_verify_native.available() else None
    verdict = verifier.verify(cert(proof), compiled=compiled)  # Python: a minute
    assert verdict.status == "accepted" and verdict.claims == ["lost with 9 clubs"]


def test_workers_make_the_same_certificate(whole):
    from harness.toolkit import fan_out

    proof = prove_loss_divided(DEAL, DEFAULT_RULES, 9, rules_name="rulebook", part_nodes=5_000,
                               run_parts=lambda func, jobs: fan_out(func, jobs, workers=2))
    assert cert(proof) == whole


def test_a_stopped_proof_goes_on_from_its_folder(tmp_path, whole):
    def stop(status):
        if status.settled >= 40:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        prove_loss_divided(DEAL, DEFAULT_RULES, 9, rules_name="rulebook", part_nodes=2_000,
                           folder=tmp_path, progress=stop)
    lines = (tmp_path / PARTS_FILE).read_text().splitlines()
    assert len(lines) > 40 and json.loads(lines[0])["clubs"] == 9
    with (tmp_path / STATES_FILE).open("ab") as file:
        file.write(b"a record killed before its line")
    counted = []  # taken up with larger parts: what was settled stays settled
    proof = prove_loss_divided(DEAL, DEFAULT_RULES, 9, rules_name="rulebook", part_nodes=4_000,
                               folder=tmp_path, progress=lambda s: counted.append(s.settled))
    assert cert(proof) == whole
    assert counted[0] >= 40  # the settled parts were kept, not done again


def test_a_folder_of_another_proof_is_refused(tmp_path):
    prove_loss_divided(DEAL, DEFAULT_RULES, 8, rules_name="rulebook", folder=tmp_path)
    with pytest.raises(InputError, match="another proof"):
        prove_loss_divided(DEAL, DEFAULT_RULES, 9, rules_name="rulebook", folder=tmp_path)
    (tmp_path / PARTS_FILE).write_text("not json\n")
    with pytest.raises(InputError, match="not a list of a proof's parts"):
        prove_loss_divided(DEAL, DEFAULT_RULES, 8, rules_name="rulebook", folder=tmp_path)


def test_a_part_that_wins_gives_the_winning_line():
    won = prove_loss_divided(DEAL, DEFAULT_RULES, 10, rules_name="rulebook", part_nodes=50)
    assert isinstance(won, Won)
    data = certificate_bytes(DEAL, DEFAULT_RULES, "rulebook", win=(10, list(won.moves)))
    assert verifier.verify(data).claims == ["won with 10 clubs"]


def test_prove_writes_a_certificate_verify_accepts(tmp_path, capsys):
    out = tmp_path / "cf1-3-9.cert"
    code = main(["clubfight", "prove", "CF1-3", "--clubs", "9", "--certificate", str(out),
                 "--part-nodes", "3000", "--work", str(tmp_path / "parts"), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["verdict"] == "loss" and report["states"] == 46_271
    assert report["parts"]["split"] >= 1 and report["certificate"]["written"]
    assert main(["clubfight", "verify", str(out)]) == 0
    assert "lost with 9 clubs" in capsys.readouterr().out
    code = main(["clubfight", "prove", "CF1-3", "--clubs", "9", "--certificate", str(out),
                 "--slack", "--work", str(tmp_path / "parts")])  # the parts are kept
    assert code == 0 and "slack 3, both in the certificate" in capsys.readouterr().out
    assert main(["clubfight", "verify", str(out)]) == 0
    assert "won with 10 clubs, lost with 9 clubs, slack 3" in capsys.readouterr().out
    code = main(["clubfight", "prove", "CF1-3", "--clubs", "10", "--certificate", str(out)])
    assert code == 0 and "WON with 10 clubs" in capsys.readouterr().out
    assert main(["clubfight", "verify", str(out)]) == 0


def test_prove_refuses_bad_input_in_one_line(tmp_path, capsys):
    other = tmp_path / "notes.txt"
    other.write_text("mine\n")
    for argv, says in (
            (["CF1-3", "--clubs", "14", "--certificate", str(tmp_path / "a.cert")], "--clubs"),
            (["CF1-3", "--clubs", "9", "--certificate", str(other)], "not a certificate"),
            (["CF9-3", "--clubs", "9", "--certificate", str(tmp_path / "a.cert")], "CF9-3"),
            (["CF1-3", "--clubs", "9", "--certificate", str(tmp_path / "a.cert"), "--work",
              str(tmp_path)], "other files")):
        assert main(["clubfight", "prove", *argv]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and says in err, err
    assert other.read_text() == "mine\n"


def test_verify_in_shares_gives_the_same_verdict_and_counts(tmp_path, whole, capsys):
    path = tmp_path / "cf1-3-9.cert"
    path.write_bytes(whole)
    counts = []
    for workers in ("1", "3"):
        assert main(["clubfight", "verify", str(path), "--workers", workers, "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        counts.append({k: out[k] for k in ("verdict", "claims", "states", "checked",
                                           "children", "cuts")})
    assert counts[0] == counts[1] and counts[0]["checked"] == 46_271
    # A state some listed state needs, left out: every share count must be right to catch it.
    header, body = verifier.read_header(whole)
    keys, played = verifier.read_states(header["loss"], body)
    cards, clubs = verifier.parse_deal(header["deal"])
    game = verifier.Game(cards, clubs[:9], header["rules"], header["loss"]["window_clubs"],
                         True, True)
    for gone in range(len(keys) // 2, len(keys)):
        key, mask = keys[gone], played[gone]
        cells = tuple(-1 if c == 63 else c for c in (key >> 6 * s & 63 for s in range(9)))
        if game.cut(cells, key >> 54, mask)[-1][1] >= game.left(cells, key >> 54):
            break  # not cut: some state listed before it must reach it
    keys.pop(gone)
    played.pop(gone)
    proof = LossProof(9, keys, played, 0, 0.0)
    path.write_bytes(cert(proof))
    assert main(["clubfight", "verify", str(path), "--workers", "3"]) == 1
    assert "neither listed nor cut" in capsys.readouterr().out
