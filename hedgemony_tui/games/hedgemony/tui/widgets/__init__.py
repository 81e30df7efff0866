"""Widgets of the game screen: the map, the trackers, the decision panel."""
