"""A game: the setup, the append-only action log, and undo/redo (python-chess push/pop).

``Game.push`` checks and applies one action and appends it to the log; ``undo`` pops
the last one and restores the state saved before it; ``redo`` plays the popped action
again (same RNG state, so the same dice). Replaying the log from the setup rebuilds the
state exactly (:meth:`Game.replay`), which is what saving, opening and verifying rely on.

A game is *hot-seat* (one program, the whole state, dice from the seeded generator in
the state) or *play-by-email* (``game.pbem``, an :class:`~.runner.ActionRunner`: each
program holds its player's view, dice come from every player's committed seeds). Both
record their *sends* (``game.sends``), from which :meth:`Game.last_seen` tells what a
player has already seen; :meth:`Game.state_at` and :meth:`Game.entries_since` serve a
step-by-step replay without changing the game.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable, Mapping
from typing import Any

from ..base.errors import BoardappError, InvalidActionError
from ..base.i18n import N_
from . import heap
from .actions import Action, LogEntry
from .context import Context
from .datasheets import snapshot
from .delta import apply_delta, changes, sync
from .learning import LEARN_STEP, Stretch
from .manual import HANDLERS, NOT_MANUAL
from .ruleset import Ruleset
from .runner import ActionRunner
from .sends import Send, last_seen
from .state import State, copy_state
from .timeline import EVERY, Timeline
from .together import pending_obligations
from .verbs import VerbSpec


def apply_to(ruleset: Ruleset, state: State, action: Action, ctx: Context) -> None:
    """Apply ``action`` to ``state`` in place: a manual verb, or one of the ruleset's."""
    handler = HANDLERS.get(action.verb)
    if handler is not None:
        handler(ruleset, state, action, ctx)
        ruleset.after_manual(state, ctx)
        return
    label: str | None = None
    later: VerbSpec | None = None
    try:
        if type(ruleset).action_label is not Ruleset.action_label:
            label = ruleset.action_label(state, action)  # a ruleset's own words
        else:
            spec = ruleset.flow.verb_spec(state, action.verb)
            if spec is not None and not spec.logs and ruleset.flow.words_fixed(state, spec):
                later = spec  # words that read no state: found only if they are needed
            elif spec is None or not spec.logs:  # (a verb that logs needs no words here)
                label = ruleset.flow.label(ruleset, state, action)  # kept as a message
    except Exception:  # an action the rules will refuse: its words are not needed
        label = action.text()
    ruleset.apply(state, action, ctx)
    if not ctx.lines and not ctx.private_lines:
        # An action the rules applied silently still says what was done, in words.
        if later is not None:
            try:
                label = later.text(ruleset, state, action)  # (the same before and after)
            except Exception:
                label = action.text()
        elif label is None:  # declared to log (VerbSpec.logs), it did not
            label = action.text()
        sides = {s.id: s.name for s in ruleset.sides}
        ctx.log(N_("{side}: {action}", side=sides[ctx.side], action=label)
                if ctx.side in sides else label)


class Game:
    """One game of one ruleset and scenario: state, log, undo and redo stacks."""

    def __init__(self, ruleset: Ruleset, scenario: str | None = None,
                 seed: int | None = None, data: Mapping[str, Any] | None = None,
                 played_with: str | None = None, sides: list[str] | None = None) -> None:
        """``data``: the game data the game starts with (``state["data"]``, see
        :mod:`.datasheets`); ``None`` copies the ruleset's data files now (a new game),
        ``{}`` keeps none (a game file saved before game data existed).
        ``played_with``: the ruleset version an older game file was played with; the
        ruleset may set such a game up to replay under the rules of that version
        (:meth:`Ruleset.setup`), and the game keeps them.
        ``sides``: the sides that play, when the scenario lets the set-up choose them
        (:class:`~.ruleset.ScenarioInfo`); the set-up receives them and the state keeps
        them (``state["sides"]``)."""
        self.ruleset = ruleset
        self.scenario = scenario or ruleset.default_scenario
        if self.scenario not in ruleset.scenarios():
            known = ", ".join(ruleset.scenarios())
            raise BoardappError(N_("{game} has no scenario {scenario} (scenarios: {known})",
                                   game=ruleset.name, scenario=repr(self.scenario),
                                   known=known))
        self.seed = random.SystemRandom().randrange(1 << 62) if seed is None else int(seed)
        self.played_with = played_with if played_with != ruleset.version else None
        self.sides = ruleset.choose_sides(self.scenario, sides)
        """The sides chosen at the set-up (``None``: the scenario's)."""
        options: dict[str, Any] = {} if self.sides is None else {"sides": list(self.sides)}
        if self.played_with is not None:
            self.initial: State = ruleset.setup(self.scenario, self.seed, self.played_with,
                                                **options)
        else:
            self.initial = ruleset.setup(self.scenario, self.seed, **options)
        if self.sides is not None:
            self.initial["sides"] = list(self.sides)
        if data is None:
            data = snapshot(ruleset.data_sheets())
        if data:
            self.initial["data"] = json.loads(json.dumps(dict(data)))  # plain data
        text = json.dumps(self.initial)  # one text, three independent copies
        self._setup: State = json.loads(text)
        self.state: State = json.loads(text)
        """The state now. Actions change it in place: copy it (:meth:`state_at`) to keep
        a position."""
        self._shadow: State = json.loads(text)
        """An independent copy of :attr:`state` as the last action left it (see
        :mod:`.delta`)."""
        self.log: list[LogEntry] = []
        self.seats: dict[str, str] = {}
        """The sides the computer plays at this desk, with its level (``"normal"``...);
        the others are people. Not part of the state: saved beside the log, never by
        email (:mod:`boardapp.core.ai.seats`)."""
        self._past = Timeline(self.initial, text)
        self._cursor: tuple[int, State] | None = None
        """The last position :meth:`state_at` replayed: (step, state), while the log up to
        it is unchanged."""
        self._stretch: Stretch | None = None
        """The stretch of the past being learnt a few actions at a time (:meth:`learn_some`)."""
        self._unknown_below = 1 << 62
        """No action after this index has unknown deltas (where :meth:`learn_some` looks)."""
        self._unlearnt: set[int] = set()
        """Stretches (by first step) whose replay did not lead to the state kept after them:
        left to :meth:`_learn`, which says so when they are needed."""
        self.edited = False
        """Whether :attr:`state` was changed outside any action (then the game's states
        are not only what its log gives)."""
        self._replaying = False
        self.from_checkpoint = False
        """Whether the game was opened at a position verified before, without a replay
        (:meth:`adopt`)."""
        self._redo: list[tuple[Action, str, bool]] = []
        """Actions taken back: (action, side, whether :meth:`fulfil` played what it led
        to, to be played again on redo)."""
        self._automatic: set[int] = set()
        """Numbers of the log entries :meth:`fulfil` played (undone with the action
        that led to them)."""
        self.sends: list[Send] = []
        self.pbem: ActionRunner | None = None
        """The runner of a game played by email (``None``: hot-seat)."""
        self.notes: list[str] = []
        """What opening the file noticed without refusing it (shown by ``verify``)."""

    @property
    def start_data(self) -> dict[str, Any]:
        """The game data the game started with (what its file records to replay it)."""
        return copy.deepcopy(self._setup.get("data", {}))

    # -- playing -------------------------------------------------------------------------
    def push(self, action: Action | str, *, side: str | None = None) -> LogEntry:
        """Check and apply ``action`` (text or :class:`Action`); append it to the log.

        Raises :class:`IllegalActionError` (with its rule) or :class:`InvalidActionError`
        and leaves the game unchanged when the action is refused.
        """
        entry = self._apply(action, side)
        self._redo.clear()
        return entry

    def play(self, action: Action | str, *, side: str | None = None) -> LogEntry:
        """A player's action (:meth:`push`), then whatever this program now owes
        (:meth:`fulfil`): what the board and ``boardapp play`` do."""
        entry = self.push(action, side=side)
        self.fulfil()
        return entry

    def fulfil(self) -> list[LogEntry]:
        """Play the obligations this program may carry out (:mod:`.together`): every
        side's in hot-seat, the local player's by email. Each is an action of its own
        in the log, taken back with the action that led to it."""
        entries = []
        while True:
            owed = [(s, a) for s, a in pending_obligations(self.ruleset, self.state)
                    if self.pbem is None or s == self.pbem.me]
            if not owed:
                return entries
            side, action = owed[0]
            entries.append(self._apply(action, side))
            self._automatic.add(len(self.log))

    def _apply(self, action: Action | str, side: str | None) -> LogEntry:
        if isinstance(action, str):
            action = Action.parse(action)
        if side is None and self.pbem is not None and self.pbem.me:
            side = self.pbem.me  # by email a program acts for its own player only
        side = side or self.ruleset.acting_side(self.state)
        self._adopt_edits()
        if self.pbem is not None:
            entry, work = self.pbem.play(self, action, side)
        else:
            work = self.state
            manual = action.verb in HANDLERS and action.verb not in NOT_MANUAL
            ctx = Context(work, side, manual=manual)
            try:
                apply_to(self.ruleset, work, action, ctx)
            except BaseException:
                if not self._replaying:  # a replay that fails is thrown away
                    apply_delta(work, changes(work, self._shadow))  # refused: as it was
                raise
            entry = LogEntry(len(self.log) + 1, action, side, manual, ctx.lines, ctx.dice)
        self._record(work)
        self.log.append(entry)
        return entry

    def _record(self, after: State) -> None:
        """``after`` is the state now: keep the deltas from the one before (in a replay,
        only a snapshot now and then: the deltas are learnt when needed)."""
        self.state = after
        if self._replaying and self.pbem is None:
            self._past.push_unknown(after)
            return
        undo, redo = sync(after, self._shadow)
        self._past.push(undo, redo, after)

    def replaying(self) -> _Replaying:
        """``with game.replaying(): game.push(...)...``: a replay of recorded actions, which
        nothing changes between them; quicker (no deltas kept, see :meth:`_record`). An
        action refused there leaves the state broken: throw the game away."""
        return _Replaying(self)

    def _adopt_edits(self) -> None:
        """A state changed outside any action (a test setting up a position, a tool):
        the next action starts from it, and undoing that action comes back to it."""
        if not self._replaying and self.state != self._shadow:
            self._shadow = copy_state(self.state)
            self.edited = True

    def adopt(self, entries: list[LogEntry], positions: dict[int, State]) -> None:
        """Take ``entries`` as the log, without replaying them: ``positions`` are the
        states after some of them, the last one included, verified already (a game
        opened from a position verified on this computer, :mod:`..files.checkpoints`).
        Undo and :meth:`state_at` replay what they need from the nearest one."""
        if self.log:
            raise BoardappError(N_("only a new game can adopt a log"))
        final = positions[len(entries)]
        self.log = list(entries)
        self.state = copy_state(final)
        self._shadow = copy_state(final)
        self._past.adopt(len(entries), {n: json.dumps(s) for n, s in positions.items()})
        self._cursor = None
        self._stretch, self._unknown_below = None, 1 << 62
        self.from_checkpoint = True

    def _learn(self, first: int, last: int) -> None:
        """Learn the deltas of the actions after step ``first`` up to step ``last`` by
        replaying them from the state kept at ``first``, checking that they lead to the
        state kept at ``last`` (see :meth:`adopt`)."""
        past = self._past
        stretch = self._stretch
        if stretch is not None and (stretch.first, stretch.last) == (first, last):
            self._stretch = None  # learnt in part already: the rest now
        else:
            stretch = Stretch(past, first, last)
        stretch.advance(self.log, self._replay_entry, last - first)
        known = past.snaps[last] if last in past.snaps else json.dumps(self.state)
        if not stretch.leads_to(known):
            raise BoardappError(N_("the actions {first}-{last} do not lead to the position "
                                   "kept after action {last}", first=first + 1, last=last))
        stretch.teach(past)
        heap.keep()

    def _replay_entry(self, entry: LogEntry, work: State) -> None:
        """Apply the action of log ``entry`` to ``work`` again, as it was played."""
        manual = entry.action.verb in HANDLERS and entry.action.verb not in NOT_MANUAL
        apply_to(self.ruleset, work, entry.action, Context(work, entry.side, manual=manual))

    def learn_some(self, actions: int = LEARN_STEP) -> bool:
        """Learn the deltas of up to ``actions`` more actions of the latest stretch of the
        past whose deltas are unknown (a game opened at a checkpoint, :meth:`adopt`);
        whether some are left to learn. Undo and redo call it, and the window while
        idle: going back in a long game then never waits for a long replay."""
        past = self._past
        stretch = self._stretch
        if stretch is None:
            index = self._unknown_before(len(self.log))
            if index is None:
                return False
            first, last = past.segment(index)
            if last not in past.snaps:  # (not a game opened at a checkpoint)
                self._learn(first, last)
                return True
            stretch = self._stretch = Stretch(past, first, last)
        try:
            done = stretch.advance(self.log, self._replay_entry, actions)
        except Exception:  # the rules fail on it now: left to _learn, which says so
            done, stretch.last = True, -1
        if done:
            self._stretch = None
            if stretch.last in past.snaps and stretch.leads_to(past.snaps[stretch.last]):
                stretch.teach(past)
            else:
                self._unlearnt.add(stretch.first)
        heap.keep()  # what was learnt lives as long as the game
        return True

    def _unknown_before(self, end: int) -> int | None:
        """The index of the latest action before ``end`` with unknown deltas, outside the
        stretches :meth:`learn_some` could not learn (``None``: none)."""
        past = self._past
        i = min(end, self._unknown_below) - 1
        while i >= 0:
            if past.known(i):
                i -= 1
                continue
            first = past.segment(i)[0]
            if first not in self._unlearnt:
                break
            i = first - 1
        self._unknown_below = i + 1
        return i if i >= 0 else None

    def learn_last(self) -> None:
        """Learn the deltas of the last actions at once (undo is then quick at once)."""
        self._know(len(self.log) - 1)

    def _know(self, index: int) -> None:
        """Learn the deltas of action ``index + 1`` if they are not known yet (see
        :meth:`adopt`), with those of the actions between the two states kept around it."""
        past = self._past
        if index < len(past) and not past.known(index):
            stretch = self._stretch
            self._learn(*((stretch.first, stretch.last) if stretch is not None
                          and stretch.covers(index) else past.segment(index)))

    def append_checked(self, entry: LogEntry, after: State) -> None:
        """Append an entry the file loader has already checked, with its state."""
        self._record(after)
        self.log.append(entry)

    def undo(self) -> LogEntry | None:
        """Take back the last action; return it (``None`` at the setup, or when a
        play-by-email game forbids it: see :meth:`undo_blocked_reason`)."""
        if not self.can_undo:
            return None
        entry = self._pop()
        followed = False
        while entry.number in self._automatic and self.can_undo:
            self._automatic.discard(entry.number)
            entry = self._pop()
            followed = True
        self._redo.append((entry.action, entry.side, followed))
        self.learn_some()  # the past before it, ahead of the next undo
        return entry

    def _pop(self) -> LogEntry:
        self._know(len(self.log) - 1)
        entry = self.log.pop()
        if self._cursor is not None and self._cursor[0] > len(self.log):
            self._cursor = None
        self._adopt_edits()
        undo = self._past.pop()
        apply_delta(self.state, undo)
        apply_delta(self._shadow, undo)
        if self.pbem is not None:
            self.pbem.took_back(self)
        while self.sends and self.sends[-1].upto > len(self.log):  # hot-seat only
            self.sends.pop()
        return entry

    def redo(self) -> LogEntry | None:
        """Play again the last action taken back; return its new log entry."""
        if not self._redo:
            return None
        action, side, followed = self._redo.pop()
        entry = self._apply(action, side)
        if followed:  # the obligations it led to were carried out by this program
            self.fulfil()
        # Redo learns nothing of the past: going forward needs none of it, and undo (and
        # the window's idle time) learn ahead of the undos to come. Learning there too
        # made the slowest redo that of an undo plus an action (issue 14).
        return entry

    @property
    def can_undo(self) -> bool:
        return len(self.log) > self.undo_floor()

    def undo_floor(self) -> int:
        """The log length undo stops at (0 in hot-seat; else the runner's)."""
        return self.pbem.undo_floor(self) if self.pbem is not None else 0

    def undo_blocked_reason(self) -> str:
        """Why undo is not possible now ("" if it is), in the player's words."""
        if not self.log:
            return N_("nothing to undo: the game is at its set-up")
        if self.can_undo:
            return ""
        floor = self.undo_floor()
        if self.sends and self.sends[-1].upto == floor:
            return N_("action {n} was sent to the opponent: a play-by-email game cannot take "
                      "back what was sent", n=floor)
        if self.pbem is not None and self.log[floor - 1].side != self.pbem.me:
            side = self.log[floor - 1].side
            name = next((s.name for s in self.ruleset.sides if s.id == side), side)
            return N_("action {n} is {side}'s, not sent yet: only their program can take it "
                      "back", n=floor, side=name)
        return N_("action {n} rolled dice or changed hidden information: a play-by-email "
                  "game cannot take it back", n=floor)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- what a player saw, step by step ----------------------------------------------------
    @property
    def mode(self) -> str:
        """``"pbem"`` for a play-by-email game, else ``"hotseat"``."""
        return "pbem" if self.pbem is not None else "hotseat"

    def state_at(self, step: int) -> State:
        """A copy of the state after action ``step`` (0 = the set-up); the game is
        unchanged. In a play-by-email game this is the local player's view."""
        if not 0 <= step <= len(self.log):
            raise BoardappError(N_("there is no step {step}: the log has {n} actions",
                                   step=step, n=len(self.log)))
        past = self._past
        if step in past.snaps or step >= len(past):
            return past.state_at(step, self.state)
        first, last = past.segment(step)
        if self.pbem is None and not past.known_between(first, last):
            try:
                return self._replayed(step)
            except Exception:  # the rules fail on it now: learnt below, which says so
                self._cursor = None
        self._know(step)
        return past.state_at(step, self.state)

    def _replayed(self, step: int) -> State:
        """A copy of the state after action ``step``, replayed from the nearest position
        kept before it, or from the one replayed last (the replay bar walking forward
        costs one action a step); the positions passed every :data:`.timeline.EVERY`
        actions are kept, so that walking back replays at most so many. No delta is
        learnt: quicker than :meth:`_learn`, which replays the whole stretch."""
        past = self._past
        base = max(s for s in past.snaps if s <= step)
        cursor = self._cursor
        if cursor is not None and base <= cursor[0] <= step:
            at, work = cursor
        else:
            at, work = base, json.loads(past.snaps[base])
        self._cursor = None
        for i in range(at, step):
            self._replay_entry(self.log[i], work)
            if (i + 1) % EVERY == 0 and i + 1 not in past.snaps:
                past.snaps[i + 1] = json.dumps(work)
        self._cursor = (step, work)
        return json.loads(json.dumps(work))

    def changed_paths(self) -> list[tuple[str, ...]]:
        """The paths in the state that the last action changed (``("pieces", "x", "loc")``,
        ``("stacks", "a")``...), for a view that redraws only what changed; a path to a
        dict whose keys changed order is listed too. Empty at the set-up."""
        if not self.log:
            return []
        self._know(len(self.log) - 1)
        redo = self._past.redo[-1]
        return [path for path, _ in redo or []]

    def entries_since(self, step: int) -> list[LogEntry]:
        """The log entries after action ``step`` (what happened since then)."""
        return list(self.log[max(0, step):])

    def last_seen(self, side: str) -> int:
        """How many actions ``side`` has seen: the log length at its last send."""
        return last_seen(self.sends, side)

    def refresh_views(self) -> None:
        """Set up again the initial view (a new game's keys changed); no action yet."""
        if self.log:
            raise BoardappError(N_("the players can change only before the first action"))
        setup = copy_state(self._setup)
        self.initial = self.pbem.view(self, setup) if self.pbem is not None else setup
        self.state = copy_state(self.initial)
        self._shadow = copy_state(self.initial)
        self._past.reset(self.initial)

    def legal_actions(self) -> list[Action]:
        """The ruleset's legal actions now (manual verbs are always possible besides); by
        email, only the local player's (none if they cannot play now:
        :meth:`why_not_playing`)."""
        if self.pbem is None:
            return list(self.ruleset.legal_actions(self.state))
        if self.why_not_playing():
            return []
        return list(self.ruleset.legal_actions(self.state, self.pbem.me))

    def why_not_playing(self) -> str:
        """Why this program cannot add actions now ("" if it can): by email, a program
        opened without a passphrase, a player who has not joined, another player's
        actions saved without being sent."""
        return self.pbem.why_not_playing(self) if self.pbem is not None else ""

    # -- replay ----------------------------------------------------------------------------
    @classmethod
    def replay(cls, ruleset: Ruleset, scenario: str, seed: int,
               actions: Iterable[tuple[str, str | None]],
               data: Mapping[str, Any] | None = None,
               sides: list[str] | None = None,
               played_with: str | None = None) -> Game:
        """A game rebuilt from its setup and ``(action text, side)`` pairs.

        ``played_with``: the ruleset version the actions were recorded with (an older
        game replays under that version's rules, see :meth:`Ruleset.setup`).
        An action that no longer applies raises :class:`InvalidActionError` naming its
        number in the log.
        """
        game = cls(ruleset, scenario, seed, data, played_with, sides=sides)
        with game.replaying():
            for number, (text, side) in enumerate(actions, start=1):
                try:
                    game.push(text, side=side)
                except BoardappError as exc:
                    raise InvalidActionError(N_("action {n} '{action}' cannot be replayed: "
                                                "{problem}", n=number, action=text,
                                                problem=exc.args[0] if exc.args else "")
                                             ) from exc
        return game


class _Replaying:
    """The context of :meth:`Game.replaying`."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __enter__(self) -> Game:
        self.game._adopt_edits()
        self.game._replaying = True
        return self.game

    def __exit__(self, *exc: object) -> None:
        game = self.game
        game._replaying = False
        game._unknown_below = 1 << 62  # the actions replayed have unknown deltas
        game._shadow = copy_state(game.state)
