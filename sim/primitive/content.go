package primitive

import (
	"encoding/base64"
	"encoding/json"
	"fmt"

	"mcpwirelab/sim/jsonrpc"
	"mcpwirelab/sim/protocol"
)

// Annotations are the optional audience, priority and lastModified hints of
// resources, templates and content blocks (server/resources §Annotations).
type Annotations struct {
	Audience     []string `json:"audience,omitempty"` // "user", "assistant"
	Priority     *float64 `json:"priority,omitempty"` // 0 (optional) … 1 (required)
	LastModified string   `json:"lastModified,omitempty"`
}

// ResourceContents is one entry of resources/read contents, or the resource
// of an embedded resource block: text (TextResourceContents) or, when Blob
// is non-nil, binary data sent base64-encoded (BlobResourceContents).
// server/resources §Resource Contents: "Resources can contain either text
// or binary data".
type ResourceContents struct {
	URI      string
	MIMEType string
	Text     string
	Blob     []byte
}

// MarshalJSON writes exactly one of text and blob (the schema requires it).
func (rc ResourceContents) MarshalJSON() ([]byte, error) {
	if rc.Blob != nil {
		return jsonrpc.Marshal(struct {
			URI      string `json:"uri"`
			MIMEType string `json:"mimeType,omitempty"`
			Blob     string `json:"blob"`
		}{rc.URI, rc.MIMEType, base64.StdEncoding.EncodeToString(rc.Blob)})
	}
	return jsonrpc.Marshal(struct {
		URI      string `json:"uri"`
		MIMEType string `json:"mimeType,omitempty"`
		Text     string `json:"text"`
	}{rc.URI, rc.MIMEType, rc.Text})
}

// UnmarshalJSON reads either form; a blob that is not valid base64 is an
// error (server/resources §Security: "Binary data MUST be properly encoded").
func (rc *ResourceContents) UnmarshalJSON(b []byte) error {
	var w struct {
		URI      string  `json:"uri"`
		MIMEType string  `json:"mimeType"`
		Text     *string `json:"text"`
		Blob     *string `json:"blob"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*rc = ResourceContents{URI: w.URI, MIMEType: w.MIMEType}
	switch {
	case w.Blob != nil:
		data, err := base64.StdEncoding.DecodeString(*w.Blob)
		if err != nil {
			return fmt.Errorf("resource %s: blob is not base64: %v", w.URI, err)
		}
		rc.Blob = data
	case w.Text != nil:
		rc.Text = *w.Text
	default:
		return fmt.Errorf("resource %s: contents need text or blob", w.URI)
	}
	return nil
}

// Content is one content block of a tool result or a prompt message. Type
// selects the fields that go on the wire:
//
//	text           Text
//	image, audio   Data (base64 on the wire), MIMEType
//	resource       Resource (an embedded resource)
//	resource_link  URI, Name, Title, Description, MIMEType
//
// Annotations may accompany any of them.
type Content struct {
	Type        string
	Text        string
	Data        []byte
	MIMEType    string
	Resource    *ResourceContents
	URI         string
	Name        string
	Title       string
	Description string
	Annotations *Annotations
}

// TextContent, ImageContent, AudioContent, EmbeddedResource and
// ResourceLink build the five kinds of block.
func TextContent(text string) Content { return Content{Type: protocol.ContentText, Text: text} }

func ImageContent(data []byte, mimeType string) Content {
	return Content{Type: protocol.ContentImage, Data: data, MIMEType: mimeType}
}

func AudioContent(data []byte, mimeType string) Content {
	return Content{Type: protocol.ContentAudio, Data: data, MIMEType: mimeType}
}

func EmbeddedResource(rc ResourceContents) Content {
	return Content{Type: protocol.ContentResource, Resource: &rc}
}

func ResourceLink(uri, name, description, mimeType string) Content {
	return Content{Type: protocol.ContentResourceLink, URI: uri, Name: name, Description: description, MIMEType: mimeType}
}

// MarshalJSON writes the fields of c.Type in the schema's shape.
func (c Content) MarshalJSON() ([]byte, error) {
	switch c.Type {
	case protocol.ContentText:
		return jsonrpc.Marshal(struct {
			Type        string       `json:"type"`
			Text        string       `json:"text"`
			Annotations *Annotations `json:"annotations,omitempty"`
		}{c.Type, c.Text, c.Annotations})
	case protocol.ContentImage, protocol.ContentAudio:
		return jsonrpc.Marshal(struct {
			Type        string       `json:"type"`
			Data        string       `json:"data"`
			MIMEType    string       `json:"mimeType"`
			Annotations *Annotations `json:"annotations,omitempty"`
		}{c.Type, base64.StdEncoding.EncodeToString(c.Data), c.MIMEType, c.Annotations})
	case protocol.ContentResource:
		if c.Resource == nil {
			return nil, fmt.Errorf("content: a resource block needs its resource")
		}
		return jsonrpc.Marshal(struct {
			Type        string            `json:"type"`
			Resource    *ResourceContents `json:"resource"`
			Annotations *Annotations      `json:"annotations,omitempty"`
		}{c.Type, c.Resource, c.Annotations})
	case protocol.ContentResourceLink:
		return jsonrpc.Marshal(struct {
			Type        string       `json:"type"`
			URI         string       `json:"uri"`
			Name        string       `json:"name"`
			Title       string       `json:"title,omitempty"`
			Description string       `json:"description,omitempty"`
			MIMEType    string       `json:"mimeType,omitempty"`
			Annotations *Annotations `json:"annotations,omitempty"`
		}{c.Type, c.URI, c.Name, c.Title, c.Description, c.MIMEType, c.Annotations})
	}
	return nil, fmt.Errorf("content: unknown type %q", c.Type)
}

// UnmarshalJSON reads any of the five kinds; an unknown type or bad base64
// is an error.
func (c *Content) UnmarshalJSON(b []byte) error {
	var w struct {
		Type        string            `json:"type"`
		Text        string            `json:"text"`
		Data        string            `json:"data"`
		MIMEType    string            `json:"mimeType"`
		Resource    *ResourceContents `json:"resource"`
		URI         string            `json:"uri"`
		Name        string            `json:"name"`
		Title       string            `json:"title"`
		Description string            `json:"description"`
		Annotations *Annotations      `json:"annotations"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*c = Content{Type: w.Type, Annotations: w.Annotations}
	switch w.Type {
	case protocol.ContentText:
		c.Text = w.Text
	case protocol.ContentImage, protocol.ContentAudio:
		data, err := base64.StdEncoding.DecodeString(w.Data)
		if err != nil {
			return fmt.Errorf("%s content: data is not base64: %v", w.Type, err)
		}
		c.Data, c.MIMEType = data, w.MIMEType
	case protocol.ContentResource:
		if w.Resource == nil {
			return fmt.Errorf("resource content without its resource")
		}
		c.Resource = w.Resource
	case protocol.ContentResourceLink:
		c.URI, c.Name, c.Title, c.Description, c.MIMEType = w.URI, w.Name, w.Title, w.Description, w.MIMEType
	default:
		return fmt.Errorf("unknown content type %q", w.Type)
	}
	return nil
}
