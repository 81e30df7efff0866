"""The shell's widgets: the decision panel."""
