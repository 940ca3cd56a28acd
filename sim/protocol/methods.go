package protocol

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

	MethodResourcesRead      = "resources/read"
	MethodResourcesTemplates = "resources/templates/list"
	MethodSubscribe          = "resources/subscribe"   // 2025-11-25 only
	MethodUnsubscribe        = "resources/unsubscribe" // 2025-11-25 only
	MethodResourceUpdated    = "notifications/resources/updated"
	MethodResourcesChanged   = "notifications/resources/list_changed"
	MethodPromptsGet         = "prompts/get"
	MethodPromptsChanged     = "notifications/prompts/list_changed"
	MethodComplete           = "completion/complete"
	MethodSetLevel           = "logging/setLevel" // 2025-11-25 only
	MethodLog                = "notifications/message"

	// Requests the server makes of the client (2025-11-25: JSON-RPC
	// requests; 2026-07-28: InputRequests).
	MethodElicit = "elicitation/create"
	MethodSample = "sampling/createMessage"
	MethodRoots  = "roots/list"
	// MethodRootsChanged: 2025-11-25 client → server when its roots change.
	MethodRootsChanged = "notifications/roots/list_changed"
	// MethodElicitationComplete: 2025-11-25 server → client when a URL-mode
	// interaction has finished.
	MethodElicitationComplete = "notifications/elicitation/complete"

	// Tasks: the io.modelcontextprotocol/tasks extension (2026-07-28) and
	// the experimental tasks of 2025-11-25 (basic/utilities/tasks).
	MethodTasksGet    = "tasks/get"
	MethodTasksUpdate = "tasks/update" // extension only
	MethodTasksCancel = "tasks/cancel"
	MethodTasksResult = "tasks/result" // 2025-11-25 only; removed by the extension
	MethodTasksList   = "tasks/list"   // 2025-11-25 only; removed by the extension
	// MethodTaskNotice is the extension's status notification (on a
	// subscriptions/listen stream with taskIds); MethodTaskStatus is
	// 2025-11-25's.
	MethodTaskNotice = "notifications/tasks"
	MethodTaskStatus = "notifications/tasks/status"
)
