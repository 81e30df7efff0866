"""Hedgemony saves of older formats that still open."""
