"""axe-core (the site's npm packages bring it) run in a page of the browser
tests: the WCAG 2.1 A and AA rules, and what breaks them, node by node."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).parents[2] / "docs" / "site" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

_RUN = """async ([context, tags]) => {
    const options = {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']};
    const found = await axe.run(context ?? document, options);
    return found.violations.flatMap(v => v.nodes.map(n => `${v.id}: ${n.target.join(' ')} ${n.html.slice(0, 160)}`));
}"""


def violations(page: Any, include: list[str] | None = None, exclude: list[str] | None = None) -> list[str]:
    """The WCAG 2.1 A/AA violations of ``page`` (or of the parts ``include`` names, less ``exclude``),
    one line per node: ``rule: selector html``."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    context = None if include is None and exclude is None else {"include": include or [], "exclude": exclude or []}
    if context is not None and not context["include"]:
        context["include"] = ["html"]
    found: list[str] = page.evaluate(_RUN, [context, WCAG_TAGS])
    return found
