"""Iron Vault interop: a campaign as an Iron Vault (Obsidian plugin) campaign folder, and back.

- :mod:`.kdl` — a small KDL writer and reader (Iron Vault's mechanics blocks are KDL);
- :mod:`.frontmatter` — notes with YAML frontmatter, the files Iron Vault keeps entities in;
- :mod:`.sheets` — a character sheet as character frontmatter;
- :mod:`.tracks` — progress tracks and clocks as ``Progress/`` and ``Clocks/`` notes;
- :mod:`.mechanics` — the log's operations as ``iron-vault-mechanics`` blocks;
- :mod:`.export` — the whole folder, written to disk or zipped for a download.

See docs/iron-vault.md for what maps to what.
"""
