// A server written with the TypeScript SDK v2 (@modelcontextprotocol/server
// and, for HTTP, @modelcontextprotocol/node): McpServer, z.object input and
// output schemas, served from a factory by the entry points that serve both
// eras (2026-07-28 and, the SDK's default, 2025-era traffic): `stdio`
// serveStdio; `http` createMcpHandler adapted to node:http by toNodeHandler,
// behind the Host and Origin guards the node README composes, on
// 127.0.0.1:$PORT/mcp.
import { createServer } from "node:http";
import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { z } from "zod";

function newServer() {
  const server = new McpServer({ name: "ts-sdk-v2-peer", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.registerTool(
    "greet",
    { description: "Greets someone by name.", inputSchema: z.object({ name: z.string().describe("who to greet") }) },
    async ({ name }) => ({ content: [{ type: "text", text: `hello ${name}` }] }),
  );
  server.registerTool(
    "add",
    {
      description: "Adds two numbers.",
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      outputSchema: z.object({ sum: z.number() }),
    },
    async ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }], structuredContent: { sum: a + b } }),
  );
  server.registerTool(
    "slow",
    { description: "Takes 100 ms a step, reporting progress; stops when cancelled.", inputSchema: z.object({ steps: z.number().int().min(1).max(600) }) },
    async ({ steps }, ctx) => {
      for (let i = 1; i <= steps; i++) {
        await step(ctx.mcpReq.signal);
        const progressToken = ctx.mcpReq._meta?.progressToken;
        if (progressToken !== undefined) {
          await ctx.mcpReq.notify({ method: "notifications/progress", params: { progressToken, progress: i, total: steps } });
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

if ((process.argv[2] || "stdio") === "stdio") {
  serveStdio(newServer);
} else {
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  const handle = toNodeHandler(createMcpHandler(newServer));
  createServer(async (req, res) => {
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    if (new URL(req.url, "http://x").pathname !== "/mcp") {
      res.writeHead(404).end();
      return;
    }
    await handle(req, res);
  }).listen(Number(process.env.PORT), "127.0.0.1");
}
