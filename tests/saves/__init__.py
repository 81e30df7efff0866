"""Saves in general: the codec, files on disk, forged and damaged saves."""
