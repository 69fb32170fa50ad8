-- Talking to the companion: send a snapshot, show its verdicts to the acting colour only.
local config = require("config")
local companion = {}

companion.pending = {}   -- colour -> Wait id of the debounced send

local function show(colour, reply)
    for _, verdict in ipairs(reply.verdicts or {}) do
        local tint = verdict.legal == false and {1, 0.35, 0.3} or {0.7, 0.9, 0.7}
        broadcastToColor(verdict.text, colour, tint)
        if verdict.guid ~= nil and verdict.legal == false then
            local obj = getObjectFromGUID(verdict.guid)
            if obj ~= nil then obj.highlightOn({1, 0, 0}, 5) end
        end
    end
end

function companion.send(colour, snap)
    if config.game == "" then
        broadcastToColor("Companion: no game set in the mod's settings.", colour, {1, 0.8, 0.3})
        return
    end
    local url = config.url .. "/api/tts/games/" .. config.game .. "/snapshot"
    local headers = {["Content-Type"] = "application/json", Accept = "application/json",
                     Authorization = "Bearer " .. config.key}
    WebRequest.custom(url, "POST", true, JSON.encode(snap), headers, function(request)
        if request.is_error then
            broadcastToColor("Companion not reachable: " .. tostring(request.error), colour, {1, 0.8, 0.3})
            return
        end
        local ok, reply = pcall(JSON.decode, request.text)
        if not ok or type(reply) ~= "table" then
            broadcastToColor("Companion answered something unreadable (" .. request.response_code .. ").", colour,
                {1, 0.8, 0.3})
            return
        end
        if request.response_code >= 400 then
            local err = reply.error or {}
            local details = err.details or {}
            if details.verdicts ~= nil then
                show(colour, {verdicts = details.verdicts})
            else
                broadcastToColor("Companion: " .. tostring(err.message), colour, {1, 0.35, 0.3})
            end
            return
        end
        show(colour, reply)
    end)
end

-- Many events fire for one move (dealing fires enter and leave); wait for quiet, then send once.
function companion.schedule(colour, make_snapshot)
    if companion.pending[colour] ~= nil then Wait.stop(companion.pending[colour]) end
    companion.pending[colour] = Wait.time(function()
        companion.pending[colour] = nil
        local snap = make_snapshot(colour)
        if snap ~= nil then companion.send(colour, snap) end
    end, config.debounce)
end

companion.show = show
return companion
