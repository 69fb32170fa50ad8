"""What an organiser who is also the judge met running a 6-player event, over HTTP on a real SQLite file: a
registration taken off the list before round 1 (after it, a player drops), the bye said to its player, and the
report's PDF naming each deck's faction and agenda."""

from __future__ import annotations

from flask.testing import FlaskClient

from companion.catalog.store import Catalog
from tests.test_events import h, make_event
from tests.test_events_record import _four_illegal_decks


def test_a_registration_is_removed_before_round_1_and_its_key_opens_nothing_after(client: FlaskClient,
                                                                                  catalog: Catalog) -> None:
    """A player who registered (or was registered by mistake) and leaves before round 1 could only be dropped: a
    ghost in the standings. Before round 1 is paired the organiser's and the judge's keys take the registration off
    the list (logged, with the name and the deck's hash); the player's own registration key opens nothing after, a
    new registration never gets the number again, and once round 1 is paired the player drops instead."""
    legal, _ = _four_illegal_decks(catalog)
    ev = make_event(client, catalog, players=5)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    url = f"/api/event/{eid}/registration"
    mine = client.post(url, json={"name": "Ned", "decklist": legal, "request_id": "reg-ned-0001"}).get_json()
    ned, ned_key = mine["player"]["id"], mine["key"]
    listed = client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"]
    assert [p["removable"] for p in listed] == [True] * 6
    before = client.get(f"/api/event/{eid}/dashboard", headers=h(judge)).get_json()
    assert [p["removable"] for p in before["players"]] == [True] * 6

    # No key, the player's own key: refused; the organiser's key removes it, once per request id.
    assert client.post(f"/api/event/{eid}/players/{ned}/remove", json={}).status_code == 401
    assert client.post(f"/api/event/{eid}/players/{ned}/remove", headers=h(ned_key), json={}).status_code == 401
    removed = client.post(f"/api/event/{eid}/players/{ned}/remove", headers=h(org), json={"request_id": "rm-ned-01"})
    assert removed.status_code == 200, removed.get_json()
    assert removed.get_json()["removed"]["name"] == "Ned"
    again = client.post(f"/api/event/{eid}/players/{ned}/remove", headers=h(org), json={"request_id": "rm-ned-01"})
    assert again.get_json()["replayed"] is True
    gone = client.post(f"/api/event/{eid}/players/{ned}/remove", headers=h(org), json={"request_id": "rm-ned-02"})
    assert gone.status_code == 404 and gone.get_json()["error"]["details"]["field"] == "player"
    names = [p["name"] for p in client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"]]
    assert names == [f"Player {i}" for i in range(1, 6)]
    assert client.get(url, headers=h(ned_key)).status_code == 401  # Ned's phone: the key opens nothing
    assert client.put(f"{url}/deck", headers=h(ned_key), json={"decklist": legal, "request_id": "fix-ned-01"}
                      ).status_code == 401
    assert "Ned" not in [r["name"] for r in client.get(f"/api/event/{eid}/standings").get_json()["standings"]]

    # The judge's key removes one too; a new registration gets a number never given before.
    five = next(p["id"] for p in client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"]
                if p["name"] == "Player 5")
    assert client.post(f"/api/event/{eid}/players/{five}/remove", headers=h(judge), json={}).status_code == 200
    newcomer = client.post(url, json={"name": "Arya", "decklist": legal, "request_id": "reg-arya-001"}).get_json()
    assert newcomer["player"]["id"] == ned + 1
    listed = client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"]
    assert [p["name"] for p in listed] == ["Player 1", "Player 2", "Player 3", "Player 4", "Arya"]

    # On the record: who removed whom, with the deck's hash, in both languages.
    report = client.get(f"/api/event/{eid}/report", headers=h(org)).get_json()
    removals = [d for d in report["decisions"] if d["kind"] == "remove"]
    assert [(d["by"], d["detail"]["name"], d["words"]["en"]) for d in removals] == [
        ("organiser", "Ned", "Ned's registration was removed before round 1"),
        ("judge", "Player 5", "Player 5's registration was removed before round 1")]
    assert removals[0]["words"]["de"] == "Die Anmeldung von Ned wurde vor Runde 1 entfernt"
    assert len(removals[0]["detail"]["deck_hash"]) == 64

    # Round 1 paired: nobody is removable; a removal is refused, saying to drop instead.
    r = client.post(f"/api/event/{eid}/rounds", headers=h(org), json={"csv": "1,Player 1,Player 2\n2,Player 3,Arya"})
    assert r.status_code == 201, r.get_json()
    assert not any(p["removable"] for p in client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"])
    late = client.post(f"/api/event/{eid}/players/1/remove", headers=h(org), json={})
    assert late.status_code == 409 and late.get_json()["error"]["details"]["msg"] == "ev.remove.paired"


def test_the_report_pdf_names_each_decks_faction_and_agenda_and_the_event_file_still_verifies(
        client: FlaskClient, catalog: Catalog) -> None:
    """A judge trial: the signed report's PDF listed the players and no deck: a judge reports each deck's faction and
    agenda (public facts; the decklists stay the organiser's to publish). Both languages; the signed event file
    still verifies."""
    from companion.cli.check import judge_log
    from companion.events.report import verify_event_file
    from tests.test_events_record import pdf_text

    ev = make_event(client, catalog, players=2)
    eid, org, judge = ev["event"]["id"], ev["organiser"]["key"], ev["judge"]["key"]
    assert client.post(f"/api/event/{eid}/rounds", headers=h(org), json={"csv": "1,Player 1,Player 2"}
                       ).status_code == 201
    players = client.get(f"/api/event/{eid}", headers=h(org)).get_json()["players"]
    assert all(p["faction"] and p["agenda"] for p in players), players
    words = {"en": {"lannister": "Lannister", "stark": "Stark", "thenightswatch": "Night's Watch",
                    "baratheon": "Baratheon", "greyjoy": "Greyjoy", "martell": "Martell", "targaryen": "Targaryen",
                    "tyrell": "Tyrell"},
             "de": {"thenightswatch": "Nachtwache"}}
    for lang in ("en", "de"):
        pdf = client.get(f"/api/event/{eid}/report?format=pdf&lang={lang}", headers=h(org))
        assert pdf.status_code == 200
        printed = " ".join(" ".join(page.split()) for page in pdf_text(pdf.data))
        for seat, p in zip("AB", players, strict=True):
            faction = words[lang].get(p["faction"]) or words["en"][p["faction"]]
            assert f"{p['name']} — {faction} · {p['agenda']} — " in printed, (lang, p, printed[:600])
            assert f"{seat}: {p['name']} ({faction} · {p['agenda']})" in printed, (lang, p)
    export = client.get(f"/api/event/{eid}/export", headers=h(judge))
    checked = verify_event_file(export.data, lambda text: judge_log(text, catalog))
    assert checked["ok"], checked
