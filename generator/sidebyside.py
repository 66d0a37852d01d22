"""Independent jobs run side by side in forked copies of this process, taken in order.

`rulebook check` of a book and its translation spends 0.14 s starting and importing, then
checks each edition, and the editions do not depend on each other: each one is checked in a
copy of the process forked after the imports (shared copy on write, so a copy starts in a
millisecond), one copy per idle core, and the results are taken in the jobs' order, so that
what is printed and the first mistake reported are those of checking them one by one. A copy
does again what the second edition would have found done one by one (the modules imported and
the validators built on first use): more CPU in all, less time to wait on an idle machine; on
a busy one (no core idle now) the jobs run one by one. `Background` runs one job in a copy
while this process goes on with other work (the check's files parsed while it imports:
content/prefetch.py).

`side_by_side(run, jobs)` yields `run(job)` for every job in order, as `map` does. `run` must
leave nothing behind but its result (a check writes nothing), and its result must pickle. A
copy that stops without a result (an exception `run` does not turn into a result, a crash)
leaves that job and its remaining ones to this process, which runs them itself: an unexpected
error surfaces here, exactly as it would have one by one. Where fork is missing (Windows) or
unsafe (macOS, a process with threads), the jobs run one by one here.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import struct
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import BinaryIO, TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")

_SIZE = struct.Struct("<Q")  # each result: its pickle's length, then the pickle


def side_by_side(run: Callable[[Job], Result], jobs: Sequence[Job]) -> Iterator[Result]:
    """`run(job)` of each job, in order; one job in this process, the others in forked copies
    (at most one per idle core). Stopping early (a `break`, an exception) ends the copies."""
    workers = min(len(jobs), _idle_cores()) if _can_fork() else 1
    if workers <= 1:
        yield from map(run, jobs)
        return
    copies: dict[int, _Copy] = {}
    try:
        for worker in range(1, workers):
            copy = _Copy.fork(run, jobs[worker::workers])
            if copy is not None:  # else this process runs that share too
                copies[worker] = copy
        for index, job in enumerate(jobs):
            copy = copies.get(index % workers)
            result = copy.next_result() if copy is not None else _MISSING
            yield run(job) if result is _MISSING else result
    finally:
        for copy in copies.values():
            copy.end()


class Background:
    """`run(job)` in a forked copy while this process goes on with other work (the copy
    takes an idle core); `result()` waits for it. Where no core is idle or fork is not the
    platform's way, nothing runs and the result is None, as it is when the copy stops
    without one: the caller then does the work itself. `run` must leave nothing behind but
    its result, which must pickle. Used as a context manager, a copy whose result was not
    taken (the caller stopped at an error) is ended on the way out."""

    def __init__(self, run: Callable[[Job], Result], job: Job):
        self._copy = _Copy.fork(run, [job]) if _can_fork() and _idle_cores() > 1 else None

    def result(self, wait: float | None = None) -> Result | None:
        """The copy's result once it is done (None: no copy, or it stopped without one);
        with `wait`, None too if it has not begun to send it within that many seconds
        (a busy machine: the caller does the work rather than wait on it without end)."""
        if self._copy is None:
            return None
        copy = self._copy
        try:
            if wait is not None and not select.select([copy.results], [], [], wait)[0]:
                return None
            result = copy.next_result()
        finally:
            self.close()
        return None if result is _MISSING else result

    def close(self) -> None:
        """End the copy if it still runs, and collect it."""
        if self._copy is not None:
            self._copy.end()
            self._copy = None

    def __enter__(self) -> Background:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def flush_output() -> None:
    """Write out what stdout and stderr hold (before a fork, or an exit without teardown);
    a closed pipe (`| head`) has nothing more to take."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (AttributeError, OSError, ValueError):  # AttributeError: closed at start, None
            pass


def _idle_cores() -> int:
    """The cores this process may run on (a container or `taskset` may give it fewer) that
    no other process is running on now, this one's counted in: on a busy machine a copy only
    takes turns with its parent, and its start and the memory it copies make the whole
    slower. Now, not the load average: a minute's average still counts the last command."""
    try:
        cores = len(os.sched_getaffinity(0))
        with open("/proc/loadavg", encoding="ascii") as stream:  # "0.52 0.40 0.31 2/91 123"
            running = int(stream.read().split()[3].split("/")[0])  # this process among them
    except (AttributeError, OSError, ValueError, IndexError):
        return 1
    return max(1, min(cores, cores - running + 1))


#: Whether this platform forks as its way to start processes (Linux; macOS only spawns safely).
FORKS = sys.platform.startswith("linux") and hasattr(os, "fork")


def _can_fork() -> bool:
    """Fork only where it is the platform's way and no other thread could be holding a
    lock the copy would inherit held."""
    return FORKS and threading.active_count() == 1


_MISSING = object()


class _Copy:
    """One forked copy of this process: it runs its share of the jobs and sends each result
    back through a pipe as soon as it has it."""

    def __init__(self, pid: int, results: BinaryIO):
        self.pid, self.results, self.stopped = pid, results, False

    @classmethod
    def fork(cls, run: Callable, jobs: Sequence) -> _Copy | None:
        """The copy, started; None where the system will not start one now (a limit on
        processes or files, memory): this process then runs the jobs itself."""
        flush_output()  # nothing buffered twice
        try:
            read, write = os.pipe()
        except OSError:
            return None
        try:
            _widen(write)
            pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            return None
        if pid == 0:  # the copy: it never returns into the caller's code
            try:
                os.close(read)
                _serve(run, jobs, write)
            finally:  # even a Ctrl-C before _serve's own guard ends the copy here
                os._exit(0)
        os.close(write)
        return cls(pid, os.fdopen(read, "rb"))

    def next_result(self):
        """The copy's next result, or _MISSING once it has stopped without one."""
        if self.stopped:
            return _MISSING
        head = self.results.read(_SIZE.size)
        if len(head) == _SIZE.size:
            (size,) = _SIZE.unpack(head)
            data = self.results.read(size)
            if len(data) == size:
                return pickle.loads(data)
        self.stopped = True
        return _MISSING

    def end(self) -> None:
        """Stop the copy if it is still working (its results are no longer wanted), and
        collect its exit."""
        self.results.close()
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):  # already collected
            pass


def _widen(pipe: int) -> None:
    """A pipe that holds a whole result (up to 1 MiB, Linux's usual ceiling; 64 KiB
    otherwise): the copy writes it and is done, and this process reads it in one go rather
    than in turns with the copy, 64 KiB at a time (prefetch.py's 0.6 MB: 3 ms of turns)."""
    try:
        import fcntl
        fcntl.fcntl(pipe, fcntl.F_SETPIPE_SZ, 1 << 20)
    except (ImportError, AttributeError, OSError):  # not Linux, or a lower ceiling
        pass


def _serve(run: Callable, jobs: Sequence, fd: int) -> None:
    """In the copy: each job's result down the pipe, in order; at the first job that raises,
    stop (the parent runs it again itself). Ends the copy without Python's teardown: the
    parent owns every file and buffer the copy inherited."""
    try:
        with os.fdopen(fd, "wb") as pipe:
            for job in jobs:
                data = pickle.dumps(run(job), pickle.HIGHEST_PROTOCOL)
                pipe.write(_SIZE.pack(len(data)) + data)
                pipe.flush()
    except BaseException:  # noqa: BLE001 - said by the parent, which runs the job again
        pass
    finally:
        os._exit(0)
