"""The shape of a command's body (types, ranges, choices), checked without Django.

A command body is a frozen dataclass deriving from ``Body`` whose fields are
declared with ``given(kind, ...)``: the kind (``Int``, ``Text``, ``Choice`` ...)
reads one value of the request as JSON sent it.  ``Body.parse(data)`` checks
every field and raises ``CommandError`` naming the first bad one (dotted for
nested ones, ``boards.1.black``) with every bad field in ``errors``;
``to_payload()`` is the body as the event stores it.  The messages are the ones
the API has always answered (they were Django REST framework's).

The API documents the bodies with serializers built from these declarations
(``tournaments.api.bodies``); nothing here knows of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from datetime import date
from fractions import Fraction
from typing import Any, Protocol, Self

from .errors import CommandError, msg

MAX_POINTS = 100
# What Fraction reads, with an exponent of at most three digits (str() of a float uses one).
_POINTS_TEXT = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,3})?|[+-]?\d+/\d+")
_DECIMAL_TAIL = re.compile(r"\.0*\s*$")
BIRTH_DATE = r"^(19|20)[0-9]{2}(-[0-9]{2}-[0-9]{2})?$"
_LOOSE_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})$")
# Longer text than this is no integer anyone meant (int() of it is quadratic).
_MAX_INTEGER_TEXT = 1000
NON_FIELD = "non_field_errors"
_NULL = msg("This field may not be null.")
_MISMATCH = msg("This value does not match the required pattern.")


class Invalid(Exception):
    """A value (or a nested body) that does not fit: its messages, by field path
    relative to it ("" for the value itself)."""

    def __init__(self, errors: str | Mapping[str, Sequence[str]]) -> None:
        self.errors: dict[str, list[str]] = (
            {"": [errors]}
            if isinstance(errors, str)
            else {key: list(messages) for key, messages in errors.items()}
        )
        super().__init__(self.errors)

    def under(self, name: str) -> dict[str, list[str]]:
        return {f"{name}.{key}" if key else name: value for key, value in self.errors.items()}


class Kind(Protocol):
    """Reads one field's value as sent, or raises Invalid."""

    def parse(self, value: Any) -> Any: ...


@dataclass(frozen=True)
class Int:
    min: int | None = None
    max: int | None = None

    def parse(self, value: Any) -> int:
        if isinstance(value, str) and len(value) > _MAX_INTEGER_TEXT:
            raise Invalid(msg("String value too large."))
        try:
            number = int(_DECIMAL_TAIL.sub("", str(value)))
        except ValueError:
            raise Invalid(msg("A valid integer is required.")) from None
        if self.max is not None and number > self.max:
            raise Invalid(msg("Ensure this value is less than or equal to %(max)s.", max=self.max))
        if self.min is not None and number < self.min:
            raise Invalid(
                msg("Ensure this value is greater than or equal to %(min)s.", min=self.min)
            )
        return number


@dataclass(frozen=True)
class Text:
    """A string, trimmed; ``pattern`` a regular expression it must match."""

    max_length: int | None = None
    blank: bool = False
    pattern: str | None = None

    def parse(self, value: Any) -> str:
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise Invalid(_MISMATCH if self.pattern else msg("Not a valid string."))
        text = str(value).strip()
        if not text:
            if self.blank:
                return ""
            raise Invalid(msg("This field may not be blank."))
        messages = []
        if self.max_length is not None and len(text) > self.max_length:
            messages.append(
                msg(
                    "Ensure this field has no more than %(max_length)s characters.",
                    max_length=self.max_length,
                )
            )
        if self.pattern is not None and not re.search(self.pattern, text):
            messages.append(_MISMATCH)
        if messages:
            raise Invalid({"": messages})
        return text


@dataclass(frozen=True)
class Choice:
    choices: tuple[str, ...]
    blank: bool = False

    def parse(self, value: Any) -> str:
        if value == "" and self.blank:
            return ""
        if isinstance(value, str | int | float) and str(value) in self.choices:
            return str(value)
        raise Invalid(msg('"%(value)s" is not a valid choice.', value=value))


_TRUE = {"t", "y", "yes", "true", "on", "1"}
_FALSE = {"f", "n", "no", "false", "off", "0"}


@dataclass(frozen=True)
class Bool:
    def parse(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise Invalid(msg("Must be a valid boolean."))


@dataclass(frozen=True)
class Nullable:
    """``kind`` or null (an empty board, an unknown date, the default minimum of games)."""

    kind: Kind

    def parse(self, value: Any) -> Any:
        return None if value is None else self.kind.parse(value)


@dataclass(frozen=True)
class Date:
    """A date as ISO text (2024-05-31)."""

    def parse(self, value: Any) -> str:
        if isinstance(value, str):
            try:
                return date.fromisoformat(value).isoformat()
            except ValueError:
                if found := _LOOSE_DATE.match(value):
                    try:
                        return date(*map(int, found.groups())).isoformat()
                    except ValueError:
                        pass
        raise Invalid(msg("Date has wrong format. Use one of these formats instead: YYYY-MM-DD."))


@dataclass(frozen=True)
class BirthDate:
    """A year (1990) or a date (1990-05-31), as ISO text; blank allowed."""

    def parse(self, value: Any) -> str:
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise Invalid(_MISMATCH)
        text = str(value).strip()
        if len(text) > 4:
            try:
                date.fromisoformat(text)
            except ValueError:
                raise Invalid(msg("%(text)s is not a date", text=text)) from None
        if text and not re.search(BIRTH_DATE, text):
            raise Invalid(_MISMATCH)
        return text


@dataclass(frozen=True)
class Points:
    """Points as an exact fraction: 1, 0.5, "1/2" or "3"; stored as a string like "1/2"."""

    def parse(self, value: Any) -> str:
        invalid = msg('Expected points such as 1, 0.5 or "1/2".')
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise Invalid(invalid)
        text = str(value).strip()
        # Fraction("1e999999999") would spend minutes building the number.
        if not _POINTS_TEXT.fullmatch(text):
            raise Invalid(invalid)
        try:
            points = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise Invalid(invalid) from None
        if points < 0:
            raise Invalid(msg("Points cannot be negative."))
        if points > MAX_POINTS:
            raise Invalid(msg("Points cannot exceed %(max)s.", max=MAX_POINTS))
        return str(points)


@dataclass(frozen=True)
class Items:
    """A list of ``child`` values (``min_length`` to ``max_length`` of them); a bad
    item is named by its index."""

    child: Kind
    max_length: int | None = None
    min_length: int | None = None

    def parse(self, value: Any) -> list[Any]:
        if isinstance(value, str | Mapping) or not isinstance(value, list | tuple):
            raise Invalid(
                msg('Expected a list of items but got type "%(type)s".', type=type(value).__name__)
            )
        items, errors = [], {}
        for index, item in enumerate(value):
            try:
                if item is None and not isinstance(self.child, Nullable):
                    raise Invalid(_NULL)
                items.append(self.child.parse(item))
            except Invalid as exc:
                errors.update(exc.under(str(index)))
        if errors:
            raise Invalid(errors)
        if self.max_length is not None and len(items) > self.max_length:
            raise Invalid(
                msg(
                    "Ensure this field has no more than %(max_length)s elements.",
                    max_length=self.max_length,
                )
            )
        if self.min_length is not None and len(items) < self.min_length:
            raise Invalid(
                msg(
                    "Ensure this field has at least %(min_length)s elements.",
                    min_length=self.min_length,
                )
            )
        return items


@dataclass(frozen=True)
class Nested:
    """A body inside a body (the tournament's scoring, a board of a pairing)."""

    body: type[Body]

    def parse(self, value: Any) -> Body:
        try:
            return self.body.parse(value)
        except CommandError as exc:
            raise Invalid(exc.errors) from None


@dataclass(frozen=True)
class Object:
    """A JSON object, its values checked by the command itself (settings changes)."""

    def parse(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise Invalid(
                msg(
                    'Expected a dictionary of items but got type "%(type)s".',
                    type=type(value).__name__,
                )
            )
        return dict(value)


@dataclass(frozen=True)
class Json:
    """Any JSON value, checked by the command itself (a prize list)."""

    def parse(self, value: Any) -> Any:
        return value


def given(
    kind: Kind,
    *,
    default: Any = MISSING,
    default_factory: Callable[[], Any] | None = None,
    optional: bool = False,
    help: str = "",
) -> Any:
    """A body's field: required unless it has a default or is ``optional`` (then
    left out of the payload when not sent)."""
    metadata = {"kind": kind, "help": help}
    if default_factory is not None:
        return field(default_factory=default_factory, metadata=metadata)
    if optional:
        return field(default=None, metadata=metadata)
    return field(default=default, metadata=metadata)


@dataclass(frozen=True)
class Spec:
    """A field of a body as a reader sees it (the API documents it from this)."""

    name: str
    kind: Kind
    required: bool
    default: Any
    help: str


_SPECS: dict[type[Body], tuple[Spec, ...]] = {}


def specs(body: type[Body]) -> tuple[Spec, ...]:
    """The fields of ``body`` in order (a base class's first)."""
    if body in _SPECS:
        return _SPECS[body]
    declared = []
    for item in fields(body):
        if item.default_factory is not MISSING:
            default: Any = item.default_factory
        else:
            default = item.default
        required = item.default is MISSING and item.default_factory is MISSING
        declared.append(
            Spec(item.name, item.metadata["kind"], required, default, item.metadata["help"])
        )
    _SPECS[body] = tuple(declared)
    return _SPECS[body]


@dataclass(frozen=True, kw_only=True)
class Body:
    """A command's body; subclasses are frozen keyword-only dataclasses of ``given`` fields."""

    @classmethod
    def parse(cls, data: Any) -> Self:
        """The body ``data`` makes, or CommandError naming every bad field."""
        if data is None:
            raise CommandError(NON_FIELD, _NULL)
        if not isinstance(data, Mapping):
            message = msg(
                "Invalid data. Expected a dictionary, but got %(type)s.", type=type(data).__name__
            )
            raise CommandError(NON_FIELD, message)
        values: dict[str, Any] = {}
        errors: dict[str, list[str]] = {}
        for spec in specs(cls):
            if spec.name not in data:
                if spec.required:
                    errors[spec.name] = [msg("This field is required.")]
                continue
            value = data[spec.name]
            try:
                if value is None and not isinstance(spec.kind, Nullable):
                    raise Invalid(_NULL)
                values[spec.name] = spec.kind.parse(value)
            except Invalid as exc:
                errors.update(exc.under(spec.name))
        try:
            if errors:
                raise Invalid(errors)
            return cls(**cls.completed(values))
        except Invalid as exc:
            flat = {key or NON_FIELD: messages for key, messages in exc.errors.items()}
            first, messages = next(iter(flat.items()))
            raise CommandError(first, messages[0], flat) from None

    @classmethod
    def completed(cls, values: dict[str, Any]) -> dict[str, Any]:
        """The fields read, checked against each other and completed (a default
        that depends on another field); raise Invalid({field: [message]})."""
        return values

    def to_payload(self) -> dict[str, Any]:
        """The body as JSON, fields not sent and without a default left out."""
        return {
            spec.name: _plain(value)
            for spec in specs(type(self))
            if (value := getattr(self, spec.name)) is not None
        }


def _plain(value: Any) -> Any:
    if isinstance(value, Body):
        return value.to_payload()
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def field_names(body: type[Body]) -> tuple[str, ...]:
    return tuple(spec.name for spec in specs(body))
