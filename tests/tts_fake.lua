-- A fake Tabletop Simulator API for testing the companion helper under a stock Lua 5.2.
-- JSON.encode / JSON.decode are supplied by the test (TTS has them built in).
fake = {requests = {}, broadcasts = {}, prints = {}, highlights = {}, timers = {}, now = 0, next_id = 1,
        objects = {}, seated = {"Red", "Blue"}}

local function vec(x, y, z) return {x = x, y = y, z = z} end

function fake.object(kind, props)
    local obj = {type = kind, memo = props.memo or "", is_face_down = props.face_down or false}
    local pos = vec(props.x or 0, props.y or 1, props.z or 0)
    local name = props.name or ""
    local guid = props.guid or string.format("%06x", fake.next_id)
    fake.next_id = fake.next_id + 1
    obj.contents = {}
    function obj.getGUID() return guid end
    function obj.getName() return name end
    function obj.setName(n) name = n end
    function obj.getGMNotes() return props.gm_notes or "" end
    function obj.getPosition() return pos end
    function obj.setPosition(p) pos = vec(p[1] or p.x, p[2] or p.y, p[3] or p.z) end
    function obj.getScale() return vec(props.sx or 1, 1, props.sz or 1) end
    function obj.getObjects() return obj.contents end
    function obj.getZones() return props.zones or {} end
    function obj.setZones(z) props.zones = z end
    function obj.highlightOn(colour, seconds) table.insert(fake.highlights, guid) end
    table.insert(fake.objects, obj)
    return obj
end

function getAllObjects() return fake.objects end
function getSeatedPlayers() return fake.seated end
function getObjectFromGUID(guid)
    for _, o in ipairs(fake.objects) do if o.getGUID() == guid then return o end end
    return nil
end
function spawnObject(params)
    local zone = fake.object("Scripting", {x = params.position[1], z = params.position[3]})
    if params.callback_function then params.callback_function(zone) end
    return zone
end
function broadcastToColor(message, colour, tint) table.insert(fake.broadcasts, {message = message, colour = colour}) end
function broadcastToAll(message) table.insert(fake.broadcasts, {message = message, colour = "ALL"}) end
function printToAll(message) table.insert(fake.prints, message) end
function print(message) table.insert(fake.prints, tostring(message)) end
function log(message) end

Wait = {}
function Wait.time(fn, seconds)
    local id = #fake.timers + 1
    fake.timers[id] = {at = fake.now + seconds, fn = fn}
    return id
end
function Wait.stop(id) fake.timers[id] = false end
function fake.advance(seconds)
    fake.now = fake.now + seconds
    for id, t in pairs(fake.timers) do
        if t and t.at <= fake.now then fake.timers[id] = false; t.fn() end
    end
end

WebRequest = {}
function WebRequest.custom(url, method, download, data, headers, callback)
    table.insert(fake.requests, {url = url, method = method, download = download, data = data, headers = headers,
                                 callback = callback})
    return {}
end
function fake.reply(index, code, text, is_error)
    local r = fake.requests[index]
    r.callback({is_error = is_error or false, error = is_error and "connection refused" or nil,
                response_code = code, text = text})
end
