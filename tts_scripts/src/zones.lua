-- Each seated colour's areas: shadows, discard pile, dead pile (and, if the mod names one, a play area).
-- Found by name ("Shadows: Red", "Red discard", "Dead pile - Red" …; scripting zones, and hidden zones for
-- shadows), or made by the helper beside that colour's hand zone, on the table side, reaching from the table
-- surface up: a zone at the hand zone's height would float above the cards lying on the table.
local config = require("config")
local zones = {}

zones.KINDS = {"shadows", "discard", "dead"}   -- what every seat needs; "play" is optional
zones.areas = {}      -- colour -> {shadows = zone, discard = zone, dead = zone, play = zone}
zones.by_colour = {}  -- colour -> its shadows zone (what track watches)
zones.problems = {}   -- colour -> why its zones could not be made (a reason code: say.why)
zones.spawning = {}   -- colour -> true while its zones are being made
zones.missing = {}    -- colour -> list of kinds it lacks (said to the host, with a button to make them)

local COLOURS = {"White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink"}
-- The words the save importer reads too (companion/tts/save.py), German ones included.
local WORDS = {shadows = {"shadow", "schatten"}, discard = {"discard", "ablage"}, dead = {"dead", "totenstapel"},
               play = {"play area", "in play"}}

-- Zone types the helper reads: scripting zones, and hidden zones for shadows. A hidden zone (FogOfWarTrigger in
-- saves) has the type "FogOfWar" (built-in-object.md, Zones); object.md's setValue table calls it "Fog", which
-- is the fog-of-war zone's type on the other page, so both are read ("Hidden" too).
local function hidden(obj) return obj.type == "FogOfWar" or obj.type == "Fog" or obj.type == "Hidden" end
local function usable(obj) return obj.type == "Scripting" or hidden(obj) end

-- What a zone's name says: its kind and its colour ("Shadows: Red", "red shadows", "Discard pile (Red)").
function zones.parse(name)
    local low = " " .. string.lower(name or "") .. " "
    local colour = nil
    for _, c in ipairs(COLOURS) do
        if string.find(low, "[^%a]" .. string.lower(c) .. "[^%a]") then colour = c break end
    end
    if colour == nil then return nil, nil end
    for _, kind in ipairs({"shadows", "discard", "dead", "play"}) do
        for _, word in ipairs(WORDS[kind]) do
            if string.find(low, word, 1, true) then return kind, colour end
        end
    end
    return nil, nil
end

-- Is a point inside a zone, a box turned about y whose scale is its full size (shared/docs/tts.md §1.8)?
-- flat: the footprint only (how high is left to TTS, whose zones are 3D).
function zones.contains(zone, p, flat)
    local c, s = zone.getPosition(), zone.getScale()
    local a = math.rad(zone.getRotation().y)
    local dx, dz = p.x - c.x, p.z - c.z
    local lx = dx * math.cos(a) - dz * math.sin(a)
    local lz = dx * math.sin(a) + dz * math.cos(a)
    return math.abs(lx) <= s.x / 2 and math.abs(lz) <= s.z / 2 and (flat or math.abs(p.y - c.y) <= s.y / 2)
end

local function card_like(obj) return obj.type == "Card" or obj.type == "Deck" end
local ZONE_TYPES = {Scripting = true, Hand = true, FogOfWar = true, Fog = true, Hidden = true, Layout = true,
                    Randomize = true}

-- The objects in an area: a scripting zone says (object.md getObjects); for a hidden zone the helper
-- looks itself, by the same box. A zone is a trigger collider, so TTS counts a card whose edge reaches
-- over the zone's edge (INFERENCE: colliders): a card counts only when its centre lies in the zone, so the
-- draw deck or a card in play lying against the shadows area is not in it, nor a card in a pile beside it.
-- getObjects(true): a zone the mod has tagged sees only the objects sharing a tag (object.md getObjects
-- ignore_tags; KB object-tags), and the cards of AGoT mods carry none.
function zones.objects(zone)
    if zone.type == "Scripting" then
        local out = {}
        for _, obj in ipairs(zone.getObjects(true)) do
            if not card_like(obj) or zones.contains(zone, obj.getPosition(), true) then table.insert(out, obj) end
        end
        return out
    end
    local out = {}
    for _, obj in ipairs(getObjects()) do   -- cards, and the tokens that may lie on them
        if not ZONE_TYPES[obj.type] and zones.contains(zone, obj.getPosition()) then table.insert(out, obj) end
    end
    return out
end

-- A zone still on the table (a modder may delete one while the game runs; object.md isDestroyed).
local function alive(zone)
    return zone ~= nil and zone ~= false and not (zone.isDestroyed ~= nil and zone.isDestroyed())
end

-- Which area an object lies in: "hand" (any hand zone), or a known area's kind, and its colour. getZones lists
-- only the zones whose tags the object shares (object.md getZones), so a tagged area is found by its box too.
function zones.area_of(obj)
    local named = nil
    local p = obj.getPosition()
    for _, z in ipairs(obj.getZones and obj.getZones() or {}) do
        -- By its centre, as zones.objects: a card lying against a zone's edge is not in it.
        if zones.contains(z, p, true) then
            if z.type == "Hand" then return "hand", nil end
            local kind, colour = zones.parse(z.getName())
            if kind ~= nil and named == nil then named = {kind, colour} end   -- also a zone made since the load
        end
    end
    if named ~= nil then return named[1], named[2] end
    for colour, set in pairs(zones.areas) do
        for kind, zone in pairs(set) do
            if alive(zone) and zones.contains(zone, p) then return kind, colour end
        end
    end
    return nil, nil
end

function zones.has(colour, kind) return alive((zones.areas[colour] or {})[kind]) end

function zones.colour_of(zone)
    for colour, set in pairs(zones.areas) do
        if set.shadows == zone then return colour end
    end
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

-- What new zones must not cover: every hand zone, and the areas there already are.
local function obstacles()
    local out = {}
    for _, obj in ipairs(getObjects()) do
        if obj.type == "Hand" or (usable(obj) and zones.parse(obj.getName()) ~= nil) then
            table.insert(out, box_of(obj))
        end
    end
    return out
end

local function median(xs)
    table.sort(xs)
    return xs[math.floor((#xs + 1) / 2)]
end

-- The cards and decks lying on the table (not held, not in a hand zone): their heights and their sizes.
local function lying()
    local ys, sizes = {}, {}
    for _, obj in ipairs(getObjects()) do
        if card_like(obj) and obj.held_by_color == nil and not obj.spawning and zones.area_of(obj) ~= "hand" then
            local sc = obj.getScale()
            table.insert(ys, obj.getPosition().y)
            table.insert(sizes, math.max(sc.x, sc.z))
        end
    end
    return ys, sizes
end

-- The top of the table object: tables.md getTableObject, object.md getBounds (the centre and size of its
-- bounding box, in world units). nil where there is no table (Table_None) or its bounds say nothing usable.
local function table_top()
    if type(Tables) ~= "table" or Tables.getTableObject == nil then return nil end
    local ok, obj = pcall(Tables.getTableObject)
    if not ok or obj == nil then return nil end
    local got, b = pcall(function() return obj.getBounds() end)
    if not got or type(b) ~= "table" or type(b.center) ~= "table" or type(b.size) ~= "table" then return nil end
    local y, h = tonumber(b.center.y or b.center[2]), tonumber(b.size.y or b.size[2])
    if y == nil or h == nil then return nil end
    local top = y + h / 2
    if top ~= top or math.abs(top) > 1000 then return nil end   -- NaN, or no table anyone plays on
    return top
end

-- The table surface: the middle of the heights of the cards and decks lying on the table, less half a card's
-- thickness; without any, the top of the table object (a raised or custom table too); without that, the
-- default table's top.
function zones.surface()
    local ys = lying()
    if #ys == 0 then return table_top() or config.table_surface end
    return median(ys) - 0.04
end

-- How big the mod's cards are: real mods scale them (1.3 to 2 in the saves measured, shared/data/tts), and a
-- zone made for a card of scale 1 would not hold one. The middle of the lying cards' scales, at least 1 (the
-- sizes in config are for scale 1 and are the least), at most 4.
function zones.card_scale()
    local _, sizes = lying()
    if #sizes == 0 then return 1 end
    return math.min(math.max(median(sizes), 1), 4)
end

-- The colour's hand zone to lay its row beside: its biggest. Mods park spare hand zones off the table (Spirit
-- Island: a 1x1x1 one per colour at z 100, Marvel Champions: 1.3 wide ones), and which one is the first
-- (getHandTransform(1), "the first created") a save does not say.
function zones.hand_of(colour)
    local player = Player[colour]
    if player == nil or player.getHandTransform == nil then return nil end
    local best, area = nil, -1
    local n = player.getHandCount ~= nil and player.getHandCount() or 1
    for i = 1, math.max(n, 1) do
        local h = player.getHandTransform(i)
        if h ~= nil and h.scale.x * h.scale.z > area then best, area = h, h.scale.x * h.scale.z end
    end
    return best
end

-- Where a colour's areas go: a row beside its first hand zone, on the side facing the middle of the table,
-- as wide as the hand zone (at least zone_width): the dead pile, the shadows area, the discard pile.
-- Pushed further in (and made narrower) until it covers no hand zone and no other area.
function zones.place(colour, taken, k)
    k = k or 1   -- the mod's card scale: every size grows with it
    local hand = zones.hand_of(colour)
    if hand == nil then return nil, "no_hand" end   -- a reason code (say.why)
    local p, f, s = hand.position, hand.forward, hand.scale
    if f.x * -p.x + f.z * -p.z < 0 then f = {x = -f.x, z = -f.z} end   -- face the middle of the table
    local blocked = obstacles()
    for _, box in ipairs(taken or {}) do table.insert(blocked, box) end
    local width = math.min(math.max(s.x, config.zone_width * k), config.zone_max_width * k)
    local depth = config.zone_depth * k
    for _, w in ipairs({width, width * 0.85, width * 0.7, width * 0.5}) do
        for step = 0, 8 do
            local dist = s.z / 2 + (config.zone_gap + step * 1.5) * k + depth / 2
            local x, z = p.x + f.x * dist, p.z + f.z * dist
            local box = corners(x, z, hand.rotation.y, w, depth)
            local clear = true
            for _, other in ipairs(blocked) do
                if overlap(box, other) then clear = false break end
            end
            if clear then return {x = x, z = z, rot_y = hand.rotation.y, w = w, d = depth, k = k, box = box} end
        end
    end
    return nil, "no_room"
end

-- The three zones of a row: dead pile at one end, discard pile at the other, shadows between them.
local function slots(at)
    local pile = math.min(config.pile_width * at.k, at.w / 4)   -- a narrow row keeps half its width for shadows
    local a = math.rad(at.rot_y)
    local rx, rz = math.cos(a), -math.sin(a)   -- the row's own x axis on the table
    local side = (at.w - pile) / 2
    return {
        shadows = {x = at.x, z = at.z, w = at.w - 2 * pile},
        dead = {x = at.x - rx * side, z = at.z - rz * side, w = pile},
        discard = {x = at.x + rx * side, z = at.z + rz * side, w = pile},
    }
end

local NAMES = {shadows = "Shadows: ", discard = "Discard: ", dead = "Dead pile: "}
local OWN = "companion-zone"   -- the memo of the zones the helper made

-- Scripting zones are invisible to the players (KB zone-tools: "invisible to all players unless you select the
-- hand zone or gizmo tools"): the helper's own are drawn on the table as outlines (object.md setVectorLines on
-- Global, which replaces every line of the world: the mod's own lines are kept). The helper's lines of a colour
-- are told apart by their thickness, so making a colour's zones again replaces its outlines, never doubles them.
-- Other mods replace Global's lines too (SCED CleanUpHelper.ttslua ~263 sets them to {}; SpawnBag.ttslua ~183
-- sets its own): the helper keeps its outlines (zones.drawn) and puts back those gone (zones.keep_outlines, every
-- few seconds), keeping whatever lines are there.
local COLOUR_INDEX = {White = 1, Brown = 2, Red = 3, Orange = 4, Yellow = 5, Green = 6, Teal = 7, Blue = 8,
                      Purple = 9, Pink = 10}
local function mark(colour) return 0.08 + (COLOUR_INDEX[colour] or 0) * 0.0001 end
local function marked(line, colour)
    return type(line) == "table" and type(line.thickness) == "number" and math.abs(line.thickness - mark(colour)) <= 0.00001
end
local function can_draw() return Global ~= nil and Global.getVectorLines ~= nil and Global.setVectorLines ~= nil end

zones.drawn = {}   -- colour -> the outlines of its zones the helper made (vector lines)

-- A closed outline of a box on the table (centre, turn about y, width, depth) at the surface, in a colour's mark.
local function outline_of(colour, x, z, rot_y, w, d, surface)
    local tint = Color ~= nil and Color[colour] ~= nil and Color[colour] or {1, 1, 1}
    local points = {}
    for _, c in ipairs(corners(x, z, rot_y, w, d)) do table.insert(points, {c[1], surface + 0.02, c[2]}) end
    table.insert(points, points[1])
    return {points = points, color = tint, thickness = mark(colour)}
end

function zones.outline(colour, boxes, at, surface)
    if not can_draw() then return end
    local keep = {}
    for _, line in ipairs(Global.getVectorLines() or {}) do
        if not marked(line, colour) then table.insert(keep, line) end
    end
    local mine = {}
    for _, b in ipairs(boxes) do table.insert(mine, outline_of(colour, b.x, b.z, at.rot_y, b.w, at.d, surface)) end
    for _, line in ipairs(mine) do table.insert(keep, line) end
    zones.drawn[colour] = mine
    Global.setVectorLines(keep)
end

-- Put back the outlines another script took away (all of a colour's, when none of them is left), for the
-- colours whose zones are still on the table.
function zones.keep_outlines()
    if not can_draw() then return false end
    local lines = Global.getVectorLines() or {}
    local have = {}
    for _, line in ipairs(lines) do
        for colour, _ in pairs(zones.drawn) do if marked(line, colour) then have[colour] = true end end
    end
    local keep, added = {}, false
    for _, line in ipairs(lines) do table.insert(keep, line) end
    for colour, mine in pairs(zones.drawn) do
        if not have[colour] and zones.has(colour, "shadows") then
            for _, line in ipairs(mine) do table.insert(keep, line) end
            added = true
        end
    end
    if added then Global.setVectorLines(keep) end
    return added
end

-- Look every `seconds` (once started; a load starts the script afresh).
function zones.watch_outlines(seconds)
    if zones.watching then return end
    zones.watching = true
    local function look()
        zones.keep_outlines()
        Wait.time(look, seconds)
    end
    Wait.time(look, seconds)
end

-- Find the named areas of every colour.
function zones.find()
    zones.areas, zones.by_colour = {}, {}
    for _, obj in ipairs(getObjects()) do
        if usable(obj) then
            local kind, colour = zones.parse(obj.getName())
            -- A hidden zone counts only as a shadows area: what lies in it is hidden, like shadows cards.
            if kind ~= nil and (obj.type == "Scripting" or kind == "shadows") then
                zones.areas[colour] = zones.areas[colour] or {}
                if zones.areas[colour][kind] == nil then zones.areas[colour][kind] = obj end
            end
        end
    end
    for colour, set in pairs(zones.areas) do zones.by_colour[colour] = set.shadows end
    -- The helper's own zones (its mark in their memo) found again after a load or a rewind: their outlines are
    -- known again, to be put back should another script wipe them.
    for colour, set in pairs(zones.areas) do
        local mine = {}
        for _, kind in ipairs(zones.KINDS) do
            local zone = set[kind]
            if zone ~= nil and zone.memo == OWN then
                local p, r, sc = zone.getPosition(), zone.getRotation(), zone.getScale()
                table.insert(mine, outline_of(colour, p.x, p.z, r.y, sc.x, sc.z, p.y - sc.y / 2 + 0.5))
            end
        end
        if #mine > 0 then zones.drawn[colour] = mine end
    end
end

-- The colours the helper looks after: those seated and those given a seat in its settings.
function zones.colours()
    local out, seen = {}, {}
    for _, c in ipairs(getSeatedPlayers()) do if not seen[c] then seen[c] = true table.insert(out, c) end end
    for c, _ in pairs(config.seats or {}) do if not seen[c] then seen[c] = true table.insert(out, c) end end
    table.sort(out)
    return out
end

-- Make the missing areas of the given colours (all of them when a colour has none: "let the helper make
-- them"). on_ready(colour) runs once a colour's new shadows zone (or its last new zone) has spawned.
function zones.make(colours, on_ready)
    local taken = {}
    local surface, k = zones.surface(), zones.card_scale()
    for _, colour in ipairs(colours) do
        local set = zones.areas[colour] or {}
        local need = {}
        for _, kind in ipairs(zones.KINDS) do if set[kind] == nil then table.insert(need, kind) end end
        if #need > 0 and not zones.spawning[colour] then
            local at, why = zones.place(colour, taken, k)
            if at == nil then
                zones.problems[colour] = why
            else
                table.insert(taken, at.box)
                zones.problems[colour] = nil
                zones.spawning[colour] = #need
                zones.areas[colour] = set
                local where = slots(at)
                local outlines = {}
                for _, kind in ipairs(need) do
                    table.insert(outlines, {x = where[kind].x, z = where[kind].z, w = where[kind].w})
                end
                zones.outline(colour, outlines, at, surface)
                for _, kind in ipairs(need) do
                    local slot = where[kind]
                    -- From a little below the surface (cards rest on it) to config.zone_height above it.
                    local bottom = surface - 0.5
                    local height = config.zone_height + 0.5
                    spawnObject({
                        type = "ScriptingTrigger",
                        position = {slot.x, bottom + height / 2, slot.z},
                        rotation = {0, at.rot_y, 0},
                        scale = {slot.w, height, at.d},
                        callback_function = function(zone)
                            zone.setName(NAMES[kind] .. colour)
                            zone.memo = OWN   -- object.md memo: saved with the zone, told apart after a load
                            zones.areas[colour] = zones.areas[colour] or {}
                            zones.areas[colour][kind] = zone
                            if kind == "shadows" then zones.by_colour[colour] = zone end
                            zones.spawning[colour] = zones.spawning[colour] - 1
                            if zones.spawning[colour] <= 0 then
                                zones.spawning[colour] = nil
                                zones.missing[colour] = nil
                                if on_ready ~= nil then on_ready(colour) end
                            end
                        end,
                    })
                end
            end
        end
    end
end

-- On load: find the named areas; a colour with none gets the helper's own (config.layout "auto"); a colour
-- with some is told what it lacks (zones.missing), for the host to make with one click.
function zones.setup(on_ready)
    zones.watch_outlines(config.outline_check)
    zones.find()
    zones.missing = {}
    local fresh = {}
    for _, colour in ipairs(zones.colours()) do
        local set = zones.areas[colour]
        if zones.spawning[colour] then
            -- its zones are on their way
        elseif set == nil and config.layout == "auto" then
            table.insert(fresh, colour)
        else
            local need = {}
            for _, kind in ipairs(zones.KINDS) do
                if set == nil or set[kind] == nil then table.insert(need, kind) end
            end
            if #need > 0 then zones.missing[colour] = need end
        end
    end
    zones.make(fresh, on_ready)
end

-- Where a point lies along a zone's width (left to right as its owner sees it), for card order.
function zones.along(zone, p)
    local c = zone.getPosition()
    local a = math.rad(zone.getRotation().y)
    return (p.x - c.x) * math.cos(a) - (p.z - c.z) * math.sin(a)
end

zones.corners, zones.overlap = corners, overlap
return zones
