"""Phone pages."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

pages = Blueprint("pages", __name__)


@pages.get("/")
def home() -> Any:
    return render_template("home.html")
