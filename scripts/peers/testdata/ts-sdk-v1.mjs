// A server written with the TypeScript SDK v1 (@modelcontextprotocol/sdk),
// the way its README shows: McpServer, zod input schemas, the Streamable
// HTTP transport on node:http. `stateless`: a server and a transport per
// request (sessionIdGenerator undefined); `stateful`: one per session,
// found again by the Mcp-Session-Id header. Listens on 127.0.0.1:$PORT.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

function newServer() {
  const server = new McpServer({ name: "ts-sdk-v1-peer", version: "1.0.0" });
  server.registerTool(
    "greet",
    { description: "Greets someone by name.", inputSchema: { name: z.string().describe("who to greet") } },
    async ({ name }) => ({ content: [{ type: "text", text: `hello ${name}` }] }),
  );
  server.registerTool(
    "add",
    {
      description: "Adds two numbers.",
      inputSchema: { a: z.number(), b: z.number() },
      outputSchema: { sum: z.number() },
    },
    async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }], structuredContent: { sum: a + b } }),
  );
  server.registerTool(
    "slow",
    { description: "Takes 100 ms a step, reporting progress; stops when cancelled.", inputSchema: { steps: z.number().int().min(1).max(600) } },
    async ({ steps }, extra) => {
      for (let i = 1; i <= steps; i++) {
        await step(extra.signal);
        const progressToken = extra._meta?.progressToken;
        if (progressToken !== undefined) {
          await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress: i, total: steps } });
        }
      }
      return { content: [{ type: "text", text: "done" }] };
    },
  );
  return server;
}

// step waits 100 ms, or fails as soon as signal aborts.
function step(signal) {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, 100);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

async function readBody(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

const mode = process.argv[2] || "stateless";
const sessions = new Map();

const httpServer = http.createServer(async (req, res) => {
  if (new URL(req.url, "http://x").pathname !== "/mcp") {
    res.writeHead(404).end();
    return;
  }
  const body = req.method === "POST" ? await readBody(req) : undefined;
  if (mode === "stateless") {
    const server = newServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    return;
  }
  const id = req.headers["mcp-session-id"];
  let transport = id ? sessions.get(id) : undefined;
  if (!transport) {
    if (id || req.method !== "POST" || !isInitializeRequest(body)) {
      res.writeHead(id ? 404 : 400, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: id ? "Session not found" : "Bad Request: no valid session ID" }, id: null }));
      return;
    }
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => sessions.set(sid, transport),
    });
    transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
    await newServer().connect(transport);
  }
  await transport.handleRequest(req, res, body);
});

httpServer.listen(Number(process.env.PORT), "127.0.0.1");
