"""The shared, headless table core: what every game on the table builds on (no textual, no rich, no game)."""
