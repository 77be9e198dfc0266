"""Bots as separate processes: a line protocol on standard input and output, so
that a bot written in any language can take a seat (``--bots "cmd:./mybot"`` in
``skat arena``, ``skat simulate`` and ``skat play``).

The protocol (version 1).  Every message is one line of UTF-8 text.  skatlib
starts the command when a bot first moves (the arena makes a new bot for every
game, and reuses idle processes of the same command for them) and writes first:

``skat 1 seed=S``
    the protocol version and the bot's seed (a whole number); the bot answers
    ``ok`` (anything after ``ok`` and a space is its name, for the logs).  The
    same line comes again when the process is reused for a new bot (the next
    game): forget the last game and start afresh with this seed.

``act FIELDS``
    it is the bot's turn; the bot answers with one of the tokens of ``legal``,
    exactly as written.  ``FIELDS`` are ``key=value`` pairs separated by single
    spaces, always these, in this order (a list joins its items with ``,``,
    an empty list or an unknown value is ``-``):

    ============  ===========================================================
    ``seat``      the bot's seat: 0 forehand, 1 middlehand, 2 rearhand
    ``phase``     ``bidding``, ``skat``, ``declaring``, ``playing``, ``kontra``,
                  ``pushing``
    ``rules``     the rules preset's name (``ISKO``, ``pub``, ...)
    ``hand``      the bot's cards, e.g. ``CJ,HA,S7``
    ``bid``       the highest bid so far (0 before the first bid)
    ``declarer``  the declarer's seat, or ``-``
    ``contract``  the contract (``S``, ``GH``, ``NO``...), or ``-``
    ``skat``      the skat, if this seat has seen it, else ``-``
    ``discard``   the cards put away, if this seat knows them, else ``-``
    ``history``   the auction and declaration as ``seat:action`` items
    ``tricks``    the finished tricks as ``leader:card.card.card`` items
    ``trick``     the cards of the trick being played, ``card.card``, or ``-``
    ``leader``    the seat that led the trick being played
    ``legal``     the legal actions: ``18``, ``p`` (pass), ``y`` (hold),
                  ``s`` (pick up the skat), ``h`` (hand), a card ``CJ``, a
                  declaration ``S.HQ.DT``..., as :func:`~skatlib.parse_action`
                  reads them
    ============  ===========================================================

End of input
    the game is over (or skatlib stops): the bot exits.

Tokens never contain a space, ``,`` or ``=``.  A bot that answers something
else than a legal token, exits, or takes longer than the timeout (60 s by
default) stops the run with a :class:`~skatlib.SkatError` that names the command
and what it said.  ``examples/process_bot.py`` is a complete bot in a page of
plain Python (no skatlib needed); :func:`parse_request` reads an ``act`` line
back into its fields.

Here a bot in three lines of Python that always takes the first legal action:

>>> import sys
>>> from skatlib import Deal, RuleBot, play_deal
>>> code = ("import sys\\nfor line in sys.stdin:\\n    print('ok' if line.startswith('skat ') "
...         "else line.split('legal=')[1].split(',')[0].strip(), flush=True)")
>>> bot = ProcessBot([sys.executable, "-c", code], seed=1)
>>> record, res = play_deal(Deal.shuffled(4), [bot, RuleBot(), RuleBot()])
>>> record.replay().is_finished
True
>>> bot.close()
"""

from __future__ import annotations

import atexit
import os
import selectors
import shlex
import shutil
import subprocess
import weakref
from collections.abc import Callable, Sequence

import attrs

from ..actions import Action
from ..errors import Reason, SkatError, as_int, type_error
from ..loop import Bot
from ..observation import Observation

__all__ = ["PROTOCOL", "ProcessBot", "ProcessBotMaker", "parse_request", "request_line"]

PROTOCOL = 1
"""The protocol version skatlib speaks (the first line it sends: ``skat 1``)."""

FIELDS = ("seat", "phase", "rules", "hand", "bid", "declarer", "contract", "skat", "discard",
          "history", "tricks", "trick", "leader", "legal")
"""The fields of an ``act`` line, in their order."""

_LISTS = frozenset({"hand", "skat", "discard", "history", "tricks", "legal"})


def _token(item: object) -> str:
    text = str(item)
    if not text or any(ch in text for ch in " ,=\n\r"):
        raise SkatError(f"cannot write {text!r} in the bot protocol (a token has no space, "
                        "',' or '=')", Reason.UNWRITABLE_VALUE)
    return text


def _items(items: Sequence[object]) -> str:
    return ",".join(_token(i) for i in items) if items else "-"


def request_line(o: Observation, legal: Sequence[Action]) -> str:
    """The ``act`` line for an observation and its legal actions (see the module
    docs; :func:`parse_request` reads it back).

    >>> from skatlib import Deal, new_game, observe, legal_actions
    >>> s = new_game(Deal.shuffled(1))
    >>> request_line(observe(s, 1), legal_actions(s))[:60]
    'act seat=1 phase=bidding rules=ISKO hand=CJ,DJ,CA,CT,CK,HT,H'
    """
    cards = list(o.hand)
    tricks = [f"{int(t.leader)}:{'.'.join(_token(c) for c in t.cards)}" for t in o.tricks]
    values = {
        "seat": str(int(o.seat)),
        "phase": o.phase.name.lower(),
        "rules": _token(o.rules.name),
        "hand": _items(cards),
        "bid": str(int(o.bid)),
        "declarer": "-" if o.declarer is None else str(int(o.declarer)),
        "contract": "-" if o.contract is None else _token(o.contract),
        "skat": _items(list(o.skat)) if o.skat is not None else "-",
        "discard": _items(list(o.discard)) if o.discard is not None else "-",
        "history": _items([f"{int(s)}:{_token(a)}" for s, a in o.history]),
        "tricks": ",".join(tricks) if tricks else "-",
        "trick": ".".join(_token(c) for c in o.current_trick) if o.current_trick else "-",
        "leader": str(int(o.leader)),
        "legal": _items(list(legal)),
    }
    return "act " + " ".join(f"{k}={values[k]}" for k in FIELDS)


def parse_request(line: str) -> dict[str, str | list[str]]:
    """The fields of an ``act`` line: list fields (``hand``, ``skat``, ``discard``,
    ``history``, ``tricks``, ``legal``) as lists of tokens (empty for ``-``),
    the others as text.

    >>> f = parse_request("act seat=0 phase=bidding rules=ISKO hand=CJ,HA bid=0 declarer=- "
    ...                   "contract=- skat=- discard=- history=- tricks=- trick=- leader=0 "
    ...                   "legal=18,p")
    >>> f["legal"], f["hand"], f["declarer"]
    (['18', 'p'], ['CJ', 'HA'], '-')
    """
    text = line.rstrip("\r\n")
    head, _, rest = text.partition(" ")
    if head != "act":
        raise SkatError(f"not an act line: {text[:60]!r}", Reason.BAD_NOTATION)
    out: dict[str, str | list[str]] = {}
    for part in rest.split(" "):
        key, sep, value = part.partition("=")
        if not sep or key not in FIELDS:
            raise SkatError(f"bad field {part[:40]!r} in an act line: use key=value with "
                            f"the keys {', '.join(FIELDS)}", Reason.BAD_NOTATION)
        out[key] = ([] if value == "-" else value.split(",")) if key in _LISTS else value
    missing = [k for k in FIELDS if k not in out]
    if missing:
        raise SkatError(f"an act line without {', '.join(missing)}: {text[:60]!r}",
                        Reason.BAD_NOTATION)
    return out


_IDLE: dict[tuple[str, ...], list[subprocess.Popen[str]]] = {}
"""Idle bot processes of this process, by command, for the next bot to reuse."""

_MAX_IDLE = 6


def _release(command: tuple[str, ...], proc: subprocess.Popen[str], broken: list[bool]) -> None:
    """Keep a finished bot's process for reuse, or end it if the bot failed (its
    conversation is in an unknown state) or enough are idle."""
    idle = _IDLE.setdefault(command, [])
    if broken[0] or proc.poll() is not None or len(idle) >= _MAX_IDLE:
        _close(proc)
    else:
        idle.append(proc)


@atexit.register
def _close_idle() -> None:
    for procs in _IDLE.values():
        while procs:
            _close(procs.pop())


def _close(proc: subprocess.Popen[str]) -> None:
    """End a bot process: close its input (it exits at end of input), then kill it
    if it has not exited within 5 s."""
    try:
        if proc.stdin is not None:
            proc.stdin.close()
    except OSError:
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    if proc.stdout is not None:
        proc.stdout.close()


class ProcessBot:
    """A bot that runs ``command`` as a process and speaks the line protocol (see
    the module docs) with it.  The process starts at the bot's first move and
    ends with :meth:`close` (or when the bot is garbage-collected).

    :param command: the command line: a list of arguments, or one string split
        like a shell would (:func:`shlex.split`, no shell is run).
    :param seed: sent to the bot in the first line.
    :param timeout: seconds to wait for each answer.
    """

    def __init__(self, command: str | Sequence[str], seed: int | None = 0, *,
                 timeout: float = 60.0) -> None:
        if isinstance(command, str):
            argv = shlex.split(command)
        elif isinstance(command, Sequence) and all(isinstance(a, str) for a in command):
            argv = list(command)
        else:
            raise type_error("command", "a str or a sequence of str", command)
        if not argv:
            raise SkatError("a process bot needs a command, not an empty one", Reason.BAD_TABLE)
        self.command = tuple(argv)
        self.seed = 0 if seed is None else as_int(seed, "seed")
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
            raise type_error("timeout", "a number of seconds", timeout)
        if not timeout > 0:
            raise SkatError(f"timeout must be more than 0 seconds, not {timeout!r}",
                            Reason.BAD_TABLE)
        self.timeout = float(timeout)
        self.name = ""
        self._proc: subprocess.Popen[str] | None = None
        self._done: Callable[[], object] | None = None
        self._broken = [False]

    def __repr__(self) -> str:
        return f"ProcessBot({shlex.join(self.command)!r}, seed={self.seed})"

    def _fail(self, why: str) -> SkatError:
        self._broken[0] = True
        return SkatError(f"bot 'cmd:{shlex.join(self.command)}' {why}", Reason.BAD_TABLE)

    def _start(self) -> subprocess.Popen[str]:
        idle = _IDLE.get(self.command, [])
        while idle and idle[-1].poll() is not None:
            _close(idle.pop())
        if idle:
            proc = idle.pop()
        else:
            try:
                proc = subprocess.Popen(self.command, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, encoding="utf-8",
                                        bufsize=1)
            except OSError as exc:
                raise self._fail(f"cannot be started: {exc}") from None
        self._proc = proc
        self._broken = [False]
        self._done = weakref.finalize(self, _release, self.command, proc, self._broken)
        answer = self._ask(f"skat {PROTOCOL} seed={self.seed}")
        word, _, name = answer.partition(" ")
        if word != "ok":
            raise self._fail(f"answered {answer[:80]!r} to the greeting 'skat {PROTOCOL} ...', "
                             "not 'ok'")
        self.name = name.strip()
        return proc

    def _ask(self, line: str) -> str:
        proc = self._proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
        except OSError:
            raise self._fail(f"stopped reading (exit code {proc.poll()})") from None
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            if not sel.select(self.timeout):
                raise self._fail(f"did not answer within {self.timeout:g} s")
        answer = proc.stdout.readline()
        if not answer:
            raise self._fail(f"ended without an answer (exit code {proc.wait()})")
        return answer.rstrip("\r\n")

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Ask the process (see the module docs)."""
        if self._proc is None:
            self._start()
        answer = self._ask(request_line(observation, legal)).strip()
        for a in legal:
            if str(a) == answer:
                return a
        raise self._fail(f"answered {answer[:80]!r}, not one of the legal actions "
                         f"{', '.join(str(a) for a in legal)}")

    def close(self) -> None:
        """Let go of the process: it is kept for the next bot of the same command
        (or ended, if this bot failed); this bot would start afresh."""
        if self._done is not None:
            self._done()
        self._proc = self._done = None


@attrs.frozen
class ProcessBotMaker:
    """A picklable bot factory for ``cmd:COMMAND``: ``maker(seed)`` is a
    :class:`ProcessBot` running ``command`` (checked when the maker is made:
    the program must exist).  Idle processes are ended when Python exits.

    >>> import shlex, sys
    >>> ProcessBotMaker(shlex.join([sys.executable, "mybot.py"]))(3)   # doctest: +ELLIPSIS
    ProcessBot('... mybot.py', seed=3)
    """

    command: str

    def __attrs_post_init__(self) -> None:
        argv = shlex.split(self.command) if isinstance(self.command, str) else []
        if not argv:
            raise SkatError(f"bot 'cmd:{self.command}' names no command: use cmd:PROGRAM "
                            "[ARGUMENTS]", Reason.BAD_TABLE)
        program = argv[0]
        found = shutil.which(program) if os.sep not in program else (
            program if os.access(program, os.X_OK) and os.path.isfile(program) else None)
        if found is None:
            raise SkatError(f"bot 'cmd:{self.command}': no program {program!r} (not on PATH "
                            "or not an executable file)", Reason.BAD_TABLE)

    def __call__(self, seed: int) -> Bot:
        """A new :class:`ProcessBot` for :attr:`command` with this seed."""
        return ProcessBot(self.command, seed)
