package mcp

// LegacyOutputSchemaForTest is legacyOutputSchema, for the external tests.
var LegacyOutputSchemaForTest = legacyOutputSchema
