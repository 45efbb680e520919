"""The commands' request bodies as DRF serializers, built from their typed
declarations (``tournaments.domain.bodies``) for the API's schema.

The domain checks the bodies (``Body.parse``); these serializers document them
and read a folded tournament's settings back out.  One source: a field added to
a body shows in the schema.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.domain import shapes
from tournaments.domain.shapes import Body, Kind, Spec, specs


@extend_schema_field(OpenApiTypes.STR)
class PointsField(serializers.Field):
    """Points as an exact fraction: 1, 0.5, "1/2" or "3"; stored as a string like "1/2"."""

    def to_internal_value(self, data: Any) -> str:
        try:
            return shapes.Points().parse(data)
        except shapes.Invalid as exc:
            raise serializers.ValidationError(exc.errors[""]) from None

    def to_representation(self, value: Any) -> str:
        return str(value)


def _field(kind: Kind, **options: Any) -> serializers.Field:
    """The DRF field documenting one ``kind``."""
    if isinstance(kind, shapes.Int):
        return serializers.IntegerField(min_value=kind.min, max_value=kind.max, **options)
    if isinstance(kind, shapes.Text):
        if kind.pattern is not None:
            return serializers.RegexField(
                kind.pattern, max_length=kind.max_length, allow_blank=kind.blank, **options
            )
        return serializers.CharField(max_length=kind.max_length, allow_blank=kind.blank, **options)
    if isinstance(kind, shapes.Choice):
        return serializers.ChoiceField(choices=kind.choices, allow_blank=kind.blank, **options)
    if isinstance(kind, shapes.Bool):
        return serializers.BooleanField(**options)
    if isinstance(kind, shapes.Date):
        return serializers.DateField(**options)
    if isinstance(kind, shapes.BirthDate):
        return serializers.RegexField(shapes.BIRTH_DATE, allow_blank=True, **options)
    if isinstance(kind, shapes.Points):
        return PointsField(**options)
    if isinstance(kind, shapes.Nullable):
        return _field(kind.kind, allow_null=True, **options)
    if isinstance(kind, shapes.Items):
        return serializers.ListField(
            child=_field(kind.child),
            max_length=kind.max_length,
            min_length=kind.min_length,
            **options,
        )
    if isinstance(kind, shapes.Nested):
        return serializer_for(kind.body)(**options)
    if isinstance(kind, shapes.Object):
        return serializers.DictField(**options)
    assert isinstance(kind, shapes.Json), kind
    return serializers.JSONField(**options)


def _documented(spec: Spec) -> serializers.Field:
    options: dict[str, Any] = {"help_text": spec.help} if spec.help else {}
    if not spec.required:
        options["required"] = False
        if spec.default is not None:
            options["default"] = spec.default
    return _field(spec.kind, **options)


_SERIALIZERS: dict[type[Body], type[serializers.Serializer]] = {}


def serializer_for(body: type[Body]) -> type[serializers.Serializer]:
    """The serializer documenting ``body`` (one per body: the schema names it)."""
    if body not in _SERIALIZERS:
        fields = {spec.name: _documented(spec) for spec in specs(body)}
        # A body without a docstring has the one dataclass writes: its signature.
        written = body.__doc__ and not body.__doc__.startswith(f"{body.__name__}(")
        doc = {"__doc__": body.__doc__} if written else {}
        _SERIALIZERS[body] = type(
            body.__name__, (serializers.Serializer,), {**fields, **doc, "__module__": __name__}
        )
    return _SERIALIZERS[body]
