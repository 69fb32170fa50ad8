-- Tracking cards, not objects. A shadows zone holds loose cards and decks; a card inside a deck is
-- still in shadows, in the deck's order. A card that leaves is followed to where it went (a hand
-- zone, a discard or dead pile, face up on the table); until that is known it is *pending*: still
-- counted in shadows, and its owner is asked where it went. A pending card coming back cancels.
-- Identities go only to the companion (over HTTP) and to the owner colour, never to chat.
local cards = require("cards")
local zones = require("zones")
local track = {}

track.known = {}         -- colour -> list of {guid, code, name, description, pending = reason or nil}
track.untracked = {}     -- colour -> {guid = true}: on the table but not in the companion's log (a rewind)
track.container_of = {}  -- card guid -> the deck (container) it entered
track.destroyed = {}     -- card guid -> true once its object was destroyed outside any container
track.asked = {}         -- colour -> {guid = reason} already told to the owner
track.answers = {}       -- colour -> {ask number = "play" | "discard" | "hand"}: the owner said where it went
track.next_ask = {}      -- colour -> the next number for a card whose owner is asked

-- Cards in a colour's shadows zone, in table order (left to right), decks opened in their order.
function track.look(colour)
    local zone = zones.by_colour[colour]
    if not zone then return nil end
    local objects = zones.objects(zone)
    table.sort(objects, function(a, b) return zones.along(zone, a.getPosition()) < zones.along(zone, b.getPosition()) end)
    local out = {}
    for _, obj in ipairs(objects) do
        if not obj.is_face_down then
            -- A shadows card lies face down: one face up here is not in shadows (turned up where it lay, it is
            -- on its way out; see track.destination).
        elseif cards.is_card(obj) then
            local f = cards.facts(obj)
            table.insert(out, {guid = obj.getGUID(), code = f.code, name = f.name, description = f.description,
                               face_down = obj.is_face_down, tokens = cards.tokens_on(obj, objects)})
        elseif cards.is_deck(obj) then
            for i, data in ipairs(obj.getObjects()) do
                local f = cards.facts(data)
                table.insert(out, {guid = data.guid, code = f.code, name = f.name, description = f.description,
                                   face_down = obj.is_face_down, tokens = {}, deck = obj.getGUID(), index = i})
            end
        end
    end
    return out
end

-- Where a card that left colour's shadows is now: "hand", "discard", "play", or nil and why it is not
-- known yet (a reason code: its words are the catalogue's tts.lua.why.<code>, said by say.why). A bring-out
-- only when it lies face up in a play area: the mod's named play area, or else the
-- open table once the colour has a discard zone (without one, face up on the table may be a discard).
-- A discard when it lies in a discard or dead-pile zone, alone or merged into the pile there (a deck).
-- The deck on the table that holds a card (events may not say which deck it joined: a merge's events are not
-- documented, and a card whose object was destroyed may be in a deck all the same).
-- GUIDs inside decks are not unique (SCED PR #1427 strips them before spawning decks; Andr3wD/TTS-Helpful-Scripts
-- #9): another copy may sit in the draw deck under the same GUID. So a deck counts only where it holds the card
-- (same identity) more often than it did when the card was last seen in shadows (entry.twins).
local function same(card, e)
    if card.code ~= nil or e.code ~= nil then return card.code == e.code end
    return card.name ~= nil and card.name ~= "" and card.name == e.name and card.description == e.description
end

-- Can this be the known card? Not when both carry an identity and they differ (another card under its GUID).
local function may_be(facts, e)
    if e == nil then return true end
    local known = e.code ~= nil or (e.name or "") ~= ""
    local here = facts.code ~= nil or (facts.name or "") ~= ""
    return not (known and here) or same(facts, e)
end

local function copies_in(deck, guid, e)
    local n = 0
    for _, data in ipairs(deck.getObjects()) do
        if data.guid == guid and may_be(cards.facts(data), e) then n = n + 1 end
    end
    return n
end

local function deck_holding(guid, e)
    local twins = e ~= nil and e.twins or {}
    for _, d in ipairs(getObjects()) do
        if cards.is_deck(d) and copies_in(d, guid, e) > (twins[d.getGUID()] or 0) then return d end
    end
    return nil
end

-- Copies under the GUIDs of the cards seen in shadows, by GUID: how often each deck elsewhere on the table holds
-- one ({deck guid = n}), and .loose when a card seen inside a deck here has an object of its own GUID elsewhere
-- (a copy drawn from the draw deck kept the GUID): those are copies, not the card.
local function twins_of(seen)
    local want, out = {}, {}
    for _, card in ipairs(seen) do
        if card.guid ~= nil then want[card.guid] = card end
        if card.guid ~= nil and card.deck ~= nil and getObjectFromGUID(card.guid) ~= nil then
            out[card.guid] = {loose = true}
        end
    end
    if next(want) == nil then return out end
    for _, d in ipairs(getObjects()) do
        if cards.is_deck(d) then
            for i, data in ipairs(d.getObjects()) do
                local card = want[data.guid]
                if card ~= nil and may_be(cards.facts(data), card) then
                    -- In the deck the card lies in here, the card itself is one of them: not a copy.
                    local own = (card.deck == d.getGUID() and card.index == i) and 1 or 0
                    out[data.guid] = out[data.guid] or {}
                    out[data.guid][d.getGUID()] = (out[data.guid][d.getGUID()] or 0) + 1 - own
                end
            end
        end
    end
    return out
end

-- The object a card went into: its own, else the pile it joined, followed through piles that joined piles (a
-- pile dropped onto a pile), else a deck that holds it. pile is the deck, if it is in one.
-- The object under a card's GUID, unless it is another card (a copy's GUID reused).
local function own_object(guid, e)
    if e ~= nil and e.twins ~= nil and e.twins.loose then return nil end
    local obj = getObjectFromGUID(guid)
    if obj ~= nil and cards.is_card(obj) and not may_be(cards.facts(obj), e) then return nil end
    return obj
end

local function whereabouts(guid, e)
    local obj = own_object(guid, e)
    if obj ~= nil then return obj, nil end
    local via, hops = track.container_of[guid], 0
    while via ~= nil and hops < 20 do
        local pile = getObjectFromGUID(via)
        if pile ~= nil then return pile, pile end
        via, hops = track.container_of[via], hops + 1
    end
    local pile = deck_holding(guid, e)
    if pile ~= nil then return pile, pile end
    if track.container_of[guid] ~= nil then return nil, nil, "deck_gone" end
    return nil, nil
end

function track.destination(guid, colour, entry)
    local obj, pile, gone = whereabouts(guid, entry)
    if gone ~= nil then return nil, gone end
    if obj == nil then
        if track.destroyed[guid] then return nil, "deleted" end
        return nil, "off_table"
    end
    if obj.held_by_color ~= nil then return nil, "moving" end
    local kind, whose = zones.area_of(obj)
    if kind == "hand" then return "hand" end
    if kind == "discard" or kind == "dead" then return "discard" end
    if kind == "shadows" and whose ~= colour then return nil, "other_shadows" end
    -- Turned face up where it lay: revealed, but on its way to play or to the discard pile (an effect that
    -- discards from shadows), so where it went is not known yet.
    if kind == "shadows" and pile == nil and not obj.is_face_down then
        return nil, "face_up_in_shadows"
    end
    if pile ~= nil then return nil, "loose_pile" end
    if obj.is_face_down then return nil, "face_down_outside" end
    if kind == "play" then return "play" end
    if zones.has(colour, "play") then return nil, "outside_play" end
    if zones.has(colour, "discard") then return "play" end
    return nil, "no_discard_zone"
end

-- Compare what the zone shows with what was known: the report for the companion, and the cards
-- whose fate changed (for the owner's eyes only).
function track.update(colour)
    local seen = track.look(colour)
    if seen == nil then return nil end
    local before = track.known[colour] or {}
    local untracked = track.untracked[colour] or {}
    local matched, report, left, known = {}, {}, {}, {}
    local by_guid = {}
    for i, e in ipairs(before) do if e.guid ~= nil then by_guid[e.guid] = i end end
    local fresh = {}
    for _, card in ipairs(seen) do
        local i = by_guid[card.guid]
        if i ~= nil and not matched[i] and may_be(card, before[i]) then matched[i] = true else table.insert(fresh, card) end
    end
    -- A card under a new GUID (out of a deck, or a deck formed) is the same card as a known one of the
    -- same identity whose GUID is gone from the table. A known card still on the table elsewhere is
    -- not: that is one copy leaving and another coming in, two moves.
    for _, card in ipairs(fresh) do
        local found = nil
        for i, e in ipairs(before) do
            if not matched[i] and same(card, e) and (e.guid == nil or own_object(e.guid, e) == nil) then
                found = i
                break
            end
        end
        if found ~= nil then
            matched[found] = true
            local old = before[found].guid
            if old ~= nil and untracked[old] then untracked[old], untracked[card.guid] = nil, true end
        end
    end
    local twins = twins_of(seen)
    for _, card in ipairs(seen) do
        table.insert(known, {guid = card.guid, code = card.code, name = card.name, description = card.description,
                             twins = twins[card.guid]})
        if not untracked[card.guid] then table.insert(report, card) end
    end
    local notices = {}
    for i, e in ipairs(before) do
        if matched[i] and e.pending ~= nil then table.insert(notices, {entry = e, back = true}) end
        if not matched[i] and e.guid ~= nil and untracked[e.guid] then
            untracked[e.guid] = nil   -- never counted by the companion: nothing to report
        elseif not matched[i] then
            local to, why = nil, e.pending
            if e.guid ~= nil then to, why = track.destination(e.guid, colour, e) end
            local said = e.ask ~= nil and (track.answers[colour] or {})[e.ask] or nil
            if to == nil and said ~= nil then to = said end
            if to ~= nil and (e.code ~= nil or (e.name or "") ~= "") then
                table.insert(left, {code = e.code, name = e.code == nil and e.name or nil,
                                    description = e.code == nil and e.description or nil, to = to})
                table.insert(notices, {entry = e, to = to})
            else
                e.pending = why or e.pending or "unknown"
                if e.ask == nil then
                    e.ask = (track.next_ask[colour] or 0) + 1
                    track.next_ask[colour] = e.ask
                end
                table.insert(known, e)
                table.insert(report, {guid = e.guid or ("pending-" .. tostring(e.code)), code = e.code, name = e.name,
                                      description = e.description, face_down = true, tokens = {}, pending = e.pending})
                table.insert(notices, {entry = e, pending = e.pending})
            end
        end
    end
    track.known[colour] = known
    return {colour = colour, cards = report, left = left}, notices
end

-- After a load or rewind the table is as it was; the companion's log may be further on. What the
-- table showed at load time (the baseline) is compared with the companion's shadows for the colour
-- (codes): cards it counts that the table lacks become pending ("rewound"); cards on the table it
-- does not count are left out of reports. Moves made since the load are then reported as usual.
function track.baseline(colour)
    local seen = track.look(colour) or {}
    local known = {}
    for _, e in ipairs(track.known[colour] or {}) do
        if e.pending ~= nil then table.insert(known, e) end   -- still pending when the game was saved
    end
    for _, card in ipairs(seen) do
        table.insert(known, {guid = card.guid, code = card.code, name = card.name, description = card.description})
    end
    track.known[colour] = known
    return seen
end

function track.reconcile(colour, logged, baseline, names)
    local want = {}
    for _, code in ipairs(logged) do want[code] = (want[code] or 0) + 1 end
    local untracked = {}
    for _, card in ipairs(baseline) do
        if card.code ~= nil and (want[card.code] or 0) > 0 then
            want[card.code] = want[card.code] - 1
        else
            untracked[card.guid] = true
        end
    end
    local known = {}
    for _, e in ipairs(track.known[colour] or {}) do
        if e.pending ~= nil and e.code ~= nil and (want[e.code] or 0) > 0 then
            want[e.code] = want[e.code] - 1
            table.insert(known, e)
        elseif e.pending == nil then
            table.insert(known, e)
        end
    end
    for code, n in pairs(want) do
        for _ = 1, n do
            local ask = (track.next_ask[colour] or 0) + 1
            track.next_ask[colour] = ask
            table.insert(known, {code = code, name = (names or {})[code], pending = "rewound", ask = ask})
        end
    end
    track.known[colour] = known
    track.untracked[colour] = untracked
end

function track.saved()
    local out = {}
    for colour, list in pairs(track.known) do
        local rows = {}
        -- Names too, so that messages after a load or a rewind name the card (the save holds the cards anyway).
        for _, e in ipairs(list) do
            table.insert(rows, {guid = e.guid, code = e.code, name = e.name, description = e.description,
                                pending = e.pending})
        end
        out[colour] = rows
    end
    return out
end

function track.restore(saved)
    track.known = {}
    for colour, rows in pairs(saved or {}) do
        local list = {}
        for _, e in ipairs(rows) do
            table.insert(list, {guid = e.guid, code = e.code, name = e.name, description = e.description,
                                pending = e.pending})
        end
        track.known[colour] = list
    end
end

-- Quiet: no card or deck held, spawning, moved by a script (isSmoothMoving) or still falling (not resting), so no
-- report shows a card mid-drag or mid-air, nor one dropped on a pile before the pile forms. The mods that work
-- wait the same way: SCED Global.ttslua ~5363 (resting and not isSmoothMoving; PR #1016: not held), Spirit Island
-- script.lua 2179 (not isSmoothMoving), Arcs CourtDiscard.lua 31-62 (the discard deck forms after the drop).
-- waited: how long the report has waited already; a card that never comes to rest (it lies tilted on something)
-- holds reports up track.PATIENCE seconds at most. Held and moving cards always do.
track.PATIENCE = 3
function track.quiet(waited)
    local patient = (waited or 0) < track.PATIENCE
    for _, obj in ipairs(getObjects()) do
        if obj.type == "Card" or obj.type == "Deck" then
            if obj.held_by_color ~= nil or obj.spawning then return false end
            if obj.isSmoothMoving ~= nil and obj.isSmoothMoving() then return false end
            if patient and obj.resting == false then return false end
        end
    end
    return true
end

return track
