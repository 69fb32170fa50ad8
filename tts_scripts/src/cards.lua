-- Reading card facts from TTS objects and from the data a deck keeps about its cards.
-- A code comes from GMNotes JSON ({"code": "01045"}), a bare code in
-- GMNotes or Memo; otherwise the card's name and description go to the companion to resolve.
local engine = require("engine")
local cards = {}

local function notes(text)
    if type(text) ~= "string" or string.sub(text, 1, 1) ~= "{" then return nil end
    local data = engine.decode(text)
    return type(data) == "table" and data or nil
end

local function code_in(text)
    if type(text) ~= "string" or text == "" then return nil end
    if string.sub(text, 1, 1) == "{" then
        local data = notes(text)
        if data ~= nil then
            -- {"code": …} (ours, throneteki's); {"id": …} alone is another game's (SCED) and says nothing.
            local code = data.code or data.card_code
            if type(code) == "string" or type(code) == "number" then return tostring(code) end
        end
        return nil
    end
    return string.match(text, "^%s*(%d%d%d%d%d)%s*$") or string.match(text, "^%s*([%a]+_%d+)%s*$")
end

-- A name the notes' JSON gives ({"name": …} or {"title": …}), first in GM notes, then in the memo.
local function name_in(gm_notes, memo)
    for _, text in ipairs({gm_notes, memo}) do
        local data = notes(text)
        local name = data ~= nil and (data.name or data.title) or nil
        if type(name) == "string" and name ~= "" then return name end
    end
    return nil
end

-- A deck's data names a card with a blank name by its internal resource name (object.md getObjects, containers:
-- "unless it's blank, in which case it'll be the internal resource name"), which is no name at all.
local RESOURCE_NAMES = {Card = true, CardCustom = true}
local function own_name(name)
    if type(name) ~= "string" or RESOURCE_NAMES[name] then return "" end
    return name
end

-- {code, name, description} of a live Card object or of a deck's data table (object.md getObjects): the name
-- from the notes first, then the object's name.
function cards.facts(obj)
    if obj.getGUID ~= nil then
        local gm, memo = obj.getGMNotes(), obj.memo
        return {code = code_in(gm) or code_in(memo), name = name_in(gm, memo) or own_name(obj.getName()),
                description = obj.getDescription and obj.getDescription() or ""}
    end
    return {code = code_in(obj.gm_notes) or code_in(obj.memo), name = name_in(obj.gm_notes, obj.memo) or own_name(obj.name),
            description = type(obj.description) == "string" and obj.description or ""}
end

function cards.is_card(obj) return obj ~= nil and obj.type == "Card" end
function cards.is_deck(obj) return obj ~= nil and obj.type == "Deck" end

-- Tokens resting on a card: other objects in the zone whose position lies on the card.
function cards.tokens_on(card, others)
    local counts = {}
    local pos = card.getPosition()
    local scale = card.getScale()
    local half_w, half_l = 1.1 * scale.x, 1.55 * scale.z
    -- In the card's own frame: a card turned to face a side seat lies with its length along x.
    local a = math.rad(card.getRotation().y)
    local c, s = math.cos(a), math.sin(a)
    for _, other in ipairs(others) do
        if other ~= card and not cards.is_card(other) and not cards.is_deck(other) then
            local p = other.getPosition()
            local dx, dz = p.x - pos.x, p.z - pos.z
            local lx, lz = dx * c - dz * s, dx * s + dz * c
            if math.abs(lx) <= half_w and math.abs(lz) <= half_l and p.y >= pos.y - 0.05 then
                local kind = string.lower(other.getName() ~= "" and other.getName() or other.type)
                counts[kind] = (counts[kind] or 0) + 1
            end
        end
    end
    return counts
end

cards.code_in = code_in
return cards
