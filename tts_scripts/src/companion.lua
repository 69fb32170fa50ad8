-- Talking to the companion: one report in flight per colour, each with a request id; a report that
-- fails to arrive, meets a conflict (HTTP 409) or has no answer within config.timeout seconds is sent again
-- with the same id, so none is lost and none counts twice (an answer that comes after its time is ignored).
-- Verdicts are shown to the acting colour only.
local config = require("config")
local say = require("say")
local engine = require("engine")
local companion = {}

companion.inflight = {}    -- colour -> true while a report is on its way
companion.queued = {}      -- colour -> the reports to send, in order, once the one in flight is answered
companion.MAX_QUEUED = 20  -- more waiting than this: the two oldest become one (the newer look, both lefts)
companion.version = nil    -- the companion's log version last seen
companion.on_answer = nil  -- function(colour, body, reply or nil, status or nil), set by main
local counter = 0
local ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"

-- 8-64 characters of [A-Za-z0-9_-]; random per load, so a rewound script never reuses one.
function companion.new_id()
    counter = counter + 1
    local t = {}
    for i = 1, 12 do
        local k = math.random(1, #ALPHABET)
        t[i] = string.sub(ALPHABET, k, k)
    end
    return "tts-" .. table.concat(t) .. "-" .. counter
end

-- A report as JSON. An empty Lua table has no shape: TTS may write it as {} (json.md says nothing;
-- MoonSharp's converter does), so empty lists are written as [] here, never left to JSON.encode.
local EMPTY = "@@companion-empty-list@@"
local function encode(body)
    local out = {}
    for k, v in pairs(body) do
        if (k == "cards" or k == "left") and type(v) == "table" and next(v) == nil then out[k] = EMPTY else out[k] = v end
    end
    local text = JSON.encode(out)
    return (string.gsub(text, '"[^"]-companion%-empty%-list[^"]-"', "[]"))
end
companion.encode = encode

local function warn(colour, text) broadcastToColor(text, colour, {1, 0.8, 0.3}) end

local function show(colour, reply)
    for _, verdict in ipairs(type(reply.verdicts) == "table" and reply.verdicts or {}) do
        if type(verdict) ~= "table" or type(verdict.text) ~= "string" then break end
        local tint = verdict.legal == false and {1, 0.35, 0.3} or {0.7, 0.9, 0.7}
        broadcastToColor(verdict.text, colour, tint)
        if type(verdict.guid) == "string" and verdict.legal == false then
            -- Every player sees a highlight (object.md highlightOn has no colour to show it to): a face-down card
            -- flagged illegal would tell the others something about it ("no Shadow keyword"), so only a face-up
            -- card is highlighted; the owner has the verdict.
            local obj = getObjectFromGUID(verdict.guid)
            if obj ~= nil and not obj.is_face_down then obj.highlightOn({1, 0, 0}, 5) end
        end
    end
end

local function finish(colour)
    companion.inflight[colour] = nil
    local waiting = companion.queued[colour] or {}
    local next_body = table.remove(waiting, 1)
    if #waiting == 0 then companion.queued[colour] = nil end
    if next_body ~= nil then companion.send(colour, next_body) end
end

local function post(colour, body, attempt)
    local url = config.url .. "/api/tts/games/" .. config.game .. "/snapshot"
    local headers = {["Content-Type"] = "application/json", Accept = "application/json",
                     Authorization = "Bearer " .. tostring(config.key)}
    local over = false   -- this attempt was answered or given up: whatever comes for it later is ignored
    local function again(why)
        if attempt >= config.retries then
            warn(colour, say.line("tts.lua.undelivered", {why = why}))
            if companion.on_answer ~= nil then companion.on_answer(colour, body, nil) end
            finish(colour)
            return
        end
        Wait.time(function() post(colour, body, attempt + 1) end, 0.5 * 2 ^ (attempt - 1))
    end
    local sent = WebRequest.custom(url, "POST", true, encode(body), headers, function(request)
        if over then return end
        over = true
        if request.is_error then
            return again(say.text("tts.lua.why.unreachable", {error = tostring(request.error)}))
        end
        if request.response_code == 409 then return again(say.text("tts.lua.why.conflict")) end
        local reply = engine.decode(request.text)   -- a JSON null is nil, whatever JSON.decode makes of it
        if type(reply) ~= "table" then
            warn(colour, say.line("tts.lua.unreadable", {status = tostring(request.response_code)}))
            if companion.on_answer ~= nil then companion.on_answer(colour, body, nil) end
            finish(colour)
            return
        end
        if request.response_code >= 400 then
            local err = reply.error or {}
            local details = err.details or {}
            if details.verdicts ~= nil then
                show(colour, {verdicts = details.verdicts})
            else
                -- The companion's refusals a table meets are in the catalogue; any other comes as the companion
                -- wrote it (those the helper's report can cause, like no_seat, it writes in the table's language).
                local known = err.code ~= nil and "tts.lua.error." .. tostring(err.code) or nil
                local line = known ~= nil and say.text(known) ~= known and say.line(known)
                    or say.text("tts.said", {text = tostring(err.message)})
                broadcastToColor(line, colour, {1, 0.35, 0.3})
            end
        else
            if reply.version ~= nil then companion.version = reply.version end
            show(colour, reply)
        end
        if companion.on_answer ~= nil then companion.on_answer(colour, body, reply, request.response_code) end
        finish(colour)
    end)
    -- No answer in time: given up (disposed, webrequest/instance.md) and sent again, so one lost answer never
    -- holds the colour's reports back for long.
    Wait.time(function()
        if over then return end
        over = true
        if type(sent) == "table" and sent.dispose ~= nil then pcall(sent.dispose) end
        again(say.text("tts.lua.why.timeout", {seconds = config.timeout}))
    end, config.timeout)
end

function companion.ready()
    return config.game ~= "" and config.key ~= nil and config.key ~= ""
end

function companion.send(colour, body)
    if companion.inflight[colour] then
        -- Every look waits its turn, so the companion sees each step (a token put on and taken off again while
        -- an answer was lost too). Too many: the oldest gives way to the next, its cards' destinations kept (they
        -- are said only once).
        local waiting = companion.queued[colour] or {}
        companion.queued[colour] = waiting
        table.insert(waiting, body)
        if #waiting > companion.MAX_QUEUED then
            local older = table.remove(waiting, 1)
            local newer = waiting[1]
            newer.left = newer.left or {}
            for i, l in ipairs(type(older.left) == "table" and older.left or {}) do table.insert(newer.left, i, l) end
        end
        return
    end
    companion.inflight[colour] = true
    body.request_id = body.request_id or companion.new_id()
    body.lang = body.lang or config.lang   -- the table's language for the verdicts in its chat
    post(colour, body, 1)
end

companion.show = show
return companion
