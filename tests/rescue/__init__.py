"""Gaming to the Rescue's tests."""
