"""Phone pages: plain HTML and JavaScript, no build step, no inline script (the pages run under a
Content-Security-Policy that forbids it). Every page text comes from the message catalogue."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, redirect, url_for

from companion.messages import LANGUAGES, catalogue
from companion.rules.suggest import declarations
from companion.store.games import NotFound
from companion.tapestry.facts import TRACKS
from companion.web.api import svc
from companion.web.html import page

pages = Blueprint("pages", __name__)


def _game_exists(game_id: str, kind: str = "agot") -> None:
    try:
        game = svc().store.game(game_id)
    except NotFound:
        abort(404, description=f"no game {game_id!r}")
    if game.kind != kind:
        abort(404, description=f"no game {game_id!r}")


@pages.get("/messages.json")
def messages() -> Response:
    """The message catalogue for the browser, generated from the same files Python reads."""
    body = json.dumps({lang: catalogue(lang) for lang in LANGUAGES}, ensure_ascii=False, separators=(",", ":"))
    return Response(body, mimetype="application/json", headers={"Cache-Control": "no-cache"})


@pages.get("/favicon.ico")
def favicon() -> Any:
    return redirect(url_for("static", filename="favicon.svg"), code=301)


@pages.get("/")
def home() -> Any:
    return page("home.html")


@pages.get("/g/<game_id>")
def game(game_id: str) -> Any:
    _game_exists(game_id)
    # What the actions declare that a phone needs (the page names no action itself).
    return page("game.html", game_id=game_id, actions=declarations())


@pages.get("/g/<game_id>/join")
def join(game_id: str) -> Any:
    """A seat's printed link: the page exchanges its key (in the fragment) for the seat's own, once."""
    _game_exists(game_id)
    return page("join.html", game_id=game_id)


@pages.get("/g/<game_id>/host")
def host(game_id: str) -> Any:
    _game_exists(game_id)
    return page("host.html", game_id=game_id)


@pages.get("/tapestry")
def tapestry_new() -> Any:
    return page("tapestry_new.html", tracks=TRACKS)


@pages.get("/t/<game_id>")
def tapestry_table(game_id: str) -> Any:
    _game_exists(game_id, "tapestry")
    return page("tapestry.html", game_id=game_id)


@pages.get("/tts")
def tts_upload() -> Any:
    return page("tts.html")
