"""What a viewer may record now at the table, and what the round waits for: the server decides, the page draws.

``round_view(t, role)`` is the round as one role sees it: the header's status (phase, whose turn, the first
player), the step button (the round's next step, or whom it waits for), the lines the round box reads
(initiative, the challenge under way, dominance totals, the reserve, the end of the game), the offers this role
may record now (each a ready action, with the cards or number the phone asks for first), and the counters its
taps change (its own seat's; ``counters_of``: other seats' it records for). Everything is a message of the
catalogue (``{"msg": id, …}``) with its values, as verdicts are, so a phone renders it in its language and names
no phase, role or action. Offers name only cards the role may see:
its own seat's, the judge's, or public ones.
"""

from __future__ import annotations

from typing import Any

from companion.rules.actions import REGISTRY
from companion.rules.actions.base import Recorder, action_from_dict, field_kinds
from companion.rules.actions.challenges import challenge_grants, plot_forbids_challenge
from companion.rules.actions.flow import SETUP_HAND, round_next
from companion.rules.actions.round import PassTurn, waiting_for_plot
from companion.rules.actions.setup import Mulligan, RevealSetup, placed_setup_cards
from companion.rules.editions import Table
from companion.rules.engine import check
from companion.rules.placing import legal_attach_targets, setup_face_down_cards
from companion.rules.roles import Can, Role
from companion.rules.state import ActionError, ChallengeRecord, Phase, Stage, Zone, field_names
from companion.rules.suggest import cost_words, table_actions
from companion.rules.values import (
    challenge_winner,
    claim_due,
    current_challenge,
    deck_count,
    dominance_totals,
    dominance_winner,
    draw_phase_cards,
    draw_phase_waiting,
    first_player_chosen,
    hand_count,
    has_deck,
    has_icon,
    has_keyword,
    has_plots,
    in_play_controlled,
    income,
    initiative,
    initiative_tied,
    initiative_winner,
    participants,
    plot_card,
    plot_text_blank,
    power_total,
    printed,
    renown_cards,
    reserve,
    reserve_excess,
    revealed_plot,
    revealed_this_round,
    side_strength,
    strength,
)
from companion.rules.verdict import msg
from companion.rules.views import plot_stats

Offer = dict[str, Any]


def _may(role: Role, action_type: str, seat: str | None) -> bool:
    """May ``role`` record this action for ``seat`` (None: for nobody / the table)?"""
    cls = REGISTRY[action_type]
    if not role.may_record(cls.records, action_type):
        return False
    if cls.records in (Recorder.PLAYER, Recorder.EFFECT):
        return seat is not None and role.records_for(seat)
    if cls.records is Recorder.CLAIM:
        return role.records_for(seat) or seat is None
    return True


def _name(t: Table, seat: str | None) -> str | dict[str, Any]:
    return t.players[seat].name if seat else msg("nobody")


def _card(t: Table, card: str, **detail: Any) -> dict[str, Any]:
    """A card as an offer's choice: its id (what the action names) and name."""
    return {"card": card, "name": t.card(card).name, **detail}


def _named(t: Table, card: str) -> dict[str, Any]:
    """A card as a value in a label or line: its name (the reader may see it; the id is no word of a sentence)."""
    return {"name": t.card(card).name}


def _offer(oid: str, label: dict[str, Any], action: dict[str, Any], *, primary: bool = False,
           detail: dict[str, Any] | None = None, fields: list[dict[str, Any]] | None = None,
           confirm: dict[str, Any] | None = None, effect: bool = False, apart: bool = False) -> Offer:
    """One button of the round box (``effect``: only when a card's text says so, under "By a card effect…";
    ``apart``: below everything else, as a move that ends the game)."""
    return {"id": oid, "label": label, "action": action, "primary": primary, "detail": detail,
            "fields": fields or [], "confirm": confirm, "effect": effect, "apart": apart}


def _pick(t: Table, name: str, cards: list[str], lo: int, hi: int, *, checked: list[str] | None = None,
          show_str: bool = False, single: bool = False) -> dict[str, Any]:
    """A field of cards to choose: ``lo`` to ``hi`` of ``cards`` (``single``: the field names one card)."""
    choices = [_card(t, c, **({"strength": strength(t, c)} if show_str else {})) for c in cards]
    return {"name": name, "kind": "card" if single else "cards", "choices": choices, "min": lo, "max": hi,
            "checked": checked or []}


def _hand(t: Table, seat: str, need: int) -> list[str]:
    """The cards a seat may name as cards of its hand: those named there, and for the cards drawn but not named
    yet, up to ``need`` copies of each title still in its draw deck (one copy is as good as another until named:
    naming it takes it as one of those drawn). Every title is offered: a hand of 10 drawn from a deck of 45 titles
    must be able to name the last of them."""
    p = t.players[seat]
    out = list(p.zones[Zone.HAND])
    if p.drawn_unnamed:
        per_title: dict[str, int] = {}
        for card in sorted(p.zones[Zone.DECK], key=lambda c: (t.card(c).name, c)):
            name = t.card(card).name
            if per_title.get(name, 0) < min(need, p.drawn_unnamed):
                per_title[name] = per_title.get(name, 0) + 1
                out.append(card)
    return out


def _seats_for(t: Table, role: Role) -> list[str]:
    """The seats whose own actions this role records: its seat, or every seat for the judge (``records_for`` of each
    seat, asked once for the role: every view asks twice)."""
    if not role.may_record(Recorder.PLAYER):
        return []
    if role.can(Can.FOR_ANY_SEAT):
        return list(t.seats)
    return [role.seat] if role.seat is not None and role.seat in t.seats else []


# -- the header and the step button ----------------------------------------------------------------------


def _status(t: Table, role: Role, holder: str | None) -> list[dict[str, Any]]:
    """The header's lines (``holder``: ``shadows_holder``'s, asked once a view)."""
    phase = msg(f"phase.{t.phase._value_}")  # (not ``value``, a property: every view asks)
    out: list[dict[str, Any]] = [{"id": "phase", "text": msg("round.status", round=t.round, phase=phase)
                                  if t.round else msg("round.statusSetup", phase=phase)}]
    if t.ended is not None:  # the header says so too, not the phase the game ended in
        # ended in setup: no round was played (a judge trial read "round 0" beside the event's round)
        return [{"id": "phase", "text": msg("round.overIn", round=t.round) if t.round else msg("round.overInSetup")}]
    if t.active_player and holder is not None:
        # 1st edition, the beginning of a phase: the Shadows chances come before the turn (the header said "your
        # turn" to the active player while the step button waited for another player's chance).
        mine = role.seat == holder
        out.append({"id": "turn", "mine": mine,
                    "text": msg("turnShadowsYou") if mine else msg("turnShadowsOf", player=t.players[holder].name)})
    elif t.active_player:
        mine = role.seat == t.active_player
        out.append({"id": "turn", "mine": mine,
                    "text": msg("yourTurn") if mine else msg("turnOf", player=t.players[t.active_player].name)})
    elif t.phase in (Phase.MARSHALING, Phase.CHALLENGES):
        out.append({"id": "turn", "mine": False, "text": msg("nobodyActive")})
    if t.first_player and (t.phase not in (Phase.PLOT, Phase.SETUP) or first_player_chosen(t)):
        out.append({"id": "first", "text": msg("round.first", player=t.players[t.first_player].name)})
    return out


def _waiting(t: Table, seats: list[str]) -> dict[str, Any]:
    return {"label": msg("waitingFor", player=", ".join(t.players[s].name for s in seats)), "action": None}


def _next(t: Table, role: Role, holder: str | None) -> dict[str, Any] | None:
    """The step button: the round's next step when it is this role's to take, else what the table waits for."""
    if t.ended is not None or t.time_finished:
        return None
    if holder is not None:
        # 1st edition, the beginning of a phase: the chance to come out of Shadows goes round in player order,
        # before anything else in the phase (the Shadows insert), so before the active player's turn too. The
        # last player to have one may go on to the next phase (going on is passing it); others pass first, and in
        # a phase of turns the turn waits for every chance.
        later = _chances_to_come(t)[1:]
        if role.seat != holder:
            return _waiting(t, [holder])
        if later or (t.phase in (Phase.MARSHALING, Phase.CHALLENGES) and t.active_player):
            return {"label": msg("shadowsChanceStep"), "action": None}
    if t.phase in (Phase.MARSHALING, Phase.CHALLENGES) and t.active_player:
        # A challenge under way waits for its next step's player, whoever asks (a spectator read "waiting for" the
        # attacker while the defender had to declare): the defenders, the result, the claim before the turn passes.
        c = current_challenge(t)
        if c is not None and c.stage in (Stage.ATTACKERS, Stage.DEFENDERS):
            return _waiting(t, [c.defender if c.stage is Stage.ATTACKERS else c.attacker])
        if c is not None and c.winner == c.attacker and not c.claim_applied and claim_due(t, c) > 0:
            return _waiting(t, [c.defender])  # the claim first (a turn passed before it would take it away)
        if _may(role, "pass_turn", t.active_player) and (role.seat in (None, t.active_player)):
            step: dict[str, Any] = {"label": msg("passTurn"), "id": "pass-turn",
                                    "action": {"type": "pass_turn", "player": t.active_player}}
            if (question := PassTurn(t.active_player).question(t)) is not None:
                # the judge ends another seat's turn: the question says whose ("you" would be the judge)
                step["confirm"] = question if role.seat is not None else msg(
                    "round.forSeat", player=t.players[t.active_player].name, what=question)
            return step
        return _waiting(t, [t.active_player])
    blocked = _phase_blocked(t)
    if blocked and role.seat in blocked:
        return {"label": msg("round.yourStep"), "action": None}  # the round box below says what
    if blocked:
        return _waiting(t, blocked)
    if t.phase is Phase.SETUP and not t.setup_revealed and (setup := _setup_step(t, role)) is not None:
        return setup
    if t.time_called and t.phase is Phase.TAXATION:
        if not _may(role, "go_to_time", None):
            return None
        return {"label": msg("round.goToTime"), "action": {"type": "go_to_time"}, "id": "go-to-time"}
    target = round_next(t)
    if not _may(role, "begin_phase", None):
        return None
    return {"label": msg("nextPhaseTo", phase=msg(f"phase.{target.value}")),
            "action": {"type": "begin_phase", "phase": target.value}, "id": "next-step"}


def _choosing_setup(t: Table, role: Role) -> bool:
    """The viewer's seat has placed no setup card yet (its setup hand drawn or still to draw): it is still choosing
    them."""
    seat = role.seat
    return (seat is not None and seat in t.seats and _may(role, "setup_face_down", seat)
            and seat in RevealSetup.choosing(t))


def _setup_step(t: Table, role: Role) -> dict[str, Any] | None:
    """Setup's own step, before the reveal: what to do while the viewer's seat still chooses (the reveal waits in the
    round box for a player who places none), then the reveal, which ends setup for everyone, even with nothing face
    down (a newcomer trial: "Next: plot phase" on a phone whose player had not drawn a setup hand, and after a card
    went into shadows, skipped the other player's setup). None: the viewer may not reveal, or nobody has begun setup
    (no setup hand drawn, no setup card placed: a table that records no setup goes on to the plot phase)."""
    if not any(hand_count(t, s) or placed_setup_cards(t, s) for s in t.seats):
        return None
    if _choosing_setup(t, role):
        return {"label": msg("round.setupChoose"), "action": None}
    if _may(role, "reveal_setup", None):
        step = {"label": msg("round.revealSetup"), "action": {"type": "reveal_setup"}, "id": "reveal-setup"}
        if (question := RevealSetup().question(t, role.seat)) is not None:
            step["confirm"] = question
        return step
    return None


def _phase_blocked(t: Table) -> list[str]:
    """The seats the phase still waits for before the next one may begin (empty: none)."""
    if t.phase is Phase.SETUP:
        return [s for s in t.seats if not has_deck(t, s)]
    if t.phase is Phase.PLOT:
        waiting = [s for s in t.seats if has_plots(t, s) and t.players[s].revealed_round != t.round]
        if waiting:  # one who has chosen waits for the others' choices (nothing of its own to do)
            return [s for s in waiting if t.players[s].plot_chosen_round != t.round] or waiting
        if revealed_this_round(t) and not first_player_chosen(t):
            tied = initiative_tied(t)
            winner = initiative_winner(t, tied)
            return [winner] if winner else tied
        return []
    if t.phase is Phase.DRAW:
        return draw_phase_waiting(t)
    if t.phase is Phase.DOMINANCE and t.round not in t.dominance:
        return [s for s in t.seats if s == dominance_winner(t)] or list(t.seats)
    if t.phase is Phase.TAXATION:  # in player order (RR: Appendix I › 7.3): the first who still owes a discard
        return [s for s in t.player_order() if reserve_excess(t, s) and t.players[s].reserve_round != t.round
                and t.players[s].counts_known][:1]
    return []


def shadows_holder(t: Table) -> str | None:
    """1st edition, the beginning of a phase: the player whose chance it is to bring a card out of Shadows."""
    return next(iter(_chances_to_come(t)), None)


def _chances_to_come(t: Table) -> list[str]:
    """1st edition, the beginning of a phase: the players whose chance to bring a card out of Shadows is still to
    come, in player order (a player with nothing in Shadows has none)."""
    if not (t.beginning_of_phase_shadows and t.shadows_window_open):
        return []
    return [s for s in t.player_order() if t.players[s].shadows_opportunity == "open" and t.shadows(s)]


# -- the round box: lines and offers, phase by phase ------------------------------------------------------


def _plot_lines_and_offers(t: Table, role: Role, lines: list[Any], offers: list[Offer]) -> None:
    waiting = waiting_for_plot(t)
    for seat in t.seats:
        p = t.players[seat]
        if not has_plots(t, seat) or p.revealed_round == t.round:
            continue
        sees = role.sees_hidden_of(seat)
        if p.plot_chosen is None and seat in waiting and _may(role, "choose_plot", seat) and sees:
            for card in p.zones[Zone.PLOTS]:
                offers.append(_offer(f"plot:{card}", msg("round.choosePlot", card=_named(t, card)),
                                     {"type": "choose_plot", "player": seat, "card": card},
                                     detail=plot_stats(t, t.card(card))))
        if p.plot_chosen is not None:
            lines.append(msg("plotChosenMine", card=_named(t, p.plot_chosen)) if role.seat == seat
                         else msg("plotChosenSeen", player=p.name, card=_named(t, p.plot_chosen)) if sees
                         else msg("plotChosen", player=p.name))
        elif seat not in [x for x in t.seats if role.records_for(x) and sees]:
            lines.append(msg("plotWaiting", player=p.name))
    revealed = revealed_this_round(t)
    if not revealed:
        return
    for seat in revealed:
        lines.append(msg("round.initiative", player=t.players[seat].name, value=initiative(t, seat),
                         power=power_total(t, seat)))
    tied = initiative_tied(t)
    winner = initiative_winner(t, tied)  # (each plot's initiative walks the revealed plots and the cards in play)
    if winner is None:
        lines.append(msg("initiativeTie"))
        if _may(role, "win_initiative", None):
            offers += [_offer(f"initiative:{s}", msg("round.randomWinner", player=t.players[s].name),
                              {"type": "win_initiative", "player": s}) for s in tied]
        return
    if first_player_chosen(t):
        chooser = t.first_chooser or winner
        if chooser == t.first_player:  # "Alice chose the first player: Alice." reads as a slip
            lines.append(msg("round.firstChosenSelf", player=t.players[chooser].name))
        else:
            lines.append(msg("round.firstChosen", player=t.players[chooser].name,
                             first=t.players[t.first_player].name if t.first_player else "—"))
        _when_revealed(t, revealed, lines)
        return
    lines.append(msg("initiativeYou") if role.seat == winner else msg("initiativeWon", player=t.players[winner].name))
    if _may(role, "choose_first_player", winner):
        offers += [_offer(f"first:{s}", msg("chooseFirst", player=t.players[s].name),
                          {"type": "choose_first_player", "player": winner, "first": s}, primary=True)
                   for s in t.seats if not t.players[s].eliminated]


def _when_revealed(t: Table, revealed: list[str], lines: list[Any]) -> None:
    """The revealed plots' own "When Revealed" abilities resolve once the first player is chosen: every phone names
    them (a newcomer trial revealed one and nothing said so), and with more than one the first player orders them."""
    plots = [(seat, plot) for seat in t.player_order() if seat in revealed and (plot := revealed_plot(t, seat))
             is not None and t.card(plot).when_revealed and not plot_text_blank(t, plot)]
    lines += [msg("round.whenRevealed", player=t.players[seat].name, card=_named(t, plot)) for seat, plot in plots]
    if len(plots) > 1 and t.first_player is not None:
        lines.append(msg("round.whenRevealedOrder", first=t.players[t.first_player].name))


def _draw_offers(t: Table, role: Role, offers: list[Offer]) -> None:
    chances = _chances_to_come(t)
    for seat in _seats_for(t, role):
        p = t.players[seat]
        if t.phase is Phase.SETUP and not t.setup_revealed and hand_count(t, seat) > 0:
            _mulligan_offer(t, seat, offers)
        if deck_count(t, seat) == 0:
            continue
        if t.phase is Phase.SETUP and hand_count(t, seat) == 0 and not t.setup_revealed:
            offers.append(_offer(f"draw:{seat}:7", msg("drewN", n=7), {"type": "draw_cards", "player": seat,
                                                                          "count": 7}, primary=True))
        elif t.phase is Phase.SETUP and t.setup_revealed and p.counts_known and hand_count(t, seat) < SETUP_HAND:
            # After the reveal each player draws back up to 7 (RR: Setup).
            n = min(SETUP_HAND - hand_count(t, seat), deck_count(t, seat))
            offers.append(_offer(f"draw:{seat}:{n}", msg("drawUpTo7", n=n), {"type": "draw_cards", "player": seat,
                                                                                "count": n}, primary=True))
        elif t.phase is Phase.DRAW and p.drew_round != t.round and chances in ([], [seat]):
            # 1st edition: the draw begins the phase and ends every chance to come out of Shadows still open. It is
            # offered once no other player's chance would go with it: to the last player with a chance (drawing lets
            # it go, as going on does), to everyone once the chances are over.
            n = draw_phase_cards(t, seat)  # 2, or what a plot or card in play makes it (Time of Plenty)
            offers.append(_offer(f"draw:{seat}:{n}", msg("drewN", n=n), {"type": "draw_cards", "player": seat,
                                                                          "count": n}, primary=True))


def _setup_lines(t: Table, role: Role, lines: list[Any], offers: list[Offer]) -> None:
    """Setup before the reveal, on a seat's own phone, in words a newcomer understands: the three ways to place a
    setup card (a sentence each), the setup gold left and the cards placed face down. Those two are its own only:
    what face-down cards cost would tell another seat which they are (RR: Setup)."""
    seat = role.seat
    if seat is None or seat not in t.seats or not _may(role, "setup_face_down", seat):
        return
    if hand_count(t, seat) == 0 and not placed_setup_cards(t, seat):
        return  # the setup hand first (its draw is offered)
    lines += [msg("round.setupFaceDown"), msg("round.setupFaceUp"), msg(f"round.setupShadows.{t.edition}"),
              msg("round.setupGoldLeft", left=t.setup_gold_left(seat), total=t.setup_gold_of(seat))]
    if face_down := setup_face_down_cards(t, seat):
        lines.append(msg("round.mySetupCards", cards=[_named(t, c) for c in face_down]))
    if _choosing_setup(t, role) and _may(role, "reveal_setup", None):
        # The step says "choose, then reveal"; a player who places no setup card reveals from here (it ends setup).
        offers.append(_offer("reveal-setup", msg("round.revealSetup"), {"type": "reveal_setup"},
                             confirm=RevealSetup().question(t, seat)))


def _mulligan_offer(t: Table, seat: str, offers: list[Offer]) -> None:
    """The setup hand's one mulligan, asked first, while it is legal: a 7-card setup hand drawn, no setup card placed
    yet, none taken before (and an edition that has one)."""
    mulligan = Mulligan(seat)
    if check(t, mulligan).violations:
        return
    question = Mulligan.phone.confirm
    offers.append(_offer(f"mulligan:{seat}", msg("round.mulligan"), mulligan.to_dict(),
                         confirm=msg(question.seen) if question else None))


def _marshal_offers(t: Table, role: Role, lines: list[Any], offers: list[Offer]) -> None:
    seat = t.active_player
    if seat is None:
        return
    p = t.players[seat]
    plot = plot_card(t, seat)
    # 1st edition: income begins the phase and ends every chance to come out of Shadows still open; as the draw, it
    # is offered once no other player's chance would go with it (a phone offered it during the next player's chance).
    if plot is not None and p.income_round != t.round and _may(role, "collect_income", seat) \
            and _chances_to_come(t) in ([], [seat]):
        action = {"type": "collect_income", "player": seat}
        offers.append(_offer(f"income:{seat}", msg("collectIncome", amount=income(t, seat)), action, primary=True))
        offers.append(_offer(f"income-modified:{seat}", msg("round.incomeModified"), action,
                             fields=[{"name": "modifier", "kind": "number", "min": -99, "max": 99, "value": 0,
                                      "label": msg("modifier"), "adds": income(t, seat),
                                      "relabel": "collectIncome", "param": "amount"}]))


def _challenge_lines(t: Table, c: ChallengeRecord) -> list[Any]:
    kind = msg(f"challenge.kind.{c.kind}")

    def side(seat: str) -> tuple[list[dict[str, Any]], int]:
        """A side's characters and STR: as they stand until the winner is determined, then as they were (a claim that
        kills the defenders read "Bob defends with nobody (0 STR)")."""
        if c.stage is Stage.RESOLVED and seat in c.strength:
            declared = c.attackers if seat == c.attacker else c.defenders
            return [_named(t, x) for x in declared], c.strength[seat]
        return [_named(t, x) for x in participants(t, c, seat)], side_strength(t, c, seat)

    attack, attack_str = side(c.attacker)
    out: list[Any] = [msg("round.challenge", player=t.players[c.attacker].name, defender=t.players[c.defender].name,
                          kind=kind, attackers=attack or msg("nobody"), strength=attack_str)]
    if c.stage is not Stage.ATTACKERS:
        defence, defence_str = side(c.defender)
        out.append(msg("round.defence", player=t.players[c.defender].name, defenders=defence or msg("nobody"),
                       strength=defence_str))
    if c.stage is Stage.RESOLVED:
        won = t.players[c.winner].name if c.winner else msg("nobody")
        out.append(msg("round.result", winner=won, unopposed=msg("round.unopposed") if c.unopposed else ""))
        if c.winner == c.attacker and not c.claim_applied:
            # The challenge's own claim (a card's raise included: Cersei's "+1 claim"), not the plot's alone: "discards
            # 2 (claim 1)" read as a slip to a newcomer trial.
            out.append(msg(f"round.claimDue.{c.kind}", player=t.players[c.defender].name, amount=claim_due(t, c),
                           claim=c.claim))
    return out


def _challenge_offers(t: Table, role: Role, lines: list[Any], offers: list[Offer]) -> None:
    c = current_challenge(t)
    if c is not None:
        lines += _challenge_lines(t, c)
        if c.stage is Stage.ATTACKERS and _may(role, "declare_defenders", c.defender):
            eligible = [x for x in in_play_controlled(t, c.defender) if t.card(x).type == "character"
                        and x not in c.bypassed and (
                            (not t.in_play[x].kneeling and has_icon(t, x, c.kind))
                            or c.kind in getattr(printed(t, x), "defends_kneeling", ()))]
            offers.append(_offer("defend", msg("round.defend", kind=msg(f"challenge.kind.{c.kind}")),
                                 {"type": "declare_defenders", "player": c.defender, "defenders": []}, primary=True,
                                 fields=[_pick(t, "defenders", eligible, 0, len(eligible), show_str=True)]))
        elif c.stage is Stage.DEFENDERS and _may(role, "challenge_result", None):
            winner, _ = challenge_winner(t, c)
            offers.append(_offer("result", msg("round.decide", attack=side_strength(t, c, c.attacker),
                                                defence=side_strength(t, c, c.defender),
                                                winner=_name(t, winner)),
                                 {"type": "challenge_result", **({"winner": winner} if winner else {})}, primary=True))
        elif c.stage is Stage.RESOLVED:
            _claim_and_renown_offers(t, role, c, offers)
        if c.stage in (Stage.ATTACKERS, Stage.DEFENDERS):
            _modifier_offer(t, role, c, offers)
            return
    attacker = t.active_player
    if attacker is None or not _may(role, "initiate_challenge", attacker):
        return
    if _chances_to_come(t) not in ([], [attacker]):
        return  # 1st edition: a challenge would take another player's chance to come out of Shadows away (as a draw)
    if c is not None and c.winner == c.attacker and not c.claim_applied and claim_due(t, c) > 0:
        return  # the claim first
    done = [x.kind for x in t.challenges if x.round == t.round and x.attacker == attacker]
    opponents = [s for s in t.seats if s != attacker and not t.players[s].eliminated]
    for kind in ("military", "intrigue", "power"):
        # Not offered: a type initiated as often as allowed (once, and what cards grant), or one a revealed plot
        # forbids now (the checks' own tests).
        grants = challenge_grants(t, attacker, kind)
        if done.count(kind) > len(grants) or not opponents:
            continue
        if (barred := plot_forbids_challenge(t, attacker, kind)) is not None:
            # Say why the button is not there (a newcomer trial saw the challenge buttons vanish under Sneak Attack).
            why = msg(f"rule.{barred.rule}", **{k: v["name"] if isinstance(v, dict) and "card" in v else v
                                                 for k, v in barred.params.items()})  # a revealed plot: by its name
            if role.seat in (None, attacker) and why not in lines:
                lines.append(why)
            continue
        eligible = [x for x in in_play_controlled(t, attacker) if t.card(x).type == "character"
                    and not t.in_play[x].kneeling and has_icon(t, x, kind)]
        if not eligible:
            continue
        fields = [_pick(t, "attackers", eligible, 1, len(eligible), show_str=True)]
        if len(opponents) > 1:
            fields.append({"name": "defender", "kind": "seat", "min": 1, "max": 1,
                           "choices": [{"seat": s, "name": t.players[s].name} for s in opponents]})
        stealthy = [x for x in eligible if has_keyword(t, x, "stealth")]
        if stealthy:
            targets = [x for s in opponents for x in in_play_controlled(t, s) if t.card(x).type == "character"
                       and not has_keyword(t, x, "stealth")]
            if targets:
                fields.append(_pick(t, "bypassed", targets, 0, len(stealthy)))
        offers.append(_offer(f"challenge:{kind}", msg("round.initiate", kind=msg(f"challenge.kind.{kind}")),
                             {"type": "initiate_challenge", "player": attacker, "kind": kind,
                              "defender": opponents[0], "attackers": [],
                              # a second of its type names the card that grants it
                              **({"source": grants[done.count(kind) - 1]} if done.count(kind) else {})},
                             fields=fields))


def _claim_and_renown_offers(t: Table, role: Role, c: ChallengeRecord, offers: list[Offer]) -> None:
    due = claim_due(t, c)
    # Nothing to apply (no power to move, no character or card to give): no claim to offer ("give 0 power" was
    # offered while the attacker's phone already said "Done", a newcomer trial).
    if c.winner == c.attacker and not c.claim_applied and due > 0 and _may(role, "apply_claim", c.defender):
        kind = msg(f"challenge.kind.{c.kind}")
        base = {"type": "apply_claim", "player": c.defender}
        if c.kind == "power":
            offers.append(_offer("claim", msg("round.claimPower", amount=due, winner=t.players[c.attacker].name),
                                 base, primary=True))
        else:
            if c.kind == "military":
                cards = [x for x in in_play_controlled(t, c.defender) if t.card(x).type == "character"]
            else:
                cards = _hand(t, c.defender, due) if role.sees_hidden_of(c.defender) else []
            offers.append(_offer("claim", msg(f"round.claim.{c.kind}", amount=due, kind=kind),
                                 {**base, "cards": []}, primary=True,
                                 fields=[_pick(t, "cards", cards, min(due, len(cards)), due)]))
    claimed = c.winner != c.attacker or c.claim_applied or due == 0
    renowned = renown_cards(t, c)
    if claimed and renowned and not c.renown and c.winner and _may(role, "renown", c.winner):
        offers.append(_offer("renown", msg("round.renown"), {"type": "renown", "player": c.winner, "cards": []},
                             primary=True, fields=[_pick(t, "cards", renowned, 0, len(renowned), checked=renowned)]))
    # Insight beside renown (RR: Insight: a winning participant with insight draws 1 card): each such character's draw,
    # once (a newcomer trial found renown offered and insight never, and counted its draws by hand)
    if claimed and c.winner and _may(role, "draw_cards", c.winner) and t.players[c.winner].counts_known:
        for card in participants(t, c, c.winner):
            if has_keyword(t, card, "insight") and card not in c.insight:
                offers.append(_offer(f"insight:{card}", msg("round.insight", card=_named(t, card)),
                                     {"type": "draw_cards", "player": c.winner, "count": 1, "source": card}))


def _modifier_offer(t: Table, role: Role, c: ChallengeRecord, offers: list[Offer]) -> None:
    """A STR modifier a card effect gives a participant until the end of the challenge."""
    if not _may(role, "modify", None):
        return
    cards = [x for x in [*participants(t, c, c.attacker), *participants(t, c, c.defender)]]
    if not cards:
        return
    offers.append(_offer("modify", msg("round.strModifier"),
                         {"type": "modify", "stat": "str", "until": "challenge", "amount": 1},
                         fields=[_pick(t, "card", cards, 1, 1, show_str=True, single=True),
                                 {"name": "amount", "kind": "number", "min": -20, "max": 20, "value": 1,
                                  "label": msg("round.strAmount")}]))


def _dominance(t: Table, role: Role, lines: list[Any], offers: list[Offer]) -> None:
    totals = dominance_totals(t)
    lines.append(msg("round.dominanceTotals", totals=", ".join(f"{t.players[s].name} {n}" for s, n in totals.items())))
    if t.round in t.dominance:
        won = t.dominance[t.round]
        lines.append(msg("log.win_dominance", player=t.players[won].name) if won else msg("log.win_dominance_nobody"))
        return
    winner = dominance_winner(t)
    if _may(role, "win_dominance", winner):
        label = msg("round.dominanceTo", player=t.players[winner].name) if winner else msg("round.dominanceNobody")
        offers.append(_offer("dominance", label, {"type": "win_dominance", **({"player": winner} if winner else {})},
                             primary=True))


def _taxation(t: Table, role: Role, lines: list[Any], offers: list[Offer]) -> None:
    if t.time_called:
        lines.append(msg("timeCalledBanner"))
    # Every phone is told what became of each player's unspent gold (a newcomer trial saw its gold go to 0 unsaid).
    for seat in t.player_order():
        p = t.players[seat]
        if p.gold_returned_round != t.round:
            continue  # not returned yet (1st edition: after the chance to come out of Shadows)
        if p.gold_returned or not p.gold_kept:
            lines.append(msg("round.goldReturned", player=p.name, gold=p.gold_returned) if p.gold_returned
                         else msg("round.goldNoneLeft", player=p.name))
        if p.gold_kept:
            lines.append(msg("round.goldKept", player=p.name, gold=p.gold_kept))
    if not t.has_reserve:
        return
    earlier_owes = False  # RR: Appendix I › 7.3: in player order; a later player's discard waits for an earlier one's
    for seat in t.player_order():
        value = reserve(t, seat)
        if value is None:
            continue
        excess = reserve_excess(t, seat)
        p = t.players[seat]
        lines.append(msg("round.reserve", player=p.name, hand=hand_count(t, seat), reserve=value))
        owes = bool(excess) and p.reserve_round != t.round
        if owes and not earlier_owes and _may(role, "discard_to_reserve", seat) and role.sees_hidden_of(seat):
            cards = _hand(t, seat, excess)
            offers.append(_offer(f"reserve:{seat}", msg("round.discardToReserve", count=excess),
                                 {"type": "discard_to_reserve", "player": seat, "cards": []}, primary=True,
                                 fields=[_pick(t, "cards", cards, min(excess, len(cards)), excess)]))
        earlier_owes = earlier_owes or owes


def _ending(t: Table, role: Role, lines: list[Any], offers: list[Offer]) -> None:
    how = msg(f"ended.{t.ended}")
    if t.winner_seat is not None:
        lines.append(msg("round.winner", player=t.players[t.winner_seat].name, how=how))
        return
    lines.append(msg("round.winnerToChoose", first=t.players[t.first_player].name if t.first_player else "—", how=how))
    if t.first_player and _may(role, "choose_winner", t.first_player):
        offers += [_offer(f"winner:{s}", msg("round.chooseWinner", player=t.players[s].name),
                          {"type": "choose_winner", "player": t.first_player, "winner": s}) for s in t.seats]


def _shadows_chance(t: Table, role: Role, lines: list[Any], offers: list[Offer], holder: str | None) -> None:
    if holder is None:
        return
    phase = msg(f"phase.{t.phase.value}")
    if role.seat == holder:
        lines.append(msg("shadowsChanceYou", phase=phase))
    else:
        lines.append(msg("shadowsChanceOf", player=t.players[holder].name, phase=phase))
    if _may(role, "pass_shadows", holder):
        offers.append(_offer("pass-shadows", msg("passShadows"), {"type": "pass_shadows", "player": holder},
                             primary=True))
    # Each card the holder may bring out, beside the pass: a newcomer did not look for it under "My shadows". Only
    # to the holder's own phone (face down to everyone else); an event is played from there, an attachment asks for
    # the card it goes on (a newcomer trial found both missing from the box).
    if role.seat != holder or not _may(role, "bring_out", holder):
        return
    for card in t.zone(holder, Zone.SHADOWS):
        kind = t.card(card).type
        if kind == "event":
            if _may(role, "play_event_from_shadows", holder):
                played = {"type": "play_event_from_shadows", "player": holder, "card": card}
                offers.append(_offer(f"event-from-shadows:{card}", msg("round.playFromShadows", card=_named(t, card)),
                                     played, detail=cost_words(t, action_from_dict(played))))
            continue
        hosts = legal_attach_targets(t, t.card(card), by=holder) if kind == "attachment" else []
        if kind != "attachment" or hosts:
            # What it costs and the gold there is, before the tap (the holder's own phone only: see above).
            brought = {"type": "bring_out", "player": holder, "card": card}
            offers.append(_offer(f"bring-out:{card}", msg("round.bringOut", card=_named(t, card)), brought,
                                 detail=cost_words(t, action_from_dict(brought)),
                                 fields=[_pick(t, "attach_to", hosts, 1, 1, single=True)] if hosts else None))


def counters_of(t: Table, role: Role) -> dict[str, list[str]]:
    """Other seats' counters ``role`` taps on its phone: for each seat but its own, the counters whose tallies (each
    sign, as the actions declare them) it may record for that seat. The judge: every seat's gold and power; a row
    narrowed to power (a scorekeeper): every seat's power; a seat or the host: none."""
    # The same for every view of a role at a table (its row and the seats alone): found once, as _tallies is.
    key = (len(REGISTRY), role.seat, role.capabilities, tuple(t.players))
    found = _COUNTERS_OF.get(key)
    if found is None:
        if len(_COUNTERS_OF) >= 4096:  # the seats' names differ by table: kept few
            _COUNTERS_OF.clear()
        found = _COUNTERS_OF[key] = _counters_of(t, role)
    return {seat: list(counters) for seat, counters in found.items()}  # the caller's own, as before


_COUNTERS_OF: dict[tuple[Any, ...], dict[str, list[str]]] = {}


def _counters_of(t: Table, role: Role) -> dict[str, list[str]]:
    tallies = _tallies()
    out = {}
    for seat in t.players:
        if seat != role.seat:
            denied = {counter for name, counter in tallies if not _may(role, name, seat)}
            if mine := sorted({counter for _, counter in tallies} - denied):
                out[seat] = mine
    return out


#: The actions with a tally and its counter, by how many actions are registered (every view asks; fixed once they are).
_TALLIES: dict[int, tuple[tuple[str, Any], ...]] = {}


def _tallies() -> tuple[tuple[str, Any], ...]:
    found = _TALLIES.get(len(REGISTRY))
    if found is None:
        found = _TALLIES[len(REGISTRY)] = tuple(
            (name, cls.phone.tally.counter) for name, cls in REGISTRY.items() if cls.phone.tally)
    return found


def _table_offers(t: Table, role: Role, offers: list[Offer]) -> None:
    """Actions that name no card, as their declarations offer them at the table (``Where.TABLE``: the setup reveal,
    a card effect's restriction on an opponent) and the round's own offers do not already: each is a button whose
    label names its fields (``offer.<type>``)."""
    offered = {o["action"]["type"] for o in offers}
    seen: list[dict[str, Any]] = []
    names = tuple(p.name for p in t.players.values())
    who = (role.actor, role.capabilities)  # the role, and what its row of the table lets it do now
    for seat in _seats_for(t, role) or t.seats[:1]:
        for a in table_actions(t, seat):
            try:
                key = (a, who, names)
                parts = _TABLE_OFFERS.get(key)
            except TypeError:  # an action with a list in it: made each time
                key, parts = None, None
            if parts is None:
                parts = _table_offer(t, role, a)
                if key is not None:
                    if len(_TABLE_OFFERS) >= 4096:
                        _TABLE_OFFERS.clear()
                    _TABLE_OFFERS[key] = parts
            d, label, effect = parts
            if label is None or d["type"] in offered or d in seen:
                continue
            seen.append(d)
            question = type(a).phone.confirm
            who_asks = t.players[d["player"]].name if d.get("player") in t.players else ""
            offers.append(_offer(f"table:{len(seen)}", dict(label), dict(d), effect=effect, apart=type(a).phone.apart,
                                 confirm=msg(question.seen, player=who_asks) if question else None))


#: A table offer's parts (``_table_offer``) by its action, the role (its actor and its capabilities) and the seats'
#: names: every view of every version asks for the same few (a seat's kneel, its restrictions on an opponent); made
#: each time, they were a tenth of a write's calls.
_TABLE_OFFERS: dict[tuple[Any, ...], tuple[dict[str, Any], dict[str, Any] | None, bool]] = {}


def _table_offer(t: Table, role: Role, a: Any) -> tuple[dict[str, Any], dict[str, Any] | None, bool]:
    """An action ``_table_offers`` may offer: its dict, its label (None: not for this role, or a control of the
    round's own) and whether it is by a card's effect. Made of the action, the role and the seats' names only."""
    d = a.to_dict()
    if type(a).phone.control or not _may(role, d["type"], d.get("player")):
        return d, None, False
    kinds = field_kinds(type(a))
    given = {n: v for n in field_names(type(a)) if (v := getattr(a, n)) is not None}
    words = {k: (t.players[v].name if kinds.get(k) == "seat" else
                 msg(f"{kinds[k][6:]}.{v}") if kinds.get(k, "").startswith("words:") else v)
             for k, v in given.items()}
    effect = type(a).phone.by_effect or type(a).records is Recorder.EFFECT
    return d, msg(f"offer.{d['type']}", **words), effect


def _starts_body(t: Table, action: dict[str, Any]) -> bool:
    """Whether an offer's action is the phase's own step (``Action.starts_body``), which ends the beginning of the
    phase; an offer still to be filled in is asked of its type."""
    try:
        return action_from_dict(action).starts_body(t)
    except ActionError:
        return REGISTRY[action["type"]].starts_phase_body


def round_view(t: Table, role: Role) -> dict[str, Any]:
    """The round as ``role`` sees it and may act on it now (see the module's docstring)."""
    lines: list[Any] = []
    offers: list[Offer] = []
    holder = shadows_holder(t)  # the header, the step button and the round box ask: the table does not change here
    if t.ended is not None:
        _ending(t, role, lines, offers)
    else:
        _shadows_chance(t, role, lines, offers, holder)
        if t.time_called and t.phase is not Phase.TAXATION:
            lines.append(msg("timeCalledBanner"))
        if t.phase in (Phase.SETUP, Phase.DRAW):
            _draw_offers(t, role, offers)
            if t.phase is Phase.SETUP and not t.setup_revealed:
                _setup_lines(t, role, lines, offers)
            elif t.phase is Phase.SETUP:
                # Every phone reads what the reveal did to each seat's unspent setup gold (a newcomer trial: only the
                # phone that revealed said "Ben loses 6 unspent setup gold"; Ben's own said nothing).
                lines += [msg("note.setup-gold-lost", player=t.players[s].name, gold=lost) for s in t.player_order()
                          if (lost := t.setup_gold_unspent(s)) > 0 and has_deck(t, s)]
        elif t.phase is Phase.PLOT:
            _plot_lines_and_offers(t, role, lines, offers)
        elif t.phase is Phase.MARSHALING:
            _marshal_offers(t, role, lines, offers)
        elif t.phase is Phase.CHALLENGES:
            _challenge_offers(t, role, lines, offers)
        elif t.phase is Phase.DOMINANCE:
            _dominance(t, role, lines, offers)
        elif t.phase is Phase.TAXATION:
            _taxation(t, role, lines, offers)
        _table_offers(t, role, offers)
    if holder is not None:
        # 1st edition: the beginning-of-phase chances to come out of Shadows come first, one player at a time. A phase
        # step offered beside them (a plot, dominance) ended another player's chance unasked (a newcomer trial). The
        # last player with a chance may go on (going on lets it go).
        last = role.seat == holder and not _chances_to_come(t)[1:]
        offers = [o for o in offers if last or not _starts_body(t, o["action"])]
    if role.seat is None:  # the judge records for every seat: each offer says whose it is
        for o in offers:
            seat = o["action"].get("player")
            if seat in t.players:
                o["label"] = msg("round.forSeat", player=t.players[seat].name, what=o["label"])
    counters = ["gold", "power"] if role.seat is not None and role.may_record(Recorder.PLAYER) else []
    step = _next(t, role, holder)
    if step is not None and step["action"] is None and any(o["primary"] for o in offers):
        # The table waits for this phone: below. At the beginning of a 1st-edition phase it is the player's chance
        # to come out of Shadows, which may come in another player's turn: not "your move".
        chance = holder is not None and holder == role.seat
        label = "shadowsChanceStep" if chance else "round.yourStep" if role.seat is not None else "round.judgeStep"
        step = {"label": msg(label), "action": None}  # the judge records for the seats: not "your move"
    if step is not None and step["action"] == {"type": "reveal_setup"}:  # the step button reveals: not twice
        offers = [o for o in offers if o["action"]["type"] != "reveal_setup"]
    return {"status": _status(t, role, holder), "next": step, "lines": lines, "offers": offers,
            "counters": counters, "counters_of": counters_of(t, role), "over": t.ended is not None}
