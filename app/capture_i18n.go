package ui

var captureStrs = map[string]text{
	"nav.capture": {"Check a server", "检查服务器"},
	"cap.title":   {"Check your own server", "检查你自己的服务器"},
	"cap.intro": {"Capture a session with your MCP server (devserver check -out DIR -- your command, or -url URL), then open one of its transcripts (DIR/<version>.jsonl) here: the page grades it with the same checks and steps through it with the same lanes, explanations and exact bytes, each verdict a badge on the step it is about.",
		"先捕获一次与你的 MCP 服务器的会话（devserver check -out DIR -- 你的命令，或 -url URL），然后在这里打开其中一份记录（DIR/<版本>.jsonl）：页面会用同样的检查为它评分，并用同样的泳道、讲解和原始字节逐步展示，每个结论都以徽标标在它所针对的那一步上。"},
	"cap.choose":       {"Open a transcript…", "打开记录文件…"},
	"cap.drop":         {"…or drop a .jsonl transcript here", "……或把 .jsonl 记录文件拖到这里"},
	"cap.offline":      {"Under make run, the captures the dev server made of its target (devserver -target-cmd '…' or -target-url …) are listed here too.", "在 make run 下，开发服务器为其目标（devserver -target-cmd '…' 或 -target-url …）所做的捕获也会列在这里。"},
	"cap.live":         {"Captures of the dev server", "开发服务器的捕获"},
	"cap.now":          {"▶ Capture and check the target now", "▶ 立即捕获并检查目标"},
	"cap.busy":         {"Capturing… (up to a minute)", "正在捕获……（最多约一分钟）"},
	"cap.notarget":     {"The dev server has no target: start it with -target-cmd '…' (a stdio server) or -target-url … (an HTTP one) to capture it from here.", "开发服务器没有目标：用 -target-cmd '…'（stdio 服务器）或 -target-url …（HTTP 服务器）启动它，就能在这里捕获。"},
	"cap.err.read":     {"Cannot open %s: %s", "无法打开 %s：%s"},
	"cap.lab":          {"What the lab's own server sends for this request", "本实验室自己的服务器对这个请求的回应"},
	"cap.asklab":       {"What would the lab's own server send here?", "本实验室自己的服务器在这里会发送什么？"},
	"cap.lab.none":     {"This step is neither a request the client sent nor an answer to one: there is nothing to ask the lab's server.", "这一步既不是客户端发送的请求，也不是对请求的回应：没有可以向本实验室服务器提问的内容。"},
	"cap.lab.stream":   {"This request opens a long-lived stream: the lab's server would hold it open, with no one answer to show.", "这个请求会打开一个长连接流：本实验室的服务器会一直保持它打开，没有单一的回应可以展示。"},
	"cap.verdict.pass": {"pass", "通过"},
	"cap.verdict.fail": {"fail", "不通过"},
	"cap.verdict.warn": {"warning", "警告"},
	"cap.verdict.skip": {"skipped", "跳过"},
}

func init() { addStrs(captureStrs) }
