// A server written with fastmcp, the way its README's quickstart shows
// (greet, add and slow, zod parameters), served over HTTP streaming (its
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

server.addTool({
  name: "slow",
  description: "Takes 100 ms a step, reporting progress; stops when cancelled.",
  parameters: z.object({ steps: z.number().int().min(1).max(600) }),
  execute: async ({ steps }, { reportProgress, signal }) => {
    for (let i = 1; i <= steps; i++) {
      await new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const t = setTimeout(resolve, 100);
        signal.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
      });
      await reportProgress({ progress: i, total: steps });
    }
    return "done";
  },
});

server.start({
  transportType: "httpStream",
  httpStream: { port: Number(process.env.PORT), host: "127.0.0.1" },
});
