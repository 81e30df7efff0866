"""The core (``hedgemony_tui.table``): contract, host, kits, replay, sealed choices."""
