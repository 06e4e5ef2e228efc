"""Every text of the tables and the explorers is readable in JupyterLab's light
and dark themes: its contrast with the colour actually behind it (the
backgrounds of its ancestors, blended, and its own opacity) is measured in
the browser, as WCAG defines it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from browser.playwright_expect import expect

TIMEOUT = 30_000
MIN_CONTRAST = 4.5  # WCAG AA for body text
THEMES = ("JupyterLab Light", "JupyterLab Dark")
WIDGETS = {
    "tables.ipynb": (".cc-split-and-choose-table", ".cc-whisky-table"),
    "explorers.ipynb": (".cc-odds-explorer", ".cc-hand-explorer"),
}

# the lowest contrasts of the visible texts under `root`: [ratio, text, colour, background]
LOWEST_CONTRASTS = """(root) => {
  const parse = c => {  // rgb(r, g, b), rgba(r, g, b, a), or color(srgb r g b / a) for a color-mix()
    const srgb = c.startsWith('color(srgb'); const m = c.match(/\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].replace('srgb', '').split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    const k = srgb ? 255 : 1; return [p[0] * k, p[1] * k, p[2] * k, p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
  const chain = el => { const up = []; for (let e = el; e; e = e.parentElement) up.push(e); return up.reverse(); };
  const behind = el => chain(el).reduce((colour, e) => {
    const c = parse(getComputedStyle(e).backgroundColor); return c && c[3] > 0 ? over(c, colour) : colour; },
    [255, 255, 255, 1]);
  const opacity = el => chain(el).reduce((o, e) => o * Number(getComputedStyle(e).opacity), 1);
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const found = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const text = walk.currentNode.textContent.trim(); const el = walk.currentNode.parentElement;
    if (!text || !el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('button:disabled')) continue;  // WCAG sets no contrast for a control that is off
    const back = behind(el); const ink = parse(getComputedStyle(el).color);
    const seen = over([ink[0], ink[1], ink[2], ink[3] * opacity(el)], back);
    const [a, b] = [lum(seen), lum(back)];
    found.push([(Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), text.slice(0, 50), getComputedStyle(el).color,
      back.map(Math.round).join(',')]);
  }
  return found.sort((x, y) => x[0] - y[0]).slice(0, 5);
}"""


@pytest.mark.parametrize("notebook", sorted(WIDGETS))
def test_every_text_is_readable_in_both_themes(
    run_notebook: Callable[..., Any], screenshot_dir: Path, notebook: str
) -> None:
    """Light, then dark on the same page: the texts measured in the dark theme are those the light one showed."""
    page = run_notebook(notebook, height=1100, theme=THEMES[0])
    for theme in THEMES:
        page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: {theme!r}}})")
        light = "true" if theme.endswith("Light") else "false"
        expect(page.locator("body")).to_have_attribute("data-jp-theme-light", light, timeout=TIMEOUT)
        first = theme == THEMES[0]
        for selector in WIDGETS[notebook]:
            widget = page.locator(selector)
            expect(widget).to_be_visible(timeout=TIMEOUT)
            if selector == ".cc-split-and-choose-table":  # the preview under the tray's cards, the text once unreadable
                cards = widget.locator(".cc-card-button").all()[:2] if first else []
                for card in cards:
                    card.click()
                expect(widget.locator(".cc-preview")).to_contain_text("Face up:", timeout=TIMEOUT)
            if selector == ".cc-hand-explorer":
                text = widget.locator(".cc-hand-text input")
                if first:
                    text.fill("Ah Ad Kc Qs Jo")
                    text.press("Enter")
                expect(widget).to_contain_text("plays low", timeout=TIMEOUT)
            lowest = widget.evaluate(LOWEST_CONTRASTS)
            shade = "dark" if light == "false" else "light"
            widget.screenshot(path=screenshot_dir / f"lab_{shade}_{selector.strip('.')}.png")
            assert lowest and lowest[0][0] >= MIN_CONTRAST, f"{selector} in {theme}: {lowest}"
