"""Tabletop Simulator: snapshots from the Lua helper, and save uploads."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import Annotated, Any, Literal

import msgspec
from flask import Blueprint, g, jsonify, request
from msgspec import UNSET, Meta, UnsetType

from companion.declare import text
from companion.messages import LANGUAGES, catalogue, citation, language, verdict_text
from companion.messages import text as message
from companion.rules import ActionError
from companion.rules.editions import Table
from companion.rules.roles import TABLE as TABLE_ROLE
from companion.rules.roles import Can, Role
from companion.rules.views import shown_verdict
from companion.store.games import Game, Refused, Replayed
from companion.tts.diff import differences, seat_map
from companion.tts.importer import CardLookup, identify_by_name, import_save
from companion.tts.save import COLOURS, Budget, TtsError, TtsTooLarge
from companion.tts.sync import LEFT_TO, MAX_TOKEN_KINDS, MAX_TOKENS, snapshot_actions, token_actions, token_kind
from companion.web.api import limit, svc
from companion.web.auth import requires, role_for
from companion.web.errors import ApiError
from companion.web.schema import Body, RequestId, accepts, answers, body

tts_api = Blueprint("tts_api", __name__)
MAX_SAVE = 64 * 1024 * 1024
UPLOAD_BUDGET = Budget(max_bytes=MAX_SAVE, max_seconds=10.0)
class SnapshotCard(msgspec.Struct, kw_only=True):
    guid: Annotated[str, Meta(max_length=64)]
    face_down: bool
    code: Annotated[str, Meta(max_length=40)] | None = None
    name: Annotated[Any, Meta(description="a card known by name only is identified like one in a save")] = None
    description: Annotated[Any, Meta(description="the TTS description, to tell printings apart")] = None
    tokens: Annotated[Any, Meta(description="tokens lying on the card: {kind: count} (TTS may write none as [])")] \
        = None


class SnapshotBody(Body):
    colour: Annotated[Literal[COLOURS], answers("bad_colour")]  # type: ignore[valid-type]
    cards: Annotated[list[SnapshotCard], Meta(max_length=200), answers("bad_cards")]
    request_id: RequestId | None = None
    seat: Annotated[str, text(1, 16, None, description="the seat this colour plays (default: by colour or name)")] \
        | None = None
    left: Annotated[list[Any], Meta(max_length=200, description="cards that left the zone: {code or name, to} (to: "
                                    "one of " + ", ".join(LEFT_TO) + ")"), answers("bad_left")] | None = None
    reconcile: Annotated[bool, Meta(description="after a load or rewind: compare, record nothing")] | UnsetType = UNSET
    lang: Annotated[Literal[LANGUAGES], Meta(description="the language of the table's chat (default: the "  # type: ignore[valid-type]
                                             "request's Accept-Language, else English)"), answers("bad_lang")] \
        | None = None


def _lua_lists(view: Callable[..., Any]) -> Callable[..., Any]:
    """TTS's JSON.encode may write an empty Lua table as ``{}`` (it cannot tell a list from an object): from
    the helper, ``{}`` where a list is expected is the empty list, so an empty table never stops a report."""

    @functools.wraps(view)
    def inner(*args: Any, **kwargs: Any) -> Any:
        data = body()
        if isinstance(data, dict):
            for key in ("cards", "left"):
                if data.get(key) == {}:
                    data[key] = []
        return view(*args, **kwargs)

    return inner


def _lookup() -> CardLookup:
    """The catalog's look-up, built once per request at most."""
    if "tts_lookup" not in g:
        g.tts_lookup = CardLookup(svc().catalog().all())
    lookup: CardLookup = g.tts_lookup
    return lookup


def _chat_language(data: dict[str, Any]) -> str:
    """The table chat's language: the helper's setting (``lang``, which the host sets for the table), else the
    request's Accept-Language, as the pages choose theirs."""
    lang = data.get("lang")
    return lang if isinstance(lang, str) else language(request.headers.get("Accept-Language"))


def _said(lang: str, message_id: str, **params: Any) -> str:
    """A line of the table chat in ``lang``: a colour by its name there, "Companion: " before it."""
    if "colour" in params:
        params["colour"] = message(f"ttsColour.{params['colour']}", lang)
    return message("tts.said", lang, text=message(message_id, lang, **params))


def _problem_text(problem: dict[str, Any], lang: str) -> str:
    said = problem.get("msg")
    if not said:
        return message("tts.said", lang, text=problem["message"])
    params = dict(said[1])
    # A card in no loaded deck is named by the game only by its code: the catalogue knows its name.
    if params.get("card") == problem.get("code") and (card := _lookup().by_code.get(str(problem.get("code")))):
        params["card"] = card.name
    return _said(lang, said[0], **params)


@tts_api.post("/games/<game_id>/snapshot")
@limit(256 * 1024)
@requires(Can.SNAPSHOT, what="a Tabletop Simulator snapshot (the table key from the host page)")
@_lua_lists
@accepts(SnapshotBody)
def snapshot(game: Game, role: Role) -> Any:
    """One colour's shadows zone as TTS shows it; the differences are recorded as actions."""
    game_id = game.id
    data = body()
    rid = data.get("request_id")
    colour = data["colour"]
    lang = _chat_language(data)
    seat = data.get("seat") or seat_map([colour], [s.seat for s in game.seats]).get(colour)
    if seat not in {s.seat for s in game.seats}:
        raise ApiError(400, "no_seat", message("tts.no_seat", lang, colour=colour))
    store = svc().store
    table = store.table(game_id)
    deck = _deck_codes(table, seat)
    clean, unresolved = _cards(data["cards"], game.edition, deck, lang)
    left = _left(data.get("left"), game.edition, deck)
    # Which key this is: the helper keeps only a table key with the game it saves (never a judge's).
    key_role = role.kind.value
    verdicts: list[dict[str, Any]] = [{"text": u, "legal": None} for u in unresolved]
    if data.get("reconcile") is True:
        return jsonify({**_reconcile(table, seat, colour, clean, verdicts, game.version, lang), "key_role": key_role})
    svc().saw_cards(game_id, _seen_in_zone(seat, clean, left), "tts")
    actions, problems = snapshot_actions(table, seat, colour, clean, left)
    actions += token_actions(table, seat, clean, actions)
    guid_of = {c["code"]: c["guid"] for c in clean if c["code"]}
    verdicts += [{"text": _problem_text(p, lang), "legal": None} for p in problems]
    version = game.version
    if actions:
        try:
            done = svc().table.act_many(game, actions, actor=role, expected_version=game.version,
                                        request_id=rid, meta={"tts": colour})
        except Replayed as again:  # a resent report: recorded the first time, nothing more now
            return jsonify({"colour": colour, "seat": seat, "recorded": 0, "replayed": True,
                            "version": again.seq, "verdicts": [], "key_role": key_role})
        except ActionError as exc:
            raise ApiError(400, "bad_action", str(exc)) from None
        except Refused as exc:  # strict (or impossible): nothing recorded; the table is told why, in its language
            raise _refusal(exc, table, lang, guid_of) from None
        for entry, verdict in done:
            card = entry.data.get("card")
            said = _did(table, lang, entry.data["type"], card)
            if verdict.violations:  # the table's chat: every player there reads it, so names, no instance ids
                said += _why_not(shown_verdict(verdict.to_dict(), TABLE_ROLE)["violations"], lang)
            # "entry": the log entry it is about, so a second identical verdict is still a verdict of its own.
            verdicts.append({"text": said, "legal": verdict.legal, "entry": entry.seq,
                             "guid": guid_of.get(table.instance(card).code) if card in table.instances else None})
        version = done[-1][0].seq
    # The names of the codes the helper sent (it knows the codes already): its own lines name the card, not its code.
    codes = {c["code"] for c in clean if c["code"]} | set(left)
    names = {code: table.cards[code].name for code in sorted(codes) if code in table.cards}
    return jsonify({"colour": colour, "seat": seat, "recorded": len(actions), "version": version,
                    "verdicts": verdicts, "key_role": key_role, "names": names})


def _did(table: Table, lang: str, kind: str, card: Any, said: bool = True) -> str:
    """What the helper's report did, as the table's chat says it: "Companion: X in die Schatten aufmarschiert"
    (without "Companion: " when not ``said``)."""
    name = table.card(card).name if card in table.instances else card
    did = message(f"tts.did.{kind}", lang, card=name) if f"tts.did.{kind}" in catalogue("en") else \
        f"{kind.replace('_', ' ')} {name}"
    return message("tts.said", lang, text=did) if said else did


def _why_not(violations: list[dict[str, Any]], lang: str) -> str:
    """The rules a move breaks, each with its citation (headings in the table's language, as the phones show)."""
    return " — " + "; ".join(f"{verdict_text(v, lang)} ({citation(v['citation'], lang)})" for v in violations)


def _refusal(exc: Refused, table: Table, lang: str, guid_of: dict[str, str]) -> ApiError:
    """A report refused as a whole (strict mode, or a move that cannot happen): its error carries the lines for the
    table's chat (``verdicts``), which the helper shows instead of the error's message."""
    action, verdict = exc.details.get("action") or {}, exc.details.get("verdict") or {}
    card = action.get("card")
    said = _said(lang, "tts.refused.move", move=_did(table, lang, str(action.get("type")), card, said=False))
    if verdict.get("violations"):
        said += _why_not(shown_verdict(verdict, TABLE_ROLE)["violations"], lang)
    guid = guid_of.get(table.instance(card).code) if card in table.instances else None
    lines = [{"text": _said(lang, f"tts.refused.{exc.code}"), "legal": None},
             {"text": said, "legal": False, "guid": guid}]
    return ApiError(exc.status, exc.code, exc.message, **exc.details, verdicts=lines)


def _deck_codes(table: Table, seat: str) -> set[str]:
    """The codes of the seat's loaded deck: a name-only card is looked for there first."""
    return {inst.code for cid, inst in table.instances.items() if inst.owner == seat}


def _seen_in_zone(seat: str, clean: list[dict[str, Any]], left: dict[str, list[str]]) -> list[str]:
    """The seat's cards the snapshot shows, as instances counted per code (``A.01089.1``, ``.2`` …):
    TTS knows no copy numbers, so three copies seen are copies 1 to 3."""
    counts: dict[str, int] = {}
    for code in [c["code"] for c in clean if c["code"]] + [code for code, went in left.items() for _ in went]:
        counts[code] = counts.get(code, 0) + 1
    return [f"{seat}.{code}.{n}" for code, count in counts.items() for n in range(1, count + 1)]


def _cards(raw: list[dict[str, Any]], edition: str, deck: set[str] | None = None, lang: str = "en"
           ) -> tuple[list[dict[str, Any]], list[str]]:
    """The zone's cards (their shape checked by ``SnapshotBody``); cards named but not coded are resolved
    like a save import.

    Pending cards (left, destination not known yet) still count as in shadows.
    """
    clean, unresolved = [], []
    for i, c in enumerate(raw):
        code = c.get("code")
        name, description = c.get("name"), c.get("description")
        if code is None and isinstance(name, str) and name:
            ident = identify_by_name(name, description if isinstance(description, str) else "", _lookup(), edition,
                                     deck=deck)
            code = ident.code
            if code is None:
                unresolved.append(_said(lang, "tts.unresolved", n=i + 1, reason=ident.reason_in(lang)))
        clean.append({"guid": c["guid"], "code": code, "face_down": c["face_down"],
                      "tokens": _tokens(i, c.get("tokens")), "pending": bool(c.get("pending")),
                      "deck": c.get("deck") is not None})
    return clean, unresolved


def _tokens(i: int, raw: Any) -> dict[str, int] | None:
    """A card's tokens as the helper counts them ({name: count}; an empty Lua table may arrive as [])."""
    if raw is None:
        return None
    if raw == []:
        return {}
    where = f"cards[{i}].tokens"
    if not isinstance(raw, dict) or len(raw) > MAX_TOKEN_KINDS:
        raise ApiError(400, "bad_cards", f"{where}: give at most {MAX_TOKEN_KINDS} token kinds as {{kind: count}}",
                       field=where)
    out: dict[str, int] = {}
    for name, n in raw.items():
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_TOKENS:
            raise ApiError(400, "bad_cards", f"{where}.{str(name)[:40]}: a count from 0 to {MAX_TOKENS}", field=where)
        kind = token_kind(name) if len(name) <= 80 else None
        if kind is not None and n > 0:
            out[kind] = min(out.get(kind, 0) + n, MAX_TOKENS)
    return out


def _left(raw: Any, edition: str, deck: set[str] | None = None) -> dict[str, list[str]]:
    """Where cards that left went, by code; a card known by name only is resolved like one in the zone."""
    if raw is None:
        return {}
    out: dict[str, list[str]] = {}
    for x in raw:
        if not isinstance(x, dict) or x.get("to") not in LEFT_TO:
            continue
        code = x.get("code")
        name, description = x.get("name"), x.get("description")
        if not isinstance(code, str) and isinstance(name, str) and name:
            code = identify_by_name(name, description if isinstance(description, str) else "", _lookup(),
                                    edition, deck=deck).code
        if isinstance(code, str):
            out.setdefault(code, []).append(x["to"])
    return out


def _reconcile(table: Table, seat: str, colour: str, cards: list[dict[str, Any]], verdicts: list[dict[str, Any]],
               version: int, lang: str = "en") -> dict[str, Any]:
    """After a load or rewind in TTS: compare, record nothing, and tell the owner what differs from the log."""
    shown = Counter(c["code"] for c in cards if c["code"])
    logged = [table.instance(cid).code for cid in table.shadows(seat)]
    missing, extra = Counter(logged) - shown, shown - Counter(logged)

    def names(counts: Counter[str]) -> str:
        return ", ".join(f"{table.cards[c].name if c in table.cards else c}" + (f" ×{n}" if n > 1 else "")
                         for c, n in sorted(counts.items()))

    if missing:
        verdicts.append({"text": _said(lang, "tts.reloaded_missing", cards=names(missing), colour=colour),
                         "legal": None})
    if extra:
        verdicts.append({"text": _said(lang, "tts.reloaded_extra", cards=names(extra), colour=colour), "legal": None})
    # The names of the logged cards (the helper's own seat's shadows): its messages name them after a rewind.
    return {"colour": colour, "seat": seat, "recorded": 0, "version": version, "reconciled": True,
            "shadows": logged, "names": {c: table.cards[c].name for c in set(logged) if c in table.cards},
            "verdicts": verdicts}


@tts_api.post("/import")
@limit(MAX_SAVE)
def import_upload() -> Any:
    """A save, Saved Object or object JSON as the request body (or a multipart "file")."""
    upload = request.files.get("file")
    data = upload.read(MAX_SAVE + 1) if upload is not None else request.get_data(cache=False)
    if not data:
        raise ApiError(400, "empty", "send the TTS file as the request body or as a multipart field \"file\"")
    name = (upload.filename if upload is not None else None) or "upload.json"
    lang = _reader_language()
    try:
        report = import_save(bytes(data), _lookup(), name, budget=UPLOAD_BUDGET, lang=lang)
    except TtsTooLarge as exc:  # 413 for bytes, 422 for objects, nesting or time
        raise ApiError(exc.status, f"save_{exc.code}", str(exc), limit=exc.limit) from None
    except TtsError as exc:
        raise ApiError(400, "bad_save", str(exc)) from None
    game_id = request.args.get("game")
    if game_id:
        game = svc().store.game(game_id)
        if not role_for(game).sees_all:
            raise ApiError(403, "forbidden", "comparing with a tracked game shows its hidden cards: judge key only")
        mapping_raw = {k: v for k, v in (x.split("=", 1) for x in request.args.getlist("seat") if "=" in x)}
        mapping = seat_map(list(report["players"]), [s.seat for s in game.seats], mapping_raw)
        report["differences"] = [_diff_said(row, lang) for row in differences(svc().store.table(game_id), report,
                                                                                mapping)]
    return jsonify(report)


def _reader_language() -> str:
    """The language of an upload's answer: ``?lang=`` (the page's own choice), else Accept-Language."""
    lang = request.args.get("lang")
    if lang is None:
        return language(request.headers.get("Accept-Language"))
    if lang not in LANGUAGES:
        raise ApiError(400, "bad_lang", f"lang: one of {', '.join(LANGUAGES)}", field="lang")
    return lang


def _diff_said(row: dict[str, Any], lang: str) -> dict[str, Any]:
    """A difference with its ``message`` in the reader's language from the catalogue (``ttsDiff.*``, as the upload
    page words it) and ``message_code``, which stays when the words change: entered, left, untracked, unmapped,
    unidentified."""
    kind = row["kind"]
    code = kind if kind not in ("entered", "left") or "action" in row else "untracked"
    card = row.get("name") or row.get("code") or ""
    if card == row.get("code") and (known := _lookup().by_code.get(card)):  # in no loaded deck: named by the catalogue
        card = known.name
    params = {"colour": message(f"ttsColour.{row['colour']}", lang) if row["colour"] in COLOURS else row["colour"],
              "seat": row.get("seat") or "", "card": card, "count": row.get("count", 0)}
    return {**row, "message": message(f"ttsDiff.{code}", lang, **params), "message_code": code}
