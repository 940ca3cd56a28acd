"""A stdio MCP server in Python's standard library only, the way a learner
writes one from the 2025-11-25 spec: JSON-RPC one message per line on
stdin and stdout, logs on stderr; initialize, ping, tools/list and
tools/call (greet, add, slow), -32601 for any other method, no reply to
a notification. slow runs on a thread of its own, reports progress and
stops at notifications/cancelled, so the server keeps answering meanwhile."""
import json
import sys
import threading

VERSION = "2025-11-25"

TOOLS = [
    {
        "name": "greet",
        "description": "Greets someone by name.",
        "inputSchema": {
            "type": "object",
            "properties": {"name": {"type": "string", "description": "who to greet"}},
            "required": ["name"],
        },
    },
    {
        "name": "slow",
        "description": "Takes 100 ms a step, reporting progress; stops when cancelled.",
        "inputSchema": {
            "type": "object",
            "properties": {"steps": {"type": "integer", "minimum": 1, "maximum": 600}},
            "required": ["steps"],
        },
    },
    {
        "name": "add",
        "description": "Adds two numbers.",
        "inputSchema": {
            "type": "object",
            "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
            "required": ["a", "b"],
        },
        "outputSchema": {
            "type": "object",
            "properties": {"sum": {"type": "number"}},
            "required": ["sum"],
        },
    },
]


def tool_error(text):
    return {"content": [{"type": "text", "text": text}], "isError": True}


def call_tool(params):
    name = params.get("name")
    args = params.get("arguments") or {}
    if name == "greet":
        if not isinstance(args.get("name"), str):
            return tool_error("greet needs a string 'name'")
        return {"content": [{"type": "text", "text": "hello " + args["name"]}]}
    if name == "add":
        a, b = args.get("a"), args.get("b")
        if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (a, b)):
            return tool_error("add needs numbers 'a' and 'b'")
        return {"content": [{"type": "text", "text": str(a + b)}], "structuredContent": {"sum": a + b}}
    raise LookupError(name)


def handle(msg):
    method, params = msg.get("method"), msg.get("params") or {}
    if method == "initialize":
        return {
            "protocolVersion": VERSION,
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "python-stdlib-peer", "version": "1.0.0"},
        }
    if method == "ping":
        return {}
    if method == "tools/list":
        return {"tools": TOOLS}
    if method == "tools/call":
        return call_tool(params)
    raise NotImplementedError(method)


out_lock = threading.Lock()
cancelled = {}  # request id (as JSON) -> threading.Event of a running slow call


def reply(obj):
    line = json.dumps(obj, separators=(",", ":")) + "\n"
    with out_lock:
        sys.stdout.write(line)
        sys.stdout.flush()


def slow(msg):
    """Runs a slow call: a step each 100 ms, progress after each, no reply
    once cancelled."""
    params = msg.get("params") or {}
    steps = (params.get("arguments") or {}).get("steps")
    key = json.dumps(msg["id"])
    stop = cancelled.setdefault(key, threading.Event())
    try:
        if not isinstance(steps, int) or isinstance(steps, bool) or not 1 <= steps <= 600:
            reply({"jsonrpc": "2.0", "id": msg["id"], "result": tool_error("slow needs an integer 'steps' from 1 to 600")})
            return
        token = (params.get("_meta") or {}).get("progressToken")
        for i in range(1, steps + 1):
            if stop.wait(0.1):
                return
            if token is not None:
                reply({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": token, "progress": i, "total": steps}})
        if not stop.is_set():
            reply({"jsonrpc": "2.0", "id": msg["id"], "result": {"content": [{"type": "text", "text": "done"}]}})
    finally:
        cancelled.pop(key, None)


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            reply({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}})
            continue
        if not isinstance(msg, dict) or "method" not in msg:
            continue  # a response or junk: nothing to answer
        if "id" not in msg:  # a notification gets no reply
            if msg["method"] == "notifications/cancelled":
                rid = (msg.get("params") or {}).get("requestId")
                stop = cancelled.get(json.dumps(rid))
                if stop is not None:
                    stop.set()
            continue
        if msg["method"] == "tools/call" and (msg.get("params") or {}).get("name") == "slow":
            threading.Thread(target=slow, args=(msg,), daemon=True).start()
            continue
        try:
            reply({"jsonrpc": "2.0", "id": msg["id"], "result": handle(msg)})
        except NotImplementedError as e:
            reply({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "Method not found: %s" % e}})
        except LookupError as e:
            reply({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32602, "message": "Unknown tool: %s" % e}})
        except Exception as e:  # noqa: BLE001 - report, keep serving
            print("error:", repr(e), file=sys.stderr)
            reply({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32603, "message": "Internal error"}})


if __name__ == "__main__":
    main()
