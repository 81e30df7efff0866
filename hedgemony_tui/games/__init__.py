"""The games on the table, one package each (the registry in ``hedgemony_tui.table.registry`` names them)."""
