package protocol

// Reserved _meta keys (2026-07-28 basic/index §_meta).
const (
	MetaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	MetaClientInfo         = "io.modelcontextprotocol/clientInfo"
	MetaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	MetaServerInfo         = "io.modelcontextprotocol/serverInfo"
	MetaProgressToken      = "progressToken"
	MetaSubscriptionID     = "io.modelcontextprotocol/subscriptionId"
	// MetaLogLevel opts a 2026-07-28 request in to log messages
	// (server/utilities/logging §Per-request log level).
	MetaLogLevel = "io.modelcontextprotocol/logLevel"
	// MetaTraceParent, MetaTraceState and MetaBaggage carry OpenTelemetry
	// trace context: 2026-07-28 basic/index §_meta reserves these three
	// keys, without the usual prefix, for W3C Trace Context and W3C Baggage
	// (changelog, minor change 2). In 2025-11-25 they are ordinary keys.
	MetaTraceParent = "traceparent"
	MetaTraceState  = "tracestate"
	MetaBaggage     = "baggage"
)

// ExtTasks is the tasks extension's identifier, declared under
// capabilities.extensions by both sides (SEP-2663 §Capability Negotiation).
const ExtTasks = "io.modelcontextprotocol/tasks"

// ExtApps is the MCP Apps extension's identifier and AppsMimeType the kind
// of app it renders: 2026-07-28 basic/versioning §Extension Negotiation
// shows a client advertising it, {"mimeTypes": [AppsMimeType]}. The course
// server does not offer it.
const (
	ExtApps      = "io.modelcontextprotocol/ui"
	AppsMimeType = "text/html;profile=mcp-app"
)

// MetaRelatedTask ties a 2025-11-25 message to the task it serves
// (basic/utilities/tasks §Related Task Metadata).
const MetaRelatedTask = "io.modelcontextprotocol/related-task"
