"""axe-core (the site's npm packages bring it) run in a page of the browser
tests: the WCAG 2.1 A and AA rules, and what breaks them, node by node."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).parents[2] / "docs" / "site" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

COLOUR_RULES = ["color-contrast", "link-in-text-block"]
"""The rules a page's theme can change (its colours, not its structure)."""

_RUN = """async ([context, tags, rules]) => {
    const runOnly = rules ? {type: 'rule', values: rules} : {type: 'tag', values: tags};
    const options = {runOnly, resultTypes: ['violations']};
    const found = await axe.run(context ?? document, options);
    return found.violations.flatMap(v => v.nodes.map(n => `${v.id}: ${n.target.join(' ')} ${n.html.slice(0, 160)}`));
}"""


def violations(
    page: Any, include: list[str] | None = None, exclude: list[str] | None = None, rules: list[str] | None = None
) -> list[str]:
    """The WCAG 2.1 A/AA violations of ``page`` (or of the parts ``include`` names, less ``exclude``; of
    ``rules`` only, when named), one line per node: ``rule: selector html``."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    context = None if include is None and exclude is None else {"include": include or [], "exclude": exclude or []}
    if context is not None and not context["include"]:
        context["include"] = ["html"]
    found: list[str] = page.evaluate(_RUN, [context, WCAG_TAGS, rules])
    return found
