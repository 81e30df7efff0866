"""Tests that drive the table through a real browser (headless Chromium)."""
