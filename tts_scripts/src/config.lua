-- Settings for the companion helper. Change them here or in the mod's Global script state.
local config = {
    -- Where the companion runs (the game host's machine) and which game to report to.
    url = "http://127.0.0.1:8787",
    game = "",
    key = "",              -- the judge or host key of that game
    debounce = 0.6,        -- seconds to wait after the last move before sending a snapshot
    -- Where to create a shadows zone for a seated colour that has none (x, z of the centre).
    layout = {
        White = {-20, -18}, Red = {0, -18}, Orange = {20, -18},
        Blue = {-20, 18}, Green = {0, 18}, Purple = {20, 18},
    },
    zone_size = {12, 4, 5},
    zone_prefix = "Shadows: ",
}
return config
