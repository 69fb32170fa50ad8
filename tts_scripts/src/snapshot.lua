-- A snapshot of one colour's shadows zone: what is there, face down or not, with its tokens.
-- Identities go only to the companion (over HTTP), never into chat.
local cards = require("cards")
local zones = require("zones")
local snapshot = {}

snapshot.last = {}   -- colour -> {guid = code} as last reported

-- Where a card went after leaving shadows: into a hand zone, a discard or dead pile zone, or
-- face up onto the table (it came out). A card merged into a deck cannot be followed: no hint.
local function destination(guid)
    local obj = getObjectFromGUID(guid)
    if obj == nil then return nil end
    for _, zone in ipairs(obj.getZones()) do
        if zone.type == "Hand" then return "hand" end
        local name = string.lower(zone.getName())
        if string.find(name, "discard", 1, true) or string.find(name, "dead", 1, true) then return "discard" end
    end
    if not obj.is_face_down then return "play" end
    return nil
end

function snapshot.of(colour)
    local zone = zones.by_colour[colour]
    if zone == nil then return nil end
    local objects = zone.getObjects()
    local out = {colour = colour, cards = {}, left = {}}
    local now = {}
    for _, obj in ipairs(objects) do
        if cards.is_card(obj) then
            local code = cards.code(obj)
            now[obj.getGUID()] = code or false
            table.insert(out.cards, {
                guid = obj.getGUID(),
                code = code,
                face_down = obj.is_face_down,
                tokens = cards.tokens_on(obj, objects),
            })
        end
    end
    for guid, code in pairs(snapshot.last[colour] or {}) do
        if now[guid] == nil and code then
            local to = destination(guid)
            if to ~= nil then table.insert(out.left, {code = code, to = to}) end
        end
    end
    snapshot.last[colour] = now
    return out
end

function snapshot.all()
    local out = {}
    for colour, _ in pairs(zones.by_colour) do
        table.insert(out, snapshot.of(colour))
    end
    return out
end

return snapshot
