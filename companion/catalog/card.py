"""Card facts: what the companion knows about a printed card.

Facts only. Card text and flavour text are Fantasy Flight Games' words and are
never stored; the importers read the text once to find keywords and drop it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict, dataclass, fields
from functools import lru_cache
from typing import Any, Literal, TypeVar

Edition = Literal["2e", "1e"]
#: A target's printed cost at most "X" (Bribery: "Choose and kneel a character with printed cost X or lower."): the X
#: paid for the event played, or for its own Shadow (X) (Nightflyer) (the rules' ``x_paid``); where X is not so paid,
#: the cost is not judged.
X_PAID = -2
#: A target's Trait "that Trait" an ability named as it resolved ("Choose a Trait. Kill each character you control that
#: does not have that Trait.": Vanquish the Unbelievers): the Trait the log's ``name_choice`` names for the card.
NAMED_TRAIT = "<named>"
_EDITIONS: dict[str, Edition] = {"2e": "2e", "1e": "1e"}


def as_edition(value: str) -> Edition:
    """An edition name checked (``"2e"`` / ``"1e"``), typed as one; a KeyError for anything else."""
    return _EDITIONS[value]

#: A Shadow value or printed cost is a number, or "X" (chosen when paying).
Cost = int | Literal["X"]
#: A plot value a card's text changes (``Card.plot_values``): (stat, whose plot, signed amount, plot trait needed,
#: while, the least it leaves).
PlotValue = tuple[str, str, int, str, str, int]

CARD_TYPES = ("character", "location", "attachment", "event", "plot", "agenda", "title", "house")
#: The numbers printed on a plot card. On another card the same fields hold its printed plot value modifiers
#: ("+1 Income", "-1 Initiative": RR: Plot Value Modifiers), which count while it is in play under a player's control.
PLOT_STATS = ("income", "initiative", "claim", "reserve")
#: The challenge icons, in the rules' order (RR: Challenge Icons).
ICONS = ("military", "intrigue", "power")
#: Keywords the round's checks read (RR: Keywords; 1st edition: its own). Limited and terminal have fields of their own.
KEYWORDS = ("renown", "stealth", "insight", "intimidate", "pillage", "assault", "ambush", "bestow", "prized",
            "no attachments", "deadly", "vengeful", "vigilant", "stalwart", "infamy")
DRAW_DECK_TYPES = frozenset({"character", "location", "attachment", "event"})
#: The factions' codes as the card data spells them (2nd edition; 1st edition House names fold to the same words).
FACTIONS = frozenset({"baratheon", "greyjoy", "lannister", "martell", "neutral", "stark", "targaryen",
                      "thenightswatch", "tyrell"})


_Fact = TypeVar("_Fact")
#: The facts read from a card's printed sentences (``companion/catalog/importers.py``), declared as ``Card`` fields:
#: the reader, the importers and ``Card.from_dict`` go by this one list.
TEXT_FACTS = ("extra_limited", "enters_knelt", "opponent_first", "stands_attacking", "extra_challenges",
              "claim_attacking", "claim_as", "claim_trait", "blanks_attached", "zero_base", "zero_base_traits",
              "stands_defending",
              "never_declared", "no_bypass", "alone_defenders", "keeps_gold", "opponent_cost", "own_cost",
              "no_events_during", "plot_deck_excludes", "non_loyal_of",
              "no_income_bonuses", "no_positive_gold_modifiers",
              "opponents_income_zero", "knelt_unkillable", "play_during", "play_side", "play_first", "draws",
              "no_challenges_if_gold", "no_card_abilities", "no_challenge_reactions",
              "grants_insight", "grants_each", "play_phase", "draws_in_phase",
              "blanks_characters", "grants_icons", "grants_traits",
              "grants_keywords", "loses_icons", "no_stand_str", "stand_barred", "one_per_card", "play_max",
              "play_max_per", "limit_each", "str_per", "str_per_each", "defends_kneeling", "knelt_defenders",
              "knelt_unkillable_own",
              "kneel_self_to",
              "blanks_plots", "kept_gold", "grants_str", "house_only", "unsaveable",
              "draw_phase", "attached_never", "never_when", "reduces_cost", "reduces_unread",
              "reduces_by_kneeling", "faction_kneel_to", "raises_cost", "bestow",
              "unique_only_in", "draws_by_insight", "discards_by_pillage", "self_only", "skips_phase", "must_defend",
              "stands_declared",
              "plot_values", "no_saves", "no_effect_entry", "str_fixed",
              "str_set", "attached_str_set",
              "pillage_reacts", "claim_instead", "gold_at_least", "strips_keywords", "pillage_more", "own_entry",
              "grants_ambush",
              "faction_power_in_challenges",
              "power_kings_only", "stays_knelt",
              "attached_stays_knelt", "phase_grants", "action_only", "play_if_control",
              "no_bypass_trait", "renown_during", "kneels_if_opponent_has", "when_revealed_draws", "when_revealed",
              "no_kneel_while",
              "standing_limit", "gold_returned_in", "comes_out_by", "shadow_unpriced",
              "win_power", "penalty_waived", "searches_hand",
              "no_setup_cards", "setup_gold_max", "sole_gold_bonus", "defenders_need", "defenders_barred", "side_str",
              "str_nth_challenge", "power_nth_challenge", "losing_attacker_claims", "discards_copy",
              "reacts_to", "won_with", "react_if_control", "react_if_fewer_cards",
              "then_if_more_cards",
              "then_self_if_trait", "then_if_power_over_str",
              "search_finds", "str_unread", "icons_while", "self_while", "str_while", "str_each", "str_standing",
              "str_kneeling", "saves_attached", "saves_only",
              "never_saved", "never_killed", "never_knelt", "no_saves_standing", "no_gold_in", "never_marshaled",
              "entry_barred_kneeling", "power_cap_round",
              "play_if_used", "play_if_challenges", "shadow_cost_up", "own_shadow_less",
              "save_gold", "cheaper_if", "cheaper_per",
              "silences_opponents", "chooses_participating", "chooses_side", "raises_claim",
              "cancels_events", "claim_attacking_if",
              "phase_end_fate", "killed_to", "targets", "cost_targets", "trigger_only", "draws_if_won", "cancels",
              "dominance_reactions",
              "gold_per_opponents", "draws_unless_lost", "last_from_hand",
              "gives_renown", "keywords_while", "unkillable_crest", "crest_grants", "power_uncounted",
              "takes_facedown_duplicate", "gold_toll", "str_without_icon", "str_each_attachment",
              "gold_spendable", "marshal_from_pile", "returns_from", "house_power_only_in", "renown_barred",
              "power_only_trait",
              "house_only_shadow_waived", "reveals_new_plot", "immune_to", "immune_while", "knelt_stays_knelt",
              "chooses_with", "chooses_total_str", "chooses_total_cost", "discards_from_hand", "kills_after_win",
              "returns_from_dead", "each_gains", "most_discard_to",
              "str_each_while", "str_season", "kneel_draws", "token_reacts_to",
              "draws_if_none_drawn", "if_plots", "extra_bypass", "income_x", "draw_count",
              "renown_more_plots", "most_standing_power", "power_per_margin", "power_if_discarded", "power_if_standing",
              "amount_instead", "x_bound", "lower_than_cost", "x_used_plots", "events_cap",
              "copies_when_revealed", "kills_at_zero", "str_alone", "str_alone_each", "str_per_participant",
              "str_of_only", "x_cost", "str_x",
              "names_dominance", "attached_no_dominance", "faction_cost", "additional_other_type", "put_cost_max",
              "names_barred", "names_kind_barred", "won_alone")


def _set_fields(fact: Any, default_key: str, default: str) -> dict[str, Any]:
    """A small fact's fields that are set, tuples as lists, ``default_key`` left out at its ``default``."""
    unset = {f.name for f in fields(fact) if f.default is False}  # a bool that is False by default
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(fact).items()
            if v is not None and v != () and not (v is False and k in unset) and (k != default_key or v != default)}


def _optional_int(d: dict[str, Any], key: str) -> int | None:
    return int(d[key]) if d.get(key) is not None else None


def _read_fields(cls: type[_Fact], d: dict[str, Any]) -> _Fact:
    """A small fact back from what ``_set_fields`` kept: each field read by its declared type, a missing one at its
    default."""
    values: dict[str, Any] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.type == "tuple[str, ...]":
            values[f.name] = tuple(d.get(f.name) or ())
        elif f.type == "int | None":
            values[f.name] = _optional_int(d, f.name)
        elif f.type == "bool | None":
            values[f.name] = bool(d[f.name]) if d.get(f.name) is not None else None
        elif f.type == "str | None":
            values[f.name] = d.get(f.name)
        elif f.type == "bool":
            values[f.name] = bool(d.get(f.name, f.default))
        else:  # a str with its default
            values[f.name] = str(d.get(f.name) or f.default)
    return cls(**values)


@dataclass(frozen=True, slots=True)
class AttachOnly:
    """One alternative of an attachment's printed restriction (RR: Attachment Cards): "Unique [stark] character only."
    is one, "Sand Snake character or The Red Viper only." two. Each field that is set must hold for the card attached
    to; an unset field (None, ()) asks nothing."""

    type: str = "character"  # "character" / "location"
    unique: bool | None = None  # "Unique" (True), "Non-unique" (False)
    limited: bool | None = None  # "Non-limited" (False)
    loyal: bool | None = None  # "Non-loyal" (False)
    factions: tuple[str, ...] = ()  # any of: "[stark] or [thenightswatch]"
    not_factions: tuple[str, ...] = ()  # "Non-[martell]"
    traits: tuple[str, ...] = ()  # any of: "Lord or Lady"
    not_traits: tuple[str, ...] = ()  # "non-Lady"
    title: str | None = None  # a card named by its title: "or The Red Viper"
    cost_max: int | None = None  # "with printed cost 3 or lower"
    cost_min: int | None = None  # "with printed cost 5 or higher"
    strength_max: int | None = None  # "with printed STR 3 or lower"
    controller: str | None = None  # "you" (you control), "opponent" (opponent's), "owner" (you own)

    def to_dict(self) -> dict[str, Any]:
        """The fields that ask something (the catalogue stays small)."""
        return _set_fields(self, "type", "character")

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> AttachOnly:
        return _read_fields(cls, d)


@dataclass(frozen=True, slots=True)
class PlotLimit:
    """One restriction a plot prints for the round (RR: Golden Rule): "You cannot initiate more than 1 challenge
    during the challenges phase." Each field that is set forbids something; ``binds`` says whom: the player who
    revealed the plot ("you") or every player ("each")."""

    binds: str = "you"  # "you" / "each" / "pair" (its player and the opponent chosen, against each other) /
    # "opponents" (a card in play's: "opponents cannot initiate [intrigue] challenges against you", The Queen of Thorns)
    max_challenges: int | None = None  # challenges a player may initiate this round
    no_challenges: tuple[str, ...] = ()  # challenge types that cannot be initiated
    unless_won: str | None = None  # … unless the player has won a challenge of this type this phase
    no_marshal: tuple[str, ...] = ()  # card types that cannot be marshalled
    no_play: tuple[str, ...] = ()  # card types that cannot be played ("event")
    max_attackers: int | None = None  # attackers a player may declare in each challenge
    max_defenders: int | None = None  # defenders a player may declare in each challenge
    unique_only: str | None = None  # "attacker" / "defender": only unique characters may be declared so
    no_limited: bool = False  # Limited cards cannot be marshaled or played (City Blockade)
    no_in_faction_events: bool = False  # events of the player's own faction cannot be played (Wardens of the East)
    unless_trait: str | None = None  # … the forbidden challenge types unless the player controls a character of it
    max_entering: int | None = None  # characters, locations and attachments marshalled or put into play this round
    entering_if_trait: str | None = None  # … this many instead while the player has a plot of this trait revealed
    entering_if_count: int | None = None  # (Strained Reserves: 2, or 4 with a Summer plot)
    defender_cost_first: int | None = None  # printed cost from which none defends the first challenge "you" initiate
    while_standing: bool = False  # only while the card that prints it stands ("While The Queen of Thorns is standing")

    def to_dict(self) -> dict[str, Any]:
        """The fields that forbid something (the catalogue stays small)."""
        return _set_fields(self, "binds", "you")

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlotLimit:
        return _read_fields(cls, d)


@dataclass(frozen=True, slots=True)
class Card:
    code: str
    edition: Edition
    name: str
    type: str
    faction: str
    cost: Cost | None  # printed cost; None = printed "-" (or no cost on plots/agendas)
    shadow_costs: tuple[Cost, ...] = ()  # one entry per Shadow instance; () = no Shadow
    unique: bool = False
    loyal: bool = False
    limited: bool = False
    terminal: bool = False
    traits: tuple[str, ...] = ()
    pack: str = ""  # pack code (2nd edition) or set name (1st edition)
    pack_name: str = ""
    quantity: int = 1
    deck_limit: int = 3
    other_factions: tuple[str, ...] = ()  # 1st edition multi-house cards
    crests: tuple[str, ...] = ()  # 1st edition crests as printed: "Noble", "War", "Learned", "Holy", "Shadow"
    attaches_to: str | None = None  # "character" / "location" for attachments
    image_url: str = ""  # where the card's face image is published (a fact of the card data)
    # Plot facts (None on other cards): gold, initiative, claim and reserve as printed.
    income: int | None = None
    initiative: int | None = None
    claim: int | None = None
    reserve: int | None = None  # the 1st edition prints no reserve
    # Character facts: printed STR (None: none printed, or "X"), challenge icons, keywords (no text).
    strength: int | None = None
    icons: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    #: STR the card itself contributes to its controller's total for dominance, as printed ("The Iron Throne
    #: contributes 8 STR to your total for dominance"; 1st edition: "counts as 4 STR during the dominance phase").
    dominance: int | None = None
    #: Limited cards its controller may marshal or play a round beyond the one the rules allow (RR: Limited), as
    #: printed: a plot while it is revealed ("… this round": Taxation), another card while in play (Elinor Tyrell).
    extra_limited: int = 0
    #: "Sansa Stark enters play knelt." (RR: Golden Rules): it enters play knelt however it enters, setup aside.
    enters_knelt: bool = False
    #: A plot's "If you win initiative, you must choose an opponent to be the first player." (Retaliation).
    opponent_first: bool = False
    #: "Cersei Lannister does not kneel when declared as an attacker in an [intrigue] challenge.": those types.
    stands_attacking: tuple[str, ...] = ()
    #: "You may initiate an additional [military] challenge during the challenges phase.": one type a grant, for its
    #: controller while it is in play (a plot: while revealed).
    extra_challenges: tuple[str, ...] = ()
    #: "While Cersei Lannister is attacking during an [intrigue] challenge, raise the claim value on your revealed
    #: plot card by 1.": those types.
    claim_attacking: tuple[str, ...] = ()
    #: Its raise's condition (``claim_attacking``): "if the defending player controls a card in shadows" (Red Ronnet):
    #: "shadows"; "if you control another attacking Sand Snake character" (Elia Sand): "attacking:Sand Snake".
    claim_attacking_if: str = ""
    #: "While you are the defending player, raise the claim value on the attacking player's revealed plot card by 1."
    #: (Desperate Attack), "During [power] challenges in which you are the attacking or defending player, …" (Cape
    #: Wrath): ("defending" or "either", the challenge types, the raise), while its text counts for its controller.
    claim_as: tuple[str, tuple[str, ...], int] | None = None
    #: "During a challenge in which you control an attacking Army character, raise the claim value on Muster the Realm
    #: by 1." (1st edition Ser Emmon Cuy: "… at least 1 attacking Rainbow Guard character, … on your revealed plot
    #: card …"): (the trait, the challenge types, the raise), while its text counts for its controller.
    claim_trait: tuple[str, tuple[str, ...], int] | None = None
    #: "Treat attached character's printed text box as if it were blank (except for Traits)." (Milk of the Poppy).
    blanks_attached: bool = False
    #: A plot's "Treat the base gold value on each revealed Kingdom and each revealed Edict plot card as if it were 0"
    #: (Naval Superiority; Snowed Under: initiative, every plot): the stats, and the traits (none: every plot).
    zero_base: tuple[str, ...] = ()
    zero_base_traits: tuple[str, ...] = ()
    #: "Ser Arthur Dayne does not kneel when declared as a defender." (1st edition Ser Jaime: "… does not kneel to
    #: attack or defend during a Military challenge"): those types.
    stands_defending: tuple[str, ...] = ()
    #: "Wex Pyke cannot be declared as a defender." (no condition): "attacker", "defender".
    never_declared: tuple[str, ...] = ()
    #: "Benjen Stark cannot be bypassed by stealth."
    no_bypass: bool = False
    #: "While The Knight of Flowers is attacking alone, the defending player cannot declare more than 1 character as a
    #: defender.": that many.
    alone_defenders: int | None = None
    #: A plot's "You do not return unspent gold to the treasury during the taxation phase." (The Long Plan).
    keeps_gold: bool = False
    #: A plot's "Increase the cost for each opponent to marshal each of his or her characters by 1." (Famine): (card
    #: type, amount) pairs.
    opponent_cost: tuple[tuple[str, int], ...] = ()
    #: "Increase the cost of each character you marshal by 1." (Kingdom of Shadows): (card type, amount) pairs, for
    #: its own player.
    own_cost: tuple[tuple[str, int], ...] = ()
    #: "You cannot play events during [intrigue] or [power] challenges." (Sea of Blood): the challenge types in which
    #: its player plays no event (``event.barred-during``).
    no_events_during: tuple[str, ...] = ()
    #: "During the plot phase, Scheme cards are not considered to be in your plot deck." ("The Rains of Castamere"):
    #: the Trait of the plots its player cannot choose in the plot phase (``plot.excluded-in-plot-phase``).
    plot_deck_excludes: str | None = None
    #: The Banners: "You may include non-loyal [stark] cards in your deck.": the faction whose loyal cards its player's
    #: deck cannot hold (``deck.banner-loyal``).
    non_loyal_of: str | None = None
    #: 1st edition Rains of Autumn: "Characters, locations, and attachments do not provide income bonuses this round."
    no_income_bonuses: bool = False
    #: Rains of Autumn: "Characters and locations do not provide positive gold modifiers.": their "+N Income" is not
    #: counted, for any player, while it is revealed.
    no_positive_gold_modifiers: bool = False
    #: 1st edition Blockade: "The income on each opponent's revealed plot card is reduced to 0."
    opponents_income_zero: bool = False
    #: 1st edition Stoic Resolve: "Knelt characters cannot be killed."
    knelt_unkillable: bool = False
    no_challenges_if_gold: bool = False  # Feast or Famine: "If you do, you cannot initiate challenges this round."
    no_card_abilities: bool = False  # Burning Bridges: "Players cannot trigger abilities on character, location, …"
    #: Rationing: "Players cannot trigger reactions to winning or losing challenges." (a revealed plot's)
    no_challenge_reactions: bool = False
    #: 1st edition The Power of Blood: "[Noble] characters cannot be killed.": "Noble" (a crest, ``crests``).
    unkillable_crest: str | None = None
    #: 1st edition The Power of Faith: "[Holy] characters you control gain a [Military] icon and do not kneel to
    #: attack.": ("Holy", "military", True), for its controller's characters of that crest (``crests``).
    crest_grants: tuple[str, str, bool] | None = None
    #: An event's "Play only during a [military] challenge." ("challenge": any type) and "… in which you are the
    #: defending player" / "… you initiated" ("defender", "attacker"); "Play only if you are (not) the first player."
    #: (``play_first``; also a card's one action that begins "If you are the first player, …": Raiding Longship).
    play_during: str | None = None
    play_side: str | None = None
    play_first: bool | None = None
    #: Its text draws cards or gives insight: a draw may name it as its source.
    draws: bool = False
    #: Its text gives a character insight ("Attached character gains insight."): a draw may name any of its
    #: controller's characters as its source while it is in play.
    grants_insight: bool = False
    #: A plot's additional challenges are each player's, not only its own player's ("Each player may initiate an
    #: additional Military challenge this round.": 1st edition After the Mummer's Ford).
    grants_each: bool = False
    #: The one phase every triggered ability of it names ("Challenges Action:"; 1st edition "Dominance:"): an event
    #: with it is played only in that phase.
    play_phase: str | None = None
    #: The one phase every ability of it that draws names, by its label or its moment ("Challenges Action: Kneel a
    #: Steward character to draw 1 card."; "Interrupt: When the taxation phase ends, either: draw 2 cards …"): a draw
    #: naming it in another phase is flagged.
    draws_in_phase: str | None = None
    #: A plot's "Treat each character as if its printed text box were blank (except for Traits)." (Fortified Position).
    blanks_characters: bool = False
    #: An attachment's "Attached character gains an [intrigue] icon and the Steward trait." (Little Bird; 1st edition
    #: "… gains an Intrigue icon."): what the card it is on gains while it is attached and its text is not blank.
    grants_icons: tuple[str, ...] = ()
    grants_traits: tuple[str, ...] = ()
    grants_keywords: tuple[str, ...] = ()
    #: An attachment's "Attached character loses a [power] icon." (Condemned): what the card it is on loses while it
    #: is attached and its text is not blank.
    loses_icons: tuple[str, ...] = ()
    #: 1st edition Noose and Swordpoint: "Characters with STR 2 or lower cannot stand during the standing phase.": 2.
    no_stand_str: int | None = None
    #: Characters that cannot stand while its text counts (a revealed plot, a card in play), ever ("") or in one phase:
    #: Frozen Expanse ("", "str:2"), Delena Florent ("challenges", "non:Bastard"), Storm's End ("challenges",
    #: "noicon:power").
    stand_barred: tuple[str, str] | None = None
    #: An attachment's "Limit 1 per character." (1st edition Lordship): one copy of it on a card.
    one_per_card: bool = False
    #: An event's "(Max 1 per round.)" (1st edition "Limit 1 per phase."): at most ``play_max`` plays of its title by
    #: a player per ``play_max_per`` ("round", "phase", "challenge").
    play_max: int | None = None
    play_max_per: str | None = None
    #: The limited ability acts on several cards ("stand each character you control. (Limit once per round.)": Robb
    #: Stark): one use may be written as one line a card.
    limit_each: bool = False
    #: "Tywin Lannister gets +1 STR for each gold in your gold pool.": what it counts ("pool_gold", "own_power",
    #: "own_gold", "kneeling_others", "dead_characters", "used_plots", "other_trait", "trait_location", "hand_cards",
    #: "shadows_cards") and the trait (for "dead_characters" a faction's symbol, "[stark]", or None).
    str_per: tuple[str, str | None] | None = None
    #: A printed STR "X" with the sentence that says what X is ("X is your reserve value.": Protectors of the Realm;
    #: "X is the number of kiss tokens Beric Dondarrion has."): what it counts, as ``str_per`` ("reserve",
    #: "own_gold", "own_tokens" and the token, "faction_characters" and the faction, "cards_with_gold",
    #: "initiative_cards", "opponent_plot_gold").
    str_x: tuple[str, str | None] | None = None
    #: The STR ``str_per`` gives for each one counted: "+2 STR for each gold he has." (Bronn) 2, "-1 STR for each card
    #: in your hand." (Dothraki Honor Guard) -1.
    str_per_each: int = 1
    #: "Obara Sand may be declared as a defender during [power] challenges …, even while kneeling.": those types.
    defends_kneeling: tuple[str, ...] = ()
    #: 1st edition Shagga Son of Dolf: "Knelt Clansman characters you control can be declared as defenders during
    #: Military challenges.": the trait ("" for any character) and the type.
    knelt_defenders: tuple[str, str] | None = None
    #: 1st edition Timett Son of Timett: "Knelt Clansman characters you control cannot be killed.": the trait ("" for
    #: any character).
    knelt_unkillable_own: str | None = None
    #: "Kneel Marya Seaworth to choose and stand 1 character.": what the card's kneel-itself abilities do to a card
    #: ("stand", "kneel", "kill").
    kneel_self_to: tuple[str, ...] = ()
    #: Forgotten Plans: "While it is not the plot phase, treat the text box of each revealed non-Scheme plot card as if
    #: it were blank (except for Traits)."
    blanks_plots: bool = False
    #: "Reduce the number of unspent gold you return to the treasury during the taxation phase by 1." (King's Landing
    #: Dromond): the gold its controller keeps.
    kept_gold: int = 0
    #: An attachment's "Attached character gets +2 STR." (1st edition Summer, "… and gains a Military icon."): the
    #: STR the card it is on gets while its text counts.
    grants_str: int = 0
    #: 1st edition "House Lannister only.": only a player of that House plays or marshals it.
    house_only: str | None = None
    #: Its kills "(cannot be saved)" (Wildfire Assault): no duplicate saves a character from them.
    unsaveable: bool = False
    #: "Increase the number of cards each player draws in the draw phase by 1." (Time of Plenty; "Reduce …": Early
    #: Frost; "… you draw …": Master of Laws): ("each" or "you", the change), while its text counts; 1st edition
    #: Knights of the Realm "While you control more Knight characters than each other player, draw 1 additional card
    #: …": ("more:Knight", 1) ("fewer:Knight", -1).
    draw_phase: tuple[tuple[str, int], ...] = ()
    #: An attachment's "Attached character cannot be declared as an attacker (or defender) (in [intrigue] challenges).":
    #: (side, challenge type or None for any, or "against_you": in challenges against the attachment's controller).
    attached_never: tuple[tuple[str, str | None], ...] = ()
    #: "<Its name> cannot be declared as an attacker …" under a condition: (side, condition, argument) with the
    #: conditions "unless_control" (a title), "first_challenge", "plot_trait" ("Winter": while such a plot is
    #: revealed), "more_plots" ("Summer": while more Summer than Winter plots are revealed), "shadows" (a card is in
    #: shadows).
    never_when: tuple[tuple[str, str, str], ...] = ()
    unique_only_in: tuple[tuple[str, str], ...] = ()  # ("defender", "intrigue"): only unique characters, anyone's
    draws_by_insight: bool = False  # its only draw is its insight keyword's (after its side wins a challenge)
    #: Its only discard from a deck is its pillage keyword's ("Pillage.": Black Wind's Crew; not Tywin Lannister, whose
    #: interrupt discards from a deck too): a deck card discarded naming it comes after a challenge it took part in.
    discards_by_pillage: bool = False
    #: The actions its text does to the card itself only: "return_to_hand" ("Interrupt: When Ser Davos Seaworth is
    #: killed, return him to your hand instead …"; "Dominance Action: Return Messenger Raven to your hand …"): a line
    #: of that action naming it as ``source`` acts on it (RR: Targeting; ``catalog.importers.self_only``).
    self_only: tuple[str, ...] = ()
    skips_phase: str | None = None  # a plot's "Skip the taxation phase this round.": that phase does not happen
    must_defend: bool = False  # "At least one character must be declared as a defender in each challenge, if able."
    #: Other characters' "does not kneel when declared as …": a plot's or a card's "Each [thenightswatch] character you
    #: control …" (The Fire That Burns), an attachment's "Attached character …": (role, who, type, first, condition),
    #: as ``companion/catalog/no_kneel.py`` reads them.
    stands_declared: tuple[tuple[str, str, str, str, str], ...] = ()
    #: A plot value changed by a card that is no plot (``companion/catalog/importers.py``'s ``_PLOT_VALUE``): (stat,
    #: whose plot: "you"/"opponents"/"each", signed amount, the plot trait it needs: "Summer"/"non:Summer"/"", while:
    #: "none:Winter" (no Winter plot revealed), "any:Kingdom", "yours:Winter", "first_player" (Alannys Greyjoy: "While
    #: you are the first player, …"), "standing" ("While Ten Towers Galley is standing, …") or "", the least it leaves:
    #: 2 for Wraiths in Their Midst's "… by 2 (to a minimum of 2)", else 0). Kings of Summer, Kings of Winter, Harlaw.
    plot_values: tuple[PlotValue, ...] = ()
    no_saves: bool = False  # "Characters cannot be saved." (The Bloody Flux)
    no_effect_entry: bool = False  # "Card abilities cannot cause characters to enter play." (Barring the Gates)
    str_fixed: bool = False  # "Each character's STR cannot be increased or reduced by card effects." (Striking at Dawn)
    #: "Set each character's STR to 3." (At the Palace of Sorrows): every character's STR while the plot is revealed
    #: (-1: none); what the log records on a character still counts.
    str_set: int = -1
    #: Strangler: "While attached character is participating in a challenge, set its STR to 1. (Other modifiers do not
    #: raise or lower its STR.)": that STR while the character it is on takes part in the challenge under way (-1:
    #: none).
    attached_str_set: int = -1
    #: "Reaction: After Ser Gregor's Marauders discards an event using pillage, stand …": the card type its own
    #: pillage discards that its reaction waits for.
    pillage_reacts: str | None = None
    #: 1st edition Tywin Lannister: "Response: After you win dominance, if you have 4 or more gold in your gold pool
    #: Tywin Lannister claims 3 power.": the gold its reaction asks for (0: none).
    gold_at_least: int = 0
    #: "Forced Interrupt: When claim is applied for a [military] challenge, apply [power] claim instead." (The Hand's
    #: Tourney): (the types it replaces, the type applied instead, forced: no choice printed).
    claim_instead: tuple[tuple[str, ...], str, bool] | None = None
    #: "Each player cannot gain power for his or her faction except during challenges." (Uneasy Truce)
    faction_power_in_challenges: bool = False
    power_kings_only: bool = False  # "Each non-King, non-Queen character cannot gain power." (Your King Commands It)
    #: "Erik Anvil-Breaker cannot stand during the standing phase.": "standing" (it stays knelt there only);
    #: "Northern Armory cannot stand.": "always" (a location too); "Northern Encampment cannot stand during the
    #: standing phase unless you have won dominance this round.": "standing-unless-dominance".
    stays_knelt: str | None = None
    #: "Attached character cannot stand." (Hunting Accident): "always"; "… during the standing phase": "standing"
    #: (1st edition Vat of Wildfire's "Attached location …" alike).
    attached_stays_knelt: str | None = None
    #: An event's "Until the end of the phase, each [greyjoy] character you control gains stealth" (Ours is the Old
    #: Way; "that character": Quiet as a Shadow): (the keyword, the faction or "chosen", the chosen one unique, its
    #: highest printed cost: 99 for any).
    phase_grants: tuple[str, str, bool, int] | None = None
    #: "… loses all keywords.": (while: "phase" (an event's "Until the end of the phase"), "defending" or
    #: "participating" (the card itself in the challenge), whose: "attacking" | "opponent", the trait: "Army", "-Army"
    #: (non-Army) or ""): You Know Nothing, Sweet Donnel Hill, Stalwart Shields.
    strips_keywords: tuple[str, str, str] | None = None
    #: Its text lets a character's pillage discard more than one card ("discards an additional card using pillage":
    #: Torrhen's Square; "When a character you control discards a card using pillage, … discard 3 cards instead":
    #: Scouting Vessel).
    pillage_more: bool = False
    #: Its text says how a card enters play or names ambush ("into play", "ambush"): a put into play naming itself as
    #: ``source`` may be its own. False: a card without ambush has no ability that puts itself into play.
    own_entry: bool = False
    #: "Each Sand Snake character in your hand gains ambush (X)." (The Wars To Come, Sealord of Braavos): cards in a
    #: hand may gain ambush.
    grants_ambush: bool = False
    action_only: bool = False  # every triggered ability it prints is an action: only in an action window
    #: An event's "Play only if you control a standing King character.": (faction or "", standing, unique, traits
    #: any of which it has, card types).
    play_if_control: tuple[str, bool, bool, tuple[str, ...], tuple[str, ...]] | None = None
    #: "Each Ranger character you control cannot be bypassed by stealth." (Benjen Stark): "Ranger"; "Attached character
    #: cannot be bypassed by stealth." (Candle in the Dark): "*attached".
    no_bypass_trait: str | None = None
    #: "Ser Jaime Lannister gains renown while participating in a [military] challenge.": "military"; 1st edition
    #: "House Florent Scouts gains vigilant and renown during the first challenge initiated each round.": "first".
    renown_during: str | None = None
    #: Balon Greyjoy "does not kneel when declared as an attacker in a [military] challenge against an opponent who
    #: does not control a King character": it kneels after all when the defender controls a character with this trait.
    kneels_if_opponent_has: str | None = None
    #: A plot with its own "When Revealed:" ability (1st edition "When revealed, …"): the phones say it resolves once
    #: the first player is chosen.
    when_revealed: bool = False
    when_revealed_draws: bool = False  # a plot's "When Revealed: Draw 2 cards.": once, as it is revealed (how many:
    # ``draw_count``)
    #: Its "does not kneel when declared …" holds only "While a player has a War plot revealed" (Vanguard of the North):
    #: ("plot_trait", "War"), or "While you control Right" (Left): ("control", "Right"); a condition the log does not
    #: decide ("against an opponent with more cards in their hand than you": Grey Worm): ("unread", "").
    no_kneel_while: tuple[str, str] | None = None
    #: "Each player cannot stand more than 2 characters during the standing phase." (Stannis Baratheon): 2.
    standing_limit: int = 0
    #: "… if there is a Summer or Winter plot card revealed, gain 1 power for your faction." (White Raven): ("a",
    #: ("Summer", "Winter"), "gain_power"); "… if there are no Summer plot cards revealed, …" (Winter Festival): "no";
    #: the action its effect is written as ("gain_power", "stand", "draw_cards").
    if_plots: tuple[str, tuple[str, ...], str] | None = None
    #: "Esgred may bypass an additional character using stealth.": 1 (RR: Stealth: one character each otherwise).
    extra_bypass: int = 0
    #: A plot's printed gold "X": "X is 2 higher than the printed gold value on that player's revealed plot card."
    #: (Summer Harvest, whose "Choose an opponent" the log does not record): 2.
    income_x: int | None = None
    #: How many cards one draw of its text takes, where its every draw prints a number: (the numbers printed, numbers
    #: instead too; the plot cards its used pile needs for the highest, 0 when its condition is not read; their Trait
    #: or ""). "draw 1 card. (Draw 3 cards instead if …)": ((1, 3), 0, ""); Starfall Cavalry "(3 cards instead if
    #: there are 3 or more plot cards in your used pile.)": ((1, 3), 3, ""); City Fair "(2 cards instead if there is
    #: a City plot card in your used pile.)": ((1, 2), 1, "City"). None: a count not printed ("draw X cards").
    draw_count: tuple[tuple[int, ...], int, str] | None = None
    #: "While there are more Summer plot cards than Winter plot cards revealed, Knight of Summer gets +2 STR and gains
    #: renown.": "Summer".
    renown_more_plots: str | None = None
    #: 1st edition Salladhor Saan: "… the player who controls the most standing characters claims 2 power …": 2.
    most_standing_power: int = 0
    #: The Red Viper: "… he gains 1 power for every 5 STR by which you won the challenge.": (1, 5).
    power_per_margin: tuple[int, int] | None = None
    #: Its one gain or draw of a kind with "(2 gold instead if …)": ("gold", 1, 2, the condition's key, "" where the
    #: table cannot tell it: ``catalog.importers.amount_instead``).
    amount_instead: tuple[str, int, int, str] | None = None
    #: "… gain X power for your faction (to a maximum of 5). X is the number of plot cards in your used pile." (Doran's
    #: Game): ("power", 5); -1 where no maximum is printed.
    x_used_plots: tuple[str, int] | None = None
    #: "choose and kill a character with printed cost X or lower. X is the number of Clansman characters you
    #: control." (Timett Son of Timett): ("kill", "trait_characters", "Clansman"); Renly Baratheon's "X is Renly
    #: Baratheon's STR" ("put_into_play", "own_str", ""); Ashemark's "X is the number of gold on Ashemark" ("own_gold").
    x_bound: tuple[str, str, str] | None = None
    #: "… kneel that character and your faction card to choose and kill a non-King character with a lower printed
    #: cost" (Joffrey Baratheon): "kneel", the cost's action; its effect's card costs less than the cost's card.
    lower_than_cost: str = ""
    #: White Sword Tower: "Each player that does not control a Kingsguard character cannot play more than 1 event each
    #: phase.": ("each", "Kingsguard", 1, "phase"); The Minstrel's Muse: ("you", "", 3, "round").
    events_cap: tuple[str, str, int, str] | None = None
    #: 1st edition Knight of Flowers: "… claims 1 power if he is standing.": the power it claims asks it to stand.
    power_if_standing: bool = False
    #: Heads on Spikes: "Discard 1 card at random from that player's hand. If that card is a character, gain 2 power
    #: for your faction …": ("character",), the types of the card it discarded that give the power.
    power_if_discarded: tuple[str, ...] = ()
    #: "Initiate the when revealed ability on a revealed non-Riddle plot card as if you had just revealed it." (Varys's
    #: Riddle; 1st edition Good for the Gander "copy the "when revealed" ability …"): what it copies the log does not
    #: say, so its draw is not held against its own text; a plot's copy resolves once, as the plot is revealed.
    copies_when_revealed: bool = False
    #: "Until the end of the phase, that character gets -2 STR and is killed if its STR is 0." (King's Landing
    #: Assassin, Dracarys!): 2, the STR the chosen character loses; -1 for "-X STR" (Aegon's Legacy). 0: not printed.
    kills_at_zero: int = 0
    #: A character's STR in a challenge and being alone on its side: "Jousting Knight does not contribute its STR to a
    #: challenge unless it is attacking or defending alone.": "only"; a plot's "Each character that is attacking or
    #: defending alone does not contribute its STR to the challenge." (Grand Melee): "never".
    str_alone: str | None = None
    #: "Each Knight character you control gets +1 STR while attacking or defending alone." (Jousting Pavilion): the
    #: sides ("attacking", "defending", "attacking or defending"), the characters (a Trait, "unique", "" any), the STR
    #: and whether the giver must be standing ("While The Tower of Joy is standing and …").
    str_alone_each: tuple[str, str, int, bool] | None = None
    #: "While Horselord is attacking, it gets +1 STR for each other attacking Dothraki character you control.": its own
    #: side ("attacking", "defending", "participating"), the side counted, the Trait ("" any) and whose ("you",
    #: "opponent", "" either); an attachment's "While attached character is …" for the character it is on.
    str_per_participant: tuple[str, str, str, str] | None = None
    #: "While you control exactly 1 unique [tyrell] Knight character, Red-Apple Knight gets +X STR. X is that
    #: character's STR.": the faction, the Traits it has one of, whether it is unique (another than itself).
    str_of_only: tuple[str, tuple[str, ...], bool] | None = None
    #: "pay X gold to choose another character with printed cost X or lower and return it to its owner's hand"
    #: (Catspaw): ("return_to_hand", True); "pay X gold to put an attachment with printed cost X into play" (Valyrian
    #: Steel): ("put_into_play", False), X exactly.
    x_cost: tuple[str, bool] | None = None
    #: Its text names dominance (a total it adds to, a trigger, a phase): a dominance modifier may be its own.
    names_dominance: bool = False
    #: An attachment's "Attached character does not contribute its STR to … its controller's total for dominance."
    #: (Traitor to the Crown).
    attached_no_dominance: bool = False
    #: Its cost kneels its player's faction card: "Action: Kneel your faction card to draw X cards." (Secret Schemes).
    faction_cost: bool = False
    #: "After you win a challenge as the attacking player, choose a different challenge type. You may initiate an
    #: additional challenge of the chosen type this phase." (Coordinated Attack)
    additional_other_type: bool = False
    #: The highest printed cost of a card its ability puts into play: "put a [stark] character … with printed cost 3
    #: or lower into play from your hand" (She-Bear), "If that card's printed cost is 3 or lower, you may put it into
    #: play instead." (A Time For Wolves): 3; a bracketed "(Printed cost 6 or lower instead if …)": 6. -1: not printed.
    put_cost_max: int = -1
    #: A plot's forced "After the challenges phase begins, each player returns all gold in his or her gold pool to the
    #: treasury." (Supporting the Faith): "challenges".
    gold_returned_in: str | None = None
    #: Its own ability brings it out of shadows: "Challenges: Bring Ser Mandon Moore out of Shadows …" (1st edition):
    #: "challenges" (only in that phase); "any" (a response or an action with no phase named).
    comes_out_by: str | None = None
    #: 1st edition: no number is printed after its "s" (Knight of Flowers): it comes out by its own ability only.
    shadow_unpriced: bool = False
    #: The power needed to win changed: "You need 2 additional power to win the game." (The Rangers): ("you", 2, 0);
    #: "Each opponent without a Treaty agenda needs 5 fewer power (to a minimum of 10) …": ("opponents:Treaty", -5, 10).
    win_power: tuple[str, int, int] | None = None
    #: 1st edition: "Ignore the out of House gold penalty on all [Stark] cards." (Treaty with the North): "stark".
    penalty_waived: str | None = None  # "named": the House named as the game begins (Alliance), not recorded
    #: "Search the top 10 cards of your deck for a character, reveal it, and add it to your hand." (Summons): a `draw`
    #: naming it takes that card from the deck; a search, not a draw (no draw cap).
    searches_hand: bool = False
    #: Knights of the Hollow Hill: "You cannot place cards during setup." and "Your other cards do not provide a gold
    #: bonus." (its own "+3 Income" still counts).
    no_setup_cards: bool = False
    sole_gold_bonus: bool = False
    #: "You cannot spend more than 4 gold during setup." (The House With the Red Door; 1st edition House of Dreams):
    #: the most setup gold its player may spend.
    setup_gold_max: int | None = None
    #: 1st edition Stannis Baratheon: "While Stannis Baratheon is attacking and the defending player controls no Lord
    #: characters, that player cannot declare defenders.": "Lord".
    defenders_need: str | None = None
    #: 1st edition Wex Pyke "While Wex Pyke is attacking, characters without crests cannot be declared as defenders."
    #: ("no_crest"), River Runner "… each character with power …" ("power"), Ser Amory Lorch "… characters that have a
    #: Trait in common with Ser Amory Lorch …" ("shared_trait"), The Fox's Teeth "… only knelt characters may be
    #: declared as defenders." ("standing": knelt characters may be).
    defenders_barred: str | None = None
    #: "The Red Keep contributes 2 STR to your side during any [power] challenge in which you control a participating
    #: character.": (the challenge type or "", "participating" | "defending", the STR).
    side_str: tuple[str, str, int] | None = None
    #: The Lord of the Crossing: "During the first challenge you initiate each phase, each of your participating
    #: characters gets -1 STR.": ((1, -1), (3, 2)), (which challenge of its player's this phase, the STR).
    str_nth_challenge: tuple[tuple[int, int], ...] = ()
    #: The Lord of the Crossing: "During the third challenge you initiate each phase, … If you win this challenge, gain
    #: 1 power for your faction.": 3 (``power.nth-challenge``).
    power_nth_challenge: int | None = None
    #: 1st edition Doran Martell: "If a player loses a challenge as the attacker, that player must fulfill the claim of
    #: that challenge, using the Claim value on the defending player's plot card."
    losing_attacker_claims: bool = False
    #: The Tickler: "… discard the top card of an opponent's deck. Then, you may choose 1 copy of that card, and discard
    #: it from play.": the card discarded from play by it is a copy of the one it discarded from the deck just before.
    discards_copy: bool = False
    #: An event's only triggered ability answers a result (RR: Triggered Abilities): "<b>Reaction:</b> After you win an
    #: [intrigue] challenge by 5 or more STR as the attacking player" ("win_challenge", "intrigue", 5, "attacker");
    #: "unopposed", "lose_unopposed", "lose_challenge", "win_dominance", "lose_dominance"; 1st edition "Response: After
    #: you …".
    reacts_to: tuple[str, str, int, str] | None = None
    #: Its won challenge's reaction asks for a character of the player's in that challenge: ("attacking" |
    #: "participating", the faction or "", the Traits "|"-joined): "After you win a challenge in which you control an
    #: attacking Bastard character" (The Red Viper).
    won_with: tuple[str, str, str] | None = None
    #: Its reaction's condition on what its player controls (1st edition Victarion Greyjoy "… claims 1 power if you
    #: control a Warship location."), as ``play_if_control``: (faction, standing, unique, Traits, types).
    react_if_control: tuple[str, bool, bool, tuple[str, ...], tuple[str, ...]] | None = None
    #: Its reaction to a challenge won asks "if you have fewer cards in hand than the losing opponent" (Ser Barristan
    #: Selmy, Hero).
    react_if_fewer_cards: bool = False
    #: Red Keep Spy: "If you have more cards in hand than that character's controller, return it …" (its effect's
    #: condition; The Queen's Assassin, Ser Daven Lannister).
    then_if_more_cards: bool = False
    #: Its "Then, if that character is a Captain, stand Maiden's Bane.": (the action on itself, the Traits "|"-joined
    #: one of which the character its ability chose must have).
    then_self_if_trait: tuple[str, str] | None = None
    #: Its "Then, if Ser Jaime Lannister has more power on him than that character has STR, discard that character
    #: from play." (1st edition): the action its "Then" does to the character chosen.
    then_if_power_over_str: str | None = None
    #: A search into the hand (``searches_hand``): the card types it finds (none: any) and how many at most ("for a
    #: character": (("character",), 1)).
    search_finds: tuple[tuple[str, ...], int] | None = None
    #: A constant sentence of it changes STR in a shape the checks do not compute ("Each [thenightswatch] character
    #: you control gets +1 STR." The Wall; "contributes 2 STR to your side" The Red Keep): while its text counts, the
    #: table's recorded challenge winner stands beside the computed totals.
    str_unread: bool = False
    #: "While Arya Stark has a duplicate, she gains a [military] icon.": (icon, condition, argument), read by
    #: ``rules.values.has_icon`` (``catalog.importers.icon_while`` names the conditions).
    icons_while: tuple[tuple[str, str, str], ...] = ()
    #: "While there are fewer than 3 plots in your used pile, Greatjon's Vanguard gets +2 STR and gains renown.":
    #: ("used_fewer", "3", 2, ("renown",)), its own STR and keywords while the condition holds
    #: (``catalog.importers.self_while``).
    self_while: tuple[str, str, int, tuple[str, ...]] | None = None
    #: "Ser Rodrik Cassel gets +2 STR while defending.": ("defending", 2), for itself or, on an attachment, the
    #: character it is on, while that character takes part on that side ("participating": either).
    str_while: tuple[str, int] | None = None
    #: "Each Knight character you control gets +1 STR.": ("Knight", 1) (1st edition "House Stark": a House).
    str_each: tuple[str, int] | None = None
    #: 1st edition King's Pavillion: "Each character gets +3 STR while it is standing.": 3, for every character in
    #: play (anyone's) while it stands and the giver's text counts.
    str_standing: int = 0
    #: 1st edition The Giant's Lance "Kneeling characters get -1 STR." (-1, False); Lyanna Stark "Non-unique characters
    #: get -1 STR while knelt." (-1, True): every kneeling character in play (anyone's; non-unique ones only).
    str_kneeling: tuple[int, bool] | None = None
    #: "While there are no Winter plot cards revealed, each character you control gets +1 STR." (A Song of Summer):
    #: ("no" or "a", the plot trait, the character trait or "", the STR), while the revealed plots meet it; "While
    #: Sentinel Stand is standing, each character you control with 1 or fewer challenge icons gets +2 STR.":
    #: ("self_standing", "", "icons<2", 2).
    str_each_while: tuple[str, str, str, int] | None = None
    #: 1st edition "While it is Summer, your characters get +1 STR." (A Song of Summer), "While it is Winter,
    #: opponent's characters get -1 STR." (The Winds of Winter): ("yours" or "opponents", the STR). The season is not
    #: decided (not in the rule texts at hand): a challenge's recorded winner stands, and dominance is judged with and
    #: without it.
    str_season: tuple[str, int] | None = None
    #: "Each Knight character you control gains renown and \"immune to opponents' events.\"" (A Tourney for the King),
    #: 1st edition "Characters and locations are immune to events this round." (Calm Before the Storm): (whose:
    #: "yours"/"all", "+locations" where locations gain it too; the trait or crest, "" for all, a faction before it
    #: ("[stark] Army"), its conditions after ";" ("Ranger;other", "Clansman;gold", "[thenightswatch];defending");
    #: the keywords and icons ("Each [stark] Army character you control gains an [intrigue] icon.": The Blackfish);
    #: the immunity as ``immune_to``), while its text counts (a card in play, the revealed plot, the agenda).
    each_gains: tuple[str, str, tuple[str, ...], tuple[str, tuple[str, ...]] | None] | None = None
    #: Where it goes when killed, instead of its owner's dead pile: "discard", "shadows" or "deck" (1st edition The
    #: Hound: "If The Hound is killed, place him in your discard pile instead of your dead pile.").
    killed_to: str | None = None
    #: Some sentence of its text gives or names renown or keywords, beside its own "Renown." ("Attached character gains
    #: renown.", "… gains (choose one): insight, intimidate, renown, or stealth"): a renown line may name it as its
    #: source. Ambush alone (Burned Men) gives none.
    gives_renown: bool = False
    #: "If attached character is Bran Stark, he gains stealth." (1st edition Summer; Lightbringer: renown): (keyword,
    #: "attached_is", the name), read by ``rules.values.has_keyword`` as ``icons_while`` is for icons.
    keywords_while: tuple[tuple[str, str, str], ...] = ()
    #: "Power on opponents' characters does not count towards their total power." (1st edition Melisandre):
    #: ("opponents", ""); "Power on Lord or Lady characters does not count towards their controllers' power total."
    #: (Ser Lancel Lannister): ("any", "Lord|Lady"). While its text counts.
    power_uncounted: tuple[str, str] | None = None
    #: Its ability places a card face down on itself as a duplicate, whatever that card is ("place the top card of your
    #: deck on her facedown as a duplicate": Arya Stark; 1st edition Ser Davos Seaworth "attach … to him, face down, as
    #: a duplicate"): a card put into play attached to it lies there as its duplicate.
    takes_facedown_duplicate: bool = False
    #: An attachment's save that saves only the card it is attached to (Bodyguard: "When attached character would be
    #: killed or discarded from play, sacrifice Bodyguard to save that character.").
    saves_attached: bool = False
    #: What a save's trigger names (Lady: "When another Direwolf card or Sansa Stark would leave play, kill Lady to save
    #: that card."): (not itself, the titles, the Traits (one of), the type ("" any), the faction, unique only, the
    #: Trait it must lack, controlled by the save's player) (``importers.saves_only``).
    saves_only: tuple[bool, tuple[str, ...], tuple[str, ...], str, str, bool, str, bool] | None = None
    #: "Asha Greyjoy cannot be saved." ("self"), "Attached character cannot be saved." ("attached"; 1st edition
    #: Scurvy): RR: Save, Cannot be Saved.
    never_saved: str = ""
    #: "Wharf Rats cannot be killed." ("self"), "Attached character cannot be killed." ("attached"): RR: Kill.
    never_killed: str = ""
    #: "Ygritte cannot be knelt by card effects." ("self"; "attached" for an attachment's): a kneel another card's
    #: effect makes.
    never_knelt: str = ""
    #: Arya Stark (08081): "While Arya Stark is standing, characters cannot be saved.": no character is saved while
    #: the card stands (anyone's).
    no_saves_standing: bool = False
    #: Devout Freerider (05040): "During the challenges phase, each player cannot gain gold.": "challenges" (anyone's
    #: gain, while its text counts).
    no_gold_in: str = ""
    #: War Elephants (26113): "War Elephants cannot be marshaled or placed during setup." (it comes by ambush only).
    never_marshaled: bool = False
    #: Iron Emmett: "While Iron Emmett is kneeling, characters with a [military] icon cannot enter play during the
    #: challenges phase.": ("challenges", "military").
    entry_barred_kneeling: tuple[str, str] | None = None
    #: Edric Storm: "Each player cannot gain more than 3 power each round (among all cards they control).": 3.
    power_cap_round: int = 0
    #: An event's "Play only if there is a Winter plot card in your used pile." ("Winter", 1); "… 3 or more plot cards
    #: …" ("", 3).
    play_if_used: tuple[str, int] | None = None
    #: The challenges of this phase an event's play asks for: "Play only if you have lost a challenge as the defending
    #: player this phase." (Serve. Obey. Protect.; A Lannister Always Pays His Debts: "Choose an opponent who has won a
    #: challenge against you this phase."): ("lost:any:defender",); 1st edition Wedding Feast ("won:intrigue:attacker",
    #: "won:power:attacker"), Salt and Iron ("won_unopposed:2",).
    play_if_challenges: tuple[str, ...] = ()
    #: Lonely Light: "While Lonely Light is standing, increase the cost for each player to bring cards out of shadows
    #: by 1.": 1 (anyone's bring out, while it stands in play).
    shadow_cost_up: int = 0
    #: Varys: "Reduce the cost to bring Varys out of shadows by 1 for each other card in shadows.": 1.
    own_shadow_less: int = 0
    #: The gold a save costs (1st edition Gilded Plate: "Pay 1 gold and discard Gilded Plate from play … to save
    #: attached character …"): RR: Costs.
    save_gold: int = 0
    #: 1st edition Grey Wind: "If Robb Stark is in play, lower the cost to play Grey Wind by 2.": (the title, 2).
    cheaper_if: tuple[str, int] | None = None
    #: Its own cost 1 less for each card its text counts: ("marshal", "control;thenightswatch;;attachment|location", 1)
    #: (Grizzled Miner, "to a minimum of 1"); "used;City" (Gulltown City Guard), "revealed;Scheme" ("A Lion Still Has
    #: Claws"), ("ambush", "used;", 0) (Areo Hotah).
    cheaper_per: tuple[str, str, int] | None = None
    #: Catelyn Stark: "While Catelyn Stark is participating in a challenge, your opponents cannot trigger card
    #: abilities." (an event's play is triggering its ability: RR: Triggered Abilities).
    silences_opponents: bool = False
    #: An ability that chooses a participating character: (its faction or "", whether one the player controls)
    #: ("Choose a participating [stark] character.": For the North!). RR: Targeting: with none eligible, the ability
    #: cannot be initiated.
    chooses_participating: tuple[str, bool] | None = None
    #: An ability that chooses a character by its side in the challenge: ("attacking" | "defending" | "attacking alone"
    #: | "defending alone", its faction or "", whether one the player controls) ("Choose an attacking House Lannister
    #: character.": Insidious Ways; "Choose a [stark] character that is attacking alone.": "Wolf in the Night"). RR:
    #: Targeting: with none eligible, the ability cannot be initiated.
    chooses_side: tuple[str, str, bool] | None = None
    #: An event's "Until the end of the challenge, raise the claim value on your revealed plot card by 1." (Winter Is
    #: Coming; 1st edition "… on each House Stark player's revealed plot card …"): (whose plot: "you" or
    #: "house:<faction>", by how much), for the challenge under way.
    raises_claim: tuple[str, int] | None = None
    #: "Interrupt: When the effects of an opponent's event would initiate, cancel those effects." (The Hand's Judgment):
    #: an event's effects it cancels do not happen (the event is still played: RR: Cancel).
    cancels_events: bool = False
    #: Hear Me Roar!: "Put a [lannister] character into play from your hand. At the end of the phase, if that card is
    #: still in play, discard it from play (cannot be saved).": where that card goes as the phase ends ("discard",
    #: "hand", "dead").
    phase_end_fate: str | None = None
    #: What its ability chooses, one entry an action: (the action type, the card type or "card", "participating" |
    #: "attacking" | "defending" | "", the faction, STR at most or -1, STR at most instead or -1 while its controller
    #: controls the card named next, that name, the icon it is without, "loser" | "own" | "opponent" | "", how many at
    #: most, the Traits (or 1st edition crests) it has one of, "|"-joined ("a Lady character"; "a Holy, Learned, Noble,
    #: or War character") or "", "kneeling" | "standing" | "non-unique" | "") ("Choose and kneel a character.": Filthy
    #: Accusations; "choose and kill a character with STR 1 or lower": Grey Wind; ``catalog.importers.targets``).
    #: RR: Targeting.
    targets: tuple[tuple[str, str, str, str, int, int, str, str, str, int, str, str, int], ...] = ()
    #: The cards a cost is paid with, in ``targets``' entries ("Kneel a Steward character to draw 1 card.": The New
    #: Gift; "return an attacking Clansman character to your hand to …": Tyrion Lannister).
    cost_targets: tuple[tuple[str, str, str, str, int, int, str, str, str, int, str, str, int], ...] = ()
    #: Its whole text is its one triggered ability (``reacts_to``): a line naming it as its source is that ability's.
    trigger_only: bool = False
    #: "If you win the challenge, draw 1 card." (For the North!): its draw is its player's only after winning it.
    draws_if_won: bool = False
    #: Every triggered ability it prints answers dominance's result ("Reaction: After you win dominance, Gendry gains 1
    #: power. Forced Reaction: After an opponent wins dominance, …"): dominance is determined once a round, so each of
    #: its effects resolves once a round (``catalog.importers.dominance_reactions``).
    dominance_reactions: bool = False
    #: Calling the Banners: "Choose an opponent. Gain 1 gold for each character that player controls.": "character";
    #: Trade Routes' "Choose a player. … each location …": "any:location" (any player, its player too).
    gold_per_opponents: str | None = None
    draws_unless_lost: str | None = None  # Guard at Riverrun: "if no opponent has won a Military challenge against you"
    #: (and "any:power": The Red Keep's "if you have not lost a [power] challenge this round": attacking too)
    last_from_hand: bool = False  # Mammoth Riders: "… you cannot play any further cards from your hand this round."
    #: What its interrupt cancels as it would initiate: (whose: "opponent" | "any", the kinds: "event", "character",
    #: "location", "attachment") ("When the effects of an opponent's event would initiate, cancel those effects.": The
    #: Hand's Judgment; Treachery: "… a triggered character, location, or attachment ability …").
    cancels: tuple[str, tuple[str, ...]] | None = None
    #: A plot's gold toll: (what it is paid for: a challenge type or "event", to whom: "defender" or "opponent", the
    #: gold) (1st edition Uneasy Truce: "In order to initiate a Military challenge, an attacker must give the defender 2
    #: gold tokens from his or her gold pool."): a player without that gold in the pool cannot do it.
    gold_toll: tuple[str, str, int] | None = None
    #: "Characters without an Intrigue icon get -1 STR." (1st edition Hear Me Roar): (the icon, the STR), for every
    #: character in play without that icon while the card's text counts.
    str_without_icon: tuple[str, int] | None = None
    #: "Each character you control gets +1 STR for each attachment on it." (1st edition Power and Wealth): the STR per
    #: attachment, for each character its controller controls while the card's text counts.
    str_each_attachment: int | None = None
    #: Gold on it (or on the cards it names) its controller spends as if it were in the gold pool: (whose: "self", or
    #: "<faction>:character" / "<faction>:card" for that faction's cards the controller controls; the phase, or "")
    #: (1st edition Tywin Lannister: "You may spend gold tokens on Tywin Lannister as if they are in your gold pool.").
    gold_spendable: tuple[str, str] | None = None
    #: Tarle the Thrice-Drowned: "You may marshal non-unique Drowned God characters from your dead pile as if they
    #: were in your hand." ("dead", "character", "Drowned God", True, False): the pile, "self" or the card type, the
    #: Trait, non-unique only, into shadows.
    marshal_from_pile: tuple[str, str, str, bool, bool] | None = None
    #: Jeyne Poole: "Sacrifice Jeyne Poole to return a Lady character from your discard pile to your hand.": the one
    #: pile ("discard", "dead") its text returns a card from.
    returns_from: str | None = None
    #: 1st edition The Siege of Winterfell: "You cannot claim power for your House except during a [Military]
    #: challenge.": that challenge type; its controller gains no House power outside such a challenge (no unopposed
    #: bonus in another, none for dominance).
    house_power_only_in: str | None = None
    #: 1st edition Jhalabar Xho: "Opponent's characters cannot claim power for renown." ("opponents", ""); Tower of
    #: the Sun: "Characters without a Power icon cannot claim power for renown." ("any", "power").
    renown_barred: tuple[str, str] | None = None
    #: The Faith Militant: "Non-The Seven characters and locations you control cannot gain power.": "The Seven".
    power_only_trait: str | None = None
    #: 1st edition City of Shadows: 'You may ignore the "House X only" deckbuilding restriction on any card with the
    #: Shadow crest. Whenever you bring any card with a "House X only" restriction that does not match your House card
    #: out of Shadows, pay 1 additional gold.'
    house_only_shadow_waived: bool = False
    #: A card effect that reveals a new plot card beside the plot phase's one (1st edition Bran Stark: "Kneel Bran
    #: Stark to choose and reveal a new plot card."): "self" (its controller's new plot) or "other" (another
    #: player's: Margaery Tyrell, Lords of the Narrow Sea).
    reveals_new_plot: str | None = None
    #: Printed immunity ("Immune to events.", 1st edition "Immune to opponent's character abilities."): ("any" or
    #: "opponents": whose effects, the kinds of card they come from: "event", "character", "location", "plot", or
    #: "card" for any card). While its text counts, a line naming such a card as the ``source`` of an effect on it is
    #: flagged (``immune.source``).
    immune_to: tuple[str, tuple[str, ...]] | None = None
    #: Its own immunity while its controller controls a character of a House and Trait (1st edition Shaggydog "While
    #: you control at least 1 House Stark Lord character, Shaggydog … is immune to events."): (whose, kinds as
    #: ``immune_to``, the House or "", the Trait; ``catalog.importers.immune_while``).
    immune_while: tuple[str, tuple[str, ...], str, str] | None = None
    #: The character its ability kneels stays knelt through this round's standing phase ("That character does not
    #: stand during the standing phase this round.": 1st edition Cersei Lannister, "chosen"; "Attached character
    #: cannot stand during the standing phase this round.": Catapult on the Wall, "attached"): a ``kneel`` naming the
    #: card as its ``source`` holds that character knelt.
    knelt_stays_knelt: str | None = None
    #: The one character its ability chooses, by a value ("Choose a character with a Military icon.": 1st edition
    #: Distraction): ("icon", the icon, 1 with / 0 without), ("cost" | "printed_str" | "str", "", the highest),
    #: ("attachments", "", 0). A line naming the card as the ``source`` of an effect on another character that is not
    #: such a character is flagged (``ability.target``).
    chooses_with: tuple[str, str, int] | None = None
    #: "Choose and kneel up to 4 total STR worth of characters …" (Consolidation of Power): 4; -1: "up to X …, where X
    #: is attached character's STR" (King Robert's Warhammer). The lines in a row that name it as the ``source`` of a
    #: kneel kneel no more STR together (``ability.target``).
    chooses_total_str: int | None = None
    #: 1st edition Forced March: "Stand any number of characters with combined printed cost 3 or lower.": the verb and
    #: the most.
    chooses_total_cost: tuple[str, int] | None = None
    #: Its ability discards from a hand ("Discard 1 card at random from that player's hand.": Heads on Spikes): a
    #: ``discard`` naming it as the ``source`` of a card still in its owner's deck takes one of the cards drawn.
    discards_from_hand: bool = False
    #: "When revealed, the player with the most cards in hand chooses and discards cards from his hand until he has 4
    #: cards in hand." (Rule by Decree, both editions): 4.
    most_discard_to: int | None = None
    #: A response that kills after its controller wins a challenge it took part in (1st edition Robb Stark: "… after you
    #: win a Military challenge in which Robb Stark participates, choose and kill …"): (the challenge type or "", "self"
    #: or "attached"). A ``kill`` that names no source right after such a win is taken as its effect when it is the
    #: only such card on the winning side.
    kills_after_win: tuple[str, str] | None = None
    #: "Return <its name> from your dead pile to your hand. Use this ability if there are at least 3 characters in your
    #: dead pile." (1st edition Trident Reinforcements): 3. Its return naming no other source is judged by it
    #: (``ability.dead-pile``).
    returns_from_dead: int | None = None
    #: Its one draw is paid by kneeling the card itself: "Reaction: After you win dominance, kneel Tobho Mott's Armory
    #: to draw 1 card." Its controller's draws naming it while it kneels draw no more than that (``draw_count``) since
    #: it knelt.
    kneel_draws: bool = False
    #: A reaction placing tokens on the card itself, beside whatever else it prints: the token kind and its trigger as
    #: ``reacts_to`` reads it ("Reaction: After you lose a challenge, place 1 vengeance token on The Boneway.":
    #: ("vengeance", "lose_challenge", "", 0, "")).
    token_reacts_to: tuple[str, str, str, int, str] | None = None
    #: "… if you have not yet drawn any cards this phase, draw 3 cards." (Pleasure Barge): its draw only while its
    #: player has drawn nothing this phase.
    draws_if_none_drawn: bool = False
    #: "Name a card. Until the end of the phase, that card cannot be marshaled, played, or put into play." (The Iron
    #: Throne, Varys; Dragonstone Convert "Name an event. Until the end of the phase, events with that title cannot be
    #: played."): what no player does with a card of the title the log's ``name_choice`` names for it ("marshal",
    #: "play", "put").
    names_barred: tuple[str, ...] = ()
    #: "Name a challenge type. Until you reveal a new plot card, challenges of that type cannot be initiated."
    #: (Parley at Storm's End: ("any", "plot")); "… Until the end of the phase, the winner of the challenge cannot
    #: initiate challenges of that type." (Unbowed, Unbent, Unbroken; Benjen Stark's "the losing opponent …":
    #: ("opponent", "phase")): who initiates no challenge of the type the log's ``name_choice`` names for it, and for
    #: how long.
    names_kind_barred: tuple[str, str] | None = None
    #: A reaction after a won challenge its card took part in alone: "Response: After you win a challenge in which
    #: Knight of Flowers attacked or defended alone, he claims 2 power." ("attacking or defending"; "… attacked alone",
    #: 2nd edition "… is attacking alone": "attacking"). Its use is due only when the card was the only character on
    #: its controller's side, on that side.
    won_alone: str | None = None
    #: "Reduce the cost of the first Lord or Lady character you marshal this round by 2." (A Noble Cause): (the words
    #: naming the cards, any one of them: traits, "[lannister]", "unique"; the card types; the amount).
    reduces_cost: tuple[tuple[tuple[str, ...], tuple[str, ...], int], ...] = ()
    #: A sentence of it lowers a cost in a shape not read ("Reduce the cost to marshal <Name> by 1 for each …").
    reduces_unread: bool = False
    #: The card's reduction is paid by kneeling it ("Kneel Illyrio's Estate to reduce the cost of the next [targaryen]
    #: card you marshal this phase by 1."): while it stands in play its reduction was not used.
    reduces_by_kneeling: bool = False
    #: The first word of what an ability of it paid by kneeling its player's faction card does ("Kneel your faction
    #: card to draw 1 card.": "draw"), where no other sentence of it uses the word (``faction.kneel-already``).
    faction_kneel_to: tuple[str, ...] = ()
    #: A sentence of it raises a cost ("Increase the cost of each character you marshal by 1.": Kingdom of Shadows):
    #: a card may then be paid for above its printed cost (RR: Costs).
    raises_cost: bool = False
    #: "Bestow (3).": up to that much gold is placed on it from its controller's pool as it enters play (RR: Bestow).
    bestow: int | None = None
    #: "No attachments except <Weapon>": the traits an attachment needs to be attached to this card (RR: No
    #: Attachments; the keyword "No attachments" alone is in ``keywords``).
    attachments_except: tuple[str, ...] = ()
    #: An attachment's printed restriction ("Lord or Lady character only."; 1st edition also "Attach to a location
    #: you control."): the cards it may be attached to, any one of these alternatives (RR: Attachment Cards). Empty:
    #: none printed, or none read (``attach_only_unread``).
    attach_only: tuple[AttachOnly, ...] = ()
    #: A restriction sentence is printed but not read ("Character with shadow you control only."): nothing checks it.
    attach_only_unread: bool = False
    #: What its ability may put into play ("Put a [lannister] character into play from your hand.": Hear Me Roar!),
    #: any one of these; empty: no such ability, or one not read (RR: Put into Play).
    puts_into_play: tuple[AttachOnly, ...] = ()
    #: A plot's printed restrictions for the round ("You cannot marshal locations or attachments, or play events."),
    #: one a sentence read; empty: none printed, or none read (``companion/catalog/plot_limits.py``).
    plot_limits: tuple[PlotLimit, ...] = ()

    @property
    def has_shadow(self) -> bool:
        return bool(self.shadow_costs)

    @property
    def factions(self) -> tuple[str, ...]:
        return (self.faction, *self.other_factions)

    @property
    def title_key(self) -> str:
        """Copies are by title across types and printings (RR: Copy)."""
        return _title_key(self.name)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for name in _CARD_FIELDS:
            value = getattr(self, name)
            d[name] = value if type(value) in _ATOMS else [_plain(x) for x in value] if type(value) is tuple \
                else _plain(value)
        # Few cards print a restriction: the keys are left out when there is none.
        d.pop("attach_only")
        d.pop("attach_only_unread")
        d.pop("puts_into_play")
        if self.attach_only:
            d["attach_only"] = [alternative.to_dict() for alternative in self.attach_only]
        if self.puts_into_play:
            d["puts_into_play"] = [alternative.to_dict() for alternative in self.puts_into_play]
        if self.attach_only_unread:
            d["attach_only_unread"] = True
        d.pop("plot_limits")
        if self.plot_limits:
            d["plot_limits"] = [limit.to_dict() for limit in self.plot_limits]
        return d

    def has_keyword(self, keyword: str) -> bool:
        return keyword in self.keywords

    def bonus(self, stat: str) -> int:
        """A card in play's printed plot value modifier for ``stat`` (0 for plots and cards without one)."""
        if self.type == "plot":
            return 0
        value: int | None = getattr(self, stat)
        return value or 0

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Card:
        stats: dict[str, Any] = {k: _optional_int(d, k) for k in PLOT_STATS}  # Any: mixed with the text facts
        return cls(
            code=str(d["code"]),
            edition=d["edition"],
            name=str(d["name"]),
            type=str(d["type"]),
            faction=str(d["faction"]),
            cost=d.get("cost"),
            shadow_costs=tuple(d.get("shadow_costs") or ()),
            unique=bool(d.get("unique", False)),
            loyal=bool(d.get("loyal", False)),
            limited=bool(d.get("limited", False)),
            terminal=bool(d.get("terminal", False)),
            traits=tuple(d.get("traits") or ()),
            pack=str(d.get("pack", "")),
            pack_name=str(d.get("pack_name", "")),
            quantity=int(d.get("quantity", 1)),
            deck_limit=int(d.get("deck_limit", 3)),
            other_factions=tuple(d.get("other_factions") or ()),
            crests=tuple(d.get("crests") or ()),
            attaches_to=d.get("attaches_to"),
            image_url=str(d.get("image_url") or ""),
            **stats,
            strength=int(d["strength"]) if d.get("strength") is not None else None,
            icons=tuple(d.get("icons") or ()),
            keywords=tuple(d.get("keywords") or ()),
            dominance=int(d["dominance"]) if d.get("dominance") is not None else None,
            attachments_except=tuple(d.get("attachments_except") or ()),
            **_text_facts(d),
            attach_only=tuple(AttachOnly.from_dict(a) for a in d.get("attach_only") or ()),
            attach_only_unread=bool(d.get("attach_only_unread", False)),
            puts_into_play=tuple(AttachOnly.from_dict(a) for a in d.get("puts_into_play") or ()),
            plot_limits=tuple(PlotLimit.from_dict(limit) for limit in d.get("plot_limits") or ()),
        )


def _plain(value: Any) -> Any:
    """``asdict``'s value for one field, without its deep copy of every string and number (a catalogue's seeding
    spent four fifths of its time there): a card's facts are immutable values, tuples of them and small facts."""
    if type(value) in _ATOMS:
        return value
    if isinstance(value, tuple):
        return tuple(_plain(x) for x in value)
    return asdict(value) if hasattr(value, "__dataclass_fields__") else value


_CARD_FIELDS = tuple(f.name for f in fields(Card))
_ATOMS = frozenset({str, int, bool, float, type(None)})


def _tupled(value: Any) -> Any:
    """JSON's lists as tuples, nested ones too (a fact's parts stay hashable)."""
    return tuple(_tupled(x) for x in value) if isinstance(value, list | tuple) else value


def _text_facts(d: dict[str, Any]) -> dict[str, Any]:
    """The printed-sentence facts back from the catalogue, each by the type of its default (0, False, () or None,
    which keeps the number, word or yes/no stored); a list in a tuple comes back as a tuple, at any depth."""
    out: dict[str, Any] = {}
    for name, default in _TEXT_FACT_DEFAULTS.items():
        value = d.get(name)
        if value is None or default is None:
            out[name] = _tupled(value) if isinstance(value, list) else value if value is not None else default
        elif isinstance(default, tuple):
            out[name] = _tupled(value)
        else:
            out[name] = type(default)(value)
    return out


_TEXT_FACT_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Card) if f.name in TEXT_FACTS}

_APOSTROPHES = re.compile(r"['’`´]")
_PUNCTUATION = re.compile(r"[^\w\s]")


def fold(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form of a name, for matching."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    stripped = _PUNCTUATION.sub(" ", _APOSTROPHES.sub("", stripped.casefold()))
    return " ".join(stripped.split())


@lru_cache(maxsize=16384)
def _title_key(name: str) -> str:
    # The rules compare titles on every card entering play (uniques, duplicates): folding each time was
    # most of a check's cost. Card names are a bounded set (the catalogue's), so they are kept folded.
    return fold(name)
