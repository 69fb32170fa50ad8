-- Event handlers. The helper runs as the script of a "Companion" object (it does not replace the
-- mod's Global script). It reports each seated colour's shadows zone after a moment of quiet.
--
-- What TTS keeps (events.md onSave/onLoad): onSave's string is stored in saves, every rewind
-- checkpoint (about every 10 s) and Workshop uploads, and handed back to onLoad after a load or a
-- rewind. It holds the settings, the cards known in shadows, and the table key once the companion has
-- confirmed it is this game's table key (never a judge's or host's key).
local config = require("config")
local zones = require("zones")
local track = require("track")
local companion = require("companion")
local say = require("say")
local ask = require("ask")
local engine = require("engine")

local waits = {}           -- colour -> Wait id of the pending report
local last_sent = {}       -- colour -> the last report's content, to send nothing twice
local reconcile = {}       -- colour -> the table as loaded, until the companion has answered about it
local asked_key = false
local carry = {}           -- colour -> cards' destinations from reports that never arrived, sent with the next
local refused = {}         -- colour -> how often its load-time comparison was refused
local ANSWERS = {play = "play", discard = "discard", dead = "discard", hand = "hand"}
local names = {}           -- code -> the card's name, as the companion answered (a card may carry only its code)

local function owner_notice(colour, n)
    local what = (n.entry.name ~= nil and n.entry.name ~= "") and n.entry.name
        or (n.entry.code ~= nil and names[n.entry.code])
        or (n.entry.code ~= nil and say.text("tts.lua.the_card", {code = n.entry.code}) or say.text("tts.lua.a_card"))
    local seen = track.asked[colour] or {}
    track.asked[colour] = seen
    local key = tostring(n.entry.guid or n.entry.code)
    if n.back or n.to ~= nil then ask.clear(colour, n.entry.ask) end
    if n.back then
        seen[key] = nil
        broadcastToColor(say.line("tts.lua.back", {card = what}), colour, {0.7, 0.9, 0.7})
    elseif n.pending ~= nil and seen[key] ~= n.pending then
        seen[key] = n.pending
        -- One click answers (buttons on the card, above the shadows zone or on this object); the typed command
        -- stays, and is all the line offers where no button could be made.
        local at = ask.offer(colour, n.entry)
        broadcastToColor(say.line(at ~= nil and "tts.lua.where" or "tts.lua.where_typed",
                                  {card = what, why = say.why(n.pending),
                                   n = n.entry.ask ~= nil and tostring(n.entry.ask) or "1",
                                   at = at ~= nil and say.text("tts.lua.went_at." .. at) or nil,
                                   play = say.text("tts.lua.went.play"), discard = say.text("tts.lua.went.discard"),
                                   hand = say.text("tts.lua.went.hand")}), colour, {1, 0.8, 0.3})
    elseif n.pending ~= nil then
        ask.keep(colour, n.entry)   -- its buttons follow it (turned over, into a pile, deleted)
    end
end

local function to_host(text)
    for _, colour in ipairs(getSeatedPlayers()) do
        if Player[colour].host then broadcastToColor(text, colour, {1, 0.8, 0.3}) end
    end
end

local function ask_for_key()
    if asked_key then return end
    asked_key = true
    to_host(say.line("tts.lua.ask_key", {game = config.game}))
end

-- The zone names the helper reads (zones.parse): English words, whatever the chat's language.
local NAMED = {shadows = "Shadows: ", discard = "Discard: ", dead = "Dead pile: "}

-- Why a colour's zones could not be made, in the table's language.
local function zone_problem(colour, why)
    return say.text("tts.lua.why." .. tostring(why), {colour = say.colour(colour)})
end

-- What each colour lacks, said to the host, with a button on the Companion object that makes it.
local function tell_zone_problems()
    for colour, why in pairs(zones.problems) do
        to_host(say.line("tts.lua.no_zones", {colour = say.colour(colour), why = zone_problem(colour, why),
                                               shadows = NAMED.shadows .. colour, discard = NAMED.discard .. colour,
                                               dead = NAMED.dead .. colour}))
    end
    local any = false
    for _, colour in ipairs(zones.colours()) do
        local need = zones.missing[colour]
        if need ~= nil and zones.problems[colour] == nil then
            any = true
            local what, names = {}, {}
            for _, kind in ipairs(need) do
                table.insert(what, say.text("tts.lua.kind." .. kind))
                table.insert(names, "'" .. NAMED[kind] .. colour .. "'")
            end
            to_host(say.line("tts.lua.zones_missing", {colour = say.colour(colour),
                                                       kinds = table.concat(what, say.text("tts.lua.zones_missing.join")),
                                                       names = table.concat(names, ", "),
                                                       button = say.text("tts.lua.button")}))
        end
    end
    if self ~= nil and self.createButton ~= nil then
        ask.remove_buttons(self, "companion_make_zones")   -- (the answer buttons stay)
        if any then
            self.createButton({click_function = "companion_make_zones", function_owner = self,
                               label = say.text("tts.lua.button"), position = {0, 0.6, 0}, width = 1800,
                               height = 400, font_size = 160, tooltip = say.text("tts.lua.button_tip")})
        end
    end
end

local function content(body)
    local parts = {}
    for _, c in ipairs(body.cards) do
        table.insert(parts, tostring(c.guid) .. ":" .. tostring(c.code) .. ":" .. tostring(c.face_down) .. ":"
            .. tostring(c.pending) .. ":" .. JSON.encode(c.tokens or {}))
    end
    return table.concat(parts, ";")
end


local function report(colour)
    if not companion.ready() then
        if config.game ~= "" then ask_for_key() end
        return
    end
    if reconcile[colour] ~= nil then
        -- First the table as it was loaded; the moves since follow once the companion has answered. Refused
        -- once: again with the cards it surely accepts (those with a code); refused again: no comparison.
        if not companion.inflight[colour] then
            local cards = reconcile[colour]
            if (refused[colour] or 0) > 0 then
                local coded = {}
                for _, c in ipairs(cards) do
                    if c.code ~= nil then table.insert(coded, {guid = c.guid, code = c.code, face_down = c.face_down}) end
                end
                cards = coded
            end
            companion.send(colour, {colour = colour, seat = config.seats[colour], cards = cards, left = {},
                                    reconcile = true})
        end
        return
    end
    local body, notices = track.update(colour)
    if body == nil then return end
    for _, n in ipairs(notices) do owner_notice(colour, n) end
    if carry[colour] ~= nil then
        for i, l in ipairs(carry[colour]) do table.insert(body.left, i, l) end
        carry[colour] = nil
    end
    body.seat = config.seats[colour]
    for _, c in ipairs(body.cards) do
        if c.code ~= nil then c.name, c.description = nil, nil end   -- a code says it all
    end
    local text = content(body)
    if #body.left == 0 and last_sent[colour] == text then return end
    last_sent[colour] = text
    companion.send(colour, body)
end

-- A report once all is quiet (track.quiet), waited for in steps of config.debounce.
local function schedule(colour, waited)
    if waits[colour] ~= nil then Wait.stop(waits[colour]) end
    waits[colour] = Wait.time(function()
        waits[colour] = nil
        local w = (waited or 0) + config.debounce
        if track.quiet(w) then report(colour) else schedule(colour, w) end
    end, config.debounce)
end

ask.after = schedule

-- The slow look: events miss things (a script's flip fires no onObjectRotate, events.md 674-676; a script may
-- move a card with no zone event), so every config.poll seconds the cards and decks on the table are compared
-- with the last look (face, place, size), and on a change each colour is reported, as the mods that work poll
-- (Spirit Island Wait.time(..., 1|2|10, -1), script.lua 924-925, 972).
local last_look = nil
local function table_look()
    local parts = {}
    for _, obj in ipairs(getObjects()) do
        if obj.type == "Card" or obj.type == "Deck" then
            local p = obj.getPosition()
            local n = obj.getQuantity ~= nil and obj.getQuantity() or 0
            table.insert(parts, string.format("%s%s%d,%d,%d", obj.getGUID(), obj.is_face_down and "v" or "^",
                                              math.floor(p.x * 4), math.floor(p.z * 4), n))
        end
    end
    table.sort(parts)
    return table.concat(parts, ";")
end

local function poll()
    Wait.time(poll, config.poll)   -- first: a look that fails does not end the looking
    local now = table_look()
    if now ~= last_look then
        last_look = now
        local quiet = track.quiet()
        for colour, zone in pairs(zones.by_colour) do
            if zone and waits[colour] == nil then
                if quiet then report(colour) else schedule(colour) end
            end
        end
    end
end

local function schedule_all()
    for colour, zone in pairs(zones.by_colour) do
        if zone then schedule(colour) end
    end
end

local function remember_key(reply)
    -- The companion says which key this is: only its table key for this game is kept in the saved state.
    if type(reply) == "table" and reply.key_role ~= nil then config.key_saved = (reply.key_role == "table") end
end

companion.on_answer = function(colour, body, reply, status)
    remember_key(reply)
    if type(reply) == "table" and type(reply.names) == "table" then
        for code, name in pairs(reply.names) do names[code] = name end
    end
    if status == 401 and config.key_saved then
        -- A kept key that no longer works (a new one was made): not kept any more; the host is asked again.
        config.key_saved, asked_key = false, false
        ask_for_key()
    end
    if body.reconcile and reconcile[colour] ~= nil and status ~= nil and (status == 400 or status == 422) then
        refused[colour] = (refused[colour] or 0) + 1
        if refused[colour] >= 2 then
            -- Never a loop: the table as loaded is taken as it is, uncompared, and nothing on it is reported.
            track.reconcile(colour, {}, {}, nil)
            track.untracked[colour] = {}
            for _, c in ipairs(reconcile[colour]) do track.untracked[colour][c.guid] = true end
            reconcile[colour] = nil
            broadcastToColor(say.line("tts.lua.uncompared"), colour, {1, 0.8, 0.3})
        end
        last_sent[colour] = nil
        schedule(colour)
        return
    end
    if reply == nil or status == nil or status >= 400 then
        last_sent[colour] = nil   -- not delivered: the next look sends it again
        -- Where cards went is known only once: keep it for the next report, unless the companion refused
        -- the report itself (400, 422), which sending it again would not change.
        if status == nil or status == 401 or status == 403 or status == 409 or status >= 500 then
            carry[colour] = carry[colour] or {}
            for _, l in ipairs(body.left or {}) do table.insert(carry[colour], l) end
        end
        return
    end
    if body.reconcile and reconcile[colour] ~= nil then
        track.reconcile(colour, type(reply.shadows) == "table" and reply.shadows or {}, reconcile[colour],
                        type(reply.names) == "table" and reply.names or nil)
        refused[colour] = nil
        reconcile[colour] = nil
        last_sent[colour] = nil
        schedule(colour)
    end
end

-- A zone seen for the first time since the load: remember the table as it was, reconcile it first.
local function loaded(colour)
    local seen = track.baseline(colour)
    for _, c in ipairs(seen) do
        c.deck, c.index = nil, nil
        if c.code ~= nil then c.name, c.description = nil, nil end
    end
    reconcile[colour] = seen
    schedule(colour)
end

function onLoad(saved)
    math.randomseed(os.time() + math.floor(os.clock() * 1000000))
    if saved ~= nil and saved ~= "" then
        local ok, data = pcall(JSON.decode, saved)
        if ok and type(data) == "table" then
            for _, k in ipairs(config.SAVED) do
                if data[k] ~= nil then config[k] = data[k] end
            end
            track.restore(data.known)
            -- The table key comes back only into the same game (a copy of the object in another game has none).
            if type(data.key) == "string" and data.key ~= "" and data.key_game == config.game then
                config.key, config.key_saved = data.key, true
            end
        end
    end
    -- A load or a rewind: the table is as it was, the companion's log may be further on.
    -- The first report of each colour reconciles instead of recording moves.
    zones.setup(loaded)
    for colour, zone in pairs(zones.by_colour) do
        if zone then loaded(colour) end
    end
    tell_zone_problems()
    last_look = table_look()
    Wait.time(poll, config.poll)
    if config.game ~= "" and not companion.ready() then
        -- The External Editor bridge, if it runs, hands the key over (base.md sendExternalMessage).
        if sendExternalMessage ~= nil then sendExternalMessage({companion = "key wanted", game = config.game}) end
        ask_for_key()
    end
    engine.probe()   -- once per game: what this table shows, in the host's chat (docs/tts-check.md)
end

function onSave()
    local out = {known = track.saved()}
    for _, k in ipairs(config.SAVED) do out[k] = config[k] end
    if config.key_saved and config.key ~= nil then out.key, out.key_game = config.key, config.game end
    return JSON.encode(out)
end

-- The button "Make missing zones" (object.md createButton: click_function(obj, player_color, alt_click)).
function companion_make_zones(obj, colour, alt)
    if Player[colour] ~= nil and not Player[colour].host then
        broadcastToColor(say.line("tts.lua.host_only_zones"), colour, {1, 0.8, 0.3})
        return
    end
    local need = {}
    for c, _ in pairs(zones.missing) do table.insert(need, c) end
    table.sort(need)
    zones.make(need, loaded)
    for _, c in ipairs(need) do
        if zones.problems[c] ~= nil then to_host(say.text("tts.said", {text = zone_problem(c, zones.problems[c])})) end
    end
    if self ~= nil and self.createButton ~= nil then ask.remove_buttons(self, "companion_make_zones") end
end

function onObjectEnterZone(zone, obj) schedule_all() end
function onObjectLeaveZone(zone, obj) schedule_all() end
function onObjectDrop(colour, obj) schedule_all() end
function onObjectPickUp(colour, obj) schedule_all() end

function onObjectRotate(obj, spin, flip, player_color, old_spin, old_flip)
    if flip ~= old_flip then schedule_all() end
end

function onObjectEnterContainer(container, obj)
    track.container_of[obj.getGUID()] = container.getGUID()
    track.destroyed[obj.getGUID()] = nil
    schedule_all()
end

function onObjectLeaveContainer(container, obj)
    track.container_of[obj.getGUID()] = nil
    schedule_all()
end

function onObjectDestroy(obj)
    if obj.type == "Card" and track.container_of[obj.getGUID()] == nil then track.destroyed[obj.getGUID()] = true end
    schedule_all()
end

function onPlayerChangeColor(colour)
    zones.setup(loaded)
end

-- Chat commands for the host, hidden from the chat (events.md onChat: return false):
--   !companion key <table key> [en|de]    !companion seat Red=A    !companion game <id>    !companion url <url>
--   !companion lang de (or en: the language of the verdicts in this table's chat)
function onChat(message, sender)
    local cmd, rest = string.match(message, "^!companion%s+(%a+)%s*(.-)%s*$")
    -- Not the helper's: nothing returned, so every other script's onChat still runs (events.md: a handler's
    -- value that triggers a side effect stops the handlers after it).
    if cmd == nil then return nil end
    local colour = sender.color
    if cmd == "went" then
        -- The owner says where a card that left their shadows went: !companion went 2 discard
        local n, where = string.match(rest, "^(%d+)%s+(%a+)$")
        local to = where ~= nil and ANSWERS[string.lower(where)] or nil
        if to == nil then
            broadcastToColor(say.line("tts.lua.went_usage"), colour, {1, 0.8, 0.3})
        else
            ask.answer(colour, tonumber(n), to)   -- as a click on its button
        end
        return false
    end
    if not sender.host then
        broadcastToColor(say.line("tts.lua.host_only"), colour, {1, 0.8, 0.3})
    elseif cmd == "key" and rest ~= "" then
        -- The host page's line carries the page's language too: !companion key <key> de
        local key, lang = string.match(rest, "^(%S+)%s+(%a%a)$")
        if key ~= nil and (lang == "en" or lang == "de") then rest, config.lang = key, lang end
        config.key = rest
        config.key_saved = false   -- until the companion says it is this game's table key
        broadcastToColor(say.line("tts.lua.key_set"), colour, {0.7, 0.9, 0.7})
        schedule_all()
    elseif cmd == "zones" then
        companion_make_zones(nil, colour, false)
    elseif cmd == "seat" and string.match(rest, "^%a+=[%w_-]+$") then
        local c, seat = string.match(rest, "^(%a+)=([%w_-]+)$")
        config.seats[c] = seat
        broadcastToColor(say.line("tts.lua.seat_set", {colour = say.colour(c), seat = seat}), colour, {0.7, 0.9, 0.7})
    elseif cmd == "game" and rest ~= "" then
        config.game = rest
    elseif cmd == "url" and rest ~= "" then
        config.url = rest
    elseif cmd == "lang" and (rest == "en" or rest == "de") then
        config.lang = rest
        broadcastToColor(say.line("tts.lua.lang_set"), colour, {0.7, 0.9, 0.7})   -- said in the new language
    else
        broadcastToColor(say.line("tts.lua.usage"), colour, {1, 0.8, 0.3})
    end
    return false
end

-- For the companion's External Editor bridge: "return JSON.encode(companion_snapshot())".
-- {busy = true} while a card is held, spawning or moved by a script, so the bridge never records a mid-drag state.
function companion_snapshot()
    -- (Not waiting for a card to rest: the bridge asks again and again, and one that never rests would stall it.)
    if not track.quiet(track.PATIENCE) then return {busy = true} end
    local out = {}
    for colour, zone in pairs(zones.by_colour) do
        if zone then
            local body = track.update(colour)
            body.seat = config.seats[colour]
            body.request_id = companion.new_id()
            body.lang = config.lang
            table.insert(out, body)
        end
    end
    return out
end

-- Pushed by the bridge: verdicts {colour = "Red", verdicts = {...}}, or the table key {key = "..."}.
function onExternalMessage(data)
    if type(data) ~= "table" then return end
    data = engine.clean(data)   -- a JSON null from the bridge is no value (engine.lua)
    if type(data.key) == "string" and data.key ~= "" and (data.game == nil or data.game == config.game) then
        config.key, config.key_saved = data.key, false
        schedule_all()
    end
    if data.colour ~= nil then companion.show(data.colour, data) end
end
