"""The dialogs of play by email, and opening a game file as its player.

Each dialog has a module-level ``ask_*`` function that shows it and returns plain
values (tests replace these functions): a new game by email (:func:`ask_new_pbem`), a
passphrase (:func:`ask_passphrase`), joining a game (:func:`ask_join`), the email of a
turn (:func:`ask_email`). :func:`open_as_player` opens a game file the way the window
does: a hot-seat file as it is; a play-by-email file with the player's passphrase
(asked again when wrong), read-only if the player prefers, or joining it if their side
has not joined yet.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from boardapp.core.engine.game import Game
from boardapp.core.engine.ruleset import Ruleset
from boardapp.core.files.gamefile import load_game, save_game
from boardapp.core.pbem.ledger import Ledger
from boardapp.core.scan.boardsettings import UserMaps

from .i18n import _, and_list, ngettext

ERROR_STYLE = "color: #b3261e;"


class ReadOnly:
    """The answer "open read-only" to a passphrase question."""

    def __repr__(self) -> str:
        return "READ_ONLY"


READ_ONLY = ReadOnly()


def player_sides(ruleset: Ruleset) -> list[tuple[str, str]]:
    """The sides a player can take, as (id, name)."""
    return [(s.id, s.name) for s in ruleset.sides if s.playable]


# -- a new game by email ----------------------------------------------------------------------
@dataclass(frozen=True)
class NewPbemChoice:
    """What the "New game by email" dialog asks: scenario, your side, the players'
    names by side, your passphrase."""

    scenario: str
    me: str
    players: dict[str, str]
    passphrase: str


class NewPbemDialog(QDialog):
    """Scenario, your side, each player's name, and your passphrase (twice)."""

    def __init__(self, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New game by email"))
        self.ruleset = ruleset
        intro = QLabel(_("A game of {game} played by email: one file goes back and "
                         "forth. Your passphrase locks your secrets (hidden cards, dice keys) "
                         "inside the file: choose a long one, and do not forget it.").format(
                             game=ruleset.name))
        intro.setWordWrap(True)
        self.scenario = QComboBox()
        for sid, info in ruleset.scenarios().items():
            self.scenario.addItem(f"{sid} {info.name}".strip(), sid)
        default = self.scenario.findData(ruleset.default_scenario)
        self.scenario.setCurrentIndex(max(default, 0))
        self.me = QComboBox()
        self.names: dict[str, QLineEdit] = {}
        form = QFormLayout()
        form.addRow(_("Scenario"), self.scenario)
        form.addRow(_("You play"), self.me)
        for sid, name in player_sides(ruleset):
            self.me.addItem(name, sid)
            edit = QLineEdit()
            edit.setPlaceholderText(_("the player's name") if self.fewest() is None
                                    else _("the player's name (none: this side does not "
                                           "play)"))
            self.names[sid] = edit
            form.addRow(_("{side} player").format(side=name), edit)
        self.draw = QPushButton(_("Draw the sides"))
        self.draw.setToolTip(_("Shuffle the names entered among the sides of the scenario "
                               "(sides chosen or drawn); you keep your name"))
        self.draw.clicked.connect(self.draw_sides)
        form.addRow("", self.draw)
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.again = QLineEdit()
        self.again.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow(_("Your passphrase"), self.passphrase)
        form.addRow(_("Once more"), self.again)
        self.error = QLabel()
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Create the game"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.setMinimumWidth(460)

    def draw_sides(self, rng: random.Random | None = None) -> None:
        """Draw the names entered at random among the scenario's sides (those named);
        "You play" follows your name."""
        info = self.ruleset.scenarios().get(self.scenario.currentData())
        sides = [s for s in (info.sides if info and info.sides else self.names)
                 if s in self.names and self.names[s].text().strip()]
        mine = self.names[self.me.currentData()].text().strip()
        names = [self.names[s].text().strip() for s in sides]
        (rng or random.SystemRandom()).shuffle(names)
        for side, name in zip(sides, names, strict=True):
            self.names[side].setText(name)
        for side in sides:
            if mine and self.names[side].text().strip() == mine:
                self.me.setCurrentIndex(self.me.findData(side))

    def fewest(self) -> int | None:
        """How many players the chosen scenario needs at least when the players choose
        its sides (``None``: every side plays)."""
        info = self.ruleset.scenarios().get(self.scenario.currentData())
        return None if info is None or info.min_sides is None else max(2, info.min_sides)

    def problem(self) -> str:
        """What is missing or wrong ("" when the game can be created)."""
        fewest = self.fewest()
        if fewest is None:
            for sid, edit in self.names.items():
                if not edit.text().strip():
                    return _("Name the {side} player.").format(
                        side=self.ruleset.side(sid).name)
        else:
            named = [sid for sid, edit in self.names.items() if edit.text().strip()]
            if len(named) < fewest:
                return ngettext("Name at least {count} player: the sides left without a "
                                "player do not play.",
                                "Name at least {count} players: the sides left without a "
                                "player do not play.", fewest).format(count=fewest)
            if self.me.currentData() not in named:
                return _("Name yourself: you play the side chosen above.")
        if not self.passphrase.text():
            return _("Choose a passphrase.")
        if self.passphrase.text() != self.again.text():
            return _("The two passphrases differ.")
        return ""

    def accept(self) -> None:
        problem = self.problem()
        self.error.setText(problem)
        if not problem:
            super().accept()

    def choice(self) -> NewPbemChoice:
        """The values entered."""
        return NewPbemChoice(self.scenario.currentData(), self.me.currentData(),
                             {sid: e.text().strip() for sid, e in self.names.items()
                              if e.text().strip() or self.fewest() is None},
                             self.passphrase.text())


def ask_new_pbem(parent: QWidget | None, ruleset: Ruleset) -> NewPbemChoice | None:
    """Show :class:`NewPbemDialog`; ``None`` if cancelled."""
    dialog = NewPbemDialog(ruleset, parent)
    return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None


# -- passphrases ------------------------------------------------------------------------------
class PassphraseDialog(QDialog):
    """A passphrase (twice for a new one), with "Open read-only" when it is optional."""

    def __init__(self, title: str, text: str, parent: QWidget | None = None, *,
                 new: bool = False, read_only: bool = False, error: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.read_only_chosen = False
        label = QLabel(text)
        label.setWordWrap(True)
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.again: QLineEdit | None = None
        form = QFormLayout()
        form.addRow(_("Passphrase"), self.passphrase)
        if new:
            self.again = QLineEdit()
            self.again.setEchoMode(QLineEdit.EchoMode.Password)
            form.addRow(_("Once more"), self.again)
        self.error = QLabel(error)
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Join") if new
                                                                   else _("Open"))
        if read_only:
            viewer = buttons.addButton(_("Open read-only"),
                                       QDialogButtonBox.ButtonRole.ActionRole)
            viewer.setToolTip(_("See the game as anyone may: everyone's hidden information "
                                "stays hidden, and you cannot play"))
            viewer.clicked.connect(self._read_only)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.setMinimumWidth(420)

    def _read_only(self) -> None:
        self.read_only_chosen = True
        super().accept()

    def accept(self) -> None:
        if not self.passphrase.text():
            self.error.setText(_("Enter the passphrase."))
        elif self.again is not None and self.again.text() != self.passphrase.text():
            self.error.setText(_("The two passphrases differ."))
        else:
            super().accept()


def ask_passphrase(parent: QWidget | None, title: str, text: str, *, new: bool = False,
                   read_only: bool = False, error: str = "") -> str | ReadOnly | None:
    """The passphrase entered, :data:`READ_ONLY`, or ``None`` if cancelled."""
    dialog = PassphraseDialog(title, text, parent, new=new, read_only=read_only, error=error)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return READ_ONLY if dialog.read_only_chosen else dialog.passphrase.text()


def ask_join(parent: QWidget | None, game: Game, waiting: list[str]) -> str | None:
    """The side the user joins as, among ``waiting`` (sides not joined); ``None``: not
    joining (e.g. the player who created the game, opening it again)."""
    assert game.pbem is not None
    names = [game.pbem.name(game, s) for s in waiting]
    text = ngettext("{players} has not joined this game yet. Join it now, choosing your "
                    "passphrase?\n\nIf you created the game and just want to see it, answer "
                    "No.",
                    "{players} have not joined this game yet. Join it now, choosing your "
                    "passphrase?\n\nIf you created the game and just want to see it, answer "
                    "No.", len(names)).format(players=", ".join(names))
    if len(waiting) == 1:
        answer = QMessageBox.question(parent, _("Join the game"), text,
                                      QMessageBox.StandardButton.Yes
                                      | QMessageBox.StandardButton.No)
        return waiting[0] if answer == QMessageBox.StandardButton.Yes else None
    item, ok = QInputDialog.getItem(parent, _("Join the game"),
                                    text + "\n\n" + _("You play:"), names, 0, False)
    return waiting[names.index(item)] if ok and item in names else None


# -- the email of a turn ----------------------------------------------------------------------
class EmailDialog(QDialog):
    """Where to write the ``.eml`` message, and to whom (optional): every other player,
    several addresses separated by commas."""

    def __init__(self, default_path: Path, to: str = "",
                 parent: QWidget | None = None, others: Sequence[str] = ()) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Email this game"))
        several = len(others) > 1
        intro = QLabel((_("boardapp saves the game for the other players, {players}, then "
                          "writes an email with the game file attached and what happened "
                          "since they last saw it. Your mail program opens it: check it and "
                          "send it.") if several else
                        _("boardapp saves the game for your opponent, then writes an email "
                          "with the game file attached and what happened since they last "
                          "saw it. Your mail program opens it: check it and send it.")).format(
                            players=and_list(list(others))))
        intro.setWordWrap(True)
        self.to = QLineEdit(to)
        self.to.setPlaceholderText(
            _("one address per player, separated by commas (optional)") if several
            else _("opponent@example.org (optional)"))
        self.to.setToolTip(_("Every other player should receive the game: {players}").format(
            players=", ".join(others) if others else _("your opponent")))
        self.path = QLineEdit(str(default_path))
        browse = QPushButton(_("Browse…"))
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        form = QFormLayout()
        form.addRow(_("To"), self.to)
        form.addRow(_("Message file"), row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Write the email"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)

    def _browse(self) -> None:
        path = QFileDialog.getSaveFileName(self, _("Email message"), self.path.text(),
                                           _("Email messages (*.eml)"))[0]
        if path:
            self.path.setText(path)

    def accept(self) -> None:
        if self.path.text().strip():
            super().accept()


def ask_email(parent: QWidget | None, default_path: Path, to: str = "",
              others: Sequence[str] = ()) -> tuple[Path, str] | None:
    """The ``.eml`` path and the addresses, separated by commas (may be ""); ``None``
    if cancelled. ``others``: the names of the players who receive it."""
    dialog = EmailDialog(default_path, to, parent, others)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return Path(dialog.path.text().strip()), dialog.to.text().strip()


# -- opening a file as its player -------------------------------------------------------------
def players_text(game: Game) -> str:
    """"Blue (Bob) and Red (Alice)"."""
    assert game.pbem is not None
    names = [game.pbem.name(game, s) for s in game.pbem.players]
    return and_list(names)


def unlock(parent: QWidget | None, name: str, public: Game,
           load: Callable[[str], Game]) -> Game | None:
    """Ask the player's passphrase until ``load(passphrase)`` opens the game; ``public``
    if they choose read-only; ``None`` if they cancel."""
    error = ""
    text = _("{file} is a game by email between {players}. Enter your passphrase to play, "
             "or open it read-only: everyone's hidden information then stays hidden and you "
             "cannot play.").format(file=name, players=players_text(public))
    while True:
        answer = ask_passphrase(parent, _("Your passphrase"), text, read_only=True,
                                error=error)
        if answer is None:
            return None
        if isinstance(answer, ReadOnly):
            return public
        from boardapp.core.pbem.keys import PassphraseError  # cryptography: by email only

        try:
            return load(answer)
        except PassphraseError:
            error = _("Wrong passphrase: try again.")


def open_as_player(parent: QWidget | None, path: str | Path) -> Game | None:
    """Open the game file ``path`` as the window does (see the module doc); ``None`` if
    the user cancels. A bad file raises :class:`GameFileError` (checked before any
    passphrase is asked)."""
    path = Path(path)
    maps = UserMaps()  # the user's maps edited on a scan, where he has some
    public = load_game(path, maps=maps)
    pbem = public.pbem
    if pbem is None:
        return public
    waiting = [s for s, p in pbem.players.items() if not p.joined]
    side = ask_join(parent, public, waiting) if waiting else None
    if side is not None:
        answer = ask_passphrase(parent, _("Join the game"),
                                _("You join {file} as {side}. Choose your passphrase: it "
                                  "locks your secrets inside the file. Choose a long one, and "
                                  "do not forget it.").format(file=path.name,
                                                              side=pbem.name(public, side)),
                                new=True)
        if not isinstance(answer, str):
            return None
        from boardapp.core.pbem.pbem import join_pbem  # cryptography: by email only

        join_pbem(public, side, answer)
        save_game(public, path)
        return load_game(path, passphrase=answer, side=side, ledger=Ledger(), maps=maps)
    return unlock(parent, path.name, public,
                  lambda pw: load_game(path, passphrase=pw, ledger=Ledger(), maps=maps))
