"""Game types and contracts (what the declarer announces).

>>> Contract.parse("CHS")
Contract.parse('CHS')
>>> Contract.parse("CHS").name
'Clubs Hand Schneider announced'
>>> c = Contract(GameType.GRAND, ouvert=True)
>>> c.hand, c.schneider, c.schwarz, str(c)
(True, True, True, 'GO')
"""

from __future__ import annotations

import enum
import operator

import attrs

from . import _tables as T
from .errors import InvalidContractError, NotationError, Reason, type_error

__all__ = ["GameType", "Contract"]


class GameType(enum.IntEnum):
    """The kinds of game (ISkO 2.1).  Suit games share their value with :class:`.Suit`.

    ``RAMSCH`` is the house-rule game played when everybody passes (D-17); it is
    never declared.
    """

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3
    GRAND = 4
    NULL = 5
    RAMSCH = 6

    @property
    def is_suit(self) -> bool:
        """True for diamonds, hearts, spades and clubs."""
        return self <= 3

    @property
    def has_trumps(self) -> bool:
        """True for every game type but null."""
        return self != GameType.NULL

    @property
    def base_value(self) -> int:
        """Base value (ISkO 5.1): D 9, H 10, S 11, C 12, grand 24, null 23 (plain)."""
        return T.BASE_VALUES[self]

    @property
    def letter(self) -> str:
        """The ISS letter: D H S C G N (R for ramsch)."""
        return "DHSCGNR"[self]

    @property
    def title(self) -> str:
        """English name, e.g. ``'Clubs'``."""
        return ("Diamonds", "Hearts", "Spades", "Clubs", "Grand", "Null", "Ramsch")[self]

    def __repr__(self) -> str:
        return f"GameType.{self.name}"

    def __str__(self) -> str:
        return self.title


def game_type_index(game_type: object, name: str = "game_type") -> int:
    """Check a game type given to a public function: a :class:`GameType` or an
    integer 0..6 (anything :func:`operator.index` accepts, e.g. a NumPy integer).
    The one boundary check of game types; the raw-int twins skip it.

    :raises TypeError: for a bool or a non-integer, naming the parameter.
    :raises InvalidContractError: for an integer outside 0..6.

    >>> game_type_index(GameType.NULL), game_type_index(4)
    (5, 4)
    >>> game_type_index(-1)
    Traceback (most recent call last):
    ...
    skatlib.errors.InvalidContractError: game_type -1 is not a game type: use ...
    """
    # hasattr, not isinstance(SupportsIndex): a runtime Protocol check costs ~15 us
    if isinstance(game_type, bool) or not hasattr(type(game_type), "__index__"):
        raise type_error(name, "a GameType or an int 0..6", game_type)
    gt = operator.index(game_type)  # type: ignore[arg-type]
    if not 0 <= gt < T.N_GAME_TYPES:
        raise InvalidContractError(
            f"{name} {game_type!r} is not a game type: use GameType.DIAMONDS (0) .. "
            "GameType.RAMSCH (6)", Reason.UNKNOWN_CONTRACT)
    return int(gt)


@attrs.frozen(init=False, repr=False)
class Contract:
    """A declared game: type plus hand, schneider/schwarz announced and ouvert.

    Implied flags are filled in: schwarz announced implies schneider announced,
    an announcement implies hand, and suit/grand ouvert implies hand, schneider
    and schwarz (ISkO 5.2.5-5.2.6).  A flag given explicitly that contradicts
    them is an error, as are announcements in null (which takes only hand and
    ouvert).

    :raises InvalidContractError: for a combination the rules forbid.

    >>> Contract(GameType.CLUBS, hand=True, schwarz=True)
    Contract.parse('CHZ')
    >>> Contract(GameType.NULL, hand=True, ouvert=True).value
    59
    >>> Contract(GameType.CLUBS, hand=False, schneider=True)
    Traceback (most recent call last):
    ...
    skatlib.errors.InvalidContractError: schneider can only be announced in a hand game ...
    """

    game_type: GameType
    """The game type."""
    hand: bool
    """Played without picking up the skat."""
    schneider: bool
    """Schneider announced (suit/grand hand games only)."""
    schwarz: bool
    """Schwarz announced (suit/grand hand games only; implies schneider)."""
    ouvert: bool
    """Played open (suit/grand: implies hand, schneider, schwarz)."""

    def __init__(
        self,
        game_type: GameType | int,
        *,
        hand: bool | None = None,
        schneider: bool | None = None,
        schwarz: bool | None = None,
        ouvert: bool = False,
    ) -> None:
        if isinstance(game_type, bool) or not hasattr(type(game_type), "__index__"):
            raise type_error("game_type", "a GameType (DIAMONDS..NULL)", game_type)
        index = operator.index(game_type)  # np.int64 etc. too
        if not 0 <= index < T.N_GAME_TYPES:
            raise InvalidContractError(
                f"unknown game type {game_type!r}: use a GameType (DIAMONDS..NULL)"
            )
        gt = GameType(index)
        if gt == GameType.RAMSCH:
            raise InvalidContractError("ramsch is not declared; it is played when all pass (D-17)")
        for name, flag in (("hand", hand), ("schneider", schneider), ("schwarz", schwarz),
                           ("ouvert", ouvert)):
            if flag is not None and not isinstance(flag, bool):
                raise type_error(name, "True or False (or None)", flag)
        if gt == GameType.NULL:
            if schneider or schwarz:
                raise InvalidContractError(
                    "null takes no schneider or schwarz announcement (ISkO 5.2.5); "
                    "it may only be hand and/or ouvert"
                )
            self.__attrs_init__(gt, bool(hand), False, False, bool(ouvert))
            return
        if ouvert:
            for name, flag in (("hand", hand), ("schneider", schneider), ("schwarz", schwarz)):
                if flag is False:
                    raise InvalidContractError(
                        f"{gt.title.lower()} ouvert implies {name} (ISkO 5.2.6): "
                        f"leave {name} out or set it True"
                    )
            self.__attrs_init__(gt, True, True, True, True)
            return
        if schwarz:
            if schneider is False:
                raise InvalidContractError(
                    "schwarz announced implies schneider announced (ISkO 5.2.5): "
                    "leave schneider out or set it True"
                )
            schneider = True
        if schneider:
            if hand is False:
                what = "schwarz" if schwarz else "schneider"
                raise InvalidContractError(
                    f"{what} can only be announced in a hand game (ISkO 5.2.5): use hand=True"
                )
            hand = True
        self.__attrs_init__(gt, bool(hand), bool(schneider), bool(schwarz), False)

    @property
    def base_value(self) -> int:
        """Base value (suit/grand) or the fixed value (null: 23/35/46/59)."""
        if self.game_type == GameType.NULL:
            return T.null_value(self.hand, self.ouvert)
        return T.BASE_VALUES[self.game_type]

    @property
    def is_null(self) -> bool:
        """True for the null variants."""
        return self.game_type == GameType.NULL

    @property
    def value(self) -> int | None:
        """The fixed value of a null contract, ``None`` for suit and grand."""
        return self.base_value if self.is_null else None

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Parse ISS notation: a letter G C S H D N plus modifiers H (hand),
        S (schneider announced), Z (schwarz announced), O (ouvert), in any order.

        :raises NotationError: on unknown letters or repeated modifiers.
        :raises InvalidContractError: on a forbidden combination (``'NS'``, ``'CO'``
            with a contradiction is impossible by construction).

        >>> Contract.parse("G"), Contract.parse("NOH"), Contract.parse("NHO")
        (Contract.parse('G'), Contract.parse('NOH'), Contract.parse('NOH'))
        """
        if not isinstance(text, str) or not text.strip():
            raise NotationError(
                f"empty or non-text contract {text!r}: expected e.g. 'G', 'CH', 'NO'",
                Reason.UNKNOWN_CONTRACT,
            )
        if not text.isascii():
            raise NotationError(
                f"unknown contract {text!r}: use the ASCII letters G C S H D N and H S Z O",
                Reason.UNKNOWN_CONTRACT,
            )
        t = text.strip().upper()
        letters = {"D": 0, "H": 1, "S": 2, "C": 3, "G": 4, "N": 5}
        if t[0] not in letters:
            raise NotationError(
                f"unknown contract {text!r}: it must start with one of G C S H D N",
                Reason.UNKNOWN_CONTRACT,
            )
        mods = t[1:]
        if any(m not in "HSZO" for m in mods) or len(set(mods)) != len(mods):
            raise NotationError(
                f"unknown contract {text!r}: modifiers are H (hand), S (schneider), "
                "Z (schwarz), O (ouvert), each at most once",
                Reason.UNKNOWN_CONTRACT,
            )
        gt = GameType(letters[t[0]])
        return cls(
            gt,
            hand=True if "H" in mods else None,
            schneider=True if "S" in mods else None,
            schwarz=True if "Z" in mods else None,
            ouvert="O" in mods,
        )

    def __str__(self) -> str:
        letter = self.game_type.letter
        if self.is_null:
            return letter + ("O" if self.ouvert else "") + ("H" if self.hand else "")
        if self.ouvert:
            return letter + "O"
        if not self.hand:
            return letter
        return letter + "H" + ("Z" if self.schwarz else "S" if self.schneider else "")

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    @property
    def name(self) -> str:
        """English name, e.g. ``'Clubs Hand Schneider announced'`` or ``'Null Ouvert Hand'``.

        >>> Contract.parse("GO").name, Contract.parse("N").name
        ('Grand Ouvert', 'Null')
        """
        return " ".join(self.name_words())

    def name_words(self) -> tuple[str, ...]:
        """The words of :attr:`name`: the game type's title, then the modifiers
        (what :func:`skatlib.i18n.contract_name` translates word by word).

        >>> Contract.parse("CHS").name_words()
        ('Clubs', 'Hand', 'Schneider announced')
        """
        words = [self.game_type.title]
        if self.is_null:
            if self.ouvert:
                words.append("Ouvert")
            if self.hand:
                words.append("Hand")
            return tuple(words)
        if self.ouvert:
            words.append("Ouvert")
            return tuple(words)
        if self.hand:
            words.append("Hand")
        if self.schwarz:
            words.append("Schwarz announced")
        elif self.schneider:
            words.append("Schneider announced")
        return tuple(words)

    @classmethod
    def all(cls, *, hand: bool | None = None) -> tuple[Contract, ...]:
        """Every distinct contract (29 in all), optionally only hand or only
        non-hand ones.

        >>> len(Contract.all()), len(Contract.all(hand=True)), len(Contract.all(hand=False))
        (29, 22, 7)
        """
        out: list[Contract] = []
        for gt in (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS,
                   GameType.GRAND):
            out.append(cls(gt))
            out.append(cls(gt, hand=True))
            out.append(cls(gt, hand=True, schneider=True))
            out.append(cls(gt, hand=True, schwarz=True))
            out.append(cls(gt, ouvert=True))
        for h in (False, True):
            for o in (False, True):
                out.append(cls(GameType.NULL, hand=h, ouvert=o))
        if hand is not None:
            out = [c for c in out if c.hand == hand]
        return tuple(out)
