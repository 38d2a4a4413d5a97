"""Requests in JSON, read exactly: every value is checked against its field before the
protobuf parser sees it, so that nothing a caller wrote is read as something else (a typo'd
field or enum name as the field left unset, ``1.5`` as a variant, a string as an empty
message). The first value that does not fit is named by its path, as the caller wrote it.

The protobuf JSON mapping is followed: a field by its JSON or its proto name; an enum by
name or by number (one of its values); a 64-bit integer as a number or a decimal string; a
float as a number or "NaN", "Infinity", "-Infinity"; bytes as base64 text.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from typing import Any

from google.protobuf.descriptor import FieldDescriptor

from ..rules.errors import ECHO_LIMIT

_INTEGER_RANGES = {
    FieldDescriptor.TYPE_INT32: (-(2**31), 2**31 - 1), FieldDescriptor.TYPE_SINT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SFIXED32: (-(2**31), 2**31 - 1), FieldDescriptor.TYPE_UINT32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_FIXED32: (0, 2**32 - 1), FieldDescriptor.TYPE_INT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_SINT64: (-(2**63), 2**63 - 1), FieldDescriptor.TYPE_SFIXED64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_UINT64: (0, 2**64 - 1), FieldDescriptor.TYPE_FIXED64: (0, 2**64 - 1),
}
_FLOATS = (FieldDescriptor.TYPE_FLOAT, FieldDescriptor.TYPE_DOUBLE)
_SPECIAL_FLOATS = ("NaN", "Infinity", "-Infinity")
_INTEGER_TEXT = re.compile(r"-?[0-9]+")


class BadValue(ValueError):
    """What does not fit: ``field``, its path as the caller wrote it (cut short), and why."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}")
        self.field = field if len(field) <= ECHO_LIMIT else field[:ECHO_LIMIT] + "..."
        self.why = why


def check_message(document: object, descriptor: Any, path: str = "") -> None:
    """Raises :class:`BadValue` for the first value of ``document`` that does not fit the
    message ``descriptor`` describes (the whole request when ``path`` is empty)."""
    if not isinstance(document, dict):
        raise BadValue(path or "request", "must be an object")
    for key, value in document.items():
        where = f"{path}.{key}" if path else str(key)
        field = descriptor.fields_by_camelcase_name.get(key) or descriptor.fields_by_name.get(key)
        if field is None:
            raise BadValue(where, "is not a field of this message")
        if value is None:
            continue  # JSON null: the field's default, as the mapping says
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            _check_map(value, field, where)
        elif field.is_repeated:
            if not isinstance(value, list):
                raise BadValue(where, "must be a list")
            for index, item in enumerate(value):
                _check_value(item, field, f"{where}[{index}]")
        else:
            _check_value(value, field, where)


def _check_map(value: object, field: Any, where: str) -> None:
    if not isinstance(value, dict):
        raise BadValue(where, "must be an object")
    value_field = field.message_type.fields_by_name["value"]
    for key, item in value.items():
        _check_value(item, value_field, f"{where}.{key}")


def _check_value(value: object, field: Any, where: str) -> None:
    kind = field.type
    if field.message_type is not None:
        check_message(value, field.message_type, where)
    elif field.enum_type is not None:
        _check_enum(value, field, where)
    elif kind in _INTEGER_RANGES:
        _check_integer(value, kind, where)
    elif kind in _FLOATS:
        if isinstance(value, bool) or not (isinstance(value, int | float) or value in _SPECIAL_FLOATS):
            raise BadValue(where, "must be a number")
        if isinstance(value, float) and not math.isfinite(value):
            raise BadValue(where, "must be a finite number")
    elif kind == FieldDescriptor.TYPE_BOOL:
        if not isinstance(value, bool):
            raise BadValue(where, "must be true or false")
    elif kind == FieldDescriptor.TYPE_STRING:
        if not isinstance(value, str):
            raise BadValue(where, "must be a string")
    elif kind == FieldDescriptor.TYPE_BYTES:
        if not isinstance(value, str):
            raise BadValue(where, "must be base64 text")
        try:
            base64.b64decode(value + "=" * (-len(value) % 4), altchars=b"-_" if "-" in value or "_" in value else None,
                             validate=True)
        except (binascii.Error, ValueError):
            raise BadValue(where, "must be base64 text") from None


def _check_enum(value: object, field: Any, where: str) -> None:
    enum = field.enum_type
    if isinstance(value, str):
        if value not in enum.values_by_name:
            raise BadValue(where, f"is not a value of {enum.name}")
    elif isinstance(value, int) and not isinstance(value, bool):
        if value not in enum.values_by_number:
            raise BadValue(where, f"is not a value of {enum.name}")
    else:
        raise BadValue(where, f"must be a value of {enum.name}")


def _check_integer(value: object, kind: int, where: str) -> None:
    if isinstance(value, str) and _INTEGER_TEXT.fullmatch(value):
        number = int(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    else:
        raise BadValue(where, "must be an integer")
    low, high = _INTEGER_RANGES[kind]
    if not low <= number <= high:
        raise BadValue(where, f"must be an integer from {low} to {high}")
