"""The arcade's address: the whole game in a link, and back.

A page's query names the game and everything that deals it: ``game``
("split" or "whisky"), ``seed``, ``opponent`` (the bot's name), ``strength``
(MonteCarloBot's: quick, steady or strong), for Split and Choose ``first``
(who splits first: you, bot or toss) and ``faceup`` (the face-up swap: yes or
no), for Whisky Poker ``players`` (2 to 9), ``jokers`` (yes or no) and
``first`` (you: you play first; bot: the bots do). :func:`read_address`
turns a query into the arcade's settings (the names of its controls and their
values) and the problems it met; :func:`game_address` writes the query of a
game back, and :func:`share_address` the address that opens it for whoever
receives it (on Binder, a launch address: the page's own is a session of the
sender's).

>>> settings, problems = read_address("game=whisky&players=9&opponent=RandomBot&jokers=yes&seed=7")
>>> settings["whisky_opponents"], settings["whisky_bot"], settings["whisky_jokers"], settings["seed"], problems
(8, 'RandomBot', True, 7, [])
>>> read_address("game=split&players=4")[1]
["players is for Whisky Poker only, not for Split and Choose: 'players' left out."]
>>> game_address({"game": "split", "seed": 3, "split_bot": "HeuristicBot", "first_splitter": "you",
...               "face_up_swap": False, "split_strength": 300})
'game=split&seed=3&opponent=HeuristicBot&first=you&faceup=no'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs, quote, urlencode, urlsplit

from cardcommons.errors import shown
from cardcommons.packs import MAX_PLAYERS, MIN_PLAYERS

__all__ = ["ARCADE_PATH", "BOTS", "SEED_DIGITS", "STRENGTHS", "game_address", "read_address", "share_address"]

STRENGTHS = (("quick", 100), ("steady", 300), ("strong", 1000))
"""MonteCarloBot's play-outs per move, by name."""
BOTS = {
    "split": ("HeuristicBot", "MonteCarloBot"),
    "whisky": ("GreedyBot", "MonteCarloBot", "RandomBot"),
}
"""The opponents each game offers, the default first."""
SEED_DIGITS = 18
"""The longest seed a page's address may ask for (every int up to 10**18 - 1)."""
ARCADE_PATH = "voila/render/notebooks/play.ipynb"
"""Where a Jupyter server (Binder's) renders the arcade with Voilà, under its base URL."""
_NAMES = {"split": "Split and Choose", "whisky": "Whisky Poker"}
_ONLY = {"players": "whisky", "jokers": "whisky", "faceup": "split"}
"""The names that belong to one game only."""


def read_address(query: str) -> tuple[dict[str, Any], list[str]]:
    """The settings a query asks for (``game``, ``seed`` and the arcade's controls by their attribute
    names), and a sentence for each value it cannot use (that value is left out: its default plays)."""
    asked = {name: values[-1] for name, values in parse_qs(query).items()}
    problems: list[str] = []
    game = asked.get("game", "split")
    if game not in _NAMES:
        problems.append(f"game is 'split' or 'whisky', not {shown(game, 40)}: Split and Choose instead.")
        game = "split"
    settings: dict[str, Any] = {"game": game}
    seed = asked.get("seed")
    if seed is not None:
        if seed.isdecimal() and len(seed) <= SEED_DIGITS:
            settings["seed"] = int(seed)
        else:
            problems.append(
                f"seed is a whole number of up to {SEED_DIGITS} digits, not {shown(seed, 40)}: a fresh deal instead."
            )
    for name, only in _ONLY.items():
        if name in asked and only != game:
            problems.append(f"{name} is for {_NAMES[only]} only, not for {_NAMES[game]}: {name!r} left out.")
    prefix = "split" if game == "split" else "whisky"

    def choose(name: str, control: str, choices: Mapping[str, Any], said: str = "") -> None:
        if name not in asked or (name in _ONLY and _ONLY[name] != game):
            return
        value = asked[name]
        if value in choices:
            settings[control] = choices[value]
        else:
            said = said or " or ".join(map(repr, choices))
            problems.append(f"{name} is {said}, not {shown(value, 40)}, so it is left out.")

    choose("opponent", f"{prefix}_bot", {bot: bot for bot in BOTS[game]})
    choose("strength", f"{prefix}_strength", dict(STRENGTHS))
    if game == "split":
        choose("first", "first_splitter", {"you": "you", "bot": "bot", "toss": "toss"})
        choose("faceup", "face_up_swap", {"yes": True, "no": False})
    else:
        choose("first", "whisky_first", {"you": True, "bot": False})
        choose("jokers", "whisky_jokers", {"yes": True, "no": False})
        players = {str(n): n - 1 for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
        choose("players", "whisky_opponents", players, f"a number from {MIN_PLAYERS} to {MAX_PLAYERS}")
    return settings, problems


def game_address(settings: Mapping[str, Any]) -> str:
    """The query that deals the game of ``settings`` again (as :func:`read_address` reads it);
    the strength only for MonteCarloBot."""
    game = settings["game"]
    prefix = "split" if game == "split" else "whisky"
    parts: dict[str, Any] = {"game": game, "seed": settings["seed"]}
    if game == "whisky":
        parts["players"] = settings["whisky_opponents"] + 1
    parts["opponent"] = settings[f"{prefix}_bot"]
    if parts["opponent"] == "MonteCarloBot":
        parts["strength"] = {samples: name for name, samples in STRENGTHS}[settings[f"{prefix}_strength"]]
    yes_no = {True: "yes", False: "no"}
    if game == "split":
        parts["first"] = settings["first_splitter"]
        parts["faceup"] = yes_no[bool(settings["face_up_swap"])]
    else:
        parts["first"] = "you" if settings["whisky_first"] else "bot"
        parts["jokers"] = yes_no[bool(settings["whisky_jokers"])]
    return urlencode(parts)


def share_address(query: str, page_url: str | None, environ: Mapping[str, str]) -> str:
    """The address that opens the game of ``query`` for whoever receives it. On Binder (``environ`` holds its launch
    host and request, as Binder gives them to the server): a launch address whose ``urlpath`` is this page's path
    under the server's base URL (``JUPYTERHUB_SERVICE_PREFIX``; :data:`ARCADE_PATH` when unknown) with the query,
    at the commit this session was built from; elsewhere, the page's own address with the query, or
    ``?query`` alone when the page's address is not known.

    >>> binder = {"BINDER_LAUNCH_HOST": "https://mybinder.org/", "BINDER_PERSISTENT_REQUEST": "v2/gh/ann/cards/1f2e",
    ...           "JUPYTERHUB_SERVICE_PREFIX": "/user/ann-cards-x1/"}
    >>> share_address("game=split&seed=3", "https://hub.example/user/ann-cards-x1/voila/render/notebooks/play.ipynb?seed=3",
    ...               binder)
    'https://mybinder.org/v2/gh/ann/cards/1f2e?urlpath=voila/render/notebooks/play.ipynb%3Fgame%3Dsplit%26seed%3D3'
    >>> share_address("game=split&seed=3", "http://127.0.0.1:8866/?seed=4", {})
    'http://127.0.0.1:8866/?game=split&seed=3'
    >>> share_address("game=split&seed=3", None, {})
    '?game=split&seed=3'
    """
    request = environ.get("BINDER_PERSISTENT_REQUEST") or environ.get("BINDER_REQUEST")
    host = environ.get("BINDER_LAUNCH_HOST")
    page = urlsplit(page_url or "")
    if host and request:
        prefix = environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
        path = page.path.removeprefix(prefix) if page.path.startswith(prefix) and page.path != prefix else ARCADE_PATH
        return f"{host.rstrip('/')}/{request.strip('/')}?urlpath={quote(f'{path}?{query}', safe='/')}"
    return page._replace(query=query, fragment="").geturl() if page.netloc else f"?{query}"
