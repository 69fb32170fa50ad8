-- Talking to the companion: one report in flight per colour, each with a request id; a report that
-- fails to arrive or meets a conflict (HTTP 409) is sent again with the same id, so none is lost
-- and none counts twice. Verdicts are shown to the acting colour only.
local config = require("config")
local say = require("say")
local companion = {}

companion.inflight = {}    -- colour -> true while a report is on its way
companion.queued = {}      -- colour -> the report to send when the one in flight is answered
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
    for _, verdict in ipairs(reply.verdicts or {}) do
        local tint = verdict.legal == false and {1, 0.35, 0.3} or {0.7, 0.9, 0.7}
        broadcastToColor(verdict.text, colour, tint)
        if verdict.guid ~= nil and verdict.legal == false then
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
    local next_body = companion.queued[colour]
    companion.queued[colour] = nil
    if next_body ~= nil then companion.send(colour, next_body) end
end

local function post(colour, body, attempt)
    local url = config.url .. "/api/tts/games/" .. config.game .. "/snapshot"
    local headers = {["Content-Type"] = "application/json", Accept = "application/json",
                     Authorization = "Bearer " .. tostring(config.key)}
    local function again(why)
        if attempt >= config.retries then
            warn(colour, say.line("tts.lua.undelivered", {why = why}))
            if companion.on_answer ~= nil then companion.on_answer(colour, body, nil) end
            finish(colour)
            return
        end
        Wait.time(function() post(colour, body, attempt + 1) end, 0.5 * 2 ^ (attempt - 1))
    end
    WebRequest.custom(url, "POST", true, encode(body), headers, function(request)
        if request.is_error then
            return again(say.text("tts.lua.why.unreachable", {error = tostring(request.error)}))
        end
        if request.response_code == 409 then return again(say.text("tts.lua.why.conflict")) end
        local ok, reply = pcall(JSON.decode, request.text)
        if not ok or type(reply) ~= "table" then
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
end

function companion.ready()
    return config.game ~= "" and config.key ~= nil and config.key ~= ""
end

function companion.send(colour, body)
    if companion.inflight[colour] then
        companion.queued[colour] = body
        return
    end
    companion.inflight[colour] = true
    body.request_id = body.request_id or companion.new_id()
    body.lang = body.lang or config.lang   -- the table's language for the verdicts in its chat
    post(colour, body, 1)
end

companion.show = show
return companion
