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

It also fits its width: where the keys would run under the palette's key (a board at 100
columns showed "f8 To W"), whole keys are left out, the last first (a front lists its
keys most needed first), the keys a decision needs (:data:`DECIDING`: the worksheet,
passing the keyboard to the White Cell, Back) only after every other, Help and Quit last
of all; a key is never cut mid-word. Before any key is left out, the keys close up (the
footer's compact style, a column less around each). Left out, a key still works and is
in the palette (Ctrl+P). A change of width rebuilds it. At 100 columns the board's
footer dropped F6 and F8, the keys of the decision at hand, to keep views a person can
also open from the palette.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

KEPT_LAST = frozenset({"app.quit", "quit", "app.help", "help"})
"""The actions whose keys are left out of a narrow footer only once every other key is."""

DECIDING = frozenset({"worksheet", "to_control", "back"})
"""The actions a pending decision needs (its worksheet, the White Cell's keyboard, Back
out of a step or a search): left out only after every other key but :data:`KEPT_LAST`."""


class KeysFooter(Footer):
    """A :class:`~textual.widgets.Footer` that recomposes only when its keys change."""

    _pending = False  # a check is scheduled after the next refresh
    _shown: tuple[Any, ...] | None = None  # the keys of the last compose

    def _keys(self) -> tuple[Any, ...]:
        """What compose would show now: each shown binding, enabled or not, its tooltip."""
        active = self.screen.active_bindings
        palette = active.get(self.app.COMMAND_PALETTE_BINDING) if self.show_command_palette else None
        return (
            self.app.size.width,
            palette[1:] if palette is not None else None,
            *((binding, enabled, tooltip) for _, binding, enabled, tooltip in active.values() if binding.show),
        )

    def _key_width(self, binding: Binding, compact: bool | None = None) -> int:
        """The columns a key takes in the footer: its key, its words and their padding."""
        text = len(self.app.get_key_display(binding)) + len(binding.description)
        return text + (2 if (self.compact if compact is None else compact) else 3)

    def _fits(self, compact: bool) -> bool:
        """Every shown key fits the width in that style."""
        active = self.screen.active_bindings
        first: dict[str, Binding] = {}
        for _, binding, _, _ in active.values():
            if binding.show:
                first.setdefault(binding.action, binding)
        room = self.app.size.width
        palette = active.get(self.app.COMMAND_PALETTE_BINDING) if self.show_command_palette else None
        if palette is not None and self.app.ENABLE_COMMAND_PALETTE:
            room -= self._key_width(palette[1], False)
        return sum(self._key_width(b, compact) for b in first.values()) <= room

    def left_out(self) -> set[str]:
        """The actions whose keys do not fit the width (see the module docstring)."""
        active = self.screen.active_bindings
        first: dict[str, Binding] = {}
        for _, binding, _, _ in active.values():
            if binding.show:
                first.setdefault(binding.action, binding)
        room = self.app.size.width
        palette = active.get(self.app.COMMAND_PALETTE_BINDING) if self.show_command_palette else None
        if palette is not None and self.app.ENABLE_COMMAND_PALETTE:
            room -= self._key_width(palette[1])  # its border, key and words (docked right)
        widths = {action: self._key_width(binding) for action, binding in first.items()}
        rest = [a for a in reversed(first) if a not in KEPT_LAST and a not in DECIDING]
        order = rest + [a for a in reversed(first) if a in DECIDING] + [a for a in reversed(first) if a in KEPT_LAST]
        dropped: set[str] = set()
        total = sum(widths.values())
        for action in order:
            if total <= room:
                break
            dropped.add(action)
            total -= widths[action]
        return dropped

    def compose(self) -> ComposeResult:
        # Textual's footer composes empty until its screen first says its keys changed:
        # here the keys are there from the first compose (the screen's first showing and
        # focus then find the same keys, and nothing is built again).
        if self.is_attached:
            self._bindings_ready = True
        dropped: set[str] = set()
        if self._bindings_ready:
            self._shown = self._keys()
            # Closer keys first, before any is left out (the palette's key keeps its style).
            narrow = not self._fits(False)
            if narrow != self.compact:
                self.set_reactive(Footer.compact, narrow)
                self.set_class(narrow, "-compact")
            dropped = self.left_out()
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.action in dropped:
                continue
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

    def on_resize(self, event: events.Resize) -> None:
        # The keys that fit depend on the width (a terminal made narrower or wider).
        if self.is_attached and self._bindings_ready and not self._pending:
            self._pending = True
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        self._pending = False
        if self.is_attached and self._keys() != self._shown:
            await self.recompose()
