package mcp

import (
	"context"
	"errors"
	"net/http"

	"mcpwirelab/sim/primitive"
	"mcpwirelab/sim/protocol"
)

// resourcesList is resources/list (server/resources §Listing Resources).
func (q *call) resourcesList(context.Context) Reply {
	if r := q.noCursor(); r != nil {
		return *r
	}
	res := ListResourcesResult{Resources: []Resource{}}
	for _, r := range q.reg.Resources() {
		res.Resources = append(res.Resources, Resource{URI: r.URI, Name: r.Name, Title: r.Title,
			Description: r.Description, MIMEType: r.MIMEType, Annotations: r.Annotations})
	}
	res.Cacheable, res.ResultType = q.cacheable(primitive.Cache{TTL: toolsListTTL})
	return q.ok(res)
}

// templatesList is resources/templates/list (§Resource Templates).
func (q *call) templatesList(context.Context) Reply {
	if r := q.noCursor(); r != nil {
		return *r
	}
	res := ListResourceTemplatesResult{ResourceTemplates: []ResourceTemplate{}}
	for _, t := range q.reg.Templates() {
		res.ResourceTemplates = append(res.ResourceTemplates, ResourceTemplate{URITemplate: t.URITemplate, Name: t.Name,
			Title: t.Title, Description: t.Description, MIMEType: t.MIMEType, Annotations: t.Annotations})
	}
	res.Cacheable, res.ResultType = q.cacheable(primitive.Cache{TTL: toolsListTTL})
	return q.ok(res)
}

// resourceURI reads params.uri; a missing or empty one is -32602.
func (q *call) resourceURI() (string, *Reply) {
	var p struct {
		URI *string `json:"uri"`
	}
	if r := q.params(&p); r != nil {
		return "", r
	}
	if p.URI == nil || *p.URI == "" {
		r := q.invalid("Invalid params: "+q.m.Method+" needs params.uri (a string)", nil)
		return "", &r
	}
	return *p.URI, nil
}

// resourcesRead is resources/read (§Reading Resources).
func (q *call) resourcesRead(ctx context.Context) Reply {
	uri, bad := q.resourceURI()
	if bad != nil {
		return *bad
	}
	contents, cache, err := q.reg.ReadResource(ctx, uri)
	var nf *primitive.NotFoundError
	switch {
	case errors.As(err, &nf):
		return q.notFound(uri)
	case ctx.Err() != nil:
		return Reply{Status: http.StatusOK}
	case err != nil:
		// §Error Handling: "Servers SHOULD return -32603 for internal errors."
		q.s.Logf("reading %s: %v", uri, err)
		return errReply(q.m, http.StatusOK, protocol.CodeInternalError, "Internal error: could not read "+uri, nil)
	}
	res := ReadResourceResult{Contents: contents}
	res.Cacheable, res.ResultType = q.cacheable(cache)
	return q.ok(res)
}

// notFound is the resource-not-found error of the request's era
// (ResourceNotFoundCode), with the URI in data.
func (q *call) notFound(uri string) Reply {
	v := protocol.V20251125
	if q.modern {
		v = protocol.V20260728
	}
	return errReply(q.m, http.StatusOK, protocol.ResourceNotFoundCode(v), "Resource not found: "+uri, ResourceNotFoundData{URI: uri})
}

// subscribe is 2025-11-25 resources/subscribe: the session is told
// (notifications/resources/updated) when the resource changes
// (§Subscriptions). An unknown URI is not found.
func (q *call) subscribe(context.Context) Reply {
	uri, bad := q.resourceURI()
	if bad != nil {
		return *bad
	}
	if !q.reg.Knows(uri) {
		return q.notFound(uri)
	}
	q.c.mu.Lock()
	q.c.subscribed[uri] = true
	q.c.mu.Unlock()
	return q.ok(EmptyResult{})
}

// unsubscribe is 2025-11-25 resources/unsubscribe; unsubscribing from a
// URI the session did not subscribe to is harmless.
func (q *call) unsubscribe(context.Context) Reply {
	uri, bad := q.resourceURI()
	if bad != nil {
		return *bad
	}
	q.c.mu.Lock()
	delete(q.c.subscribed, uri)
	q.c.mu.Unlock()
	return q.ok(EmptyResult{})
}

// Subscribed reports whether the connection's 2025-11-25 session holds a
// resource subscription (its notifications/resources/updated are due on
// stdout between responses, or on the GET stream).
func (c *Conn) Subscribed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.subscribed) > 0
}
