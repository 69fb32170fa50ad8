-- Where the owner must say where a card that left shadows went: one click on a button in the table's language
-- ("In play", "Discarded", "Hand"), on the card when it lies loose on the table, else above the colour's
-- shadows zone, else on the Companion object. The typed !companion went <n> play|discard|hand stays for
-- keyboards; a click records exactly what it records. The answers are the ones the companion takes
-- (companion/tts/sync.py LEFT_TO: play, hand, discard; a dead pile is a discard there, as the helper's dead-pile
-- zones are).
--
-- object.md createButton: click_function is the NAME of a function in function_owner's script, called with
-- (obj, player_clicker_color, alt_click); no argument says which card, so each asked card gets its own functions,
-- made at run time (source: matdillen/legendary-generator lua-backup/pushvillains2.lua ~2418 names a function
-- "discardCard" .. color .. guid in _G for each card it asks a player about and puts its button on that card;
-- ~3038-3072 names "resolveChoice" .. i .. color and puts a player's choices as buttons on a zone; both find their
-- buttons again by that name in getButtons and removeButton(index - 1) them once chosen).
-- Buttons are not kept in saves: after a load or a rewind the cards still pending are asked, with buttons, again.
local say = require("say")
local zones = require("zones")
local track = require("track")
local ask = {}

ask.ANSWERS = {"play", "discard", "hand"}
ask.placed = {}        -- colour -> {ask number -> the object carrying its buttons}
ask.after = nil        -- function(colour): look again (main's schedule), set by main
ask.down = {}          -- "colour_n" -> whether the card carrying those buttons lay face down when they were made

local PREFIX = "companion_went_"
local function prefix(colour, n) return PREFIX .. tostring(colour) .. "_" .. tostring(n) .. "_" end

local function gone(obj)
    return obj == nil or (obj.isDestroyed ~= nil and obj.isDestroyed())
end

-- Remove the buttons on obj whose click function's name starts with start (object.md removeButton: indexes
-- start at 0 and shift down once one is removed, so from the last; getButtons may give nil when there is none).
local function remove_buttons(obj, start)
    if gone(obj) or obj.getButtons == nil then return end
    local buttons = obj.getButtons() or {}
    for i = #buttons, 1, -1 do
        local b = buttons[i]
        if string.sub(tostring(b.click_function), 1, #start) == start then
            obj.removeButton(b.index ~= nil and b.index or i - 1)
        end
    end
end

-- The buttons of colour's ask n go away (answered, or the card was found).
local function clear(colour, n)
    if n == nil then return end
    local placed = ask.placed[colour] or {}
    local obj = placed[n]
    placed[n] = nil
    if obj ~= nil then remove_buttons(obj, prefix(colour, n)) end
end

-- The owner (or the host) said where colour's card n went: as !companion went n <to>.
function ask.answer(colour, n, to)
    track.answers[colour] = track.answers[colour] or {}
    track.answers[colour][n] = to
    ask.clear(colour, n)
    if ask.after ~= nil then ask.after(colour) end
end

local function may_answer(colour, clicker)
    if clicker == colour then return true end
    local p = Player[clicker]
    return p ~= nil and p.host == true
end

-- Where the buttons go: on the card when it lies loose on the table, else above the colour's shadows zone
-- (a scripting zone: legendary-generator pushvillains2.lua ~3060 and lua-backup/mastermind.lua ~289 put buttons
-- on scripting zones), else on the Companion object (no mod found puts buttons on a hidden zone).
local function carrier(colour, entry)
    local obj = entry.guid ~= nil and getObjectFromGUID(entry.guid) or nil
    if obj ~= nil and obj.type == "Card" and obj.held_by_color == nil and obj.createButton ~= nil then
        return obj, "card"
    end
    local zone = zones.by_colour[colour]
    if zone and zone.type == "Scripting" and zone.createButton ~= nil then return zone, "zone" end
    return self, "self"
end

-- The lowest row of answer buttons free on a shared carrier (a zone, the Companion object): rows lie ROW apart
-- from FIRST on, in world units.
local FIRST, ROW = 1.0, 0.7
local function free_row(obj)
    local used = {}
    for _, b in ipairs(obj.getButtons() or {}) do
        if string.sub(tostring(b.click_function), 1, #PREFIX) == PREFIX and b.position ~= nil then
            local z = (b.position.z or b.position[3] or 0) * obj.getScale().z
            used[math.floor((z - FIRST) / ROW + 0.5)] = true
        end
    end
    local row = 0
    while used[row] do row = row + 1 end
    return row
end

-- Buttons for colour's pending card (a track entry with its ask number): where it went, one click.
-- Returns where they are ("card", "zone", "self"), for the line that asks.
local function offer(colour, entry)
    local n = entry.ask
    if n == nil then return nil end
    clear(colour, n)
    local obj, at = carrier(colour, entry)
    if gone(obj) or obj.createButton == nil then return nil end
    local s = obj.getScale()
    -- Buttons keep their size whatever the object's scale (source: spirit-island/spirit-island-mod
    -- objects/ea7207/contained/05f7b7/contained/ce6cf2/script.lua: scale = 1 / the card's scale).
    local scale = {1 / s.x, 1 / s.y, 1 / s.z}
    local row = at ~= "card" and free_row(obj) or 0
    ask.placed[colour] = ask.placed[colour] or {}
    ask.placed[colour][n] = obj
    ask.down[colour .. "_" .. n] = obj.is_face_down
    for i, to in ipairs(ask.ANSWERS) do
        local name = prefix(colour, n) .. to
        _G[name] = function(clicked, clicker, alt)
            if not may_answer(colour, clicker) then
                broadcastToColor(say.line("tts.lua.went_not_yours", {colour = say.colour(colour)}), clicker,
                                 {1, 0.8, 0.3})
                return
            end
            ask.answer(colour, n, to)
        end
        local word = say.text("tts.lua.went." .. to)
        local params = {click_function = name, function_owner = self, scale = scale,
                        tooltip = say.text("tts.lua.went_tip", {colour = say.colour(colour), n = n, word = to}),
                        width = 900, height = 260, font_size = 150}
        if at == "card" then
            -- Three buttons along the card, on the side that faces up: object.md createButton, "Buttons can not
            -- be clicked from their back side", and position and rotation are the card's own (local): on a card
            -- lying face down its top is local -y, so the buttons lie under it, turned over.
            local down = obj.is_face_down
            params.label = word
            params.position = {0, down and -0.3 or 0.3, (i - 2) * 0.8}
            params.rotation = {0, 0, down and 180 or 0}
        else
            -- Rows over the shadows area, a unit above the zone's floor (a zone reaches from the table up: cards lying
            -- in it, a pile too, stay below; a zone less tall than that, at its top), or on top of the Companion
            -- object; each row one card's three answers side by side. Positions are the object's own (local,
            -- INFERENCE: times its scale, as its size is), so they are given in world units divided by its scale.
            params.label = say.text("tts.lua.went_row", {colour = say.colour(colour), n = n, answer = word})
            params.width = 1500
            local y = at == "zone" and (math.min(s.y, 1.0) / s.y - 0.5) or 0.6
            params.position = {(i - 2) * 3.2 / s.x, y, (FIRST + row * ROW) / s.z}
            params.rotation = {0, 0, 0}
        end
        obj.createButton(params)
    end
    return at
end

-- Still pending, nothing new to say: the buttons stay, unless they no longer face up or lie elsewhere than
-- where they belong now (the card turned over, merged into a pile or deleted, or back out on the table).
local function keep(colour, entry)
    local n = entry.ask
    if n == nil or (track.answers[colour] or {})[n] ~= nil then return end
    local placed = (ask.placed[colour] or {})[n]
    local obj, at = carrier(colour, entry)
    if placed ~= nil and placed == obj and not gone(obj)
            and (at ~= "card" or ask.down[colour .. "_" .. n] == obj.is_face_down) then
        return
    end
    offer(colour, entry)
end

-- Buttons are a help, never in the way of reports: whatever goes wrong making or removing them (an engine, or a
-- mock of one, whose objects take buttons otherwise) leaves the typed command, and the report goes on.
function ask.remove_buttons(obj, start) pcall(remove_buttons, obj, start) end
function ask.clear(colour, n) pcall(clear, colour, n) end
function ask.keep(colour, entry) pcall(keep, colour, entry) end
function ask.offer(colour, entry)
    local ok, at = pcall(offer, colour, entry)
    if ok then return at end
    return nil
end

return ask
