"""The pure rules engine of Hex Encounters: data, board, combat, supply and the turn."""
