-- A snapshot of one colour's shadows zone: what is there, face down or not, with its tokens.
-- Identities go only to the companion (over HTTP), never into chat.
local cards = require("cards")
local zones = require("zones")
local snapshot = {}

function snapshot.of(colour)
    local zone = zones.by_colour[colour]
    if zone == nil then return nil end
    local objects = zone.getObjects()
    local out = {colour = colour, cards = {}}
    for _, obj in ipairs(objects) do
        if cards.is_card(obj) then
            table.insert(out.cards, {
                guid = obj.getGUID(),
                code = cards.code(obj),
                face_down = obj.is_face_down,
                tokens = cards.tokens_on(obj, objects),
            })
        end
    end
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
