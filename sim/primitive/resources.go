package primitive

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// Cache is the caching hint a 2026-07-28 server puts on a cacheable result
// (server/utilities/caching): how long the client may consider it fresh,
// and whether shared intermediaries may keep it ("public") or only the
// caller's own cache ("private": it depends on who asks).
type Cache struct {
	TTL     time.Duration
	Private bool
}

// Scope is the cacheScope value.
func (c Cache) Scope() string {
	if c.Private {
		return "private"
	}
	return "public"
}

// Resource is a resource with a fixed URI, as resources/list shows it, and
// the function that reads it.
type Resource struct {
	URI         string
	Name        string
	Title       string
	Description string
	MIMEType    string
	Annotations *Annotations
	// Cache is the hint on its resources/read result.
	Cache Cache
	// Read returns its contents. Entries without a URI or MIME type get
	// the resource's.
	Read func(ctx context.Context) ([]ResourceContents, error)
}

// ResourceTemplate is a family of resources named by an RFC 6570 URI
// template (server/resources §Resource Templates). This registry supports
// level-1 templates: literal text and {variable} expressions, each
// variable matching one non-empty path segment.
type ResourceTemplate struct {
	URITemplate string
	Name        string
	Title       string
	Description string
	MIMEType    string
	Annotations *Annotations
	Cache       Cache
	// Read returns the contents of the resource uri, whose variables are
	// vars; it returns an error wrapping ErrNotFound when vars name nothing.
	Read func(ctx context.Context, uri string, vars map[string]string) ([]ResourceContents, error)
	// Complete suggests values for a variable (completion/complete with a
	// ref/resource reference); variables without one get no suggestions.
	Complete map[string]Completer
}

// ErrNotFound is what Read functions wrap when a URI names nothing.
var ErrNotFound = errors.New("not found")

// NotFoundError is returned by ReadResource for a URI the server does not
// have. The server turns it into the version's resource-not-found error.
type NotFoundError struct{ URI string }

func (e *NotFoundError) Error() string { return "Resource not found: " + e.URI }

// templateDef is a registered template with its compiled matcher.
type templateDef struct {
	t    ResourceTemplate
	vars []string
	re   *regexp.Regexp
}

// compileTemplate parses a level-1 URI template.
func compileTemplate(t ResourceTemplate) (*templateDef, error) {
	var (
		pattern strings.Builder
		vars    []string
	)
	pattern.WriteString("^")
	rest := t.URITemplate
	for {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return nil, fmt.Errorf("template %s: unbalanced braces", t.URITemplate)
		}
		name := rest[open+1 : open+end]
		if !isVarName(name) {
			return nil, fmt.Errorf("template %s: {%s} is not a level-1 variable (only {name} is supported)", t.URITemplate, name)
		}
		if containsString(vars, name) {
			return nil, fmt.Errorf("template %s: variable {%s} appears twice", t.URITemplate, name)
		}
		if open == 0 && len(vars) > 0 {
			return nil, fmt.Errorf("template %s: variables need literal text between them", t.URITemplate)
		}
		pattern.WriteString(regexp.QuoteMeta(rest[:open]))
		// Level-1 expansion percent-encodes every reserved character, so
		// a value never contains / ? or #.
		pattern.WriteString(`([^/?#]+)`)
		vars = append(vars, name)
		rest = rest[open+end+1:]
	}
	if strings.ContainsAny(rest, "{}") {
		return nil, fmt.Errorf("template %s: unbalanced braces", t.URITemplate)
	}
	pattern.WriteString(regexp.QuoteMeta(rest) + "$")
	if len(vars) == 0 {
		return nil, fmt.Errorf("template %s has no variable: register it as a resource", t.URITemplate)
	}
	if t.Read == nil || t.Name == "" {
		return nil, fmt.Errorf("template %s needs a name and a Read function", t.URITemplate)
	}
	for v := range t.Complete {
		if !containsString(vars, v) {
			return nil, fmt.Errorf("template %s: completion for unknown variable %q", t.URITemplate, v)
		}
	}
	re, err := regexp.Compile(pattern.String())
	if err != nil {
		return nil, fmt.Errorf("template %s: %v", t.URITemplate, err)
	}
	return &templateDef{t: t, vars: vars, re: re}, nil
}

func isVarName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// match returns the variables of uri, or nil when the template does not
// produce uri.
func (d *templateDef) match(uri string) map[string]string {
	m := d.re.FindStringSubmatch(uri)
	if m == nil {
		return nil
	}
	vars := make(map[string]string, len(d.vars))
	for i, name := range d.vars {
		v, err := url.PathUnescape(m[i+1])
		if err != nil {
			return nil
		}
		vars[name] = v
	}
	return vars
}

// Resources returns the resources in resources/list order.
func (r *Registry) Resources() []Resource { return append([]Resource(nil), r.resources...) }

// Templates returns the resource templates in resources/templates/list order.
func (r *Registry) Templates() []ResourceTemplate {
	out := make([]ResourceTemplate, len(r.templates))
	for i, d := range r.templates {
		out[i] = d.t
	}
	return out
}

// ReadResource reads the resource at uri: a listed resource, else the first
// template that produces uri. A URI that names nothing is a *NotFoundError
// (2026-07-28 server/resources §Error Handling: "Servers MUST NOT return an
// empty contents array for a non-existent resource").
func (r *Registry) ReadResource(ctx context.Context, uri string) ([]ResourceContents, Cache, error) {
	if err := ctx.Err(); err != nil {
		return nil, Cache{}, err
	}
	for _, res := range r.resources {
		if res.URI == uri {
			out, err := res.Read(ctx)
			return fill(out, uri, res.MIMEType), res.Cache, r.readErr(uri, out, err)
		}
	}
	for _, d := range r.templates {
		vars := d.match(uri)
		if vars == nil {
			continue
		}
		out, err := d.t.Read(ctx, uri, vars)
		if errors.Is(err, ErrNotFound) {
			return nil, Cache{}, &NotFoundError{URI: uri}
		}
		return fill(out, uri, d.t.MIMEType), d.t.Cache, r.readErr(uri, out, err)
	}
	return nil, Cache{}, &NotFoundError{URI: uri}
}

// Knows reports whether uri is a listed resource or matches a template
// (without reading it).
func (r *Registry) Knows(uri string) bool {
	if r.hasURI(uri) {
		return true
	}
	for _, d := range r.templates {
		if d.match(uri) != nil {
			return true
		}
	}
	return false
}

func (r *Registry) readErr(uri string, out []ResourceContents, err error) error {
	switch {
	case err != nil:
		return err
	case len(out) == 0:
		// An empty array would be ambiguous: a reader bug, not an answer.
		return fmt.Errorf("resource %s: its reader returned no contents", uri)
	}
	return nil
}

// fill gives entries without a URI or MIME type the resource's.
func fill(out []ResourceContents, uri, mimeType string) []ResourceContents {
	for i := range out {
		if out[i].URI == "" {
			out[i].URI = uri
		}
		if out[i].MIMEType == "" {
			out[i].MIMEType = mimeType
		}
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
