"""Verbs declared once, on their handler: name, label, who decides, where it is offered.

A step's handler is a method ``on_<verb>(ruleset, state, frame, action, ctx, flow)``
decorated with :func:`verb`::

    @verb("raise", area=0, label=lambda rs, state, a: f"Raise {a.arg(1)} in ...")
    def on_raise(self, rs, state, frame, action, ctx, flow): ...

From these declarations the core derives, for every game alike, which legal actions
the board shows where: ``decisions`` (the toolbar of choices), ``area`` (the menu of the
place named by an argument), ``piece`` (the menu of the counter named by an argument),
``hand`` (the hand dock of the side that decides), ``drag`` (a drag of counters), and
how each is labelled. Nothing else in a ruleset lists verbs.

A verb declared ``manual=True`` is a correction by hand a game adds to the core's
(troop strength set by hand, a roll on a chart for a hit the players saw): any player may
take it while its step runs, it is not among the legal actions (not a decision), and it is
offered on the menus where it is declared through :meth:`~.flow.Step.manual_actions`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..base.i18n import Msg
from .actions import Action
from .state import State

OFFERS = ("decisions", "area", "piece", "hand", "drag")
"""The places of the board where an action can be offered."""

Label = Callable[[Any, State, Action], str]
"""``label(ruleset, state, action) -> str``: an action's words on its button or menu."""
Locate = Callable[[Any, State, Action], str | Sequence[str] | None]
"""``where(ruleset, state, action) -> place or piece id`` (``None``: nowhere); an area
locator may name several places (the action is then on each of their menus)."""
Decider = Callable[[Any, State, Action], str]
"""``decider(ruleset, state, action) -> side``: who takes this decision."""


@dataclass(frozen=True)
class VerbSpec:
    """What the core knows of one verb of one step."""

    name: str
    label: str | Label | None = None
    """Static text (``str.format``-ed with the action's arguments), a function, or
    ``None`` for the verb in words with its arguments."""
    decisions: bool = True
    area: int | Locate | None = None
    """The argument (index) naming the place on whose menu the action is offered, or a
    function finding it."""
    piece: int | Locate | None = None
    """The argument (index) naming the counter on whose menu the action is offered, or a
    function finding it (the first piece of a list argument)."""
    hand: bool = False
    drag: bool = False
    decider: Decider | None = None
    """Who decides this action (default: the step's deciding sides)."""
    handler: str = ""
    """The name of the step method that applies it."""
    manual: bool = False
    """A correction by hand: any player may take it while the step runs; not a legal
    action (see the module docstring)."""
    sealed: bool = False
    """The action's arguments are its player's secret (a sealed choice): by email the
    file shows the action as ``verb ? ...`` and seals its words with the player's hidden
    information (:meth:`~.ruleset.Ruleset.public_action`)."""
    loses: Label | None = None
    """What taking this decision gives up, in the game's words ("17 RP unspent are
    lost"), or "" when nothing is lost now: the board says it before the click."""
    cost: Label | None = None
    """What this decision costs ("2 PS"), or "": shown beside the choice."""
    logs: bool = False
    """Its handler always writes a log line: the core need not word the action before
    applying it (for the line of an action that writes none), which a replay then
    saves. An action so declared that writes nothing is logged as its text."""

    @property
    def offers(self) -> tuple[str, ...]:
        """Where the action is offered, among :data:`OFFERS`."""
        flags = (self.decisions, self.area is not None, self.piece is not None, self.hand,
                 self.drag)
        return tuple(name for name, on in zip(OFFERS, flags, strict=True) if on)

    def text(self, ruleset: Any, state: State, action: Action) -> str:
        """The label of ``action`` in ``state``."""
        if callable(self.label):
            return self.label(ruleset, state, action)
        if isinstance(self.label, Msg):  # N_("Raise {0}"): the words of the action's arguments
            return Msg(self.label.domain, self.label.text,
                       {**self.label.args, **{str(i): a for i, a in enumerate(action.args)}})
        if isinstance(self.label, str):
            return self.label.format(*action.args)
        return " ".join((action.verb.replace("-", " ").capitalize(), *action.args))

    def _locate(self, how: int | Locate | None, ruleset: Any, state: State,
                action: Action) -> tuple[str, ...]:
        if how is None:
            return ()
        if callable(how):
            found = how(ruleset, state, action)
            if found is None:
                return ()
            return (found,) if isinstance(found, str) else tuple(found)
        if how >= len(action.args):
            return ()
        return tuple(action.pieces(how)[:1])

    def loss(self, ruleset: Any, state: State, action: Action) -> str:
        """What taking ``action`` now gives up ("" if nothing)."""
        return self.loses(ruleset, state, action) if self.loses else ""

    def price(self, ruleset: Any, state: State, action: Action) -> str:
        """What ``action`` costs now ("" if nothing)."""
        return self.cost(ruleset, state, action) if self.cost else ""

    def area_of(self, ruleset: Any, state: State, action: Action) -> str | None:
        """The place on whose menu ``action`` is offered (``None``: on no place menu;
        the first, when its locator names several)."""
        return next(iter(self.areas_of(ruleset, state, action)), None)

    def areas_of(self, ruleset: Any, state: State, action: Action) -> tuple[str, ...]:
        """Every place on whose menu ``action`` is offered."""
        return self._locate(self.area, ruleset, state, action)

    def piece_of(self, ruleset: Any, state: State, action: Action) -> str | None:
        """The counter on whose menu ``action`` is offered (``None``: on none)."""
        return next(iter(self._locate(self.piece, ruleset, state, action)), None)


def verb(name: str, *, label: str | Label | None = None, decisions: bool | None = None,
         area: int | Locate | None = None, piece: int | Locate | None = None,
         hand: bool = False, drag: bool = False, decider: Decider | None = None,
         manual: bool = False, sealed: bool = False, loses: Label | None = None,
         cost: Label | None = None,
         logs: bool = False) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Declare the decorated step method as the handler of verb ``name``.

    ``decisions`` defaults to true only when the verb is offered nowhere else;
    ``manual``: a correction by hand (see the module docstring); ``sealed`` keeps the
    action's arguments secret to its player (see :attr:`VerbSpec.sealed`); ``loses`` and
    ``cost`` say what the decision gives up and costs (see :class:`VerbSpec`); ``logs``:
    the handler always writes a log line (see :attr:`VerbSpec.logs`).
    """
    if decisions is None:
        decisions = area is None and piece is None and not hand and not drag

    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        spec = VerbSpec(name, label, decisions, area, piece, hand, drag, decider, fn.__name__,
                        manual, sealed, loses, cost, logs)
        setattr(fn, "__verb__", spec)  # noqa: B010 (a function attribute, on purpose)
        return fn
    return mark


def declared_verbs(cls: type) -> dict[str, VerbSpec]:
    """The verbs declared on class ``cls`` and its bases, by name."""
    found: dict[str, VerbSpec] = {}
    for klass in reversed(cls.__mro__):
        for attr in vars(klass).values():
            spec = getattr(attr, "__verb__", None)
            if isinstance(spec, VerbSpec):
                found[spec.name] = spec
    return found
