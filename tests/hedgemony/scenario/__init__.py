"""Hedgemony's scenario folders: the shipped default, broken copies, victory."""
