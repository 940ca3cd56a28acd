package protocol

// Standard JSON-RPC error codes and the MCP-defined ones
// (2026-07-28 basic/index §Error Codes).
const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603

	// CodeResourceNotFound is 2025-11-25's resource-not-found code; 2026-07-28
	// uses CodeInvalidParams and reserves this one (basic/index §Error Codes).
	CodeResourceNotFound = -32002

	CodeHeaderMismatch                  = -32020
	CodeMissingRequiredClientCapability = -32021
	CodeUnsupportedProtocolVersion      = -32022
)

// CodeName returns the spec name of a code ("Parse error", "HeaderMismatch"…).
func CodeName(code int) string {
	switch code {
	case CodeParseError:
		return "Parse error"
	case CodeInvalidRequest:
		return "Invalid Request"
	case CodeMethodNotFound:
		return "Method not found"
	case CodeInvalidParams:
		return "Invalid params"
	case CodeInternalError:
		return "Internal error"
	case CodeResourceNotFound:
		return "Resource not found"
	case CodeHeaderMismatch:
		return "HeaderMismatch"
	case CodeMissingRequiredClientCapability:
		return "MissingRequiredClientCapability"
	case CodeUnsupportedProtocolVersion:
		return "UnsupportedProtocolVersion"
	}
	return "Server error"
}

// ResourceNotFoundCode is the JSON-RPC code of a resource-not-found error
// under version v. 2025-11-25 server/resources §Error Handling: "Resource
// not found: -32002". 2026-07-28: "servers MUST return a JSON-RPC error
// with code -32602 (Invalid Params)", and basic/index: implementations of
// it "MUST NOT emit" -32002 (changelog minor 6).
func ResourceNotFoundCode(v string) int {
	if IsModern(v) {
		return CodeInvalidParams
	}
	return CodeResourceNotFound
}
