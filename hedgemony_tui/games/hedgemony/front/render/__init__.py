"""State -> rich renderables for the Textual screens (the map, placemats, journal, worksheet)."""
