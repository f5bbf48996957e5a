"""Club Fight certificates on the command line: ``verify``, and ``--certificate FILE`` of solve and slack.

``ringside clubfight verify FILE [--timeout S] [--max-states N] [--engine E]
[--workers W] [--json]`` checks a certificate (format: ``docs/clubfight-certificates.rst``) with the
independent verifier :mod:`analysis.clubfight_verify`.  Exit 0 when it is
accepted (the claims are proved), 1 when it is rejected (the first thing
wrong is named) or stays unknown (``--timeout``, ``--max-states``), 130 on
Ctrl-C.  ``--workers W`` splits a loss's listed states into ``W`` shares
checked in as many processes (each reads the file and checks its share, the
start included); the certificate is accepted when every share is, and a
rejection then names a wrong state, not necessarily the first.  JSON::

    {"verdict": "accepted"|"rejected"|"unknown", "reason": str|null,
     "claims": ["won with 10 clubs", "lost with 9 clubs", "slack 3"],
     "deal": ..., "id": ..., "rules": ..., "states": N, "checked": N,
     "children": N, "cuts": N, "seconds": S, "file": FILE, "engine": "native"|"python",
     "workers": W}

``solve ... --certificate FILE`` and ``slack ... --certificate FILE`` write
one (:mod:`analysis.clubfight.certificate_file`): the line of a win, the
refuted states of a loss (proved again with the verifier's bound only), both
for an exact slack.  A file there that is not a certificate is never
replaced; the place is checked before any work.
"""

from __future__ import annotations

from harness.output import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK
from harness.toolkit import (
    WORKERS, InputPath, Progress, Report, add_command, bounded_int, fan_out, seconds,
)


def add_certificate_option(parser) -> None:
    """``--certificate FILE`` for a command that can write one."""
    from harness.toolkit import OUTPUT_FILE

    parser.add_argument("--certificate", metavar="FILE", type=OUTPUT_FILE,
                        help="also write a certificate anyone can check with `ringside "
                             "clubfight verify` (a win's line; a loss's refuted states, "
                             "proved again with the verifier's bound only)")


def claim_certificate_file(args) -> None:
    """Refuse, before any work, to replace a file that is not a certificate."""
    from analysis.clubfight.certificate_file import is_certificate
    from harness.files import check_replaceable

    if args.certificate is not None:
        check_replaceable(args.certificate, is_certificate, "a certificate file",
                          f"--certificate {args.certificate}")


def write_certificate(args, deal, rules, deal_id: str | None, *, win=None, lost_with=None,
                      progress=None) -> dict:
    """Prove the loss (if asked) and write the certificate: what the JSON reports."""
    from analysis.clubfight.certificate_file import certificate_bytes, prove_loss
    from harness.files import atomic_write
    from model.clubfight.engine import GAME

    out: dict = {"file": args.certificate, "written": False}
    proof = None
    if lost_with is not None:
        if progress is not None:
            progress(f"certificate: proving the loss with {lost_with} clubs with the "
                     f"verifier's bound only")
        proof = prove_loss(deal, rules, lost_with, max_nodes=args.max_nodes,
                           timeout=args.timeout)
        if isinstance(proof, str):
            out["reason"] = proof
            return out
        out.update(states=len(proof.keys), nodes=proof.nodes)
    name, _ = GAME.preset_and_overrides(rules)
    data = certificate_bytes(deal, rules, name, deal_id=deal_id, win=win, loss=proof)
    atomic_write(args.certificate, data, f"--certificate {args.certificate}")
    out.update(written=True, bytes=len(data))
    return out


def certificate_lines(written: dict):
    """The text lines saying what was written (or why not)."""
    if written["written"]:
        listed = f", {written['states']:,} refuted states" if "states" in written else ""
        yield f"  certificate: {written['file']} ({written['bytes']:,} bytes{listed})"
    else:
        yield f"  certificate: not written: {written['reason']}"


def _verify_share(job: tuple):
    """One share of a certificate's check, in a worker process: its :class:`Verdict`."""
    from analysis.clubfight_verify import verify
    from analysis.clubfight_verify_native import compiled_or_none

    path, engine, timeout, max_states, share = job
    with open(path, "rb") as file:
        data = file.read()
    return verify(data, timeout=timeout, max_states=max_states,
                  compiled=compiled_or_none(engine), share=share)


def _merged(verdicts: list):
    """The verdict of a certificate checked in shares: accepted when every share is;
    else the first share's rejection, or else its reason for stopping; counts summed."""
    merged = next((v for v in verdicts if v.status == "rejected"), None) or next(
        (v for v in verdicts if v.status != "accepted"), verdicts[0])
    for name in ("checked", "children", "cuts"):
        setattr(merged, name, sum(getattr(v, name) for v in verdicts))
    merged.seconds = max(v.seconds for v in verdicts)
    return merged


def cmd_clubfight_verify(args) -> Report:
    from analysis.clubfight_verify import verify
    from analysis.clubfight_verify_native import compiled_or_none
    from analysis.inputs import read_bytes

    data = read_bytes(args.file, "certificate")
    try:
        compiled = compiled_or_none(args.engine)
    except RuntimeError as error:  # --engine native without a compiler
        return Report(None, code=EXIT_BAD_INPUT, problems=[f"ringside: --engine native: {error}"])
    with Progress.of(args, unit="states") as progress:
        def step(done: int, total: int) -> None:
            if done == 0:
                progress.start(total)
            progress.count(done)

        if args.workers == 1:
            verdict = verify(data, timeout=args.timeout, max_states=args.max_states,
                             progress=step, compiled=compiled)
        else:
            progress(f"checking in {args.workers} shares at once")
            del data  # each worker reads the file itself
            jobs = [(args.file, args.engine, args.timeout, args.max_states, (i, args.workers))
                    for i in range(args.workers)]
            verdict = _merged(list(fan_out(_verify_share, jobs, workers=args.workers,
                                           ordered=True)))
    if verdict.reason == "interrupted":
        raise KeyboardInterrupt
    engine = "python" if compiled is None else "native"
    out = {**verdict.as_dict(), "file": args.file, "engine": engine, "workers": args.workers}

    def text():
        title = verdict.header.get("id") or verdict.header.get("deal") or args.file
        yield f"{title}: {verdict.status.upper()}" + (
            f": {', '.join(verdict.claims)}" if verdict.status == "accepted" else "")
        if verdict.reason:
            yield f"  {verdict.reason}"
        if verdict.states or verdict.checked:
            yield (f"  {verdict.checked:,} of {verdict.states:,} listed states checked, "
                   f"{verdict.children:,} moves followed, {verdict.cuts:,} cut by the bound "
                   f"({verdict.seconds:.2f} s, {engine} verifier)")

    return Report(out, text(), EXIT_OK if verdict.status == "accepted" else EXIT_FAILED)


def _example() -> list[str]:
    from analysis.clubfight.certificate_file import EXAMPLE

    return [str(EXAMPLE)]


def register(commands) -> None:
    """Add ``verify`` to ``ringside clubfight``."""
    parser = add_command(commands, "verify", cmd_clubfight_verify,
                         help="check a Club Fight certificate (a win's line, a loss's "
                              "refuted states) with the independent verifier",
                         example=_example)
    parser.add_argument("file", type=InputPath("certificate"),
                        help="a certificate written by solve or slack --certificate")
    parser.add_argument("--timeout", type=seconds(), metavar="S",
                        help="stop after this many seconds (unknown)")
    parser.add_argument("--max-states", type=bounded_int(1, 10 ** 9), metavar="N",
                        help="check no certificate listing more states (unknown)")
    parser.add_argument("--engine", choices=("auto", "native", "python"), default="auto",
                        help="check the listed states in the compiled verifier, in Python, "
                             "or compiled if it builds (default auto; the same verdict)")
    parser.add_argument("--workers", type=WORKERS, default=1, metavar="W",
                        help="check a loss's listed states in W shares, in as many processes "
                             "(default 1)")
