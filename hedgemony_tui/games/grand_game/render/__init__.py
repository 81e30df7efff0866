"""The Grand Game drawn with rich, for its screens and its commands: the map as an area
map on a character grid with its overlays (:mod:`.map_view`) and their legends
(:mod:`.map_legend`). It reads the rules side and never decides a rule."""
