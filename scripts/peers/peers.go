package main

// The peers: real MCP servers nobody here wrote (or written here in a few
// lines with an SDK nobody here wrote), the packages they come from, pinned
// exactly, and how each one is started.

import (
	"path/filepath"

	"mcpwirelab/scripts/npmcache"
)

// The pins. The reference servers' releases of 2026-08-31 and the SDKs
// the course's learners write with: TypeScript SDK v1 and v2 (v2's Node
// transport package is versioned apart), fastmcp, the Go SDKs.
const (
	refVersion      = "2026.8.31"
	tsSDKv1Version  = "1.32.2"
	tsServerVersion = "2.4.0" // @modelcontextprotocol/server, the newest 2.x
	tsNodeVersion   = "2.1.2" // @modelcontextprotocol/node, the newest 2.x (peer of server ^2.4.0)
	fastmcpVersion  = "4.20.16"
	zodVersion      = "4.6.7"
	goSDKModule     = "github.com/modelcontextprotocol/go-sdk"
	goSDKVersion    = "v1.8.0"
	mcpGoModule     = "github.com/mark3labs/mcp-go"
	mcpGoVersion    = "v1.2.1"
)

// sdkPkg is the TypeScript SDK v1: the reference servers take it within
// their range (^1.30.0); the override pins it.
const sdkPkg = "@modelcontextprotocol/sdk"

// The npm sets, each in a folder of its own under the cache's peers/.
var (
	refSet = func(name string) npmcache.Set {
		return npmcache.Set{Folder: "peers/" + name, Packages: map[string]string{"@modelcontextprotocol/" + name: refVersion}, Overrides: map[string]string{sdkPkg: tsSDKv1Version}}
	}
	everythingSet = refSet("server-everything")
	filesystemSet = refSet("server-filesystem")
	memorySet     = refSet("server-memory")
	tsV1Set       = npmcache.Set{Folder: "peers/ts-sdk-v1", Packages: map[string]string{sdkPkg: tsSDKv1Version, "zod": zodVersion}}
	tsV2Set       = npmcache.Set{Folder: "peers/ts-sdk-v2", Packages: map[string]string{"@modelcontextprotocol/server": tsServerVersion, "@modelcontextprotocol/node": tsNodeVersion, "zod": zodVersion}}
	fastmcpSet    = npmcache.Set{Folder: "peers/fastmcp", Packages: map[string]string{"fastmcp": fastmcpVersion, "zod": zodVersion}, Overrides: map[string]string{sdkPkg: tsSDKv1Version}}
	npmSets       = []npmcache.Set{everythingSet, filesystemSet, memorySet, tsV1Set, tsV2Set, fastmcpSet}
)

// goMains are the Go servers: testdata/<dir>/main.go built in a module of
// their own under the cache (the project's go.mod gains nothing).
var goMains = []string{"go-sdk", "mcp-go"}

// goRequires are that module's requirements.
var goRequires = [][2]string{{goSDKModule, goSDKVersion}, {mcpGoModule, mcpGoVersion}}

// installed is where the installs are.
type installed struct {
	node   string            // Node 22's node binary
	npm    map[string]string // set folder → its install folder
	goBin  string            // folder of the built Go servers
	python string            // python3 ("" when there is none)
	data   string            // a scratch folder for servers that need one (server-filesystem's root)
	src    string            // scripts/peers/testdata, absolute
	// scripts are testdata's .mjs files, each copied beside the
	// node_modules of its set (file name → the copy).
	scripts map[string]string
}

func (in installed) module(set npmcache.Set, parts ...string) string {
	return filepath.Join(append([]string{in.npm[set.Folder], "node_modules"}, parts...)...)
}

// scriptSets names the set each testdata .mjs server imports from.
var scriptSets = map[string]npmcache.Set{"ts-sdk-v1.mjs": tsV1Set, "ts-sdk-v2.mjs": tsV2Set, "fastmcp.mjs": fastmcpSet}

// peer is one server on one transport.
type peer struct {
	// ID names it in PEERS.md and reviews.txt: server/transport[-mode].
	ID string
	// Pins says what it runs, for the table.
	Pins string
	// HTTP: started on a free port (PORT in its environment) and checked
	// at http://127.0.0.1:PORT+Path; otherwise checked over stdio.
	HTTP bool
	Path string
	// Argv starts it.
	Argv func(in installed) []string
	// Calls are the tools the checker may call (-call), each NAME=JSON;
	// Slow is its slow call (-slow NAME=JSON), "" for none.
	Calls []string
	Slow  string
	// Needs says which install it needs ("node", "go", "python").
	Needs string
}

func node(set npmcache.Set, parts ...string) func(installed) []string {
	return func(in installed) []string { return []string{in.node, in.module(set, parts...)} }
}

func nodeArgs(set npmcache.Set, entry []string, args ...string) func(installed) []string {
	return func(in installed) []string { return append([]string{in.node, in.module(set, entry...)}, args...) }
}

// script runs one of testdata's server files with node, from a copy in
// the set's folder (so its imports resolve in that node_modules).
func script(set npmcache.Set, file string, args ...string) func(installed) []string {
	return func(in installed) []string {
		return append([]string{in.node, in.scripts[file]}, args...)
	}
}

func goServer(name string, args ...string) func(installed) []string {
	return func(in installed) []string { return append([]string{filepath.Join(in.goBin, name)}, args...) }
}

var (
	everythingEntry = []string{"@modelcontextprotocol", "server-everything", "dist", "index.js"}
	pinsRef         = func(name string) string {
		return "@modelcontextprotocol/" + name + "@" + refVersion + " (sdk " + tsSDKv1Version + ")"
	}
	pinsV1          = sdkPkg + "@" + tsSDKv1Version
	pinsV2          = "@modelcontextprotocol/server@" + tsServerVersion + " + node@" + tsNodeVersion
	pinsFastmcp     = "fastmcp@" + fastmcpVersion + " (sdk " + tsSDKv1Version + ")"
	pinsGoSDK       = goSDKModule + " " + goSDKVersion
	pinsMcpGo       = mcpGoModule + " " + mcpGoVersion
	everythingCalls = []string{`echo={"message":"hi"}`, `get-structured-content={"location":"Chicago"}`}
	ownCalls        = []string{`greet={"name":"Ada"}`, `add={"a":1,"b":2}`}
	// The slow calls: 3 s, progress every 100 ms (the reference server's
	// tool takes seconds and steps).
	everythingSlow = `trigger-long-running-operation={"duration":3,"steps":30}`
	ownSlow        = `slow={"steps":30}`
)

// peers is the matrix, in PEERS.md's order.
var peers = []peer{
	{ID: "server-everything/stdio", Pins: pinsRef("server-everything"), Argv: nodeArgs(everythingSet, everythingEntry, "stdio"), Calls: everythingCalls, Slow: everythingSlow, Needs: "node"},
	{ID: "server-everything/http", Pins: pinsRef("server-everything"), HTTP: true, Path: "/mcp", Argv: nodeArgs(everythingSet, everythingEntry, "streamableHttp"), Calls: everythingCalls, Slow: everythingSlow, Needs: "node"},
	{ID: "server-filesystem/stdio", Pins: pinsRef("server-filesystem"), Argv: func(in installed) []string {
		return []string{in.node, in.module(filesystemSet, "@modelcontextprotocol", "server-filesystem", "dist", "index.js"), in.data}
	}, Calls: []string{`list_allowed_directories={}`}, Needs: "node"},
	{ID: "server-memory/stdio", Pins: pinsRef("server-memory"), Argv: node(memorySet, "@modelcontextprotocol", "server-memory", "dist", "index.js"), Calls: []string{`read_graph={}`}, Needs: "node"},
	{ID: "ts-sdk-v1/http-stateless", Pins: pinsV1, HTTP: true, Path: "/mcp", Argv: script(tsV1Set, "ts-sdk-v1.mjs", "stateless"), Calls: ownCalls, Slow: ownSlow, Needs: "node"},
	{ID: "ts-sdk-v1/http-stateful", Pins: pinsV1, HTTP: true, Path: "/mcp", Argv: script(tsV1Set, "ts-sdk-v1.mjs", "stateful"), Calls: ownCalls, Slow: ownSlow, Needs: "node"},
	{ID: "ts-sdk-v2/stdio", Pins: pinsV2, Argv: script(tsV2Set, "ts-sdk-v2.mjs", "stdio"), Calls: ownCalls, Slow: ownSlow, Needs: "node"},
	{ID: "ts-sdk-v2/http", Pins: pinsV2, HTTP: true, Path: "/mcp", Argv: script(tsV2Set, "ts-sdk-v2.mjs", "http"), Calls: ownCalls, Slow: ownSlow, Needs: "node"},
	{ID: "fastmcp/http", Pins: pinsFastmcp, HTTP: true, Path: "/mcp", Argv: script(fastmcpSet, "fastmcp.mjs"), Calls: ownCalls, Slow: ownSlow, Needs: "node"},
	{ID: "go-sdk/stdio", Pins: pinsGoSDK, Argv: goServer("go-sdk", "stdio"), Calls: ownCalls, Slow: ownSlow, Needs: "go"},
	{ID: "go-sdk/http", Pins: pinsGoSDK, HTTP: true, Path: "/mcp", Argv: goServer("go-sdk", "http"), Calls: ownCalls, Slow: ownSlow, Needs: "go"},
	{ID: "go-sdk/http-stateless", Pins: pinsGoSDK, HTTP: true, Path: "/mcp", Argv: goServer("go-sdk", "http-stateless"), Calls: ownCalls, Slow: ownSlow, Needs: "go"},
	{ID: "mcp-go/stdio", Pins: pinsMcpGo, Argv: goServer("mcp-go", "stdio"), Calls: ownCalls, Slow: ownSlow, Needs: "go"},
	{ID: "mcp-go/http", Pins: pinsMcpGo, HTTP: true, Path: "/mcp", Argv: goServer("mcp-go", "http"), Calls: ownCalls, Slow: ownSlow, Needs: "go"},
	{ID: "python-stdlib/stdio", Pins: "Python 3 standard library only", Argv: func(in installed) []string {
		return []string{in.python, filepath.Join(in.src, "python", "server.py")}
	}, Calls: ownCalls, Slow: ownSlow, Needs: "python"},
}
