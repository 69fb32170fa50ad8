-- Reading card facts from TTS objects: the card code lives in GMNotes ({"code": "01045"}) or Memo.
local cards = {}

local function code_in(text)
    if text == nil or text == "" then return nil end
    if string.sub(text, 1, 1) == "{" then
        local ok, data = pcall(JSON.decode, text)
        if ok and type(data) == "table" and data.code ~= nil then return tostring(data.code) end
        return nil
    end
    local bare = string.match(text, "^%s*(%d%d%d%d%d)%s*$") or string.match(text, "^%s*([%a]+_%d+)%s*$")
    return bare
end

function cards.code(obj)
    return code_in(obj.getGMNotes()) or code_in(obj.memo)
end

function cards.is_card(obj)
    return obj ~= nil and obj.type == "Card"
end

-- Tokens resting on a card: other objects in the zone whose position lies on the card.
function cards.tokens_on(card, others)
    local counts = {}
    local pos = card.getPosition()
    local scale = card.getScale()
    local half_w, half_l = 1.1 * scale.x, 1.55 * scale.z
    for _, other in ipairs(others) do
        if other ~= card and not cards.is_card(other) and other.type ~= "Deck" then
            local p = other.getPosition()
            if math.abs(p.x - pos.x) <= half_w and math.abs(p.z - pos.z) <= half_l and p.y >= pos.y - 0.05 then
                local kind = string.lower(other.getName() ~= "" and other.getName() or other.type)
                counts[kind] = (counts[kind] or 0) + 1
            end
        end
    end
    return counts
end

return cards
