"""Issue 18's first list through the table API (what the web and the MCP server get): each
case answers a question with its choices (no flag, nothing written), and answering it
completes the move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ironsworn.campaign.export import export_json
from ironsworn.campaign.store import CampaignStore
from ironsworn.errors import InvalidValue
from ironsworn.table import Question, Table, call
from shared_files import RULEBOOK_SEED, shared_file

STATS = "edge=3,heart=2,iron=2,shadow=1,wits=1"


def rulebook() -> str:
    """The rulebook's text, its lines joined (a sentence's words are one line apart)."""
    return " ".join(shared_file(RULEBOOK_SEED).read_text(encoding="utf-8").split())


@pytest.fixture
def table(asha: Table) -> Table:
    return asha  # (tests/table/conftest.py)


def fingerprint(table: Table) -> str:
    document = json.loads(export_json(table.store))
    document.pop("exported", None)
    return json.dumps(document, sort_keys=True)


def asks(table: Table, args: dict[str, Any], input_name: str) -> Question:
    before = fingerprint(table)
    answer = call(table, "move", args)
    assert isinstance(answer, Question), answer
    assert answer.input == input_name and answer.choices
    assert "--" not in answer.prompt and "--" not in json.dumps(answer.to_json())
    assert " needs " not in answer.prompt  # asked in the game's words, not "X needs Y"
    assert fingerprint(table) == before
    return answer


def test_advance_asks_what_to_buy_with_costs(table: Table) -> None:
    call(table, "adjust", {"meter": "experience", "delta": 3})
    question = asks(table, {"move": "advance"}, "asset")
    costs = {c.key: c.cost for c in question.choices}
    assert costs["Hound:2"] == 2 and costs["Berserker"] == 3
    made = call(table, "move", {"move": "advance", "asset": ["Hound:2"]})
    assert made["pending"][0]["kind"] == "choose"  # confirm the purchase
    call(table, "choose", {"keys": ["upgrade"]})
    assert table.state().character("Asha").asset("hound")["abilities"][:2] == [True, True]


def test_advance_buying_a_companion_asks_its_ability_then_its_name(table: Table) -> None:
    """A card that marks no ability starts with the one the player chooses (rulebook p. 39),
    and "a companion must be named": Advance asks both instead of refusing."""
    call(table, "adjust", {"meter": "experience", "delta": 3})
    ability = asks(table, {"move": "advance", "asset": ["hawk"]}, "ability")
    assert ability.keys() == ["1", "2", "3"] and ability.prompt.startswith("Advance: which ability")
    before = fingerprint(table)
    name = call(table, "move", {"move": "advance", "asset": ["hawk"], "ability": 2})
    assert isinstance(name, Question) and name.input == "name" and name.open
    assert name.prompt == "Advance: what is the name of your hawk?" and not name.choices
    assert fingerprint(table) == before
    made = call(table, "move", {"move": "advance", "asset": ["hawk"], "ability": 2, "name": "Kes"})
    assert made["pending"][0]["kind"] == "choose"  # confirm the purchase
    call(table, "choose", {"keys": ["new_asset"]})
    hawk = table.state().character("Asha").asset("hawk")
    assert hawk["abilities"] == [False, True, False] and hawk["input"] == "Kes"


def test_oppose_asks_the_ally(table: Table) -> None:
    call(table, "character", {"name": "Bo", "stats": STATS})
    args = {"move": "oppose", "character": "Asha", "stat": "iron", "dice": "6,1,2,1,9,9"}
    question = asks(table, args, "against")
    assert question.keys() == ["Bo"]
    second = asks(table, {**args, "against": "Bo"}, "against_stat")
    assert "heart" in [c.key for c in second.choices]
    made = call(table, "move", {**args, "against": "Bo", "against_stat": "heart"})
    assert made["pending"]


def test_a_role_asks_its_bonus(table: Table) -> None:
    call(table, "option", {"name": "assets", "value": "roles"})
    call(table, "move", {"move": "advance", "new_role": "scout"})
    args = {"move": "face danger", "stat": "edge", "as": "scout", "dice": "6,1,2"}
    question = asks(table, args, "role_bonus")
    assert question.keys() == ["+2", "momentum"]
    assert call(table, "move", {**args, "role_bonus": "+2"})["roll"]["adds"] == 2


def test_enter_the_fray_without_a_fight_asks_the_foe_then_its_rank(table: Table) -> None:
    args = {"move": "enter the fray", "stat": "heart", "dice": "6,1,2"}
    foe = asks(table, args, "foe")
    assert foe.open and "Bear" in [c.key for c in foe.choices]
    rank = asks(table, {**args, "foe": "the ash wolf"}, "rank")
    assert rank.keys() == ["troublesome", "dangerous", "formidable", "extreme", "epic"]
    call(table, "move", {**args, "foe": "the ash wolf", "rank": "dangerous"})
    (fight,) = table.state().tracks.values()
    assert (fight.name, fight.rank, fight.kind) == ("the ash wolf", "dangerous", "fight")


def test_enter_the_fray_naming_a_foe_begins_a_fight_beside_the_one_under_way(
    table: Table,
) -> None:
    """A foe named while a fight is under way was left unread and the fight under way taken
    (Enter the Fray against the wolf marked the bear's fight): a new fight begins against it;
    the foe of a fight under way names that fight; none named, the only one is taken."""
    args = {"move": "enter the fray", "stat": "heart", "dice": "6,1,2", "choose": ["bolster"]}
    call(table, "move", {**args, "foe": "bear"})
    call(table, "move", {**args, "foe": "the ash wolf", "rank": "dangerous"})
    fights = [(t.name, t.rank) for t in table.state().tracks.values()]
    assert fights == [("Bear", "formidable"), ("the ash wolf", "dangerous")]
    made = call(table, "move", {**args, "foe": "BEAR"})
    assert made["roll"]["outcome"] == "strong_hit" and len(table.state().tracks) == 2
    # Two fights and no foe named: which one is asked.
    asks(table, args, "track")


def test_undertake_a_journey_naming_a_destination_begins_another(table: Table) -> None:
    call(table, "track", {"kind": "journey", "text": "the Havens", "rank": "troublesome"})
    args = {"move": "undertake a journey", "with": "none", "dice": "6,1,2"}
    args["choose"] = ["mark_progress"]  # (a strong hit: good use of your resources)
    # The journey under way named (its "to" or not): marked, no other begun.
    call(table, "move", {**args, "destination": "to the Havens"})
    (havens,) = table.state().tracks.values()
    assert havens.ticks == 12  # a troublesome journey's strong hit
    call(table, "move", {**args, "destination": "Mournwood", "rank": "dangerous"})
    journeys = [(t.name, t.rank, t.ticks) for t in table.state().tracks.values()]
    assert journeys == [("the Havens", "troublesome", 12), ("Mournwood", "dangerous", 8)]


@pytest.mark.parametrize(
    ("kind", "name", "move", "typed"),
    [
        ("fight", "Bear", {"move": "enter the fray", "stat": "heart"}, "foe"),
        ("journey", "the Havens", {"move": "undertake a journey", "with": "none"}, "destination"),
    ],
)
def test_a_track_chosen_with_another_foe_or_destination_is_refused(
    table: Table, kind: str, name: str, move: dict[str, Any], typed: str
) -> None:
    """A fight chosen with a foe typed that names another (a web form's fight picked in the
    sidebar and a new foe typed) made the move on the chosen fight and left the foe unread:
    refused in one line naming both, nothing changed; the chosen track's own name is taken."""
    call(table, "track", {"kind": kind, "text": name, "rank": "troublesome"})
    (track,) = table.state().tracks.values()
    args = {**move, "track": track.id, "dice": "6,1,2", "choose": ["bolster"]}
    before = table.state().to_dict()
    with pytest.raises(InvalidValue) as refused:
        call(table, "move", {**args, typed: "the ash wolf", "rank": "dangerous"})
    assert str(refused.value) == (
        f"{typed} 'the ash wolf' is not {track.id} ({name}), the {kind} chosen: name that "
        f"{kind}'s {typed}, or leave one out"
    )
    assert (refused.value.input, refused.value.value) == (typed, "the ash wolf")
    assert table.state().to_dict() == before
    if kind == "fight":
        call(table, "move", {**args, typed: name.upper()})
        assert len(table.state().tracks) == 1 and table.state().character("Asha").initiative


def test_swear_an_iron_vow_asks_about_the_bond(table: Table) -> None:
    call(table, "track", {"kind": "vow", "text": "Find the wolf", "rank": "dangerous"})
    args = {"move": "swear an iron vow", "dice": "3,4,9"}
    question = asks(table, args, "with")
    assert question.keys() == ["Ironhome", "none"]
    assert call(table, "move", {**args, "with": "Ironhome"})["roll"]["adds"] == 1
    call(table, "undo", {})
    assert call(table, "move", {**args, "with": "none"})["roll"]["adds"] == 0


def test_companion_endure_harm_asks_the_amount(table: Table) -> None:
    args = {"move": "companion endure harm", "dice": "6,1,2"}
    question = asks(table, args, "amount")
    assert question.prompt == "Companion Endure Harm: how much harm does Brann take?"
    assert question.keys() == ["1", "2", "3", "4", "5"]
    call(table, "move", {**args, "amount": 3})
    assert table.state().character("Asha").asset("hound")["meter"]["value"] == 2


def test_undertake_a_journey_without_one_asks_where_then_its_rank(table: Table) -> None:
    """ "When you travel across hazardous or unfamiliar lands, set the rank of your journey"
    (seed 000, Undertake a Journey): with no journey under way the move asks where to, and the
    rank, and begins it (it said "no active journey track: create one first")."""
    args = {"move": "undertake a journey", "dice": "6,5,9"}  # a weak hit
    before = fingerprint(table)
    where = call(table, "move", args)
    assert isinstance(where, Question) and where.input == "destination" and where.open
    assert "--" not in where.prompt and fingerprint(table) == before
    rank = asks(table, {**args, "destination": "the Havens"}, "rank")
    assert rank.keys() == ["troublesome", "dangerous", "formidable", "extreme", "epic"]
    assert "the rank of the journey to the Havens?" in rank.prompt
    # A destination written with its "to" is not told "to to".
    said = asks(table, {**args, "destination": "to the Havens"}, "rank").prompt
    assert "the rank of the journey to the Havens?" in said and "to to" not in said
    # Then the bond of its initial roll (Asha shares one with Ironhome): the journey is begun
    # by this very roll.
    began = {**args, "destination": "the Havens", "rank": "dangerous"}
    bond = asks(table, began, "with")
    assert bond.keys() == ["Ironhome", "none"] and bond.complete and not bond.open
    assert "setting off from a community you share a bond with? (+1)" in bond.prompt
    assert call(table, "move", {**began, "with": "Ironhome"})["roll"]["adds"] == 1
    (journey,) = table.state().tracks.values()
    assert (journey.name, journey.rank, journey.kind) == ("the Havens", "dangerous", "journey")
    assert journey.ticks == 8  # the weak hit marked progress on the journey it began


def test_swear_an_iron_vow_without_one_asks_the_vow_then_its_rank(table: Table) -> None:
    """ "When you swear upon iron to complete a quest, write your vow and give the quest a
    rank" (seed 000, Swear an Iron Vow): with no vow yet the move asks the vow in the player's
    words, then the rank, and writes it (it said "no active vow track: create one first")."""
    args = {"move": "swear an iron vow", "with": "none", "dice": "6,1,2"}  # a strong hit
    before = fingerprint(table)
    vow = call(table, "move", args)
    assert isinstance(vow, Question) and vow.input == "vow" and vow.open
    assert "--" not in vow.prompt and fingerprint(table) == before
    rank = asks(table, {**args, "vow": "Find the wolf"}, "rank")
    assert rank.keys() == ["troublesome", "dangerous", "formidable", "extreme", "epic"]
    assert fingerprint(table) == before
    made = call(table, "move", {**args, "vow": "Find the wolf", "rank": "extreme"})
    assert made["outcome"] == "strong_hit"
    (sworn,) = table.state().tracks.values()
    assert (sworn.name, sworn.rank, sworn.kind, sworn.ticks) == (
        "Find the wolf",
        "extreme",
        "vow",
        0,
    )
    again = call(table, "move", {"move": "swear an iron vow", "with": "none", "dice": "6,1,2"})
    assert not isinstance(again, Question)  # a vow to swear on: nothing asked, none written
    assert len(table.state().tracks) == 1


def test_a_journey_under_way_is_not_asked_for(table: Table) -> None:
    call(table, "track", {"kind": "journey", "text": "Ironhome", "rank": "troublesome"})
    made = call(table, "move", {"move": "undertake a journey", "with": "none", "dice": "6,1,2"})
    assert not isinstance(made, Question)
    assert [t.name for t in table.state().tracks.values()] == ["Ironhome"]


def test_undertake_a_journey_asks_the_bond_for_its_initial_roll_only(table: Table) -> None:
    """ "If you are setting off from a community with which you share a bond, add +1 to your
    initial roll" (seed 000, Undertake a Journey): asked (the bonds, or none) at the journey's
    first roll, not at the later ones; not asked of a character with no bonds."""
    text = rulebook()
    # (the page's two columns are interleaved in the text: the sentence is found in parts)
    assert "roll +wits. If you are setting" in text
    assert "off from a community with which you share a bond, add +1 to your" in text
    call(table, "track", {"kind": "journey", "text": "the Havens", "rank": "troublesome"})
    args = {"move": "undertake a journey", "dice": "5,1,2"}  # a strong hit at wits 1, +0
    question = asks(table, args, "with")
    assert question.keys() == ["Ironhome", "none"] and question.complete
    made = call(table, "move", {**args, "with": "Ironhome"})
    assert made["roll"]["adds"] == 1
    call(table, "choose", {"keys": ["mark_progress"]})
    again = call(table, "move", args)  # the journey is under way: nothing is asked
    assert not isinstance(again, Question) and again["roll"]["adds"] == 0
    call(table, "choose", {"keys": ["mark_progress"]})
    # A character with no bonds: nothing to ask (no answer would add anything).
    call(table, "character", {"name": "Bo", "stats": STATS})
    call(
        table,
        "track",
        {"kind": "journey", "text": "the hills", "rank": "dangerous", "characters": ["Bo"]},
    )
    hills = next(t.id for t in table.state().tracks.values() if t.name == "the hills")
    by_bo = {**args, "character": "Bo", "track": hills}
    assert not isinstance(call(table, "move", by_bo), Question)


def test_swear_an_iron_vow_without_bonds_asks_whom_it_serves(table: Table) -> None:
    """With no bonds, whom the vow is to gives no +1 but is what Forge a Bond reads later: "If
    you make this move after you successfully Fulfill Your Vow to their benefit, you may
    reroll any dice" (seed 000, Forge a Bond). So it is asked (open; none is an answer), and
    the vow's words and rank first when the move writes the vow."""
    text = rulebook()
    assert "If you make this move after you successfully Fulfill Your Vow to their" in text
    call(table, "character", {"name": "Bo", "stats": STATS})
    args = {"move": "swear an iron vow", "character": "Bo", "dice": "6,1,2"}
    vow = call(table, "move", args)
    assert isinstance(vow, Question) and vow.input == "vow" and vow.open
    asks(table, {**args, "vow": "Guard the ford"}, "rank")
    args = {**args, "vow": "Guard the ford", "rank": "troublesome"}
    whom = asks(table, args, "with")
    assert whom.open and whom.keys() == ["none"] and "whom does this vow serve?" in whom.prompt
    assert whom.prompt.startswith("Bo — Swear an Iron Vow: ")
    made = call(table, "move", {**args, "with": "the miller Arn"})
    assert made["roll"]["adds"] == 0  # no bond: no +1
    ford = next(t.id for t in table.state().tracks.values() if t.name == "Guard the ford")
    assert table.state().character("Bo").flags["vows_for"] == {ford: "the miller Arn"}
    # Kept, the vow makes Forge a Bond with them offer its reroll.
    call(table, "progress", {"track": ford, "times": 10})
    call(table, "move", {"move": "fulfill your vow", "character": "Bo", "dice": "1,2"})
    forge = {"move": "forge a bond", "character": "Bo", "dice": "1,9,9"}
    whom = asks(table, forge, "with")  # those the fulfilled vow served, first
    assert whom.open and whom.keys() == ["the miller Arn", "none"]
    forged = call(table, "move", {**forge, "with": "the miller Arn"})
    assert forged["pending"][0]["prompt"].startswith("reroll any dice")
    # Answered none: a vow of one's own, nothing kept; a vow to swear on asks nothing more.
    call(table, "undo", {})
    mine = {"move": "swear an iron vow", "character": "Bo", "dice": "6,1,2"}
    mine |= {"vow": "Climb the peak", "rank": "dangerous"}
    call(table, "move", {**mine, "with": "none"})
    assert len(table.state().character("Bo").flags["vows_for"]) == 1


def test_a_move_reads_the_state_once(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Swear an Iron Vow's question is asked inside the move's own write, of the state the
    move is made on: a move (asked or made) takes one state from the store, not two."""
    from ironsworn.campaign.state import CampaignState

    taken: list[int] = []
    fork = CampaignState.fork

    def counted(self: CampaignState) -> CampaignState:
        taken.append(1)
        return fork(self)

    monkeypatch.setattr(CampaignState, "fork", counted)
    call(table, "track", {"kind": "vow", "text": "Find the wolf", "rank": "dangerous"})
    args = {"move": "swear an iron vow", "dice": "3,4,9"}
    assert isinstance(asks(table, args, "with"), Question)
    taken.clear()
    assert isinstance(call(table, "move", args), Question)
    assert len(taken) == 1
    taken.clear()
    call(table, "move", {"move": "face danger", "stat": "edge", "dice": "6,1,2"})
    assert len(taken) == 1


def test_no_question_of_the_engine_says_needs() -> None:
    """Every question the engine asks (an ``OptionNeeded``) is worded as a question in the
    game's words ("how much harm does Brann take?"), never "X needs the amount": each surface
    shows that prompt as it is (play mode, a terminal, the web)."""
    import ast

    src = Path(__file__).resolve().parents[2] / "src" / "ironsworn"
    found: list[str] = []
    for path in sorted(src.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "OptionNeeded"):
                continue
            words = " ".join(
                c.value
                for c in ast.walk(node.args[0])
                if isinstance(c, ast.Constant) and isinstance(c.value, str)
            )
            if " needs " in words:
                found.append(f"{path.relative_to(src)}:{node.lineno}: {words[:60]}")
    assert found == []


def test_sojourn_asks_whether_the_community_is_a_bond(table: Table) -> None:
    """Sojourn: "roll +heart. If you share a bond, add +1" (seed 000, Sojourn): the community
    is asked of a character with bonds (one of them: +1, or none), not left to a field."""
    assert "If you share a bond, add +1" in rulebook()
    args = {"move": "sojourn", "dice": "3,4,9"}
    question = asks(table, args, "with")
    assert question.keys() == ["Ironhome", "none"] and question.complete
    assert question.prompt == "Asha — Sojourn: Do you share a bond with this community? (+1)"
    assert call(table, "move", {**args, "with": "Ironhome"})["roll"]["adds"] == 1
    call(table, "undo", {})
    assert call(table, "move", {**args, "with": "none"})["roll"]["adds"] == 0


def test_test_your_bond_asks_which_bond(table: Table) -> None:
    """Test Your Bond: "When your bond is tested through conflict, betrayal, or circumstance"
    (seed 000): which bond is asked (the bonds on the sheet, or none: one marked unnamed)."""
    assert "When your bond is tested through conflict, betrayal, or" in rulebook()
    args = {"move": "test your bond", "dice": "6,1,2"}
    question = asks(table, args, "with")
    assert question.keys() == ["Ironhome", "none"] and question.complete
    assert question.prompt == "Asha — Test Your Bond: Which bond is tested?"
    made = call(table, "move", {**args, "with": "Ironhome"})
    assert made["outcome"] == "strong_hit"


@pytest.mark.parametrize(
    ("move", "track", "words"),
    [
        ("swear an iron vow", "vow", "whom the vow is to: a bond on your sheet (+1)"),
        ("undertake a journey", "journey", "the community you set off from"),
        ("sojourn", None, "the community you sojourn in"),
        ("test your bond", None, "the bond tested"),
    ],
)
def test_the_with_question_s_help_is_in_its_own_move_s_words(
    table: Table, move: str, track: str | None, words: str
) -> None:
    # Every move asking "with" gave the one help, "whom: a bond's or a connection's person or
    # community (Swear an Iron Vow: whom the vow is to)": Sojourn's named another move.
    if track is not None:
        call(table, "track", {"kind": track, "text": "the Havens", "rank": "dangerous"})
    question = asks(table, {"move": move, "dice": "3,4,9"}, "with")
    assert question.help.startswith(words), question.help
    others = ("Swear an Iron Vow", "Undertake a Journey", "Sojourn", "Test Your Bond")
    assert not any(other in question.help for other in others)


def test_the_background_vow_is_never_the_vow_sworn(table: Table) -> None:
    """ "Set a background vow, and give it a rank of extreme or epic. Then, envision your
    inciting incident and Swear an Iron Vow" (seed 000 L1358-1359): the background vow is
    marked, not sworn, so with it the only vow open the move asks for the vow (it used to
    roll on the background vow)."""
    call(
        table,
        "track",
        {"kind": "vow", "text": "Avenge my father", "rank": "epic", "background": True},
    )
    args = {"move": "swear an iron vow", "with": "none", "dice": "6,1,2"}
    vow = call(table, "move", args)
    assert isinstance(vow, Question) and vow.input == "vow" and vow.open
    made = call(table, "move", {**args, "vow": "Find the healer", "rank": "dangerous"})
    assert made["outcome"] == "strong_hit"
    names = {t.name: t.ticks for t in table.state().tracks.values()}
    assert names == {"Avenge my father": 0, "Find the healer": 0}
    # Named in so many words, it is the vow sworn (no second vow of the same words).
    again = call(table, "move", {**args, "vow": "avenge my father", "rank": "epic"})
    assert again["outcome"] == "strong_hit" and len(table.state().tracks) == 2


@pytest.mark.parametrize(
    ("words", "sworn_on"),
    [
        ("Find the healer", "vow-1"),  # the open vow of that name
        ("  find   THE healer ", "vow-1"),  # in any case and spacing
        ("Slay the wyrm", "new"),  # other words: a new vow, never the one open vow
    ],
)
def test_the_vows_words_name_the_vow_sworn(table: Table, words: str, sworn_on: str) -> None:
    call(table, "track", {"kind": "vow", "text": "Find the healer", "rank": "dangerous"})
    args = {"move": "swear an iron vow", "with": "none", "dice": "6,1,2"}
    made = call(table, "move", {**args, "vow": words, "rank": "extreme"})
    assert made["outcome"] == "strong_hit"
    tracks = table.state().tracks
    if sworn_on == "new":
        assert [t.name for t in tracks.values()] == ["Find the healer", "Slay the wyrm"]
    else:
        assert list(tracks) == [sworn_on]


def test_oppose_with_no_ally_is_refused_not_asked(table: Table) -> None:
    """Opposing is between two player characters (seed 000 L5172): alone at the table, the
    move is refused in one line (it asked "which ally?" with no ally to pick), nothing
    written."""
    from ironsworn.errors import RuleViolation

    before = fingerprint(table)
    with pytest.raises(RuleViolation, match=r"has 1 \(accepted: another character"):
        call(table, "move", {"move": "oppose", "stat": "iron"})
    with pytest.raises(RuleViolation, match="has 1"):
        from ironsworn.table.moves import verify_move

        verify_move(table, {"move": "oppose"})
    assert fingerprint(table) == before


def test_a_starforged_vow_is_asked_and_sworn_at_the_rank_asked(tmp_path: Path) -> None:
    """Starforged's Swear an Iron Vow with no vow yet asks the vow and its rank, as classic's
    does; the rank answered was refused as an option the move does not take."""
    store = CampaignStore.open(tmp_path / "sf.sqlite", create=True, name="sf")
    with store:
        table = Table(store, "sf")
        call(table, "ruleset", {"ruleset": "starforged"})
        call(table, "character", {"name": "Nyx", "stats": STATS})
        args = {"move": "swear an iron vow", "dice": "6,1,2"}
        vow = call(table, "move", args)
        assert isinstance(vow, Question) and vow.input == "vow"
        rank = call(table, "move", {**args, "vow": "Hunt the Ember Wolf"})
        assert isinstance(rank, Question) and rank.input == "rank"
        made = call(table, "move", {**args, "vow": "Hunt the Ember Wolf", "rank": "dangerous"})
        assert made["outcome"] == "strong_hit"
        (sworn,) = table.state().tracks.values()
        assert (sworn.name, sworn.rank, sworn.kind) == ("Hunt the Ember Wolf", "dangerous", "vow")
