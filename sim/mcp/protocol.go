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

	"mcpwirelab/sim/primitive"
)

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
	Name         string           `json:"name"`
	Title        string           `json:"title,omitempty"`
	Description  string           `json:"description"`
	InputSchema  json.RawMessage  `json:"inputSchema"`
	OutputSchema json.RawMessage  `json:"outputSchema,omitempty"`
	Annotations  *ToolAnnotations `json:"annotations,omitempty"`
	// Execution is 2025-11-25's task support of the tool (ToolExecution);
	// 2026-07-28 has no such field: the server decides per request.
	Execution *ToolExecution `json:"execution,omitempty"`
}

// ToolExecution is 2025-11-25 Tool.execution.
type ToolExecution struct {
	TaskSupport string `json:"taskSupport"`
}

// Resource is a resource as resources/list shows it.
type Resource struct {
	URI         string                 `json:"uri"`
	Name        string                 `json:"name"`
	Title       string                 `json:"title,omitempty"`
	Description string                 `json:"description,omitempty"`
	MIMEType    string                 `json:"mimeType,omitempty"`
	Annotations *primitive.Annotations `json:"annotations,omitempty"`
}

// ResourceTemplate is a template as resources/templates/list shows it.
type ResourceTemplate struct {
	URITemplate string                 `json:"uriTemplate"`
	Name        string                 `json:"name"`
	Title       string                 `json:"title,omitempty"`
	Description string                 `json:"description,omitempty"`
	MIMEType    string                 `json:"mimeType,omitempty"`
	Annotations *primitive.Annotations `json:"annotations,omitempty"`
}

// Prompt is a prompt as prompts/list shows it.
type Prompt struct {
	Name        string           `json:"name"`
	Title       string           `json:"title,omitempty"`
	Description string           `json:"description,omitempty"`
	Arguments   []PromptArgument `json:"arguments,omitempty"`
}

// PromptArgument is one argument of a prompt.
type PromptArgument struct {
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
}

// ResultMeta carries serverInfo on every 2026-07-28 result
// (basic/index §_meta "Per-response protocol fields": servers SHOULD include it).
type ResultMeta struct {
	ServerInfo Implementation `json:"io.modelcontextprotocol/serverInfo"`
}

// Results: ResultType and Meta are only set for 2026-07-28 (basic/index
// "All results now carry a required resultType field"; servers SHOULD put
// serverInfo in every result's _meta); so are TTLMs and CacheScope, on the
// cacheable ones (server/utilities/caching §Cacheable Results).

// CallToolResult is the result of tools/call in both versions.
type CallToolResult struct {
	ResultType        string              `json:"resultType,omitempty"`
	Content           []primitive.Content `json:"content"`
	StructuredContent any                 `json:"structuredContent,omitempty"`
	IsError           bool                `json:"isError"`
	Meta              *ResultMeta         `json:"_meta,omitempty"`
}

// Cacheable are the trailing fields of a cacheable result: the caching
// hints and _meta, all 2026-07-28 only (server/utilities/caching).
type Cacheable struct {
	TTLMs      *int64      `json:"ttlMs,omitempty"`
	CacheScope string      `json:"cacheScope,omitempty"`
	Meta       *ResultMeta `json:"_meta,omitempty"`
}

// ListToolsResult is the result of tools/list.
type ListToolsResult struct {
	ResultType string `json:"resultType,omitempty"`
	Tools      []Tool `json:"tools"`
	Cacheable
}

// ListResourcesResult is the result of resources/list.
type ListResourcesResult struct {
	ResultType string     `json:"resultType,omitempty"`
	Resources  []Resource `json:"resources"`
	Cacheable
}

// ListResourceTemplatesResult is the result of resources/templates/list.
type ListResourceTemplatesResult struct {
	ResultType        string             `json:"resultType,omitempty"`
	ResourceTemplates []ResourceTemplate `json:"resourceTemplates"`
	Cacheable
}

// ReadResourceResult is the result of resources/read.
type ReadResourceResult struct {
	ResultType string                       `json:"resultType,omitempty"`
	Contents   []primitive.ResourceContents `json:"contents"`
	Cacheable
}

// ListPromptsResult is the result of prompts/list.
type ListPromptsResult struct {
	ResultType string   `json:"resultType,omitempty"`
	Prompts    []Prompt `json:"prompts"`
	Cacheable
}

// GetPromptResult is the result of prompts/get (not cacheable).
type GetPromptResult struct {
	ResultType  string                    `json:"resultType,omitempty"`
	Description string                    `json:"description,omitempty"`
	Messages    []primitive.PromptMessage `json:"messages"`
	Meta        *ResultMeta               `json:"_meta,omitempty"`
}

// CompleteResult is the result of completion/complete.
type CompleteResult struct {
	ResultType string          `json:"resultType,omitempty"`
	Completion CompletionValue `json:"completion"`
	Meta       *ResultMeta     `json:"_meta,omitempty"`
}

// CompletionValue is CompleteResult.completion.
type CompletionValue struct {
	Values  []string `json:"values"`
	Total   int      `json:"total"`
	HasMore bool     `json:"hasMore"`
}

// EmptyResult answers logging/setLevel, resources/subscribe and
// resources/unsubscribe (2025-11-25) and ping.
type EmptyResult struct{}

// LogMessageParams are the params of notifications/message.
type LogMessageParams struct {
	Level  string `json:"level"`
	Logger string `json:"logger,omitempty"`
	Data   any    `json:"data"`
}

// ResourceUpdatedParams are the params of notifications/resources/updated.
type ResourceUpdatedParams struct {
	Meta map[string]any `json:"_meta,omitempty"`
	URI  string         `json:"uri"`
}

// ResourceNotFoundData is the data of a resource-not-found error.
type ResourceNotFoundData struct {
	URI string `json:"uri"`
}

// MissingCapabilityData is the data of a -32021 error.
type MissingCapabilityData struct {
	RequiredCapabilities map[string]any `json:"requiredCapabilities"`
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
