"""The event routes in the OpenAPI document (merged by ``companion.web.openapi``; the routes are in
``companion.web.events_api``)."""

from __future__ import annotations

from typing import Any

from companion.web.operation import op

E = ["event_id"]
EG = ["event_id", "game_id"]

EVENT_PATHS: dict[str, dict[str, dict[str, Any]]] = {
    "/api/event": {"post": op(
        "Create an event; answers the organiser's and the judge's links (shown once)",
        ok=201, auth=False)},
    "/api/event/{event_id}": {"get": op(
        "Organiser or judge: the event, its players, rounds and each player's penalties", params=E)},
    "/api/event/{event_id}/players": {"post": op(
        "Organiser: register a player; the decklist (ThronesDB text or JSON) is frozen with its SHA-256",
        params=E, ok=201)},
    "/api/event/{event_id}/registration": {
        "get": op("Anyone: the event's registration (open or closed, its format); with a player's own registration "
                  "key, their registration and their deck's legality", params=E, auth=False),
        "post": op("Anyone, while registration is open: register yourself with a ThronesDB decklist (frozen with "
                   "its SHA-256 and its legality); answers your own registration key once", params=E, ok=201,
                   auth=False)},
    "/api/event/{event_id}/registration/deck": {"put": op(
        "A player with their registration key: replace the registered decklist until paired", params=E)},
    "/api/event/{event_id}/registration/open": {"post": op(
        "Organiser: open or close self-registration (logged)", params=E)},
    "/api/event/{event_id}/publish-decks": {"post": op(
        "Organiser: publish every decklist in the public feed, or withdraw them (logged)", params=E)},
    "/api/event/{event_id}/players/{player_id}/confirm": {"post": op(
        "Organiser: let a deck that is not legal under the event's list play (logged with its problems)",
        params=[*E, "player_id"])},
    "/api/event/{event_id}/rounds": {"post": op(
        "Organiser: a round from pairings (CSV table,player,player or a list); one strict game per table with "
        "the registered decks; answers the seat links once", params=E, ok=201)},
    "/api/event/{event_id}/rounds/propose": {"post": op(
        "Organiser or judge: the next round's pairings computed by the server (Swiss by score, rematches avoided "
        "by a minimum-weight matching, a bye for an odd count; or the cut's single elimination); every result of "
        "the round before must be in unless the judge overrides (logged)", params=E, ok=201)},
    "/api/event/{event_id}/proposal": {"get": op("Organiser or judge: the current proposal, or null", params=E)},
    "/api/event/{event_id}/proposal/swap": {"post": op(
        "Organiser or judge: swap two players of the current proposal (a new proposal id)", params=E)},
    "/api/event/{event_id}/proposal/confirm": {"post": op(
        "Organiser or judge: the proposal becomes the round (one strict game per table; the bye recorded)",
        params=E, ok=201)},
    "/api/event/{event_id}/players/{player_id}/drop": {"post": op(
        "Organiser or judge: drop a player (never paired again; results stand; logged); the organiser may "
        "disqualify (never rejoins)", params=[*E, "player_id"])},
    "/api/event/{event_id}/players/{player_id}/remove": {"post": op(
        "Organiser or judge: take a registration off the list before round 1 is paired (logged with the name and "
        "the deck's hash; the player's own registration key opens nothing after); once paired, drop instead",
        params=[*E, "player_id"])},
    "/api/event/{event_id}/players/{player_id}/rejoin": {"post": op(
        "Organiser or judge: a dropped player rejoins before the next round is paired, with an unpaired loss for "
        "each round missed (only in the stage they left; logged)", params=[*E, "player_id"])},
    "/api/event/{event_id}/players/{player_id}/adjustments": {"post": op(
        "Judge: add or take away tournament points with a reason (logged; in the standings, the report and the "
        "signed event file)", params=[*E, "player_id"], ok=201)},
    "/api/event/{event_id}/standings": {"get": op(
        "Anyone: the standings with tournament points and each tiebreaker's value (names only)", params=E,
        auth=False)},
    "/api/event/{event_id}/rounds/{number}/sheets": {"post": op(
        "Organiser before the round's games begin, the judge after: the seat sheets (PDF, one page per seat); "
        "makes new seat links (a judge's reprint is logged and shown on the phones and the dashboard)",
        params=[*E, "number"],
        content="application/pdf")},
    "/api/event/{event_id}/rounds/{number}/clock": {"post": op(
        "Organiser or judge: start the round clock", params=[*E, "number"])},
    "/api/event/{event_id}/dashboard": {"get": op("Judge or organiser: every table of a round, with flags, "
                                                    "and each player's penalties across the event",
                                                    params=E, query=["round"])},
    "/api/event/{event_id}/stream": {"get": op(
        "Judge or organiser: the event live (Server-Sent Events): the judge's dashboard of a round, or with "
        "view=organiser the organiser's page (players, rounds, results, the standings and the proposal)",
        params=E, query=["round", "since", "view"], content="text/event-stream")},
    "/api/event/{event_id}/games/{game_id}/moment": {"get": op(
        "Judge or organiser: the full table after entry seq (hidden cards included) and every entry", params=EG,
        query=["seq"])},
    "/api/event/{event_id}/games/{game_id}/rulings": {"post": op(
        "Judge: a ruling logged in the game (note, penalty, time extension, correction with its action)",
        params=EG, ok=201)},
    "/api/event/{event_id}/games/{game_id}/penalties": {"get": op(
        "Judge: the earlier penalties in this event (every round and table) of the player at seat, and what the "
        "tournament regulations say to a penalty of level for them (advice with citations; never an upgrade "
        "made for the judge)", params=EG, query=["seat", "level"])},
    "/api/event/{event_id}/penalties": {"get": op(
        "Judge or organiser: each player's penalties across the event's rounds and tables", params=E)},
    "/api/event/{event_id}/games/{game_id}/going-to-time": {"get": op(
        "Judge: the going-to-time steps, each figure marked tracked, counted or untracked; deck_A and "
        "deck_B are the draw decks as counted at the table (asked for where the draws were not recorded), "
        "power_A and power_B each player's power as they say it (asked for where the log recorded no power)",
        params=EG, query=["dominance", "deck_A", "deck_B", "power_A", "power_B"])},
    "/api/event/{event_id}/games/{game_id}/result": {"post": op(
        "Judge: enter or change a table's result (a win, a modified win, a concession, both lose); written into "
        "the table's log and the event's record", params=EG)},
    "/api/event/{event_id}/flags/{flag_id}/clear": {"post": op("Judge: mark a flag dealt with",
                                                                 params=[*E, "flag_id"])},
    "/api/event/{event_id}/report": {"get": op("Judge or organiser: the report per table (JSON, or ?format=pdf)",
                                                 params=E, query=["round", "format", "lang"])},
    "/api/event/{event_id}/export": {"get": op(
        "Judge or organiser: the signed-off event file (zip: a JSON Lines log per table and a manifest)",
        params=E, content="application/zip")},
    "/api/event-tables/{game_id}": {"get": op("A seat of an event game: its event, table and round clock",
                                               params=["game_id"])},
    "/api/event-tables/{game_id}/report": {"post": op(
        "A seat of an event game: report the table's result (Tournament Regulations › End of Round); it counts at "
        "once when the other seat's report agrees, a report that differs goes to the judge as a dispute",
        params=["game_id"], ok=201)},
    "/api/event-tables/{game_id}/call-judge": {"post": op(
        "A seat of an event game: call a judge to the table", params=["game_id"], ok=201)},
    "/e/{event_id}/feed.json": {"get": op(
        "Anyone: the event's public feed: pairings with results, the standings with every tie-breaker (the "
        "registry's columns), the cut, the judge's point adjustments; decklists only when the organiser publishes "
        "them; no key, flag or ruling. An ETag answers a repeated read with 304", params=E, auth=False)},
    "/e/{event_id}/feed.csv": {"get": op(
        "Anyone: one table of the public feed as CSV: of=standings (a column per tie-breaker) or of=pairings "
        "(each table's players and result, a bye as its own row)", params=E, query=["of"], auth=False,
        content="text/csv")},
    "/api/rules": {"get": op("Every rule id the engine knows, with citations, in English and German",
                              query=["q"], auth=False)},
}
