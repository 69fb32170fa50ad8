-- Event handlers: watch the shadows zones and report every move into and out of them.
local zones = require("zones")
local snapshot = require("snapshot")
local companion = require("companion")
local config = require("config")

function onLoad(saved)
    if saved ~= nil and saved ~= "" then
        local ok, data = pcall(JSON.decode, saved)
        if ok and type(data) == "table" then
            for k, v in pairs(data) do config[k] = v end
        end
    end
    zones.setup()
    -- Rewind and undo restore the table without enter/leave events: report everything once.
    for colour, _ in pairs(zones.by_colour) do companion.schedule(colour, snapshot.of) end
end

function onSave()
    return JSON.encode({url = config.url, game = config.game, key = config.key})
end

function onObjectEnterZone(zone, obj)
    local colour = zones.colour_of(zone)
    if colour ~= nil then companion.schedule(colour, snapshot.of) end
end

function onObjectLeaveZone(zone, obj)
    local colour = zones.colour_of(zone)
    if colour ~= nil then companion.schedule(colour, snapshot.of) end
end

function onObjectRotate(obj, spin, flip, player_color, old_spin, old_flip)
    if flip == old_flip then return end
    for _, zone in ipairs(obj.getZones()) do
        local colour = zones.colour_of(zone)
        if colour ~= nil then companion.schedule(colour, snapshot.of) end
    end
end

function onPlayerChangeColor(colour)
    zones.setup()
end

-- For the companion's External Editor bridge: "return JSON.encode(companion_snapshot())".
function companion_snapshot()
    return snapshot.all()
end

-- Verdicts pushed by the bridge: {colour = "Red", verdicts = {...}}.
function onExternalMessage(data)
    if type(data) == "table" and data.colour ~= nil then companion.show(data.colour, data) end
end
