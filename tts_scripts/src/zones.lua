-- One shadows zone per seated colour: found by its name, or created where the layout says.
local config = require("config")
local zones = {}

zones.by_colour = {}

local function colour_of(zone)
    local name = zone.getName()
    if string.sub(name, 1, #config.zone_prefix) == config.zone_prefix then
        return string.sub(name, #config.zone_prefix + 1)
    end
    return nil
end

function zones.colour_of(zone)
    if zone == nil or zone.type ~= "Scripting" then return nil end
    local colour = colour_of(zone)
    if colour ~= nil and zones.by_colour[colour] == zone then return colour end
    return nil
end

function zones.setup()
    zones.by_colour = {}
    for _, obj in ipairs(getAllObjects()) do
        if obj.type == "Scripting" then
            local colour = colour_of(obj)
            if colour ~= nil then zones.by_colour[colour] = obj end
        end
    end
    for _, colour in ipairs(getSeatedPlayers()) do
        if zones.by_colour[colour] == nil and config.layout[colour] ~= nil then
            local at = config.layout[colour]
            spawnObject({
                type = "ScriptingTrigger",
                position = {at[1], 1, at[2]},
                rotation = {0, 0, 0},
                scale = config.zone_size,
                callback_function = function(zone)
                    zone.setName(config.zone_prefix .. colour)
                    zones.by_colour[colour] = zone
                end,
            })
        end
    end
end

return zones
