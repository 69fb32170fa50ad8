-- One shadows zone per seated colour: found by its name, or made beside that colour's hand zone.
local config = require("config")
local zones = {}

zones.by_colour = {}
zones.problems = {}   -- colour -> why no zone could be made
zones.spawning = {}   -- colour -> true while its zone is being made

local function colour_in(name)
    if string.sub(name, 1, #config.zone_prefix) == config.zone_prefix then
        return string.sub(name, #config.zone_prefix + 1)
    end
    return nil
end

function zones.colour_of(zone)
    if zone == nil or zone.type ~= "Scripting" then return nil end
    local colour = colour_in(zone.getName())
    if colour ~= nil and zones.by_colour[colour] == zone then return colour end
    return nil
end

-- A box on the table as its four corners: centre, turn (degrees about y), full width and depth.
local function corners(x, z, rot_y, w, d)
    local a = math.rad(rot_y or 0)
    local c, s = math.cos(a), math.sin(a)
    local out = {}
    for _, k in ipairs({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) do
        local lx, lz = k[1] * w / 2, k[2] * d / 2
        table.insert(out, {x + lx * c + lz * s, z - lx * s + lz * c})
    end
    return out
end

-- Two boxes overlap unless some edge direction separates them (separating axis test).
local function overlap(a, b)
    for _, poly in ipairs({a, b}) do
        for i = 1, 4 do
            local p, q = poly[i], poly[i % 4 + 1]
            local ax, az = q[2] - p[2], p[1] - q[1]
            local amin, amax, bmin, bmax = math.huge, -math.huge, math.huge, -math.huge
            for _, v in ipairs(a) do local t = v[1] * ax + v[2] * az; amin = math.min(amin, t); amax = math.max(amax, t) end
            for _, v in ipairs(b) do local t = v[1] * ax + v[2] * az; bmin = math.min(bmin, t); bmax = math.max(bmax, t) end
            if amax <= bmin or bmax <= amin then return false end
        end
    end
    return true
end

local function box_of(obj)
    local p, r, sc = obj.getPosition(), obj.getRotation(), obj.getScale()
    return corners(p.x, p.z, r.y, sc.x, sc.z)
end

-- What a new shadows zone must not cover: every hand zone, and the shadows zones there already are.
local function obstacles()
    local out = {}
    for _, obj in ipairs(getObjects()) do
        if obj.type == "Hand" or (obj.type == "Scripting" and colour_in(obj.getName()) ~= nil) then
            table.insert(out, box_of(obj))
        end
    end
    return out
end

-- Where a colour's shadows zone goes: beside its first hand zone, on the side facing the middle of
-- the table, pushed further in (and made narrower) until it covers no hand zone and no other
-- shadows zone. nil and a reason if there is no such place.
function zones.place(colour, taken)
    local player = Player[colour]
    local hand = player ~= nil and player.getHandTransform ~= nil and player.getHandTransform(1) or nil
    if hand == nil then return nil, "no hand zone for " .. colour end
    local p, f, s = hand.position, hand.forward, hand.scale
    if f.x * -p.x + f.z * -p.z < 0 then f = {x = -f.x, z = -f.z} end   -- face the middle of the table
    local blocked = obstacles()
    for _, box in ipairs(taken or {}) do table.insert(blocked, box) end
    for _, w in ipairs({config.zone_width, config.zone_width * 0.7, config.zone_width * 0.5}) do
        for step = 0, 8 do
            local dist = s.z / 2 + config.zone_gap + config.zone_depth / 2 + step * 1.5
            local x, z = p.x + f.x * dist, p.z + f.z * dist
            local box = corners(x, z, hand.rotation.y, w, config.zone_depth)
            local clear = true
            for _, other in ipairs(blocked) do
                if overlap(box, other) then clear = false break end
            end
            if clear then return {x = x, y = p.y, z = z, rot_y = hand.rotation.y, w = w, box = box} end
        end
    end
    return nil, "no room beside " .. colour .. "'s hand zone clear of every hand zone and shadows zone"
end

function zones.setup(on_ready)
    zones.by_colour = {}
    for _, obj in ipairs(getObjects()) do
        if obj.type == "Scripting" then
            local colour = colour_in(obj.getName())
            if colour ~= nil then zones.by_colour[colour] = obj end
        end
    end
    local taken = {}   -- zones asked for in this round, still spawning
    for _, colour in ipairs(getSeatedPlayers()) do
        if zones.by_colour[colour] == nil and zones.problems[colour] == nil and not zones.spawning[colour] then
            local at, why = zones.place(colour, taken)
            if at ~= nil then table.insert(taken, at.box) end
            if at == nil then
                zones.problems[colour] = why
            else
                zones.spawning[colour] = true   -- spawning takes a moment (base.md)
                spawnObject({
                    type = "ScriptingTrigger",
                    position = {at.x, at.y, at.z},
                    rotation = {0, at.rot_y, 0},
                    scale = {at.w, 4, config.zone_depth},
                    callback_function = function(zone)
                        zone.setName(config.zone_prefix .. colour)
                        zones.by_colour[colour] = zone
                        zones.spawning[colour] = nil
                        if on_ready ~= nil then on_ready(colour) end
                    end,
                })
            end
        end
    end
end

-- Where a point lies along a zone's width (left to right as its owner sees it), for card order.
function zones.along(zone, p)
    local c = zone.getPosition()
    local a = math.rad(zone.getRotation().y)
    return (p.x - c.x) * math.cos(a) - (p.z - c.z) * math.sin(a)
end

zones.corners, zones.overlap = corners, overlap
return zones
