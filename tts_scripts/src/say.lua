-- The helper's own chat lines, in the table's language (config.lang: "en" or "de", set by the host page's
-- object or !companion lang). Their text lives in the message catalogue (companion/messages/*.json, ids
-- tts.lua.*); the bundler hands it over as the module "lines", so there is no second copy here.
local config = require("config")
local lines = require("lines")
local say = {}

local function book() return lines[config.lang or "en"] or lines.en end

-- A line with its {placeholders} filled (a value is put in as it is: no pattern characters in it count).
function say.text(id, params)
    local template = book()[id] or lines.en[id] or id
    return (string.gsub(template, "{([%w_]+)}", function(name)
        local v = params ~= nil and params[name] or nil
        if v == nil then return "{" .. name .. "}" end
        return tostring(v)
    end))
end

-- A TTS colour by its name in the table's language ("Red" is "Rot" in German).
function say.colour(colour)
    return book()["ttsColour." .. tostring(colour)] or tostring(colour)
end

-- Why a card that left is not placed yet: a reason code of track.destination (an older save's text stays).
function say.why(code)
    local id = "tts.lua.why." .. tostring(code)
    if lines.en[id] == nil then return tostring(code) end
    return say.text(id)
end

-- A whole chat line: "Companion: " and the line.
function say.line(id, params)
    return say.text("tts.said", {text = say.text(id, params)})
end

return say
