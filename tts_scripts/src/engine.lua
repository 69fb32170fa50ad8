-- What the real engine may do that its docs leave open, guarded against in one place: JSON that decodes a
-- null to something that is not nil, and, once, a look at what this table shows (the checklist docs/tts-check.md
-- lists the same things), said in the host's chat so that the first real game tells us.
local config = require("config")
local say = require("say")
local engine = {}

-- A decoded value with everything that is not a string, number, boolean or table left out: how JSON.decode
-- turns a JSON null into Lua is not documented (json.md); MoonSharp's json module gives a userdata (json.null),
-- which is not nil and raises when indexed.
local function clean(v)
    local t = type(v)
    if t == "string" or t == "number" or t == "boolean" then return v end
    if t ~= "table" then return nil end
    local out = {}
    for k, x in pairs(v) do
        local kt = type(k)
        if kt == "string" or kt == "number" then out[k] = clean(x) end
    end
    return out
end
engine.clean = clean

-- JSON text as Lua, nil where it is not JSON; nulls read as nil.
function engine.decode(text)
    if type(text) ~= "string" or text == "" then return nil end
    local ok, value = pcall(JSON.decode, text)
    if not ok then return nil end
    return clean(value)
end

local HIDDEN = {Fog = true, FogOfWar = true, Hidden = true}
-- Objects whose saved data (getData) is looked at for a hidden zone's name: not cards and not containers, whose
-- data holds everything in them.
local NOT_ZONES = {Card = true, Deck = true, Bag = true, Infinite = true}

-- What this table shows, as words for the host: how JSON writes an empty table and reads a null, the type of
-- its hidden zones, how many zones have tags, what a deck calls a card without a name, the host's lift height.
function engine.facts(host)
    local facts = {}
    local ok, empty = pcall(JSON.encode, {})
    facts.empty = ok and tostring(empty) or "?"
    local got, data = pcall(JSON.decode, '{"a":null}')
    facts.null = got and type(data) == "table" and type(data.a) or "?"
    local hidden, tagged, unnamed = {}, 0, {}
    for _, obj in ipairs(getObjects()) do
        local kind = obj.type
        if not NOT_ZONES[kind] then
            local saved = nil
            if obj.getData ~= nil then
                local fine, d = pcall(obj.getData)
                if fine and type(d) == "table" then saved = d.Name end
            end
            if HIDDEN[kind] or saved == "FogOfWarTrigger" then hidden[tostring(kind)] = true end
            if (kind == "Scripting" or HIDDEN[kind]) and obj.getTags ~= nil then
                local fine, tags = pcall(obj.getTags)
                if fine and type(tags) == "table" and #tags > 0 then tagged = tagged + 1 end
            end
        elseif kind == "Deck" then
            local fine, entries = pcall(obj.getObjects)
            for _, e in ipairs(fine and type(entries) == "table" and entries or {}) do
                if e.name == "Card" or e.name == "CardCustom" then unnamed[e.name] = true end
            end
        end
    end
    local function words(set)
        local out = {}
        for k, _ in pairs(set) do table.insert(out, k) end
        table.sort(out)
        return #out > 0 and table.concat(out, ", ") or say.text("tts.lua.probe.none")
    end
    facts.hidden, facts.tagged, facts.unnamed = words(hidden), tostring(tagged), words(unnamed)
    local lift = nil
    if host ~= nil and Player ~= nil then
        local fine, value = pcall(function() return Player[host].lift_height end)
        if fine and type(value) == "number" then lift = string.format("%.2f", value) end
    end
    facts.lift = lift or "?"
    return facts
end

local function host_colour()
    for _, colour in ipairs(getSeatedPlayers()) do
        if Player[colour] ~= nil and Player[colour].host then return colour end
    end
    return nil
end

-- Once per game (config.probed is kept in the saved state): the facts in the host's chat, in the table's
-- language. A host not seated yet is waited for (every 5 s, a minute at most).
function engine.probe(tries)
    if config.probed then return end
    tries = tries or 12
    local host = host_colour()
    if host == nil then
        if tries > 1 and Wait ~= nil then Wait.time(function() engine.probe(tries - 1) end, 5) end
        return
    end
    local ok, facts = pcall(engine.facts, host)
    if not ok then return end
    config.probed = true
    printToColor(say.line("tts.lua.probe", facts), host, {0.7, 0.8, 1})
end

return engine
