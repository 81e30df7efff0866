"""The shell's widgets: the decision panel, the event pane and the footer."""
