-- Settings for the companion helper. The host sets them from the companion's Tabletop Simulator
-- panel (they arrive as this object's saved state) or with chat commands (see main.lua).
local config = {
    -- Where the companion runs (the game host's machine) and which game to report to.
    url = "http://127.0.0.1:8787",
    game = "",
    seats = {},            -- TTS colour -> the companion's seat, e.g. {Red = "A", Blue = "B"}
    debounce = 0.6,        -- seconds of quiet (nothing moving, nothing held) before a report
    retries = 6,           -- a report that fails or meets a conflict is sent again this often
    -- A shadows zone for a seated colour that has none is made beside that colour's hand zone,
    -- on the table side, this far from it and this deep; never over another colour's hand zone.
    zone_gap = 1.0,
    zone_depth = 4.5,
    zone_width = 14,
    zone_prefix = "Shadows: ",
}
-- The table key is never a setting that is saved: onSave leaves it out, so it is not written into
-- saves, rewind checkpoints or Workshop uploads. It lives here only while the game runs.
config.key = nil
config.SAVED = {"url", "game", "seats", "debounce"}
return config
