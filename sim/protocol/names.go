package protocol

// Result types (2026-07-28 Result.resultType; "task" is the tasks
// extension's).
const (
	ResultComplete      = "complete"
	ResultInputRequired = "input_required"
	ResultTask          = "task"
)

// Server capabilities (ServerCapabilities keys) that gate methods.
const (
	CapTools       = "tools"
	CapResources   = "resources"
	CapPrompts     = "prompts"
	CapCompletions = "completions"
	CapLogging     = "logging"
	// CapTasks gates the tasks methods: the extension (2026-07-28) or
	// 2025-11-25's tasks capability, declared when a tool supports tasks.
	CapTasks = "tasks"
)

// Client capabilities (ClientCapabilities keys) the requests need.
const (
	CapElicitation = "elicitation"
	CapSampling    = "sampling"
	CapRoots       = "roots"
)

// Elicitation modes (client/elicitation §Elicitation Requests).
const (
	ModeForm = "form"
	ModeURL  = "url"
)

// Elicitation actions (ElicitResult.action).
const (
	ActionAccept  = "accept"
	ActionDecline = "decline"
	ActionCancel  = "cancel"
)

// Task statuses (SEP-2663 §Task Status; 2025-11-25 TaskStatus).
const (
	TaskWorking       = "working"
	TaskInputRequired = "input_required"
	TaskCompleted     = "completed"
	TaskFailed        = "failed"
	TaskCancelled     = "cancelled"
)

// Task support of a tool (2025-11-25 Tool.execution.taskSupport).
const (
	TaskOptional = "optional"
	TaskRequired = "required"
)

// Log levels, least severe first (RFC 5424 severities, server/utilities/
// logging §Log Levels).
var LogLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// LogSeverity is the position of level in LogLevels, or -1 when level is
// not one.
func LogSeverity(level string) int {
	for i, l := range LogLevels {
		if l == level {
			return i
		}
	}
	return -1
}

// Content types of a ContentBlock (schema ContentBlock, both versions).
const (
	ContentText         = "text"
	ContentImage        = "image"
	ContentAudio        = "audio"
	ContentResource     = "resource"      // EmbeddedResource
	ContentResourceLink = "resource_link" // ResourceLink
)

// Reference types of completion/complete (CompleteRequestParams.ref).
const (
	RefPrompt   = "ref/prompt"
	RefResource = "ref/resource"
)
