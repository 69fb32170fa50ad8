"""Paper keys are single-use (issue 35): a seat sheet's QR code opens its seat once, and the phone that opens it gets
its own key; opened again the sheet is refused, and the seat's phone, the other seat's and the judge's dashboard are
told; the judge reprints a sheet. Every printed sheet is read back from its PDF as a phone's camera reads it (its QR
codes decoded), over the HTTP API on a real SQLite file."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from tests.paper import claimed, parts, sheet_links
from tests.test_events import flags_of, h, make_event

TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")


def printed(client: FlaskClient, eid: str, key: str, **which: Any) -> list[str]:
    r = client.post(f"/api/event/{eid}/rounds/1/sheets", headers=h(key), json={"confirm": True, **which})
    assert r.status_code == 200, r.get_json()
    return sheet_links(r.data)


def opens(client: FlaskClient, game: str, key: str) -> int:
    return int(client.get(f"/api/games/{game}/view", headers=h(key)).status_code)


def every_game_read(client: FlaskClient, game: str, key: str, address: str) -> set[int]:
    """What a key gets from every GET route of a game in /api/openapi.json (and its live stream), asked from
    ``address`` (twenty wrong keys a minute from one address are held back with 429, which hides the 401)."""
    doc = client.get("/api/openapi.json").get_json()
    statuses = set()
    for path, ops in doc["paths"].items():
        if "get" not in ops or not path.startswith("/api/games/{game_id}") or "{" in path.replace("{game_id}", ""):
            continue
        r = client.get(path.replace("{game_id}", game), headers=h(key), buffered=False,
                       environ_base={"REMOTE_ADDR": address})
        statuses.add(r.status_code)
        r.close()
    return statuses


def test_no_printed_key_opens_a_seat_after_its_players_phone_has(client: FlaskClient, catalog: Catalog) -> None:
    """Six tables: the organiser prints the round's sheets; each sheet's QR code is opened by its player's phone,
    which gets its own key; then every printed key, and every link the round gave before printing, opens nothing on
    any route of its game, and a second opening of a sheet is refused and named to both phones and the judge."""
    ev = make_event(client, catalog, players=12)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    csv = "\n".join(f"{i},Player {2 * i - 1},Player {2 * i}" for i in range(1, 7))
    answer = client.post(f"/api/event/{eid}/rounds", headers=h(org), json={"csv": csv}).get_json()
    before = [s["url"] for t in answer["tables"] for s in t["seats"]]
    links = printed(client, eid, org)
    assert len(links) == 12 and all("/join#key=" in link for link in links) and not set(links) & set(before)
    phones: dict[tuple[str, str], str] = {}
    for link in links:
        game, _ = parts(link)
        key = claimed(link, client)
        seat = client.get(f"/api/games/{game}/view", headers=h(key)).get_json()["viewer"]
        assert seat["role"] == "seat"
        phones[(game, seat["seat"])] = key
    assert len(phones) == 12  # each sheet opened a seat of its own
    for n, link in enumerate([*links, *before]):
        game, paper = parts(link)
        assert every_game_read(client, game, paper, f"10.35.{n}.1") == {401}, link  # the paper opens nothing
    # A sheet opened again: refused, and said when it was used.
    game, paper = parts(links[0])
    again = client.post(f"/api/games/{game}/claim", headers=h(paper), json={"request_id": "claim-again-01"})
    assert again.status_code == 409 and again.get_json()["error"]["code"] == "paper_used"
    assert again.get_json()["error"]["details"]["seat"] == "A" and again.get_json()["error"]["details"]["used_at"]
    # Both phones of the table are told (the seat's own and its opponent's), and the judge's dashboard flags it.
    for seat in "AB":
        notices = client.get(f"/api/games/{game}/view", headers=h(phones[(game, seat)])).get_json()["keys"]["notices"]
        assert [(n["seat"], n.get("refused")) for n in notices] == [("A", True)], seat
    flags = flags_of(client, eid, judge, 1)
    assert [(f["kind"], f["detail"]["player"]) for f in flags] == [("paper_reused", "Player 1")]
    # A round link made before printing (replaced by the sheet) is no paper key any more: 401.
    old_game, old_paper = parts(before[0])
    replaced = client.post(f"/api/games/{old_game}/claim", headers=h(old_paper), json={"request_id": "claim-old-001"})
    assert replaced.status_code == 401
    # The phones' own keys still open their seats.
    assert {opens(client, g, k) for (g, _), k in phones.items()} == {200}
    # Nothing the organiser reads while the round runs holds a key that opens a seat.
    assert client.post(f"/api/event/{eid}/rounds/1/clock", headers=h(org), json={}).status_code == 200
    refused = client.post(f"/api/event/{eid}/rounds/1/sheets", headers=h(org), json={"confirm": True})
    assert refused.status_code == 403


def one_table_claimed(client: FlaskClient, catalog: Catalog) -> tuple[dict[str, Any], str, str, str]:
    """An event of one table, round 1 paired, both seats' sheets opened by their phones: the event, the game, and
    the keys of seat A's phone and seat B's."""
    ev = make_event(client, catalog, players=2)
    answer = client.post(f"/api/event/{ev['event']['id']}/rounds", headers=h(ev["organiser"]["key"]),
                         json={"csv": "1,Player 1,Player 2"}).get_json()
    a, b = (claimed(s["url"], client) for s in answer["tables"][0]["seats"])
    return ev, answer["tables"][0]["game"], a, b


def test_the_judge_reprints_a_sheet_and_the_phone_that_opens_it_takes_the_seat(client: FlaskClient,
                                                                               catalog: Catalog) -> None:
    ev, game, lost, other = one_table_claimed(client, catalog)  # ``lost``: seat A's phone, lost later
    eid, judge = ev["event"]["id"], ev["judge"]["key"]
    # Before a phone takes a reprinted sheet, the seat stays with its phone; the sheet is announced on every phone.
    (link,) = printed(client, eid, judge, table=1, seat="A")
    assert opens(client, game, lost) == 200
    notices = client.get(f"/api/games/{game}/view", headers=h(other)).get_json()["keys"]["notices"]
    assert [(n["key"], n["seat"], n["by"]) for n in notices] == [("paper", "A", "judge")]
    new_phone = claimed(link, client)
    assert opens(client, game, lost) == 401 and opens(client, game, new_phone) == 200
    # The new phone's answer was lost: the same phone (its request id) asks again and gets a key; nobody else does.
    game_id, paper = parts(link)
    first = client.post(f"/api/games/{game_id}/claim", headers=h(paper), json={"request_id": "claim-lost-0001"})
    assert first.status_code == 409  # another request id: another phone
    # The organiser's prints skip a seat whose phone has its key: nothing left to print here.
    nothing = client.post(f"/api/event/{eid}/rounds/1/sheets", headers=h(ev["organiser"]["key"]),
                          json={"confirm": True})
    assert nothing.status_code == 409 and nothing.get_json()["error"]["code"] == "nothing_to_print"


def test_a_phone_whose_answer_was_lost_asks_again_with_its_request_id(client: FlaskClient, catalog: Catalog) -> None:
    ev = make_event(client, catalog, players=2)
    answer = client.post(f"/api/event/{ev['event']['id']}/rounds", headers=h(ev["organiser"]["key"]),
                         json={"csv": "1,Player 1,Player 2"}).get_json()
    url = answer["tables"][0]["seats"][0]["url"]
    game, paper = parts(url)
    first = claimed(url, client, request_id="claim-mine-00001")
    second = claimed(url, client, request_id="claim-mine-00001")  # the first answer never reached the phone
    assert first != second and opens(client, game, second) == 200 and opens(client, game, first) == 401
    stranger = client.post(f"/api/games/{game}/claim", headers=h(paper), json={"request_id": "claim-stranger1"})
    assert stranger.status_code == 409


def test_a_paper_key_sees_no_more_than_a_spectator(client: FlaskClient, catalog: Catalog) -> None:
    """Before it is opened, a sheet's key is no seat: its view is the spectators' (never the seat's, cached or not),
    and it may do nothing at the table."""
    ev = make_event(client, catalog, players=2)
    answer = client.post(f"/api/event/{ev['event']['id']}/rounds", headers=h(ev["organiser"]["key"]),
                         json={"csv": "1,Player 1,Player 2"}).get_json()
    (a, b) = (s["url"] for s in answer["tables"][0]["seats"])
    game, paper_a = parts(a)
    seat_b = claimed(b, client)
    assert client.get(f"/api/games/{game}/view", headers=h(seat_b)).get_json()["viewer"]["seat"] == "B"
    spectator = client.get(f"/api/games/{game}/view").get_json()
    as_paper = client.get(f"/api/games/{game}/view", headers=h(paper_a)).get_json()
    assert as_paper["viewer"] == {"role": "paper", "seat": "A"}
    assert {k: v for k, v in as_paper.items() if k not in ("viewer", "role", "may")} == {
        k: v for k, v in spectator.items() if k not in ("viewer", "role", "may")}
    # It may do no more than a spectator (that a key opened the page is no power: "keyed" says only that).
    assert {k for k, v in as_paper["may"].items() if v and k != "keyed"} <= {
        k for k, v in spectator["may"].items() if v}
    version = as_paper["version"]
    r = client.post(f"/api/games/{game}/actions", headers=h(paper_a),
                    json={"action": {"type": "gain_gold", "player": "A", "amount": 1}, "expected_version": version})
    assert r.status_code == 403
    assert client.get(f"/api/games/{game}/events", headers=h(paper_a)).status_code == 403
    assert client.post(f"/api/event-tables/{game}/report", headers=h(paper_a),
                       json={"winner": "A", "ending": "victory", "request_id": "rep-paper-0001"}).status_code == 403


def test_a_reprinted_sheet_once_opened_is_marked_opened_for_every_phone(client: FlaskClient,
                                                                      catalog: Catalog) -> None:
    ev, game, _, other = one_table_claimed(client, catalog)
    (link,) = printed(client, ev["event"]["id"], ev["judge"]["key"], table=1, seat="A")
    notices = client.get(f"/api/games/{game}/view", headers=h(other)).get_json()["keys"]["notices"]
    assert [n.get("opened_at") for n in notices] == [None]  # not opened yet: the seat's phone is warned
    new_phone = claimed(link, client)
    for key in (other, new_phone, None):
        view = client.get(f"/api/games/{game}/view", headers=h(key) if key else {}).get_json()
        (notice,) = view["keys"]["notices"]
        assert notice["key"] == "paper" and notice["seat"] == "A" and notice["opened_at"] >= notice["at"]
