"""Warhammer Underworlds (first, Shadespire edition): data schema, card vocabulary and pure rules."""
