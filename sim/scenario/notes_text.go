package scenario

// notes holds the annotation of every event key. Keys and lookup rules are
// described at AnnotationFor.
var notes = map[string]Note{}
