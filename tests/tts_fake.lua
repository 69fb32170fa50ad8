-- A fake Tabletop Simulator for testing the companion helper under a stock Lua 5.2.
--
-- Every behaviour below names the page of the official API docs it follows
-- (Berserk-Games/Tabletop-Simulator-API @ v14.0.3, docs/...). Where the docs are silent the
-- behaviour is marked INFERENCE: those are the things only a live TTS can confirm.
-- JSON.encode / JSON.decode are supplied by the test (TTS has them built in: json.md).

fake = {requests = {}, broadcasts = {}, prints = {}, highlights = {}, timers = {}, tasks = {}, now = 0,
        frame = 1 / 60, next_guid = 1, objects = {}, seated = {}, hands = {}, events = {}}

-- The real engine's habits (shared/docs/tts-real-engine.md), each a switch with its source: on by default where
-- the evidence says it is the common case. One row per habit, here only (tests set them from Python:
-- Tts(habits={...}) or Tts.set_habit, tests/tts_fake.py); read them with fake.habit(name).
-- (Line numbers: the snapshots named in shared/docs/tts-real-engine.md, "Sources read".)
fake.HABITS = {
    -- buttons (issue 36: where the owner answers with a click)
    no_buttons_nil = {on = true, source = "INFERENCE: getButtons gives nil, not {}, when an object has none "
        .. "(mods test it before use, matdillen/legendary-generator lua-backup/pushvillains2.lua ~2427 "
        .. "'if p and p.getButtons() then', ~1054-1060 'local butt = vildeckzone.getButtons() ... if butt and'; "
        .. "the harder case)"},
    buttons_one_sided = {on = true, source = "object.md createButton, Button Tips: 'Buttons can not be clicked "
        .. "from their back side' (one made as on a face-up card lies under a face-down card, facing the table)"},
    buttons_not_saved = {on = true, source = "a save has no field for scripted buttons (shared/docs/tts.md §1.3); "
        .. "mods make theirs in onLoad (legendary-generator lua-backup/drawvillains.lua 1-2): after a rewind an "
        .. "object has none until a script makes them again"},
    -- motion (issue 36, habits 1, 4, 6, 8 and the lift of 9)
    smooth_moves = {on = true, source = "SCED Global.ttslua ~5363 waits for resting and not isSmoothMoving; "
        .. "Spirit Island script.lua 2179, 2370 Wait.condition(not isSmoothMoving): a scripted move "
        .. "(setPositionSmooth) lasts about a second and enter/leave fire as the card passes. Off: it jumps"},
    settling_drops = {on = true, source = "SCED Global.ttslua ~5363 (card.resting) and PR #1016: a dropped "
        .. "card falls and is not resting for a moment (every drop does). Off: at rest at once"},
    delayed_merges = {on = true, source = "Arcs src/CourtDiscard.lua (087ff51) 31-62: the discard deck "
        .. "'has yet to form' after the drop, Wait.time 0.25 s before looking inside it. Off: at once"},
    deck_on_deck = {on = true, source = "object.md putObject ('the deck/stack that was formed'); shared/docs/"
        .. "tts-real-engine.md: 'deck-on-deck merges are common'. Off: a deck dropped on a pile lies on it"},
    silent_flips = {on = true, source = "events.md 674-676: onObjectRotate is not called for script calls; "
        .. "SCED Global.ttslua 566 flips cards by script, Spirit Island polls (script.lua 924-925). On: every "
        .. "fake.flip is a script's (the harder case); off: a player's, with the event"},
    duplicate_guids = {on = true, source = "SCED PR #1427 (ca30d66) strips GUIDs before spawning decks, so "
        .. "decks spawned from data share them; Andr3wD/TTS-Helpful-Scripts #9 'deck card GUID duplication'. "
        .. "On: every fake.card has a copy under its GUID in a draw deck off the table (fake.twins)"},
    low_lift = {on = true, source = "player/instance.md 13: lift_height runs from 0 to 1, per player; at a low "
        .. "lift a held card stays inside a zone 2 units tall (the harder case; off: fake.LIFT, above it)"},
    -- wire (issue 36, habits 2, 3, 5, 7, 9 Fog and [], 10)
    fog_type = {on = true, source = "hidden zones report type 'Fog': spirit-island-mod script.lua 7602, 7868 "
        .. "(commit 582b0e4) reads obj.type == 'Fog'; API built-in-object.md 210-211 says FogOfWar (off: that)"},
    empty_list = {on = true, source = "JSON.encode writes an empty table as []: 23 stored script-state.json of "
        .. "spirit-island-mod hold [] for empty tables, none {} (off: {})"},
    json_null = {on = true, source = "JSON null decodes to a non-nil value (MoonSharp json.null, "
        .. "typed-tabletop-simulator moonsharp/json.d.ts); how JSON.decode does it is not established, so the harder "
        .. "case (off: nil)"},
    card_name = {on = true, source = "a deck's getObjects() names a blank-named card by its internal resource name "
        .. "'Card' (API object.md ~994, getObjects containers; off: '')"},
    tagged_zones = {on = true, source = "a modder's zones carry tags, and a tagged zone sees only objects sharing "
        .. "one unless getObjects(true) (API object.md ~1018-1023, getZones ~1137; KB object-tags.md; Arcs issue "
        .. "#106)"},
    lines_wiped = {on = true, source = "another script replaces Global's vector lines: SCED CleanUpHelper.ttslua "
        .. "~263 Global.setVectorLines({}), SpawnBag.ttslua ~183 sets its own; here once, fake.WIPE_AT s in"},
    chat_stops = {on = true, source = "a chat handler returning a value stops the handlers after it (API events.md "
        .. "52-55: a value that triggers a side effect does; whether true counts is not documented, so any value)"},
    lost_answer = {on = false, source = "a request that never answers: WebRequest has no timeout "
        .. "(webrequest/instance.md: only dispose()), SCED Global.ttslua ~1987-1996 adds its own 5 s; here the first "
        .. "report with a card in it reaches the companion and its answer never comes (rare: off, the scenarios "
        .. "switch it on)"},
}

fake.WIPE_AT = 5   -- habit lines_wiped: when (fake seconds) another script wipes the lines

function fake.habit(name)
    local h = fake.HABITS[name]
    if h == nil then error("the fake has no habit " .. tostring(name)) end
    return h.on
end

local CARD_W, CARD_L = 2.2, 3.1   -- a card's footprint at scale 1 (INFERENCE: not measured in TTS)
-- Heights as real saves show them (shared/docs/tts.md §4, measured): the table top lies at y ~ 0.96, a card
-- lying on it at y ~ 1.0 (Spirit Island 60 cards at 0.9-1.0, Terraforming Mars 25 at 1.0), each card on a pile
-- a little higher; hand zones at y 4.1-5 and 6.5-7 tall. A held card rises above the table (INFERENCE: how
-- far; TTS lifts it over what lies below, about 2-3 units).
fake.SURFACE, fake.CARD_Y, fake.CARD_T, fake.LIFT = 0.96, 1.0, 0.02, 2.5
-- The low lift (habit low_lift): lift_height near 0 keeps a held card just above what lies below it, inside a zone
-- 2 units tall (INFERENCE: the units of lift_height 0 to 1 are not documented).
fake.LOW_LIFT = 0.3
-- A scripted smooth move (object.md setPositionSmooth) lasts about a second (issue 36; INFERENCE: TTS's own
-- duration), rising over what lies between (so it leaves the zones at once) and coming down at the end; a drop
-- settles (resting false) this long; a card dropped on a pile joins it this long after the drop (Arcs
-- CourtDiscard.lua 31-62 waits 0.25 s).
fake.GLIDE, fake.GLIDE_RISE, fake.SETTLE, fake.MERGE_DELAY = 1.0, 4.0, 0.3, 0.25

local function vec(x, y, z) return {x = x, y = y, z = z, [1] = x, [2] = y, [3] = z} end
local function as_vec(v) return vec(v.x or v[1] or 0, v.y or v[2] or 0, v.z or v[3] or 0) end

local function new_guid()
    local g = string.format("%06x", 0xa00000 + fake.next_guid)
    fake.next_guid = fake.next_guid + 1
    return g
end

-- events.md: handlers are global functions the game looks up by name when the event happens.
function fake.fire(name, ...)
    table.insert(fake.events, name)
    local handler = _G[name]
    if type(handler) == "function" then return handler(...) end
    return nil
end

local function live(obj) return obj ~= nil and not obj.destroyed end
function fake.is_zone(o) return o.type == "Scripting" or o.type == "Hand" or o.type == "FogOfWar" or o.type == "Fog" end

-- Is a point inside a box (position, rotation y, full-size scale)?  Zones are 3D boxes whose scale is
-- their full size (shared/docs/tts.md §1.8, measured on real saves): a zone floating above the table does
-- not hold the cards lying on it. INFERENCE: an object is in a zone when its centre is (TTS uses colliders).
local function inside(box_pos, box_rot_y, box_scale, p)
    local a = math.rad(box_rot_y or 0)
    local dx, dz = p.x - box_pos.x, p.z - box_pos.z
    local lx = dx * math.cos(a) - dz * math.sin(a)
    local lz = dx * math.sin(a) + dz * math.cos(a)
    return math.abs(lx) <= box_scale.x / 2 and math.abs(lz) <= box_scale.z / 2
        and math.abs(p.y - box_pos.y) <= box_scale.y / 2
end

-- The four corners (x, z) of a box lying on the table: centre, turn about y, full width and depth.
local function corners(c, rot_y, w, d)
    local a = math.rad(rot_y or 0)
    local cs, sn = math.cos(a), math.sin(a)
    local out = {}
    for _, k in ipairs({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) do
        local lx, lz = k[1] * w / 2, k[2] * d / 2
        table.insert(out, {c.x + lx * cs + lz * sn, c.z - lx * sn + lz * cs})
    end
    return out
end

-- Do two such boxes overlap (separating axis test)? Touching edges do not.
local function overlap(a, b)
    for _, poly in ipairs({a, b}) do
        for i = 1, 4 do
            local p, q = poly[i], poly[i % 4 + 1]
            local ax, az = q[2] - p[2], p[1] - q[1]
            local amin, amax, bmin, bmax = math.huge, -math.huge, math.huge, -math.huge
            for _, v in ipairs(a) do local t = v[1] * ax + v[2] * az; amin = math.min(amin, t); amax = math.max(amax, t) end
            for _, v in ipairs(b) do local t = v[1] * ax + v[2] * az; bmin = math.min(bmin, t); bmax = math.max(bmax, t) end
            if amax <= bmin + 1e-9 or bmax <= amin + 1e-9 then return false end
        end
    end
    return true
end

-- An object's collider as a box: a card CARD_W x CARD_L by its scale (a deck as thick as its cards), any
-- other object a unit square by its scale.
local function collider(o)
    local p, r, s = o.getPosition(), o.getRotation(), o.getScale()
    if o.type == "Card" or o.type == "Deck" then
        return corners(p, r.y, CARD_W * s.x, CARD_L * s.z), p.y, fake.CARD_T * math.max(1, #o.contents) * s.y
    end
    return corners(p, r.y, s.x, s.z), p.y, 0.2 * s.y
end

-- Does an object occupy a zone (object.md getObjects, zones: "Objects occupying the zone")? A zone is a
-- trigger collider: an object occupies it when its own collider overlaps the zone's box anywhere, a card lying
-- against the zone's edge with a few millimetres over it too (INFERENCE: TTS zones are Unity triggers).
function fake.occupies(zone, o)
    local zp, zr, zs = zone.getPosition(), zone.getRotation(), zone.getScale()
    local box, y, thick = collider(o)
    if math.abs(y - zp.y) > zs.y / 2 + thick / 2 then return false end
    return overlap(box, corners(zp, zr.y, zs.x, zs.z))
end

-- object.md: the members and functions the helper uses, on one game Object.
function fake.object(kind, props)
    props = props or {}
    local obj = {type = kind, memo = props.memo or "", held_by_color = nil, resting = true, spawning = false,
                 destroyed = false, contents = {}, script_state = props.script_state or ""}
    local pos = vec(props.x or 0, props.y or fake.CARD_Y, props.z or 0)
    local rot = vec(props.rot_x or 0, props.rot_y or 0, props.rot_z or (props.face_down and 180 or 0))
    local scale = vec(props.sx or 1, props.sy or 1, props.sz or 1)
    local name, description, gm_notes = props.name or "", props.description or "", props.gm_notes or ""
    local guid = props.guid or new_guid()
    obj.guid = guid
    obj.colour = props.colour   -- hand zones: the owner colour
    -- object.md tag functions (addTag, getTags, hasTag, removeTag, setTags).
    obj.tags = {}
    for _, t in ipairs(props.tags or {}) do table.insert(obj.tags, t) end
    function obj.getTags() local out = {} for i, t in ipairs(obj.tags) do out[i] = t end return out end
    function obj.setTags(list) obj.tags = {} for _, t in ipairs(list or {}) do table.insert(obj.tags, t) end return true end
    function obj.hasTag(tag) for _, t in ipairs(obj.tags) do if t == tag then return true end end return false end
    function obj.addTag(tag) if not obj.hasTag(tag) then table.insert(obj.tags, tag) end return true end
    function obj.removeTag(tag)
        for i, t in ipairs(obj.tags) do if t == tag then table.remove(obj.tags, i) return true end end
        return false
    end
    local function face_down() return math.cos(math.rad(rot.x)) * math.cos(math.rad(rot.z)) < 0 end
    setmetatable(obj, {__index = function(t, k)
        if k == "is_face_down" then return face_down() end   -- object.md is_face_down (read only)
        return nil
    end})
    function obj.getGUID() return guid end
    function obj.getName() return name end
    function obj.setName(n) name = n end
    function obj.getDescription() return description end
    function obj.setDescription(d) description = d end
    function obj.getGMNotes() return gm_notes end
    function obj.setGMNotes(n) gm_notes = n end
    function obj.getPosition() return vec(pos.x, pos.y, pos.z) end
    function obj.setPosition(p) fake.place(obj, as_vec(p)) end
    function obj.getRotation() return vec(rot.x, rot.y, rot.z) end
    function obj.setRotation(r) rot = as_vec(r) end   -- by script: no onObjectRotate (events.md 674-676)
    -- object.md isSmoothMoving / setPositionSmooth(position, collide, fast): a scripted move over fake.GLIDE
    -- seconds (habit smooth_moves; off: at once), landing like a drop.
    function obj.isSmoothMoving() return obj.gliding == true end
    function obj.setPositionSmooth(p, collide, fast) fake.glide(obj, as_vec(p)) end
    -- object.md flip(): turned over by script; no event (events.md 674-676).
    function obj.flip() obj._flip() return true end
    function obj.getScale() return vec(scale.x, scale.y, scale.z) end
    function obj.isDestroyed() return obj.destroyed end
    function obj.getQuantity() return kind == "Deck" and #obj.contents or -1 end
    function obj.highlightOn(colour, seconds) table.insert(fake.highlights, guid) end
    function obj._set_guid(g) guid = g; obj.guid = g end
    -- object.md createButton / removeButton / clearButtons / getButtons (Classic UI): the test clicks a button
    -- with fake.click, as a player of a colour. A button is a copy of its parameters; its index starts at 0 and
    -- the higher ones shift down when one is removed (object.md removeButton).
    obj.buttons = {}
    function obj.createButton(params)
        local b = {}
        for k, v in pairs(params) do b[k] = v end
        table.insert(obj.buttons, b)
        return true
    end
    function obj.removeButton(index)
        if obj.buttons[index + 1] == nil then return false end
        table.remove(obj.buttons, index + 1)
        return true
    end
    function obj.clearButtons() obj.buttons = {}; return true end
    function obj.getButtons()
        if #obj.buttons == 0 and fake.habit("no_buttons_nil") then return nil end
        local out = {}
        for i, b in ipairs(obj.buttons) do
            local c = {index = i - 1}
            for k, v in pairs(b) do c[k] = v end
            table.insert(out, c)
        end
        return out
    end
    -- object.md shuffle(): a deck's order changes (events.md onObjectRandomize); the fake's order is fixed
    -- by a seed so tests repeat.
    function obj.shuffle()
        local n = #obj.contents
        for i = n, 2, -1 do
            local j = (i * 7 + 3) % i + 1
            obj.contents[i], obj.contents[j] = obj.contents[j], obj.contents[i]
        end
        fake.fire("onObjectRandomize", obj, "")
        return true
    end
    function obj._set_pos(p) pos = p end
    function obj._flip() rot = vec(rot.x, rot.y, (rot.z + 180) % 360) end
    function obj.contains(p) return inside(pos, rot.y, scale, p) end
    -- object.md getObjects(ignore_tags): a zone returns the game Objects occupying it (a tagged zone only those
    -- sharing a tag, unless ignore_tags); a deck returns data tables {guid, name, description, gm_notes, memo,
    -- index} in its order (index from 0), a blank name given as the internal resource name (habit card_name).
    function obj.getObjects(ignore_tags)
        if fake.is_zone(obj) then return fake.occupants(obj, ignore_tags) end
        local out = {}
        for i, c in ipairs(obj.contents) do
            local n = c.name
            if (n == nil or n == "") and fake.habit("card_name") then n = "Card" end
            table.insert(out, {guid = c.guid, name = n, description = c.description,
                               gm_notes = c.gm_notes, memo = c.memo, index = i - 1})
        end
        return out
    end
    -- object.md getZones: "If the object has tags, then the object will only occupy zones with compatible tags."
    function obj.getZones()
        local out = {}
        for _, z in ipairs(fake.objects) do
            if live(z) and fake.is_zone(z) and z ~= obj and fake.occupies(z, obj) and fake.compatible(z, obj) then
                table.insert(out, z)
            end
        end
        return out
    end
    -- object.md takeObject: a deck hands out a card that "will take one or more frames to spawn";
    -- taking the second last card destroys the deck and spawns the last one in its place (remainder).
    function obj.takeObject(params)
        params = params or {}
        local index = params.index ~= nil and params.index + 1 or ((params.top == false) and #obj.contents or 1)
        local data = table.remove(obj.contents, index)
        local at = params.position and as_vec(params.position) or vec(pos.x + 2, pos.y, pos.z)
        local card = fake.card_from(data, at, obj.is_face_down, obj)
        card.spawning = true
        fake.fire("onObjectLeaveContainer", obj, card)
        fake.later(function()
            card.spawning = false
            fake.enter_zones(card)
            if params.callback_function then params.callback_function(card) end
        end)
        if #obj.contents == 1 then
            local last = fake.card_from(table.remove(obj.contents, 1), obj.getPosition(), obj.is_face_down, obj)
            obj.remainder = last
            fake.fire("onObjectLeaveContainer", obj, last)
            fake.destroy(obj)
            fake.enter_zones(last)
        end
        return card
    end
    table.insert(fake.objects, obj)
    return obj
end

-- The data a card keeps while it sits in a deck (object.md getObjects, containers).
local function card_data(card)
    return {guid = card.getGUID(), name = card.getName(), description = card.getDescription(),
            gm_notes = card.getGMNotes(), memo = card.memo}
end

function fake.card_from(data, at, face_down, deck)
    -- INFERENCE: a card keeps its GUID when it leaves a deck unless that GUID is taken (base.md GUID note).
    local guid = data.guid
    if fake.find(guid) ~= nil then guid = nil end
    -- It has the deck's size and lies turned as the deck lay.
    local s, r = deck and deck.getScale() or vec(1, 1, 1), deck and deck.getRotation() or vec(0, 0, 0)
    return fake.object("Card", {guid = guid, name = data.name, description = data.description,
                                gm_notes = data.gm_notes, memo = data.memo, x = at.x, y = at.y, z = at.z,
                                face_down = face_down, rot_y = r.y, sx = s.x, sy = s.y, sz = s.z})
end

-- Habit duplicate_guids: decks spawned from the same data hold cards with the same GUIDs (SCED PR #1427 strips
-- them; Andr3wD/TTS-Helpful-Scripts #9). Every card a test makes has a twin, another copy of the same card under
-- the same GUID, in a draw deck lying beside the table, in no zone (fake.twins).
local function twin(card)
    if not fake.habit("duplicate_guids") then return end
    if fake.twins == nil or fake.twins.destroyed then
        fake.twins = fake.object("Deck", {x = 1000, z = 1000, face_down = true})
    end
    table.insert(fake.twins.contents, {guid = card.getGUID(), name = card.getName(), description = card.getDescription(),
                                       gm_notes = card.getGMNotes(), memo = card.memo})
end

function fake.card(props)
    local card = fake.object("Card", props)
    twin(card)
    return card
end

function fake.find(guid)
    for _, o in ipairs(fake.objects) do if live(o) and o.getGUID() == guid then return o end end
    return nil
end

-- KB object-tags.md: a zone without tags sees every object; a tagged zone only objects sharing one of its tags
-- (object.md getObjects "compatible tags"; INFERENCE: an object's tags matter only against a tagged zone).
function fake.compatible(zone, o)
    if #zone.tags == 0 then return true end
    for _, t in ipairs(zone.tags) do if o.hasTag(t) then return true end end
    return false
end

function fake.occupants(zone, ignore_tags)
    local out = {}
    for _, o in ipairs(fake.objects) do
        if live(o) and o ~= zone and not fake.is_zone(o) and fake.occupies(zone, o)
                and not o.spawning and (ignore_tags == true or fake.compatible(zone, o)) then
            table.insert(out, o)
        end
    end
    return out
end

local function zones_of(obj)
    local set = {}
    for _, z in ipairs(obj.getZones()) do set[z] = true end
    return set
end

-- events.md onObjectEnterZone / onObjectLeaveZone: fired as an object's position crosses a zone,
-- whether it is held or not (INFERENCE for held objects: TTS fires them while dragging).
function fake.place(obj, p)
    local before = zones_of(obj)
    obj._set_pos(p)
    local after = zones_of(obj)
    for z, _ in pairs(before) do if not after[z] then fake.fire("onObjectLeaveZone", z, obj) end end
    for z, _ in pairs(after) do if not before[z] then fake.fire("onObjectEnterZone", z, obj) end end
end

function fake.enter_zones(obj)
    for z, _ in pairs(zones_of(obj)) do fake.fire("onObjectEnterZone", z, obj) end
end

-- events.md onObjectDestroy: "called whenever an object is about to be destroyed"; the reference is
-- valid during the call. INFERENCE: a destroyed object inside a zone also leaves it.
function fake.destroy(obj)
    fake.fire("onObjectDestroy", obj)
    local zones = zones_of(obj)
    obj.destroyed = true
    for z, _ in pairs(zones) do fake.fire("onObjectLeaveZone", z, obj) end
end

-- events.md onObjectPickUp; object.md held_by_color. Held objects float above the table.
function fake.pick_up(colour, obj)
    obj.held_by_color = colour
    obj.resting = false
    local p = obj.getPosition()
    fake.place(obj, vec(p.x, p.y + (fake.habit("low_lift") and fake.LOW_LIFT or fake.LIFT), p.z))   -- it leaves the zones it lay in (3D)
    fake.fire("onObjectPickUp", colour, obj)
end

function fake.carry(obj, x, z)
    local p = obj.getPosition()
    fake.place(obj, vec(x, p.y, z))
end

-- events.md onObjectDrop; dropping a card onto a card or a deck merges them (object.md putObject:
-- a card above a deck goes on top; "the deck/stack that was formed"): the card enters the
-- container (events.md onObjectEnterContainer, "Includes decks") and its own Object is destroyed.
function fake.drop(colour, obj)
    obj.held_by_color = nil
    fake.fall(obj)
    fake.fire("onObjectDrop", colour, obj)
    return fake.land(obj)
end

-- What lies below a card or deck at its position (the topmost), if anything.
local function below(obj)
    local p = obj.getPosition()
    local target = nil
    for _, o in ipairs(fake.objects) do
        if live(o) and o ~= obj and (o.type == "Card" or o.type == "Deck") and not o.held_by_color and not o.gliding then
            local q, s = o.getPosition(), o.getScale()
            if math.abs(q.x - p.x) < CARD_W * s.x / 2 and math.abs(q.z - p.z) < CARD_L * s.z / 2 then target = o end
        end
    end
    return target
end

-- It falls onto the table, or onto what lies below it (a card's thickness above it); dropped over a hand
-- zone it goes into that hand, at the hand's height (KB player-hands; INFERENCE: the height).
function fake.fall(obj)
    local p = obj.getPosition()
    local target = below(obj)
    local rest = fake.CARD_Y
    if target ~= nil then rest = target.getPosition().y + fake.CARD_T end
    for _, h in ipairs(fake.objects) do
        if live(h) and h.type == "Hand" and target == nil then
            local c, s = h.getPosition(), h.getScale()
            if inside(c, h.getRotation().y, vec(s.x, math.huge, s.z), p) then rest = c.y end
        end
    end
    fake.place(obj, vec(p.x, rest, p.z))
end

-- Come to rest where it fell: on a card or a deck it joins the pile (a deck dropped on a pile too: habit
-- deck_on_deck). Habit settling_drops: not resting for fake.SETTLE seconds (SCED Global.ttslua ~5363 waits for
-- resting). Habit delayed_merges: the pile forms fake.MERGE_DELAY after the drop (Arcs CourtDiscard.lua 31-62),
-- not at once; fake.formed is the deck the last merge made or grew. Returns the deck at once when the merge is
-- not delayed, else the object itself.
function fake.land(obj)
    local target = below(obj)
    local joins = target ~= nil and (obj.type == "Card" or (obj.type == "Deck" and fake.habit("deck_on_deck")))
    if fake.habit("settling_drops") then
        obj.resting = false
        local moved = obj.getPosition()
        fake.after(fake.SETTLE, function()
            local now = obj.getPosition()
            if live(obj) and not obj.held_by_color and not obj.gliding and now.x == moved.x and now.z == moved.z then
                obj.resting = true
            end
        end)
    else
        obj.resting = true
    end
    if not joins then return obj end
    if fake.habit("delayed_merges") then
        local at = obj.getPosition()
        fake.after(fake.MERGE_DELAY, function()
            local now = obj.getPosition()
            if live(obj) and live(target) and not obj.held_by_color and not obj.gliding and now.x == at.x
                    and now.z == at.z then
                fake.merge(obj, target)
            end
        end)
        return obj
    end
    return fake.merge(obj, target)
end

-- A scripted smooth move to p (object.md setPositionSmooth): with habit smooth_moves it rises at once over
-- what lies between (GLIDE_RISE above its start and its end: it leaves the zones it lay in), travels, and comes
-- down at the end, enter and leave firing as it passes (Spirit Island script.lua 2179, 2370 and SCED
-- Global.ttslua ~5363 wait for not isSmoothMoving); isSmoothMoving is true until it is down. Then it lands as
-- a drop does (INFERENCE: a card moved onto a pile by script joins it).
function fake.glide(obj, p)
    local from = obj.getPosition()
    if not fake.habit("smooth_moves") then
        fake.place(obj, p)
        fake.fall(obj)
        return fake.land(obj)
    end
    obj.gliding, obj.resting = true, false
    local top = math.max(from.y, p.y) + fake.GLIDE_RISE
    local steps = math.max(1, math.floor(fake.GLIDE / fake.frame + 0.5))
    local i = 0
    local function step()
        if not live(obj) or obj.held_by_color then obj.gliding = false return end
        i = i + 1
        local f = i / steps
        local y
        if f < 0.1 then y = from.y + (top - from.y) * f / 0.1
        elseif f > 0.9 then y = p.y + (top - p.y) * (1 - f) / 0.1
        else y = top end
        fake.place(obj, vec(from.x + (p.x - from.x) * f, y, from.z + (p.z - from.z) * f))
        if i < steps then fake.later(step) return end
        obj.gliding = false
        fake.fall(obj)
        fake.land(obj)
    end
    fake.later(step)
    return obj
end

-- INFERENCE: which events a merge fires, and in which order, is not documented (shared/docs/tts.md §8.5);
-- fake.QUIET_MERGES fires none but the destroy, the case where a helper must find the card in the deck itself.
function fake.merge(card, target)
    local deck = target
    local data = {card_data(card)}
    if card.type == "Deck" then   -- a pile dropped on a pile: its cards go on top, in their order
        data = {}
        for i, c in ipairs(card.contents) do data[i] = c end
    end
    if target.type == "Card" then
        -- Two cards make a new Deck object where the lower card lay (INFERENCE: its rotation).
        local q, s = target.getPosition(), target.getScale()
        deck = fake.object("Deck", {x = q.x, y = q.y, z = q.z, face_down = target.is_face_down,
                                    rot_y = target.getRotation().y, sx = s.x, sy = s.y, sz = s.z})
        deck.contents = {card_data(target)}
        if not fake.QUIET_MERGES then fake.fire("onObjectEnterContainer", deck, target) end
        fake.destroy(target)
        fake.enter_zones(deck)
    end
    for i = #data, 1, -1 do table.insert(deck.contents, 1, data[i]) end   -- dropped from above: on top
    if not fake.QUIET_MERGES then fake.fire("onObjectEnterContainer", deck, card) end
    fake.destroy(card)
    fake.formed = deck
    return deck
end

-- A player of colour clicks obj's button whose label contains label_part (case-insensitive): object.md
-- createButton, click_function(obj, player_clicker_color, alt_click), a function of function_owner's script (the
-- helper's: the fake has one script). Refused (an error) when no such button, or when it faces the table.
function fake.click(obj, label_part, colour, alt)
    local want = string.lower(label_part)
    for _, b in ipairs(obj.buttons) do
        if string.find(string.lower(tostring(b.label or "")), want, 1, true) then
            if fake.habit("buttons_one_sided") then
                -- Its face points along the object's local +y, or -y when turned over (x or z by 180); on a
                -- face-down object local +y points at the table. It must face up and lie on the object's upper side
                -- (below it, it is under the table; a zone, not solid, from its floor up).
                local r, p = b.rotation or {}, b.position or {}
                local turned = math.cos(math.rad(r.x or r[1] or 0)) * math.cos(math.rad(r.z or r[3] or 0)) < 0
                local up = (p.y or p[2] or 0) * (obj.is_face_down and -1 or 1)
                local lowest = fake.is_zone(obj) and -0.5 or 0
                if turned ~= obj.is_face_down or up < lowest then
                    error("the button '" .. tostring(b.label) .. "' faces the table: nobody can click it", 2)
                end
            end
            local fn = _G[b.click_function]
            if type(fn) ~= "function" then error("no function " .. tostring(b.click_function), 2) end
            return fn(obj, colour, alt or false)
        end
    end
    local labels = {}
    for _, b in ipairs(obj.buttons) do table.insert(labels, tostring(b.label)) end
    error("no button '" .. label_part .. "' on " .. obj.getGUID() .. ": " .. table.concat(labels, " | "), 2)
end

-- A drawn card: takeObject from the top, placed at x, z (a split when the deck had two).
function fake.draw(deck, x, z)
    return deck.takeObject({position = {x, fake.CARD_Y, z}})
end

-- events.md onChat(message, sender): each script's handler in turn (the helper's first, then other mods' in
-- fake.chat_handlers); events.md 52-55: a handler returning a value that triggers a side effect (false: the
-- message is not shown) stops the handlers after it; with the habit chat_stops any value does. Returns whether
-- the message is shown and how many handlers heard it.
fake.chat_handlers = {}
function fake.chat(message, colour, host)
    local sender = {color = colour, host = host == true}
    local handlers = {}
    if type(_G.onChat) == "function" then table.insert(handlers, _G.onChat) end
    for _, h in ipairs(fake.chat_handlers) do table.insert(handlers, h) end
    local shown, heard = true, 0
    for _, h in ipairs(handlers) do
        heard = heard + 1
        local back = h(message, sender)
        if back == false then shown = false end
        if back == false or (back ~= nil and fake.habit("chat_stops")) then break end
    end
    return shown, heard
end

-- events.md onObjectRotate(object, spin, flip, player_color, old_spin, old_flip).
-- Habit silent_flips: the flip is a mod's script's (a hotkey, a context menu, a deal), and no event fires
-- (events.md 674-676: onObjectRotate is not called for script calls; SCED Global.ttslua 566 flips by script;
-- Spirit Island polls on a timer, script.lua 924-925). Off: a player's own flip, which fires the event.
function fake.flip(colour, obj)
    local old = obj.getRotation().z
    obj._flip()
    if fake.habit("silent_flips") then return end
    fake.fire("onObjectRotate", obj, 0, obj.getRotation().z, colour, 0, old)
end

-- base.md getAllObjects (deprecated, "all Objects except hand zones") and getObjects.
function getAllObjects()
    local out = {}
    for _, o in ipairs(fake.objects) do if live(o) and o.type ~= "Hand" then table.insert(out, o) end end
    return out
end
function getObjects()
    local out = {}
    for _, o in ipairs(fake.objects) do if live(o) then table.insert(out, o) end end
    return out
end
-- tables.md getTableObject: the table; object.md getBounds: {center, size, offset} in world units. The fake's
-- table is a slab 0.5 thick whose top is fake.SURFACE (set fake.no_table for Table_None: nil).
Tables = {}
function Tables.getTableObject()
    if fake.no_table then return nil end
    local t = {}
    function t.getBounds()
        return {center = vec(0, fake.SURFACE - 0.25, 0), size = vec(90, 0.5, 60), offset = vec(0, 0, 0)}
    end
    return t
end
function Tables.getTable() return fake.no_table and "None" or "Table_RPG" end
function getSeatedPlayers() return fake.seated end
function getObjectFromGUID(guid) return fake.find(guid) end   -- base.md: nil if it does not exist

-- player/instance.md: Player[colour].getHandTransform(i) {position, rotation, scale, forward, ...},
-- getHandCount(), getHandObjects(i), seated, host.
Player = setmetatable({}, {__index = function(t, colour)
    local hands = {}
    for _, h in ipairs(fake.objects) do
        if live(h) and h.type == "Hand" and h.colour == colour then table.insert(hands, h) end
    end
    local seated = false
    for _, c in ipairs(fake.seated) do if c == colour then seated = true end end
    return {
        color = colour, seated = seated, host = (colour == fake.host),
        getHandCount = function() return #hands end,
        getHandTransform = function(i)
            local h = hands[i or 1]
            if h == nil then return nil end
            local a = math.rad(h.getRotation().y)
            return {position = h.getPosition(), rotation = h.getRotation(), scale = h.getScale(),
                    forward = vec(math.sin(a), 0, math.cos(a)), right = vec(math.cos(a), 0, -math.sin(a)),
                    up = vec(0, 1, 0)}
        end,
        getHandObjects = function(i) local h = hands[i or 1]; return h and fake.occupants(h) or {} end,
    }
end})

-- A hand zone as real saves have them: y 4.1 and 6.5 tall (Spirit Island), so it reaches down to the table.
function fake.hand(colour, x, z, rot_y, sx, sz, y, sy)
    return fake.object("Hand", {colour = colour, x = x, z = z, rot_y = rot_y or 0, sx = sx or 12, sy = sy or 6.5,
                                sz = sz or 5, y = y or 4.1})
end

-- A hidden zone's type: "Fog" as Spirit Island reads it (habit fog_type), else "FogOfWar" as built-in-object.md
-- gives FogOfWarTrigger.
function fake.hidden_type() return fake.habit("fog_type") and "Fog" or "FogOfWar" end

-- A zone a modder placed: a scripting zone ("Scripting") or a hidden zone (asked for as "FogOfWar": its type is
-- fake.hidden_type()). At table height unless told: from the table up, 3 tall. With the habit tagged_zones the
-- modder has tagged it (a tag no card carries).
function fake.zone(kind, name, x, z, sx, sz, rot_y, y, sy)
    if kind == "FogOfWar" then kind = fake.hidden_type() end
    return fake.object(kind, {name = name, x = x, z = z, sx = sx or 12, sz = sz or 5, rot_y = rot_y or 0,
                              y = y or (fake.SURFACE + 1.5), sy = sy or 3,
                              tags = fake.habit("tagged_zones") and {"Zone"} or nil})
end

-- base.md spawnObject: "Objects take a moment to spawn"; callback_function is called when the
-- object has finished spawning, so never before spawnObject returns.
function spawnObject(params)
    local kind = ({ScriptingTrigger = "Scripting", HandTrigger = "Hand", FogOfWarTrigger = fake.hidden_type(),
                  FogOfWar = "Fog"})[params.type] or params.type
    local p = params.position or {0, 1, 0}
    local s = params.scale or {1, 1, 1}
    local r = params.rotation or {0, 0, 0}
    local obj = fake.object(kind, {x = p[1] or p.x, y = p[2] or p.y, z = p[3] or p.z, rot_y = r[2] or r.y,
                                   sx = s[1] or s.x, sy = s[2] or s.y, sz = s[3] or s.z})
    obj.spawning = true
    fake.later(function()
        obj.spawning = false
        if params.callback_function then params.callback_function(obj) end
    end)
    return obj
end

-- object.md setVectorLines / getVectorLines on Global: the world's lines, replaced as a whole.
Global = {lines = {}}
function Global.getVectorLines() return Global.lines end
function Global.setVectorLines(lines) Global.lines = lines; return true end

-- base.md messages: broadcastToColor / printToColor reach one colour; print reaches the host.
function broadcastToColor(message, colour, tint) table.insert(fake.broadcasts, {message = message, colour = colour}) end
function printToColor(message, colour, tint) table.insert(fake.broadcasts, {message = message, colour = colour}) end
function broadcastToAll(message) table.insert(fake.broadcasts, {message = message, colour = "ALL"}) end
function printToAll(message) table.insert(fake.prints, message) end
function print(message) table.insert(fake.prints, tostring(message)) end
function log(message) end
-- base.md sendExternalMessage(table): to the External Editor (the bridge); the fake keeps them.
fake.external = {}
function sendExternalMessage(data) table.insert(fake.external, data) end

-- wait.md: Wait.time(fn, seconds), Wait.frames(fn, n), Wait.stop(id); the fake clock moves only
-- when the test advances it, one frame at a time.
Wait = {}
-- Timers done or stopped are dropped, so a long game (a poll every few seconds) does not slow every frame.
fake.next_timer = 0
local function schedule(at, fn)
    fake.next_timer = fake.next_timer + 1
    local id = fake.next_timer
    fake.timers[id] = {at = at, fn = fn}
    return id
end
function Wait.time(fn, seconds) return schedule(fake.now + seconds, fn) end
function Wait.frames(fn, n) return schedule(fake.now + (n or 1) * fake.frame, fn) end
function Wait.stop(id) if id ~= nil then fake.timers[id] = nil end end
function fake.later(fn) return schedule(fake.now + fake.frame, fn) end
function fake.after(seconds, fn) return schedule(fake.now + seconds, fn) end

-- Another mod's script clearing every vector line of the world (SCED CleanUpHelper.ttslua ~263).
function fake.wipe_lines()
    fake.wiped = (fake.wiped or 0) + 1
    Global.setVectorLines({})
end

function fake.advance(seconds)
    local stop = fake.now + seconds
    repeat
        fake.now = math.min(stop, fake.now + fake.frame)
        if fake.habit("lines_wiped") and fake.wiped == nil and fake.now >= fake.WIPE_AT then fake.wipe_lines() end
        local due = {}
        for id, t in pairs(fake.timers) do
            if t and t.at <= fake.now + 1e-9 then table.insert(due, {id = id, t = t}) end
        end
        table.sort(due, function(a, b) return a.t.at < b.t.at or (a.t.at == b.t.at and a.id < b.id) end)
        for _, d in ipairs(due) do
            if fake.timers[d.id] then fake.timers[d.id] = nil; d.t.fn() end
        end
    until fake.now >= stop - 1e-9
end

-- webrequest/manager.md custom(url, method, download, data, headers, callback): the answer comes
-- later, through the callback, with is_error only for transport failures (webrequest/instance.md); the
-- instance returned has dispose() ("try abort"): a disposed request's callback never runs. With the habit
-- lost_answer the first report with a card in it is answered to no one (it reached the companion).
WebRequest = {}
function WebRequest.custom(url, method, download, data, headers, callback)
    local r = {url = url, method = method, download = download, data = data, headers = headers,
               callback = callback, answered = false, disposed = false, lost = false}
    if fake.habit("lost_answer") and not fake.lost_one and type(data) == "string"
            and (string.find(data, '"cards":%s*%[%s*{') or string.find(data, '"left":%s*%[%s*{')) then
        fake.lost_one, r.lost = true, true
    end
    table.insert(fake.requests, r)
    local instance = {url = url, is_done = false, is_error = false}
    function instance.dispose() r.disposed = true end
    return instance
end
function fake.reply(index, code, text, is_error)
    local r = fake.requests[index]
    r.answered = true
    if r.lost or r.disposed then return end
    r.callback({is_error = is_error or false, error = is_error and "connection refused" or nil,
                response_code = code, text = text})
end

-- events.md onSave / onLoad: a save or rewind checkpoint stores the table and each script's
-- onSave() string; loading one (a rewind) restores that table and calls onLoad(script_state) again.
function fake.checkpoint()
    local objects = {}
    for _, o in ipairs(fake.objects) do
        if live(o) then
            local contents = {}
            for i, c in ipairs(o.contents) do contents[i] = c end
            table.insert(objects, {obj = o, pos = o.getPosition(), rot = o.getRotation(), contents = contents})
        end
    end
    local state = type(onSave) == "function" and onSave() or ""
    return {objects = objects, state = state}
end

-- A rewind rebuilds the table from the checkpoint: every object is a new Object with a new GUID (the harder
-- case; INFERENCE: TTS may keep the GUIDs the save holds: fake.KEEP_GUIDS), cards in decks too; the timers of the
-- old script are gone and web request callbacks of the old script never run (INFERENCE).
function fake.restore(point)
    for _, o in ipairs(fake.objects) do o.destroyed = true end
    fake.objects = {}
    for _, r in ipairs(fake.requests) do r.answered = true end
    for _, s in ipairs(point.objects) do
        local o = s.obj
        o.destroyed, o.held_by_color, o.spawning = false, nil, false
        if fake.habit("buttons_not_saved") then o.buttons = {} end
        o._set_pos(s.pos)
        o.setRotation(s.rot)
        if not fake.KEEP_GUIDS then o._set_guid(new_guid()) end
        local contents = {}
        for i, c in ipairs(s.contents) do
            contents[i] = {guid = fake.KEEP_GUIDS and c.guid or new_guid(), name = c.name, description = c.description, gm_notes = c.gm_notes,
                           memo = c.memo}
        end
        o.contents = contents
        table.insert(fake.objects, o)
    end
    fake.timers = {}
end
