"""The game's content as data: moves, oracle tables, NPCs, truths, regions and assets.

Public API (everything is loaded lazily; importing this package reads no file):

- :func:`load_ruleset` ``(name="classic") -> Ruleset`` -- a bundled ruleset, cached:
  ``"classic"`` (the rulebook) or ``"starforged"`` (the Starforged moves); ``"all"`` is
  :func:`load_library`.
- :func:`load_library` ``() -> Ruleset`` -- bundled packs plus the packs imported into
  ``data_home()/packs``; lookups by name prefer classic, then starforged.
- :class:`Ruleset` -- ``.moves``, ``.oracles``, ``.npcs``, ``.truths``, ``.regions``,
  ``.assets`` (dicts by full id), ``.odds`` (Ask the Oracle, by key); ``.move(query)``,
  ``.oracle(query)``, ... resolve a full id, an id without ``type:``, or a name, and raise
  :class:`~ironsworn.errors.NotFound` with candidates.
- :func:`roll_oracle` ``(ruleset, table, dice, value=None) -> OracleResult`` and
  :func:`roll_truth` ``(ruleset, truth, dice, value=None) -> TruthResult``.
- :func:`search` ``(ruleset, words) -> list[SearchHit]``.
- Ironsworn: Delve's site content, from an imported Delve pack: ``.sites``,
  ``.site_themes``, ``.site_domains``, ``.rarities`` (dicts by full id; ``find("sites",
  "alvas rest")`` looks one up), the records of ``sites.py``: DelveSite, Denizen, SiteTheme,
  SiteDomain, SiteRow, Rarity.
- :func:`import_pack` ``(path) -> ImportReport`` and :func:`list_packs` ``() -> list[Pack]``;
  :func:`~ironsworn.content.own_content.content_needed` says which Datasworn file a ruleset's
  campaigns still need (Starforged's oracles, truths and assets come from the player's).
- The records of ``model.py``: Move, RollOption, ChoiceList, ChoiceOption, Add, CustomStat,
  OracleTable, OracleRow, OracleRoll, Odds, Npc, Truth, TruthOption, Region, Asset,
  AssetAbility, ConditionMeter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ironsworn.content.loader import (
    Pack,
    Ruleset,
    clear_cache,
    load_library,
    load_ruleset,
)
from ironsworn.content.model import (
    Add,
    Asset,
    AssetAbility,
    ChoiceList,
    ChoiceOption,
    ConditionMeter,
    CustomStat,
    CustomStatOption,
    Move,
    Npc,
    Odds,
    OracleRoll,
    OracleRow,
    OracleTable,
    Region,
    RollOption,
    Truth,
    TruthOption,
)
from ironsworn.content.oracle_roller import OracleResult, TruthResult, roll_oracle, roll_truth

# Imported here, not lazily: the function shares its name with its module, and a lazy import
# would leave ``ironsworn.content.search`` bound to the module. The module is small.
from ironsworn.content.search import SearchHit, search
from ironsworn.content.sites import DelveSite, Denizen, Rarity, SiteDomain, SiteRow, SiteTheme
from ironsworn.errors import NotFound

if TYPE_CHECKING:
    from ironsworn.content.packs import ImportReport, import_pack, list_packs

__all__ = [
    "Add",
    "Asset",
    "AssetAbility",
    "ChoiceList",
    "ChoiceOption",
    "ConditionMeter",
    "CustomStat",
    "CustomStatOption",
    "DelveSite",
    "Denizen",
    "ImportReport",
    "Move",
    "NotFound",
    "Npc",
    "Odds",
    "OracleResult",
    "OracleRoll",
    "OracleRow",
    "OracleTable",
    "Pack",
    "Rarity",
    "Region",
    "RollOption",
    "Ruleset",
    "SearchHit",
    "SiteDomain",
    "SiteRow",
    "SiteTheme",
    "Truth",
    "TruthOption",
    "TruthResult",
    "clear_cache",
    "import_pack",
    "list_packs",
    "load_library",
    "load_ruleset",
    "roll_oracle",
    "roll_truth",
    "search",
]

# The importers and search are only imported when used (they are not needed to roll).
_LAZY = {
    "ImportReport": "ironsworn.content.packs",
    "import_pack": "ironsworn.content.packs",
    "list_packs": "ironsworn.content.packs",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'ironsworn.content' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module), name)
