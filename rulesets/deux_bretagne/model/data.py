"""Load and validate the Deux Bretagne data files (counters, scenarios, chits, cards)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardapp.core.base.yamlio import Checker, load_yaml_file

DATA_DIR = Path(__file__).parent.parent / "data"
SIDES = ("blois", "montfort", "marauders")
UNIT_CODES = {"ch-fr", "ch-br", "ch-an", "me", "mil", "art"}


@dataclass(frozen=True)
class PieceType:
    """The printed (fixed) values of a counter: VASSAL's piece *type*."""

    id: str
    side: str
    leader: bool
    label: str
    name: str
    combat: tuple[Any, Any] = (0, 0)
    loss: tuple[int, int] = (0, 0)
    move: tuple[int, int] = (8, 8)
    activation: int = 0
    bonus: int = 0
    command: int = 0
    origin: str = ""
    source: str = ""


@dataclass(frozen=True)
class Scenario:
    """A scenario set-up (rules 14)."""

    id: str
    name: str
    description: str
    rule: str
    first_turn: int
    last_turn: int
    placements: dict[str, dict[str, list[str]]]
    counties: dict[str, list[str]]
    cities: dict[str, list[str]]
    hands: dict[str, list[str]]
    chits_out: list[str]
    vp: dict[str, int]
    victory: str
    final_victory: dict[str, Any]
    extra: dict[str, Any]
    """Set-up details of some scenarios: inside (area -> side whose units start inside
    the fortress), sieges (area -> {side, level}), nf_change, events (played already),
    cards_out, leaders_out, enlisement (the Enlisement cards are in the decks from the
    start)."""


def load_piece_types(path: Path = DATA_DIR / "counters.yaml") -> tuple[dict[str, PieceType],
                                                                      dict[str, int]]:
    """Piece types by id and the counter mix (how many counters of each unit type)."""
    c = Checker(str(path))
    data = c.mapping(load_yaml_file(path), "")
    classes = c.mapping(data.get("unit_classes"), "unit_classes")
    types: dict[str, PieceType] = {}
    for tid, spec in c.mapping(data.get("unit_types"), "unit_types").items():
        place = f"unit_types.{tid}"
        spec = c.mapping(spec, place)
        cls_id = c.text(spec.get("class"), f"{place}.class")
        if cls_id not in classes:
            raise c.fail(f"{place}.class", f"no unit class {cls_id!r}")
        cls = c.mapping(classes[cls_id], f"unit_classes.{cls_id}")
        side = c.choice(spec.get("side"), f"{place}.side", SIDES)
        origin = str(spec.get("origin", ""))
        label = c.text(cls.get("label"), f"unit_classes.{cls_id}.label")
        pair = {key: _pair(c, cls.get(key), f"unit_classes.{cls_id}.{key}", key == "combat")
                for key in ("combat", "loss", "move")}
        source = cls.get("source", {})
        types[tid] = PieceType(
            id=tid, side=side, leader=False, label=f"{label} {origin}".strip(),
            name=str(cls.get("name", label)), combat=pair["combat"], loss=pair["loss"],
            move=pair["move"], origin=origin,
            source="; ".join(f"{k}: {v}" for k, v in source.items()) if isinstance(
                source, dict) else str(source))
    for lid, spec in c.mapping(data.get("leaders"), "leaders").items():
        place = f"leaders.{lid}"
        spec = c.mapping(spec, place)
        types[lid] = PieceType(
            id=lid, side=c.choice(spec.get("side"), f"{place}.side", SIDES[:2]), leader=True,
            label=c.text(spec.get("name"), f"{place}.name"), name=spec["name"],
            activation=c.integer(spec.get("activation"), f"{place}.activation", 1, 3),
            bonus=c.integer(spec.get("bonus"), f"{place}.bonus", -3, 5),
            command=c.integer(spec.get("command"), f"{place}.command", 0, 8),
            move=(8, 8), origin=str(spec.get("origin", "")), source=str(spec.get("source", "")))
    mix = c.mapping(c.mapping(data.get("mix"), "mix").get("counts"), "mix.counts")
    counts = {}
    for tid, n in mix.items():
        if tid not in types or types[tid].leader:
            raise c.fail(f"mix.counts.{tid}", "not a unit type listed under unit_types")
        counts[tid] = c.integer(n, f"mix.counts.{tid}", 0, 99)
    return types, counts


def _pair(c: Checker, value: Any, place: str, allow_die: bool) -> tuple[Any, Any]:
    seq = c.seq(value, place)
    if len(seq) != 2:
        raise c.fail(place, "expected [full side, reduced side]")
    out = []
    for i, v in enumerate(seq):
        if allow_die and v == "d":
            out.append("d")
        else:
            out.append(c.integer(v, f"{place}[{i}]", 0, 20))
    return (out[0], out[1])


def load_scenarios(path: Path = DATA_DIR / "scenarios.yaml") -> dict[str, Scenario]:
    """Scenarios by id; ``same_as`` copies another scenario's set-up."""
    c = Checker(str(path))
    data = c.mapping(load_yaml_file(path), "")
    raw = {str(k): c.mapping(v, str(k)) for k, v in data.items()}
    result: dict[str, Scenario] = {}
    for sid, spec in raw.items():
        base = raw.get(str(spec.get("same_as")), {}) if spec.get("same_as") else {}
        if spec.get("same_as") and not base:
            raise c.fail(f"{sid}.same_as", f"no scenario {spec['same_as']!r}")
        merged = {**base, **spec}
        placements = {side: {place: [str(t) for t in c.seq(items, f"{sid}.placements.{side}."
                                                                  f"{place}")]
                             for place, items in c.mapping(where, f"{sid}.placements.{side}"
                                                           ).items()}
                      for side, where in c.mapping(merged.get("placements"),
                                                   f"{sid}.placements").items()}
        result[sid] = Scenario(
            id=sid, name=c.text(spec.get("name"), f"{sid}.name"),
            description=str(spec.get("description", "")), rule=str(spec.get("rule", "")),
            first_turn=c.integer(merged.get("first_turn"), f"{sid}.first_turn", 1, 11),
            last_turn=c.integer(merged.get("last_turn"), f"{sid}.last_turn", 1, 11),
            placements=placements,
            counties={k: list(v) for k, v in (merged.get("counties") or {}).items()},
            cities={k: list(v) for k, v in (merged.get("cities") or {}).items()},
            hands={k: list(v) for k, v in (merged.get("hands") or {}).items()},
            chits_out=list(merged.get("chits_out") or []),
            vp={k: c.integer(v, f"{sid}.vp.{k}", 0) for k, v in (merged.get("vp") or {}).items()},
            victory=str(spec.get("victory", "")),
            final_victory=c.mapping(merged.get("final_victory", {}) or {},
                                    f"{sid}.final_victory"),
            extra={key: merged[key] for key in ("inside", "sieges", "nf_change", "events",
                                                "cards_out", "leaders_out", "enlisement")
                   if key in merged})
    return result


def load_chits(path: Path = DATA_DIR / "chits.yaml") -> dict[str, str]:
    """Tactical chit names by id (T1..T18)."""
    c = Checker(str(path))
    return {str(k): c.text(v, str(k)) for k, v in c.mapping(load_yaml_file(path), "").items()}


CARD_FIELDS = ("name", "group", "activation", "resources", "coat", "asterisk", "anchor",
               "chevauchee", "event", "rules", "source")


def load_cards(path: Path = DATA_DIR / "cards.yaml") -> dict[str, dict[str, Any]]:
    """The strategy cards by id (B-01..B-28, M-01..M-28): what the rules say of them,
    null where unknown (see the file's header). Checked: every card is there, values in
    range."""
    c = Checker(str(path))
    data = c.mapping(load_yaml_file(path), "")
    out: dict[str, dict[str, Any]] = {}
    for camp in "BM":
        for i in range(1, 29):
            cid = f"{camp}-{i:02d}"
            if cid not in data:
                raise c.fail(cid, "missing card (28 per camp, rules 2.5)")
    for key, spec in data.items():
        cid = str(key)
        if len(cid) != 4 or cid[:2] not in ("B-", "M-") or not cid[2:].isdigit() or not (
                1 <= int(cid[2:]) <= 28):
            raise c.fail(cid, "a card id is B-01..B-28 or M-01..M-28")
        spec = c.mapping(spec, cid)
        c.known_keys(spec, cid, CARD_FIELDS)
        card: dict[str, Any] = {f: spec.get(f) for f in CARD_FIELDS}
        card["group"] = c.choice(spec.get("group"), f"{cid}.group",
                                 ("intervention", "enlisement"))
        for field, lo, hi in (("activation", 1, 3), ("resources", 0, 9)):
            if card[field] is not None:
                card[field] = c.integer(card[field], f"{cid}.{field}", lo, hi)
        if card["coat"] is not None:
            card["coat"] = c.choice(card["coat"], f"{cid}.coat", ("yellow", "green", "blue"))
        for field in ("asterisk", "anchor", "chevauchee"):
            if card[field] is not None:
                card[field] = c.boolean(card[field], f"{cid}.{field}")
        for field in ("name", "event", "rules", "source"):
            if card[field] is not None:
                card[field] = c.text(card[field], f"{cid}.{field}")
        out[cid] = card
    for camp in "BM":
        n = sum(1 for cid, card in out.items()
                if cid.startswith(camp) and card["group"] == "intervention")
        if n != 12:
            raise c.fail(f"{camp}-xx.group", f"{n} Intervention cards; the rules say 12 per "
                                             "camp (2.5)")
    return out
