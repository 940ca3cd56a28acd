package exercise

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// schemaCase is one hidden argument object run against a learner's schema.
type schemaCase struct {
	id       string // its text is text/set.text's send-email-schema.case.<id>
	instance string
	// reason (invalid cases) is why the instance must be rejected:
	// a catalog key and its arguments.
	reason []any
}

// text describes the case (feedback names a failing case by its id and this).
func (sc schemaCase) text() Text { return say(schemaCaseKey + sc.id) }

// schemaCaseKey prefixes a case's id to make the key of its text.
const schemaCaseKey = "send-email-schema.case."

func (sc schemaCase) why(lang string) string {
	return tr(lang, sc.reason[0].(string), sc.reason[1:]...)
}

// schemaURL is where a learner's schema is registered; nothing is loaded
// from the network or disk (see compileLearnerSchema).
const schemaURL = "https://wirelab.invalid/inputSchema.json"

// compileLearnerSchema compiles a learner's schema (Draft 2020-12 unless
// $schema says otherwise; format is not asserted, as in 2020-12 by default).
// External $refs are refused.
func compileLearnerSchema(c *checker, answer string) (*jsonschema.Schema, bool) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(answer))
	if err != nil {
		parseJSON(c, answer, 0) // reports the syntax error with line and column
		if len(c.problems) == 0 {
			c.fail("syntax-other", err.Error())
		}
		return nil, false
	}
	comp := jsonschema.NewCompiler()
	comp.DefaultDraft(jsonschema.Draft2020)
	comp.UseLoader(jsonschema.SchemeURLLoader{})
	if err := comp.AddResource(schemaURL, doc); err != nil {
		c.fail("schema-compile", err.Error())
		return nil, false
	}
	sch, err := comp.Compile(schemaURL)
	if err != nil {
		var sve *jsonschema.SchemaValidationError
		var ve *jsonschema.ValidationError
		if errors.As(err, &sve) && errors.As(sve.Err, &ve) {
			// One problem per schema location: alternatives of a oneOf/anyOf
			// in the metaschema would otherwise contradict each other.
			seen := map[string]bool{}
			for _, leaf := range leaves(ve) {
				loc := instPath(leaf.InstanceLocation)
				if !seen[loc] {
					seen[loc] = true
					c.fail("schema-invalid", describeVErr(c.lang, leaf))
				}
			}
			return nil, false
		}
		msg := strings.ReplaceAll(err.Error(), schemaURL, "inputSchema")
		c.fail("schema-compile", msg)
		return nil, false
	}
	return sch, true
}

// leaves returns the innermost causes of a validation error, ordered by
// the location they are at (then the keyword that failed there): the
// validator collects the causes of an object's properties in map order, so
// the same answer got its problems in another order from one grading to
// the next (FuzzGrade found it).
func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	out := causes(e)
	slices.SortStableFunc(out, func(a, b *jsonschema.ValidationError) int {
		if c := strings.Compare(instPath(a.InstanceLocation), instPath(b.InstanceLocation)); c != 0 {
			return c
		}
		return strings.Compare(a.SchemaURL, b.SchemaURL)
	})
	return out
}

func causes(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, causes(c)...)
	}
	return out
}

// instPath renders an instance location as "$.to[0]".
func instPath(tokens []string) string {
	p := "$"
	for _, t := range tokens {
		if _, err := strconv.Atoi(t); err == nil {
			p += "[" + t + "]"
		} else {
			p = jpath(p, t)
		}
	}
	return p
}

// describeVErr renders one leaf validation error as "$.to: expected array, got string".
func describeVErr(lang string, e *jsonschema.ValidationError) string {
	path := instPath(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		return tr(lang, "type", path, strings.Join(k.Want, " or "), k.Got)
	case *kind.Required:
		return tr(lang, "missing-prop", path, strings.Join(k.Missing, "\", \""))
	case *kind.AdditionalProperties:
		// The validator lists them in map order: sorted, so that the same
		// answer always gets the same feedback (FuzzGrade found it).
		return tr(lang, "extra-prop", path, strings.Join(slices.Sorted(slices.Values(k.Properties)), "\", \""))
	case *kind.MinItems:
		return tr(lang, "min-items", path, k.Want, k.Got)
	case *kind.FalseSchema:
		return tr(lang, "false-schema", path)
	}
	// Other keywords: the validator's own (English) wording.
	msg := (&jsonschema.ValidationError{ErrorKind: e.ErrorKind}).Error()
	msg = strings.TrimPrefix(msg, "at '': ")
	return fmt.Sprintf("%s: %s", path, msg)
}

// runSchemaCases runs the hidden cases and reports each one the schema gets wrong.
func runSchemaCases(c *checker, sch *jsonschema.Schema, valid, invalid []schemaCase) {
	for _, sc := range valid {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(sc.instance))
		if err != nil {
			panic("exercise: bad hidden case " + sc.id)
		}
		if err := sch.Validate(inst); err != nil {
			var ve *jsonschema.ValidationError
			var why []string
			if errors.As(err, &ve) {
				for _, l := range leaves(ve) {
					why = append(why, describeVErr(c.lang, l))
				}
			} else {
				why = append(why, err.Error())
			}
			c.fail("case-valid-rejected", sc.id, sc.text().In(c.lang), strings.Join(why, "; "))
		}
	}
	for _, sc := range invalid {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(sc.instance))
		if err != nil {
			panic("exercise: bad hidden case " + sc.id)
		}
		if sch.Validate(inst) == nil {
			c.fail("case-invalid-accepted", sc.id, sc.text().In(c.lang), sc.why(c.lang))
		}
	}
}
