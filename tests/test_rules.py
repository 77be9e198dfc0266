"""Rule options (D-13..D-18): read-only presets, documentation from field metadata, types."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from skatlib import ISKO, PRESETS, PUB, Reason, Rules, SkatError, preset


def test_presets_cannot_be_changed_process_wide() -> None:
    with pytest.raises(TypeError):
        PRESETS["pub"] = ISKO  # type: ignore[index]
    with pytest.raises(TypeError):
        del PRESETS["pub"]  # type: ignore[attr-defined]
    assert preset("pub") is PUB and dict(PRESETS) == {"isko": ISKO, "iss": PRESETS["iss"],
                                                     "pub": PUB}


def test_describe_reads_every_options_documentation_from_field_metadata() -> None:
    described = Rules().describe()
    assert [name for name, _, _ in described] == [f.name for f in attrs.fields(Rules)]
    fields: tuple[Any, ...] = attrs.fields(Rules)
    for (name, value, doc), field in zip(described, fields, strict=True):
        assert doc == field.metadata["doc"] and doc.strip() and value == field.default
        assert f"``{name}``" in (Rules.__doc__ or "")  # the class docs list every option


@pytest.mark.parametrize("option", ["kontra", "ramsch", "jungfrau", "server_events"])
@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_rules_flags_must_be_bools_d15_d17(option: str, value: object) -> None:
    with pytest.raises(TypeError, match=rf"^{option} must be True or False"):
        Rules(**{option: value})  # type: ignore[arg-type]


def test_rules_text_options_must_be_str_and_known() -> None:
    with pytest.raises(TypeError, match=r"^scoring must be a str"):
        Rules(scoring=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^name must be a str"):
        Rules(name=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^bock_triggers must be"):
        Rules(bock_triggers=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^bock_triggers must be"):
        Rules(bock_triggers=["lost_60", 7])  # type: ignore[arg-type]
    with pytest.raises(SkatError) as exc:
        Rules(scoring="nope")  # type: ignore[arg-type]
    assert exc.value.reason == Reason.BAD_RULES


def test_preset_name_must_be_text() -> None:
    with pytest.raises(TypeError, match=r"^name must be str"):
        preset(5)  # type: ignore[arg-type]
    with pytest.raises(SkatError) as exc:
        preset("casino")
    assert exc.value.reason == Reason.BAD_RULES


def test_describe_needs_neither_source_nor_docstrings() -> None:
    """The option docs are data (field metadata): ``python -OO`` strips docstrings and
    ``Rules.describe()`` still gives every option's text, with no source read at import."""
    import subprocess
    import sys

    code = ("import sys, linecache; linecache.getlines = None; import skatlib.rules as r; "
            "assert r.Rules.__doc__ is None or 'Options' in r.Rules.__doc__; "
            "print(len(r.Rules().describe()), all(d for _, _, d in r.Rules().describe()))")
    out = subprocess.run([sys.executable, "-OO", "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == [str(len(attrs.fields(Rules))), "True"]
