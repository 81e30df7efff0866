"""The footer of the shell's screens: Textual's, built once and again only when its keys change.

Textual's :class:`~textual.widgets.Footer` composes empty, then rebuilds itself (every
key unmounted, made, mounted and styled again) at each ``refresh_bindings`` of its
screen, and a screen asks for that often without any key changing: a focus change asks
twice (at once, and after the next refresh), the screen's first showing once more. The
title screen built its footer three times before its first paint, and each key was
styled twice more on mounting (made compact, then not). The cold-start benchmark
(``benchmarks/bench_cold_start.py``) measures it.

:class:`KeysFooter` shows its keys from its first compose, rebuilds at most once per
refresh and only when the keys it would show (key, action, words, enabled or not,
tooltip) differ from those it shows, and makes each key in the footer's compactness at
once. It looks the same (the title's snapshot is unchanged).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """A :class:`~textual.widgets.Footer` that recomposes only when its keys change."""

    _pending = False  # a check is scheduled after the next refresh
    _shown: tuple[Any, ...] | None = None  # the keys of the last compose

    def _keys(self) -> tuple[Any, ...]:
        """What compose would show now: each shown binding, enabled or not, its tooltip."""
        active = self.screen.active_bindings
        palette = active.get(self.app.COMMAND_PALETTE_BINDING) if self.show_command_palette else None
        return (
            palette[1:] if palette is not None else None,
            *((binding, enabled, tooltip) for _, binding, enabled, tooltip in active.values() if binding.show),
        )

    def compose(self) -> ComposeResult:
        # Textual's footer composes empty until its screen first says its keys changed:
        # here the keys are there from the first compose (the screen's first showing and
        # focus then find the same keys, and nothing is built again).
        if self.is_attached:
            self._bindings_ready = True
        if self._bindings_ready:
            self._shown = self._keys()
        for widget in super().compose():
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                # A key starts compact and is bound to the footer's compactness (its
                # default: not) only once mounted, each change restyling it: made in
                # the footer's compactness from the start instead. The palette's key is
                # not bound, and stays as Textual makes it.
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._pending:
            self._pending = True
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        self._pending = False
        if self.is_attached and self._keys() != self._shown:
            await self.recompose()
