"""The process that starts a bot and ends its whole process tree: run as a script.

``python -S -P launcher.py REFEREE_PID COMMAND…`` forks the bot and stays as its parent,
a *child subreaper* (``PR_SET_CHILD_SUBREAPER``): whatever the bot starts, even a child
that calls ``setsid()`` and leaves the bot's session and group, is reparented to this
process when its own parent exits, so the bot's tree can always be found (``/proc``,
by parent) and killed. The tree ends with the bot: once the bot exits, what it left is
killed and this process exits as the bot did (same code, same signal).

Signals: ``SIGTERM`` is passed on to the bot (its grace to leave); ``END_SIGNAL`` kills
the whole tree at once. Linux sends ``END_SIGNAL`` when the thread that started this
process dies (``PR_SET_PDEATHSIG``), so a ``kill -9`` of the referee ends every bot
process too. The bot itself gets ``SIGKILL`` if this process dies.

Only the standard library, and nothing of ``cheese``: it starts before the bot, with
``-S`` and without the script's folder on the path, to cost little.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
END_SIGNAL = signal.SIGUSR1
"""The signal that tells this process to kill the bot's whole tree now."""
ENDING_ROUNDS = 200
"""Rounds of killing and reaping before giving up on a tree that keeps forking."""
ROUND_PAUSE_SECONDS = 0.005


def _prctl(option: int, value: int) -> bool:
    try:
        return int(ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)) == 0
    except (OSError, AttributeError):  # not Linux: the process group is all there is
        return False


def descendants(root: int) -> list[int]:
    """Every process below ``root``, found by parent in ``/proc`` (none elsewhere)."""
    children: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as file:
                stat = file.read()
        except OSError:  # gone meanwhile
            continue
        # The command name in parentheses may hold spaces and parentheses: split after it.
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) > 1:
            children.setdefault(int(fields[1]), []).append(int(entry))
    found: list[int] = []
    waiting = [root]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found


def _reap(reaped: list[tuple[int, int]]) -> bool:
    """Wait for every child that has ended, without blocking, adding ``(pid, status)``
    of each to ``reaped``; whether any child is left."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return False
        if pid == 0:
            return True
        reaped.append((pid, status))


def end_tree(me: int) -> list[tuple[int, int]]:
    """Kill every descendant of ``me`` until none is left; the children reaped meanwhile.

    Each round kills what it finds; the orphans of the killed come to this subreaper and
    are found by the next round. A subreaper without children has no descendants (orphans
    are reparented before their parent's end is told), so ``/proc`` is read only while
    there are.
    """
    reaped: list[tuple[int, int]] = []
    for _ in range(ENDING_ROUNDS):
        if not _reap(reaped):
            return reaped
        found = descendants(me)
        if not found:
            return reaped
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        time.sleep(ROUND_PAUSE_SECONDS)
    return reaped


def _exit_as(status: int) -> None:
    """Leave with the bot's exit: its code, or killed by its signal."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            signal.signal(number, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [number])
        except (OSError, ValueError):  # SIGKILL: neither caught nor blocked anyway
            pass
        os.kill(os.getpid(), number)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 1)


def main(argv: list[str]) -> None:
    referee, command = int(argv[0]), argv[1:]
    me = os.getpid()
    # Held from the start and taken synchronously (``sigwait``) in the loop below: a Python
    # handler runs only between bytecodes, so a signal arriving just before a blocking
    # ``waitpid`` would wait with it until the bot ended by itself. The referee's death
    # before the loop is then taken by it, and the bot's end is read there too.
    # Children are waited for here: an ignored SIGCHLD inherited from whoever started the
    # referee would have them reaped unseen.
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    held = {signal.SIGTERM, END_SIGNAL, signal.SIGCHLD}
    signal.pthread_sigmask(signal.SIG_BLOCK, held)
    _prctl(PR_SET_PDEATHSIG, END_SIGNAL)
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    if os.getppid() != referee:  # the referee died before the death signal was set
        os._exit(1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    bot = os.fork()
    if bot == 0:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, held)  # a mask outlives exec
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != me:
            os._exit(1)
        try:
            os.execvp(command[0], command)
        except OSError as error:
            os.write(2, f"cannot start {command[0]!r}: {error.strerror}\n".encode())
            os._exit(127)

    # The bot's pipes are its own: the referee sees their end when the bot's tree ends.
    null = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(null, descriptor)
    while True:
        number = signal.sigwait(held)
        if number == signal.SIGTERM:
            try:
                os.kill(bot, signal.SIGTERM)
            except ProcessLookupError:
                pass
            continue
        # END_SIGNAL kills the whole tree now; SIGCHLD told of ended children, the bot's
        # among them or not (several ends may come as one signal).
        reaped = end_tree(me) if number == END_SIGNAL else []
        if number == signal.SIGCHLD:
            _reap(reaped)
        for pid, status in reaped:
            if pid == bot:
                end_tree(me)
                _exit_as(status)


if __name__ == "__main__":
    main(sys.argv[1:])
