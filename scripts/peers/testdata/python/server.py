"""A stdio MCP server in Python's standard library only, the way a learner
writes one from the 2025-11-25 spec: JSON-RPC one message per line on
stdin and stdout, logs on stderr; initialize, ping, tools/list and
tools/call (greet, add), -32601 for any other method, no reply to a
notification."""
import json
import sys

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


def reply(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


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
        if "id" not in msg:
            continue  # a notification gets no reply
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
