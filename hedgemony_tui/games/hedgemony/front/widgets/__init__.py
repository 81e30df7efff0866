"""Hedgemony's board widgets: the map, the place panel, the trackers bar."""
