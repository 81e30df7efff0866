"""Fuzzing the command line."""
