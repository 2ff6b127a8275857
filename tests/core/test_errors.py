"""The data an error carries (issue 24 made building one cheaper: the same data either way).

An error's message, the inputs it names (``names``, placeholders like ``{ally}``), the pattern
it is worded again from, and an :class:`InvalidValue`'s input, value and accepted values, for
each form a caller gives them in: a message naming no input (most refusals of a move), one
naming inputs, a message made from the data, accepted values as one phrase, a list, a
generator or nothing.
"""

from __future__ import annotations

import pytest

from ironsworn.errors import (
    InvalidValue,
    IronswornError,
    NotFound,
    OptionNeeded,
    RuleViolation,
)


def test_a_message_naming_no_input_is_its_own_pattern_free_text() -> None:
    for error in (
        IronswornError("Kai has no active vow track: create one first"),
        RuleViolation("Kai has no active vow track: create one first"),
        InvalidValue("Kai has no active vow track: create one first"),
    ):
        assert str(error) == "Kai has no active vow track: create one first"
        assert error.args == ("Kai has no active vow track: create one first",)
        assert error.names == () and error.pattern == ""
        assert error.worded(lambda name: f"--{name}") == str(error)
        assert error.data() == {}


def test_the_inputs_a_message_names_are_placeholders_in_any_form_given() -> None:
    for names in (("ally",), ["ally"], (n for n in ["ally"])):
        error = IronswornError("aid whom? name one ({ally})", names=names)
        assert str(error) == "aid whom? name one (ally)"
        assert error.names == ("ally",) and error.pattern == "aid whom? name one ({ally})"
        assert error.worded(lambda name: f"--{name}") == "aid whom? name one (--ally)"
        assert error.data() == {"inputs": ["ally"]}
    empty = IronswornError("no input {here}", names=(n for n in ()))
    assert empty.names == () and empty.pattern == "" and str(empty) == "no input {here}"
    # Extra arguments are kept as Exception keeps them.
    assert IronswornError("a", 1, 2).args == ("a", 1, 2)


def test_an_invalid_value_carries_its_input_value_and_accepted_values() -> None:
    error = InvalidValue(input="amount", value=99, accepted="0 to 10")
    assert str(error) == "amount 99 is not accepted (accepted: 0 to 10)"
    assert error.template and error.accepted == ("0 to 10",)
    assert error.worded("--amount") == "--amount 99 is not accepted (accepted: 0 to 10)"
    assert error.data() == {
        "inputs": ["amount"],
        "input": "amount",
        "value": 99,
        "accepted": ["0 to 10"],
    }
    for accepted, kept in (
        ((), ()),
        ([], ()),
        ("", ("",)),
        (["iron", "edge"], ("iron", "edge")),
        ((s for s in ("iron", 3)), ("iron", "3")),
    ):
        assert InvalidValue("bad stat", input="stat", accepted=accepted).accepted == kept
    plain = InvalidValue("bad stat", input="stat", value="luck")
    assert plain.names == () and not plain.template and str(plain) == "bad stat"
    named = InvalidValue("{stat} 'luck' is not a stat", input="stat", names=["stat", "who"])
    assert named.names == ("stat", "who") and str(named) == "stat 'luck' is not a stat"
    added = InvalidValue("{who} rolls {stat}", input="stat", names=("who",))
    assert added.names == ("who", "stat") and added.pattern == "{who} rolls {stat}"


def test_a_needed_option_and_a_name_found_nowhere_keep_their_data() -> None:
    needed = OptionNeeded("Face Danger: which stat?", "stat", (("edge", "+edge 3"),))
    assert str(needed) == "Face Danger: which stat?" and needed.accepted == ("edge",)
    assert needed.data() == {"input": "stat", "value": None, "accepted": ["edge"]}
    missing = NotFound("character 'Kia' is unknown", ("Kai",))
    assert str(missing) == "character 'Kia' is unknown" and missing.candidates == ("Kai",)
    with pytest.raises(ValueError):
        raise InvalidValue("a value error too")
