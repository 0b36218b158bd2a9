"""The engine's exceptions: one tree, each class with a stable code.

Pages, mails and the API quote `code`; the message says who, what and why.
"""

import reprlib

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxlong = _SHORT.maxother = 60


def shown(value):
    """`repr(value)` cut short with an ellipsis: how a message quotes a value it was given, however long or deep."""
    return _SHORT.repr(value)


class EngineError(ValueError):
    """Anything the engine refuses."""

    code = "engine_error"

    def __init__(self, message, seat=None):
        super().__init__(message)
        self.seat = seat


class NotationError(EngineError):
    """Text that is not a card or move in the notation."""

    code = "bad_notation"


class RecordError(EngineError):
    """A record or event that is malformed: bad JSON, fields, order or type."""

    code = "bad_record"


class OptionError(RecordError):
    """An unknown option or a value the option does not take."""

    code = "bad_option"


class DealError(RecordError):
    """A deal event whose pack is not the game's pack, or a deal out of turn."""

    code = "bad_deal"


class IllegalMoveError(EngineError):
    """A well-formed move that the rules forbid in this position."""

    code = "illegal_move"


class OutOfTurnError(IllegalMoveError):
    """A move by a seat that is not to move, or while no move is awaited."""

    code = "not_your_turn"
