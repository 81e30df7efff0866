"""Hedgemony's screens: placemat, hand, ground truth, and the worksheets (roll and
result, commit, readiness, invest, deploy, the White Cell's propose, ruling and inject)."""
