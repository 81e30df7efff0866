"""Rich renderables drawn from engine results (shared by the CLI and the TUI)."""
