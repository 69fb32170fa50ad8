-- Settings for the companion helper. The host sets them from the companion's Tabletop Simulator
-- panel (they arrive as this object's saved state) or with chat commands (see main.lua).
local config = {
    -- Where the companion runs (the game host's machine) and which game to report to.
    url = "http://127.0.0.1:8787",
    game = "",
    seats = {},            -- TTS colour -> the companion's seat, e.g. {Red = "A", Blue = "B"}
    debounce = 0.6,        -- seconds of quiet (nothing moving, nothing held) before a report
    poll = 1,              -- seconds between the slow looks that catch what no event told (a script's flip)
    retries = 6,           -- a report that fails or meets a conflict is sent again this often
    timeout = 5,           -- seconds before a report with no answer is given up and sent again (WebRequest has
                           -- no timeout of its own; SCED Global.ttslua ~1987 waits 5 s too)
    -- A colour with no named areas gets the helper's own ("auto"; "ask": the host is told and offered a
    -- button): a row beside its hand zone on the table side, this far from it and this deep, as wide as the
    -- hand zone (at least zone_width): dead pile, shadows, discard pile (pile_width each). The sizes are for
    -- cards of scale 1 and grow with the scale of the cards lying on the table (zones.card_scale). They reach from
    -- the table surface (taken from the cards lying there, else from the table object's bounds, else
    -- table_surface) zone_height up, so a card
    -- lying on the table is in them and a card held above it is not.
    layout = "auto",
    zone_gap = 1.0,
    zone_depth = 4.5,
    zone_width = 14,
    zone_max_width = 24,   -- a table-wide hand zone (Sleeping Gods: 200) gets a row of this width
    pile_width = 3.4,
    zone_height = 2.0,
    table_surface = 0.96,
    outline_check = 3,     -- seconds between looks for the helper's outlines another mod's script wiped
    -- The language of the companion's verdicts in this table's chat ("en" or "de"; nil: the companion's
    -- default). The host page sets it when it makes the object; the host may change it: !companion lang de
    lang = nil,
}
-- The table key: kept in the object's saved state (so a load or a rewind of the same game needs no new
-- paste) only once the companion has said it is a table key of this game (scoped to its snapshots, and
-- revoked by making a new one); a judge's or host's key is never saved.
config.key = nil
config.key_saved = false   -- true once the companion confirmed config.key is this game's table key
config.probed = false      -- true once the host was told what this table shows (engine.probe)
config.SAVED = {"url", "game", "seats", "debounce", "layout", "lang", "probed"}
return config
