"""The test suite, a package so that a test in any folder imports the shared helpers by one name (``tests.tui.tui_helpers``, ``tests.hedgemony.turn_helpers``...)."""
