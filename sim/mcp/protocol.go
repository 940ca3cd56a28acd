// Package mcp implements the Model Context Protocol logic shared by the
// simulator and the real dev server: a dual-era server (2026-07-28
// stateless requests with per-request _meta, and 2025-11-25 sessions opened
// by the initialize handshake) and the request-building side of a client.
// Transports live in sim/transport; this package never touches bytes on a
// wire beyond encoding JSON-RPC messages.
package mcp

import (
	"encoding/json"
	"slices"
)

// Protocol versions the lab implements.
const (
	V20251125 = "2025-11-25" // legacy: initialize handshake, sessions
	V20260728 = "2026-07-28" // modern: stateless, per-request _meta
	// LatestVersion is the newest version the lab implements: the default
	// of the UI, the transcript command and the exercises.
	LatestVersion = V20260728
)

// Versions lists every version the engine implements, oldest first. It is
// the one list of versions: scenarios, graders, the UI and the command line
// read it (or ModernVersions and LegacyVersions) instead of writing their
// own. Each call returns a fresh slice.
func Versions() []string {
	v := append(LegacyVersions(), ModernVersions()...)
	slices.Sort(v) // dates: lexical order is time order
	return v
}

// ModernVersions are the versions the course server serves with
// per-request _meta (2026-07-28 basic/versioning §Terminology: "Modern"),
// newest first.
func ModernVersions() []string { return []string{V20260728} }

// LegacyVersions are the versions the course server serves after an
// initialize handshake ("Legacy"), newest first.
func LegacyVersions() []string { return []string{V20251125} }

// Reserved _meta keys (2026-07-28 basic/index §_meta).
const (
	MetaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	MetaClientInfo         = "io.modelcontextprotocol/clientInfo"
	MetaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	MetaServerInfo         = "io.modelcontextprotocol/serverInfo"
	MetaProgressToken      = "progressToken"
	MetaSubscriptionID     = "io.modelcontextprotocol/subscriptionId"
)

// Method names.
const (
	MethodInitialize    = "initialize"
	MethodInitialized   = "notifications/initialized"
	MethodPing          = "ping"
	MethodDiscover      = "server/discover"
	MethodToolsList     = "tools/list"
	MethodToolsCall     = "tools/call"
	MethodCancelled     = "notifications/cancelled"
	MethodProgress      = "notifications/progress"
	MethodPromptsList   = "prompts/list"
	MethodListen        = "subscriptions/listen"
	MethodAcknowledged  = "notifications/subscriptions/acknowledged"
	MethodToolsChanged  = "notifications/tools/list_changed"
	MethodResourcesList = "resources/list"
	MethodResourcesRead = "resources/read"
	MethodPromptsGet    = "prompts/get"
)

// IsModern reports whether v is a per-request-metadata version.
func IsModern(v string) bool { return v >= V20260728 }

// Implementation is serverInfo / clientInfo.
type Implementation struct {
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`
	Version string `json:"version"`
}

// ToolAnnotations are behaviour hints (untrusted by clients).
type ToolAnnotations struct {
	ReadOnlyHint   bool `json:"readOnlyHint"`
	IdempotentHint bool `json:"idempotentHint"`
}

// Tool is a tool definition as sent in tools/list.
type Tool struct {
	Name        string           `json:"name"`
	Title       string           `json:"title,omitempty"`
	Description string           `json:"description"`
	InputSchema json.RawMessage  `json:"inputSchema"`
	Annotations *ToolAnnotations `json:"annotations,omitempty"`
}

// Content is a text content block.
type Content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// ResultMeta carries serverInfo on every 2026-07-28 result
// (basic/index §_meta "Per-response protocol fields": servers SHOULD include it).
type ResultMeta struct {
	ServerInfo Implementation `json:"io.modelcontextprotocol/serverInfo"`
}

// CallToolResult is the result of tools/call in both versions; ResultType and
// Meta are only set for 2026-07-28.
type CallToolResult struct {
	ResultType        string      `json:"resultType,omitempty"`
	Content           []Content   `json:"content"`
	StructuredContent any         `json:"structuredContent,omitempty"`
	IsError           bool        `json:"isError"`
	Meta              *ResultMeta `json:"_meta,omitempty"`
}

// ListToolsResult is the result of tools/list; the caching fields exist only
// in 2026-07-28 (server/utilities/caching).
type ListToolsResult struct {
	ResultType string      `json:"resultType,omitempty"`
	Tools      []Tool      `json:"tools"`
	TTLMs      *int64      `json:"ttlMs,omitempty"`
	CacheScope string      `json:"cacheScope,omitempty"`
	Meta       *ResultMeta `json:"_meta,omitempty"`
}

// DiscoverResult is the 2026-07-28 server/discover result.
type DiscoverResult struct {
	ResultType        string          `json:"resultType"`
	SupportedVersions []string        `json:"supportedVersions"`
	Capabilities      json.RawMessage `json:"capabilities"`
	Instructions      string          `json:"instructions,omitempty"`
	TTLMs             int64           `json:"ttlMs"`
	CacheScope        string          `json:"cacheScope"`
	Meta              ResultMeta      `json:"_meta"`
}

// InitializeResult is the 2025-11-25 initialize result.
type InitializeResult struct {
	ProtocolVersion string          `json:"protocolVersion"`
	Capabilities    json.RawMessage `json:"capabilities"`
	ServerInfo      Implementation  `json:"serverInfo"`
	Instructions    string          `json:"instructions,omitempty"`
}

// UnsupportedVersionData is the data of a -32022 error.
type UnsupportedVersionData struct {
	Supported []string `json:"supported"`
	Requested string   `json:"requested"`
}

// ProgressParams are the params of notifications/progress.
type ProgressParams struct {
	ProgressToken json.RawMessage `json:"progressToken"`
	Progress      float64         `json:"progress"`
	Total         float64         `json:"total,omitempty"`
	Message       string          `json:"message,omitempty"`
}

// CancelledParams are the params of notifications/cancelled.
type CancelledParams struct {
	RequestID json.RawMessage `json:"requestId"`
	Reason    string          `json:"reason,omitempty"`
}

func contains(list []string, v string) bool { return slices.Contains(list, v) }
