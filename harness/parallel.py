"""Work handed out to many hands: :func:`fan_out` runs a task function over many tasks
in this process, on a pool of spawned worker processes, or on a Dask cluster, and turns
every way that can fail into :class:`WorkFailed` (the work failed, not the input).
Commands import it from :mod:`harness.toolkit`."""

from __future__ import annotations

import itertools
import os
import time
from typing import Any, Callable, Iterable, Iterator

from analysis.deadline import NO_DEADLINE, Deadline, TimeUp
from model.core.errors import InputError
from harness.output import one_line


class WorkFailed(Exception):
    """The work failed, not the input (a worker pool broke, a worker raised):
    one line on stderr and exit 1, never a success."""

    def __init__(self, what: str, where: str | None = None) -> None:
        self.what = what
        self.where = where
        super().__init__(f"{where}: {what}" if where else what)


# -- fan-out -----------------------------------------------------------------------------------
CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a Dask scheduler (one on reach answers in milliseconds)."""


def fan_out(func: Callable[[Any], Any], tasks: Iterable[Any], *, workers: int = 1,
            scheduler: str | None = None, ordered: bool = False,
            in_flight: int | None = None, deadline: Deadline = NO_DEADLINE) -> Iterator[Any]:
    """``func(task)`` for every task, yielded as each finishes (in task order
    with ``ordered``).

    ``workers`` 1 runs in this process (exceptions pass as they are); more
    start a pool of spawned processes (``func`` and the tasks must pickle:
    a module-level function), each ending itself if this process dies;
    ``scheduler`` sends the tasks to a Dask distributed cluster instead.  At
    most ``in_flight`` tasks are out at once (4 per worker by default).

    A pool that breaks (a worker killed, a pipe closed) or a worker that
    raises becomes :class:`WorkFailed`, so the caller can never mistake it
    for a result; an :class:`InputError` raised in a worker stays one.

    Past ``deadline`` (a command's ``--timeout``) no task is begun and none is
    waited for: :class:`~analysis.deadline.TimeUp` is raised where the results are
    read, a pool's workers are ended, and the results yielded before it stand.  A
    task running in this process is not stopped halfway: a caller gives it the
    time left (:meth:`~analysis.deadline.Deadline.remaining`) as its own limit.
    """
    if scheduler:
        results = _dask_results(func, tasks, scheduler, in_flight, deadline)
    elif workers > 1:
        results = _pool_results(func, tasks, workers, in_flight or 4 * workers, deadline)
    else:
        return _here(func, tasks, deadline)
    return _in_order(results) if ordered else (value for _, value in results)


def _here(func: Callable[[Any], Any], tasks: Iterable[Any], deadline: Deadline) -> Iterator[Any]:
    for task in tasks:
        deadline.check()
        yield func(task)


def _in_order(results: Iterator[tuple[int, Any]]) -> Iterator[Any]:
    waiting: dict[int, Any] = {}
    following = 0
    for index, value in results:
        waiting[index] = value
        while following in waiting:
            yield waiting.pop(following)
            following += 1


def _outcome(future: Any) -> Any:
    """A finished future's value; its failure as :class:`WorkFailed`."""
    try:
        return future.result()
    except InputError:
        raise
    except (KeyboardInterrupt, GeneratorExit):
        raise
    except BaseException as error:  # noqa: BLE001 -- SystemExit in a worker is a failure too
        raise _failure(error) from None


def _failure(error: BaseException) -> WorkFailed:
    from concurrent.futures.process import BrokenProcessPool

    if isinstance(error, BrokenProcessPool):
        return WorkFailed(f"a worker process died ({one_line(error)})", "worker pool")
    if isinstance(error, (BrokenPipeError, EOFError, ConnectionError)):
        return WorkFailed(f"the connection to a worker broke ({type(error).__name__}: "
                          f"{one_line(error)})", "worker pool")
    name = type(error).__name__
    detail = one_line(error)
    return WorkFailed(f"a worker failed: {name}{': ' + detail if detail else ''}",
                      "worker pool")


def _watch_parent(parent: int) -> None:
    """Worker initializer: end this worker when the process that started it dies
    (a killed command would otherwise leave its idle workers behind), and
    leave Ctrl-C to the parent.

    A terminal's Ctrl-C reaches every process of the group; the parent stops
    the pool itself (:func:`_pool_results`), so a worker's own
    KeyboardInterrupt would only print a traceback per worker.
    """
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def _pool_results(func, tasks, workers: int, limit: int,
                  deadline: Deadline) -> Iterator[tuple[int, Any]]:
    import concurrent.futures as cf
    import multiprocessing
    from concurrent.futures.process import BrokenProcessPool

    executor = cf.ProcessPoolExecutor(max_workers=workers,
                                      mp_context=multiprocessing.get_context("spawn"),
                                      initializer=_watch_parent, initargs=(os.getpid(),))
    numbered = enumerate(tasks)
    pending: dict = {}
    try:
        def submit(batch) -> None:
            for index, task in batch:
                pending[executor.submit(func, task)] = index

        # The first submissions start the workers.  SIGINT is blocked meanwhile:
        # the workers inherit the blocked signal (a Ctrl-C to the whole process
        # group cannot stop one half-started with a traceback), and this
        # process gets a Ctrl-C pressed in between as soon as it is unblocked.
        blocked = _block_interrupts()
        try:
            submit(itertools.islice(numbered, limit))
        finally:
            _unblock_interrupts(blocked)
        while pending:
            done, _ = cf.wait(pending, timeout=deadline.remaining(),
                              return_when=cf.FIRST_COMPLETED)
            if not done:
                deadline.check()  # the wait ended at the deadline
            for future in done:
                index = pending.pop(future)
                yield index, _outcome(future)
                submit(itertools.islice(numbered, 1))
    except (BrokenProcessPool, BrokenPipeError, EOFError, ConnectionError) as error:
        raise _failure(error) from None
    except BaseException:
        # Interrupted (or the caller stopped early): the running tasks' results
        # are not wanted, so end the workers now instead of waiting for them.
        _stop_workers(executor)
        raise
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def _block_interrupts() -> bool:
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return False
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    return True


def _unblock_interrupts(blocked: bool) -> None:
    import signal

    if blocked:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _stop_workers(executor) -> None:
    """Terminate a process pool's workers (they ignore SIGINT; see :func:`_watch_parent`)."""
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        try:
            process.terminate()
        except (OSError, AttributeError):
            pass
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        try:
            process.join(timeout=2.0)
        except (OSError, AttributeError, AssertionError):
            pass


def _dask_results(func, tasks, address: str, in_flight: int | None,
                  deadline: Deadline) -> Iterator[tuple[int, Any]]:
    try:
        import distributed
    except ImportError:
        raise InputError("needs Dask's distributed scheduler: pip install 'ringside[dask]'",
                         "--scheduler") from None
    from distributed.comm import parse_address
    from distributed.comm.registry import get_backend

    try:
        scheme, location = parse_address(address)
        get_backend(scheme)
    except (ValueError, TypeError) as error:
        raise InputError(f"{address!r} is not a scheduler address ({one_line(error)}); "
                         "write tcp://HOST:PORT", "--scheduler") from None
    if not location.strip() or (scheme in ("tcp", "tls", "ws", "wss") and ":" not in location):
        raise InputError(f"{address!r} names no host and port; write tcp://HOST:PORT",
                         "--scheduler")
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise InputError(f"cannot reach the scheduler {address!r}: {one_line(error)}",
                         "--scheduler") from None
    import queue

    finished: queue.Queue = queue.Queue()
    pending: dict = {}
    try:
        limit = in_flight or max(4, 4 * sum(client.nthreads().values()))
        numbered = enumerate(tasks)

        def submit(batch) -> None:
            for index, task in batch:
                future = client.submit(func, task, pure=False)
                pending[future] = index
                future.add_done_callback(finished.put)

        submit(itertools.islice(numbered, limit))
        while pending:
            try:
                future = finished.get(timeout=deadline.remaining())
            except queue.Empty:
                deadline.check()  # the wait ended at the deadline
                continue
            index = pending.pop(future)
            yield index, _outcome(future)
            submit(itertools.islice(numbered, 1))
    finally:
        client.cancel(list(pending))
        client.close()
