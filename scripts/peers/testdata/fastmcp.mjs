// A server written with fastmcp, the way its README's quickstart shows
// (greet and add, zod parameters), served over HTTP streaming (its
// defaults: sessions, /mcp) on 127.0.0.1:$PORT.
import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-peer", version: "1.0.0" });

server.addTool({
  name: "greet",
  description: "Greets someone by name.",
  parameters: z.object({ name: z.string().describe("who to greet") }),
  execute: async ({ name }) => `hello ${name}`,
});

server.addTool({
  name: "add",
  description: "Adds two numbers.",
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: async ({ a, b }) => String(a + b),
});

server.start({
  transportType: "httpStream",
  httpStream: { port: Number(process.env.PORT), host: "127.0.0.1" },
});
