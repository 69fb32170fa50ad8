-- Reading card facts from TTS objects and from the data a deck keeps about its cards.
-- A code comes from GMNotes JSON ({"code": "01045"}), a bare code in
-- GMNotes or Memo; otherwise the card's name and description go to the companion to resolve.
local cards = {}

local function code_in(text)
    if text == nil or text == "" then return nil end
    if string.sub(text, 1, 1) == "{" then
        local ok, data = pcall(JSON.decode, text)
        if ok and type(data) == "table" then
            -- {"code": …} (ours, throneteki's); {"id": …} alone is another game's (SCED) and says nothing.
            local code = data.code or data.card_code
            if code ~= nil then return tostring(code) end
        end
        return nil
    end
    return string.match(text, "^%s*(%d%d%d%d%d)%s*$") or string.match(text, "^%s*([%a]+_%d+)%s*$")
end

-- {code, name, description} of a live Card object or of a deck's data table (object.md getObjects).
function cards.facts(obj)
    if obj.getGUID ~= nil then
        return {code = code_in(obj.getGMNotes()) or code_in(obj.memo), name = obj.getName(),
                description = obj.getDescription and obj.getDescription() or ""}
    end
    return {code = code_in(obj.gm_notes) or code_in(obj.memo), name = obj.name or "",
            description = obj.description or ""}
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
