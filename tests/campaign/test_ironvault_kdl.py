"""Our KDL reader and writer (campaign/ironvault/kdl.py) against kdl-py, a KDL parser that is
not ours: the node forms Iron Vault's spec documents read the same, and text that is not KDL
is refused with the line it stopped at."""

from __future__ import annotations

from typing import Any

import kdl
import pytest

from ironsworn.campaign.ironvault.kdl import KdlError, Node, format_nodes, parse

# Node forms of Iron Vault's mechanics spec (docs/Blocks/Mechanics Blocks.md), in our words.
DOCUMENTS = [
    'move "[Face Danger](datasworn:move:classic/adventure/face_danger)" {\n'
    '    add 2 "Bond with [[Ash]]"\n'
    '    roll "edge" action=3 stat=2 adds=1 vs1=3 vs2=7\n'
    "    reroll action=6 vs1=5\n"
    "    burn from=8 to=2\n"
    '    - "pressing on"\n'
    "}\n",
    'roll "wits" 4 2 0 9 1 // <statname> <action> <stat> <adds> <vs1> <vs2>\n',
    'progress "[[Progress/A vow]]" from-boxes=3 from-ticks=2 rank="formidable" steps=2\n'
    'track "Quests" from=12 to=18\ntrack name="[[Progress/A vow]]" status="completed"\n',
    'xp 1 3\nclock "Doom" from=3 to=5 out-of=6\nimpact "Permanently Harmed" true\n',
    'oracle "[Given Name](oracle:x)" roll=34 result="Esana" {\n  oracle "Other" 2 "foo"\n}\n'
    'oracle-group "Names" /* a comment */ {\n  oracle "A" roll=30 result="Eren"\n}\n',
    'initiative "has initiative" "no initiative"\n'
    'position from="in a bad spot" to="out of combat"\n',
    'actor name="[[Characters/Kai|Kai]]" {\n  meter "health" from=3 to=2; meter "spirit" 4 5\n}\n',
    '- "one"\n/- - "dropped"\n- r#"raw "quoted" text"#\n- "a\\nline"\n',
    'dice-expr expr="3d6 - 1" result=8 {\n    rolls 1 2 6 dice="3d6"\n}\n',
    "n 0x1f -0.5 1e3 +7 null false\nn \\\n  continued=1\n",
]


def _theirs(nodes: Any) -> list[Any]:
    def value(v: Any) -> Any:
        return int(v) if isinstance(v, float) and v.is_integer() else v

    return [
        (
            n.name,
            tuple(value(a) for a in n.args),
            tuple((k, value(v)) for k, v in n.props.items()),
            tuple(_theirs(n.nodes)),
        )
        for n in nodes
    ]


def _ours(nodes: Any) -> list[Any]:
    def value(v: Any) -> Any:
        return int(v) if isinstance(v, float) and v.is_integer() else v

    return [
        (
            n.name,
            tuple(value(a) for a in n.args),
            tuple((k, value(v)) for k, v in n.props),
            tuple(_ours(n.children)),
        )
        for n in nodes
    ]


@pytest.mark.parametrize("text", DOCUMENTS)
def test_the_spec_node_forms_read_as_kdl_py_reads_them(text: str) -> None:
    assert _ours(parse(text)) == _theirs(kdl.parse(text).nodes)


@pytest.mark.parametrize("text", DOCUMENTS)
def test_what_we_write_reads_back_the_same_in_both_parsers(text: str) -> None:
    written = format_nodes(parse(text))
    assert _ours(parse(written)) == _ours(parse(text))
    assert _theirs(kdl.parse(written).nodes) == _ours(parse(text))


def test_a_node_reads_its_arguments_as_properties_or_by_order() -> None:
    by_order, by_name = parse('roll "edge" 3 2 1 4 9\nroll action=3 stat=2 adds=1 vs1=4 vs2=9')
    assert by_order.value("action", 1) == by_name.value("action", 0) == 3
    assert by_name.prop("vs2") == 9 and by_name.prop("missing", "none") == "none"
    assert parse("a #true #null")[0].args == (True, None)  # KDL v2's keywords


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('move "Face Danger {\n  roll action=1\n', "line 3"),
        ('move "x" {\n  roll action=1\n', "line 3"),
        ('a "bad \\q escape"', "line 1"),
        ("a b=", "line 1"),
        ("roll action=3 stat=2\n}\n", "line 2"),
        ("a /* open comment", "line 1"),
        ("a 1 {\n} 2", "line 2"),
        ("true 1", "line 1"),
    ],
)
def test_text_that_is_not_kdl_is_refused_with_its_line(text: str, line: str) -> None:
    with pytest.raises(KdlError, match=line):
        parse(text)


def test_names_and_values_that_need_quotes_get_them() -> None:
    text = format_nodes(
        [Node("my node", ("true", "12", "x y"), (("out-of", 4), ("a b", None), ("f", 0.5)))]
    )
    assert text == '"my node" "true" "12" "x y" out-of=4 "a b"=null f=0.5\n'
    assert _theirs(kdl.parse(text).nodes) == _ours(parse(text))
