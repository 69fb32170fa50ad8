"""Phone pages: plain HTML and JavaScript, no build step."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template

from companion.store.games import NotFound
from companion.web.api import svc

pages = Blueprint("pages", __name__)


def _game_exists(game_id: str, kind: str = "agot") -> None:
    try:
        game = svc().store.game(game_id)
    except NotFound:
        abort(404, description=f"no game {game_id!r}")
    if game.kind != kind:
        abort(404, description=f"no game {game_id!r}")


@pages.get("/")
def home() -> Any:
    return render_template("home.html")


@pages.get("/g/<game_id>")
def game(game_id: str) -> Any:
    _game_exists(game_id)
    return render_template("game.html", game_id=game_id)


@pages.get("/g/<game_id>/host")
def host(game_id: str) -> Any:
    _game_exists(game_id)
    return render_template("host.html", game_id=game_id)


@pages.get("/tapestry")
def tapestry_new() -> Any:
    return render_template("tapestry_new.html")


@pages.get("/t/<game_id>")
def tapestry_table(game_id: str) -> Any:
    _game_exists(game_id, "tapestry")
    return render_template("tapestry.html", game_id=game_id)


@pages.get("/tts")
def tts_upload() -> Any:
    return render_template("tts.html")
