"""The built wheel, installed elsewhere."""
