package mcp

// Ready reports whether a 2025-11-25 handshake has completed on the
// connection (notifications/initialized arrived): from then on its requests
// depend on nothing that is still changing, and a transport may run them
// side by side.
func (c *Conn) Ready() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.phase == phaseReady
}
