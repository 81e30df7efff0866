"""The world-system game's engine: pure attrs state and reducers; no screens."""
