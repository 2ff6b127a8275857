"""The campaign layer: the game state, the store of its events, the journal, export.

- :mod:`ironsworn.campaign.state` — the state model (the fold of events);
- :mod:`ironsworn.campaign.store` — the append-only operation log, undo/redo, snapshots, locking
  and durability behind one interface (:class:`~.store.Store`): a SQLite file per campaign
  (:class:`~.store.CampaignStore`), or many campaigns in PostgreSQL (``store.postgres``);
- :mod:`ironsworn.campaign.schema` — the file's identity, schema versions and migrations;
- :mod:`ironsworn.campaign.registry` — campaign names, the current campaign, path resolution,
  and the database a command may use instead of files;
- :mod:`ironsworn.campaign.journal` — journal entries and events told in words;
- :mod:`ironsworn.campaign.export` — the Markdown story, the JSON round trip, and copying a
  campaign between a file and a database.

Nothing is imported here, so importing one submodule stays cheap.
"""
