package ui

// Names shared by the components and the instant step patch
// (faststep.go): the patch finds what it writes by these ids, selectors
// and data attributes, so a component renders them from here, never from
// a literal of its own. TestPatchTargetsRendered (faststep_test.go) renders
// the components and fails when the patch names an element they no longer
// draw.
const (
	// The player (Player, lab_player.go).
	idPrev      = "prev"       // button: disabled at the first step
	idNext      = "next"       // button: disabled at the last step
	idJump      = "jump"       // range input: value and aria-valuetext
	idStepCur   = "step-cur"   // the counter's number (a single text node)
	idVClock    = "vclock-t"   // the virtual clock (a single text node)
	idEmbedOpen = "embed-open" // link: the embedded stage's way to the full lab (embed=1)
	idPlay      = "play"       // button: the reader script (early.go) plays and pauses too
	idSpeed     = "speed"      // select: the playback speed

	// The sequence diagram (Sequence, seqRow).
	idSequence = "sequence"
	idSeqMore  = "seq-more" // the line under the rows (a single text node)
	clsRows    = "rows"     // the <ol> of rows; each <li> has data-step
	// selRows finds the row elements inside #sequence; each row's first
	// element child is its button (aria-current).
	selRows  = "." + clsRows + " > li"
	dataStep = "step" // data-step on a row: its 1-based step number

	// The parts the reader script (early.go) also redraws per step: the
	// deadline clock (DeadlineClock), the HTTP timeline (renderTimeline).
	idClock    = "clock"
	idTimeline = "timeline"
	idTlNow    = "tl-now"

	// The inspector (Inspector).
	idInspector = "inspector"
	idInspStep  = "insp-step" // the step sections, filled by fillStep
	dataFilled  = "k"         // data-k on #insp-step: the key of what it shows
)
