"""The pure rules engine of *Gaming to the Rescue!*: state, intents, reducers, data."""
