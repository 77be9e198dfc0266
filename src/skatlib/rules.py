"""Rule options as data: one frozen :class:`Rules` object per table.

Every option defaults to the official ISkO behaviour; presets name common
tables.  Decisions the ISkO leaves to house rules live here and nowhere else.
Each option's docstring gives its default and its source (a ruling D-n in
``shared/rules/DECISIONS.md`` or a section of ``RULES.md``).

>>> ISKO.kontra, ISKO.ramsch, PUB.kontra, PUB.ramsch
(False, False, True, True)
>>> Rules(schieberamsch=True)
Traceback (most recent call last):
...
skatlib.errors.SkatError: schieberamsch=True needs ramsch=True ...
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

import attrs

from .errors import Reason, SkatError, as_text, type_error

__all__ = ["Rules", "ISKO", "ISS", "PUB", "BOCK_TRIGGERS", "PRESETS", "SCORING_NAMES", "preset"]

BOCK_TRIGGERS = frozenset(
    {"lost_60", "kontra_re", "kontra", "passed_in", "lost_grand", "grand_hand",
     "null_ouvert_hand", "ramsch"}
)
"""Events that may start a Bock round (D-16, R-15.2):

* ``lost_60``: a game lost 60:60;
* ``kontra_re``: a game with Kontra and Re; ``kontra``: a game with Kontra;
* ``passed_in``: a deal all three passed (only when Ramsch is off);
* ``lost_grand``: a lost grand; ``grand_hand``: a grand hand (won or lost);
* ``null_ouvert_hand``: a null ouvert hand;
* ``ramsch``: a Ramsch deal.
"""


def _check_triggers(instance: object, attribute: object, value: frozenset[str]) -> None:
    unknown = set(value) - BOCK_TRIGGERS
    if unknown:
        raise SkatError(
            f"unknown Bock trigger(s) {sorted(unknown)}: choose from {sorted(BOCK_TRIGGERS)}",
            Reason.BAD_RULES,
        )


def _to_frozenset(value: str | Iterable[str]) -> frozenset[str]:
    if isinstance(value, str):
        return frozenset({value})
    expected = "a str or an iterable of str"
    try:
        items = frozenset(value)
    except TypeError:
        raise type_error("bock_triggers", expected, value) from None
    for item in items:
        if not isinstance(item, str):
            raise type_error("bock_triggers", expected, item)
    return items


def _choice(*options: str) -> Callable[[object, attrs.Attribute[str], str], None]:
    def check(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
        if not isinstance(value, str):
            raise type_error(attribute.name, f"a str, one of {list(options)}", value)
        if value not in options:
            raise SkatError(
                f"{attribute.name}={value!r} is not an option: choose from {list(options)}",
                Reason.BAD_RULES,
            )

    return check


def _option(default: Any, doc: str, **kwargs: Any) -> Any:
    """An option field: its documentation lives in the field's metadata (``doc``), the one
    place :meth:`Rules.describe` and the class docstring read it from."""
    return attrs.field(default=default, metadata={"doc": doc}, **kwargs)


SCORING_NAMES: Mapping[str, str] = types.MappingProxyType(
    {"list": "plain list (D-13)", "seeger_fabian": "Seeger-Fabian (D-14)"})
"""How each value of :attr:`Rules.scoring` is named on sheets and in reports."""


@attrs.frozen(repr=False)
class Rules:
    """Rule options.  The defaults are the ISkO; every combination is valid
    unless the rules forbid it (then :class:`~skatlib.SkatError`).  A flag
    given as anything but ``True``/``False``, or a text option given as
    anything but a ``str``, raises :class:`TypeError`.

    >>> Rules(kontra=True).kontra_requires_bid
    False
    """

    name: str = _option("custom", "A label for the preset or the table.")
    scoring: Literal["list", "seeger_fabian"] = _option(
        "list", "How a series is totalled: the plain list (D-13, default) or Seeger-Fabian "
        "(D-14, the tournament list).  A score sheet always shows both.",
        validator=_choice("list", "seeger_fabian"))
    kontra: bool = _option(
        False, "Kontra/Re may be said before the first card (D-15; house rule, default off).")
    kontra_requires_bid: bool = _option(
        False, "Only a defender who bid or held in the auction may say Kontra (D-15 option).")
    ramsch: bool = _option(
        False, "Play Ramsch when all three pass (D-17) instead of a passed-in deal (D-8).")
    ramsch_skat: Literal["last_trick", "most_points"] = _option(
        "last_trick", "Who gets the skat's points in Ramsch: the winner of the last trick "
        "(D-17 default) or the player with the most points.",
        validator=_choice("last_trick", "most_points"))
    ramsch_ties: Literal["all", "last_trick"] = _option(
        "all", "Tied Ramsch losers: every tied player loses (D-17 default) or only the one of "
        "them who took a trick last.", validator=_choice("all", "last_trick"))
    jungfrau: bool = _option(
        True, "Ramsch: each player who took no trick doubles the loss (D-17).")
    durchmarsch: bool = _option(
        True, "Ramsch: a player who takes every trick scores +120 (D-17).")
    schieberamsch: bool = _option(
        False, "Ramsch is Schieberamsch: each player in turn takes the skat and pushes two "
        "cards on, or passes it on unseen, which doubles the loss (D-17, R-15.4).")
    push_jacks: bool = _option(
        False, "Schieberamsch: jacks may be pushed (usually forbidden, R-15.4).")
    ramsch_grand_hand: bool = _option(
        False, "Schieberamsch: a player may declare grand hand instead of taking or pushing "
        "the skat (D-17 option, R-15.4).")
    bock: bool = _option(False, "Bock rounds after a trigger (D-16; house rule, default off).")
    bock_triggers: frozenset[str] = _option(
        frozenset({"lost_60", "kontra_re", "passed_in"}),
        "What starts a Bock round (D-16 defaults: lost 60:60, Kontra and Re, passed in).",
        converter=_to_frozenset, validator=_check_triggers)
    bock_ramsch_round: bool = _option(
        False, "A Ramsch round (every deal Ramsch) follows each Bock round (D-16 option).")
    concession: Literal["decided", "all_cards"] = _option(
        "decided", "How a game both defenders concede (or whose claim they accept) is scored "
        "(D-11, revised 2026-12): ``'decided'`` (ISkO 2022 4.4.3 with 4.1.5, default) wins it "
        "at the declared value plus only the schneider/schwarz the tricks already decide and "
        "the level needed to cover the bid; ``'all_cards'`` (the ISS convention) gives every "
        "unplayed card to the declarer, so schneider and schwarz follow from the cards.",
        validator=_choice("decided", "all_cards"))
    server_events: bool = _option(
        False, "Accept the ISS server's own events: time-outs and a player leaving (D-18).  "
        "Only the ``ISS`` preset enables it.")

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(Rules):  # types first (TypeError), then combinations
            value = getattr(self, field.name)
            if isinstance(field.default, bool) and not isinstance(value, bool):
                raise type_error(field.name, "True or False", value)
            if isinstance(field.default, str) and not isinstance(value, str):
                raise type_error(field.name, "a str", value)
        if self.schieberamsch and not self.ramsch:
            raise SkatError("schieberamsch=True needs ramsch=True (Schieberamsch is a way of "
                            "playing Ramsch, D-17)", Reason.BAD_RULES)
        if self.ramsch_grand_hand and not self.schieberamsch:
            raise SkatError("ramsch_grand_hand=True needs schieberamsch=True (grand hand is "
                            "declared instead of pushing the skat, R-15.4)", Reason.BAD_RULES)
        if self.push_jacks and not self.schieberamsch:
            raise SkatError("push_jacks=True needs schieberamsch=True", Reason.BAD_RULES)
        if self.kontra_requires_bid and not self.kontra:
            raise SkatError("kontra_requires_bid=True needs kontra=True", Reason.BAD_RULES)
        if self.bock_ramsch_round and not self.bock:
            raise SkatError("bock_ramsch_round=True needs bock=True", Reason.BAD_RULES)

    def __repr__(self) -> str:
        """The name, the scoring system (always: a series' totals depend on it) and the
        options that differ from the defaults; it evaluates back to equal rules.

        >>> Rules(kontra=True)
        Rules(name='custom', scoring='list', kontra=True)
        >>> ISKO
        Rules(name='ISKO', scoring='seeger_fabian')
        """
        parts = [f"name={self.name!r}", f"scoring={self.scoring!r}"]
        for field in attrs.fields(Rules):
            value = getattr(self, field.name)
            if field.name not in ("name", "scoring") and value != field.default:
                shown = sorted(value) if isinstance(value, frozenset) else value
                parts.append(f"{field.name}={shown!r}")
        return f"Rules({', '.join(parts)})"

    @property
    def scoring_name(self) -> str:
        """The scoring system in words, as sheets and reports name it.

        >>> Rules().scoring_name, ISKO.scoring_name
        ('plain list (D-13)', 'Seeger-Fabian (D-14)')
        """
        return SCORING_NAMES[self.scoring]

    def describe(self) -> list[tuple[str, object, str]]:
        """Every option as ``(name, value, its documentation)``, from the fields' metadata.

        >>> Rules().describe()[0]
        ('name', 'custom', 'A label for the preset or the table.')
        """
        return [(f.name, getattr(self, f.name), f.metadata["doc"]) for f in attrs.fields(Rules)]


def _options_doc() -> str:
    lines = ["", "", "    Options (name, default, meaning):", ""]
    for f in attrs.fields(Rules):
        default = sorted(f.default) if isinstance(f.default, frozenset) else f.default
        lines.append(f"    * ``{f.name}`` (default ``{default!r}``): {f.metadata['doc']}")
    return "\n".join(lines) + "\n"


Rules.__doc__ = (Rules.__doc__ or "").rstrip() + _options_doc()


ISKO = Rules(name="ISKO", scoring="seeger_fabian")
"""The official rules (ISkO, D-1..D-14), scored on the tournament list (Seeger-Fabian)."""

ISS = Rules(name="ISS", scoring="seeger_fabian", concession="all_cards", server_events=True)
"""The International Skat Server's conventions (D-18), for replaying its records: a
defenders' concession gives every unplayed card to the declarer (D-11)."""

PUB = Rules(name="PUB", kontra=True, ramsch=True, bock=True,
            bock_triggers=frozenset({"lost_60", "kontra_re", "ramsch"}))
"""A common pub table: plain list, Kontra/Re, Ramsch when all pass, Bock rounds
after a game lost 60:60, Kontra and Re, or a Ramsch."""

PRESETS: Mapping[str, Rules] = types.MappingProxyType({"isko": ISKO, "iss": ISS, "pub": PUB})
"""Presets by lower-case name (a read-only mapping: no caller can change them process-wide).

>>> PRESETS["pub"] = ISKO
Traceback (most recent call last):
...
TypeError: 'mappingproxy' object does not support item assignment
"""


def preset(name: str) -> Rules:
    """A preset by name (``'isko'``, ``'iss'``, ``'pub'``; case-insensitive).

    :raises TypeError: if ``name`` is not a ``str``.
    :raises SkatError: (``BAD_RULES``) for an unknown name.

    >>> preset("PUB").kontra
    True
    """
    try:
        return PRESETS[as_text(name, "name").lower()]
    except KeyError:
        raise SkatError(f"unknown rules preset {name!r}: choose from {sorted(PRESETS)}",
                        Reason.BAD_RULES) from None
