package scenario

import (
	"fmt"
	"strings"
)

// A note's quote is a sentence of the spec that governs the act of the
// step the note explains, not merely one from the same section. Each
// quoted note says how, in its "fits" field: a kind and a term,
//
//	fits: sender 202 Accepted
//
// The kinds are the ways a normative sentence can govern a step; each
// comes with the reason it does, and with what TestQuotesGovernTheirSteps
// checks of every step the note explains:
//
//   - sender: the sentence prescribes what the step's sender does, or what
//     the message it sends carries, and the step is that act ("the server
//     MUST return 202 Accepted" on the 202). Check: the sentence's actor
//     (quoteActor), when it is a party, is the step's sender.
//   - receiver: the sentence prescribes what the receiver does with what
//     the step carries, and the step is what it acts on ("the client
//     SHOULD consider the result fresh" on a result with ttlMs). Check:
//     the actor, when it is a party, is the step's receiver.
//   - premise: the step rests on what the sentence requires of a party
//     other than in this act: the client concludes "no prompts" because
//     servers MUST declare them, the Host waits because the server SHOULD
//     notify. Check: the actor is not the step's sender doing this step's
//     act, so a premise never hides a sender rule (it is a party, or the
//     message the other party sent).
//   - breach: the step breaks the sentence, and the rule is what it is
//     measured by (the fault's bytes, a removed method sent anyway, the
//     model obeying a poisoned description). Check: the step is a
//     violation or a failure, or its note says what is wrong.
//   - refusal: the step is the answer refusing what broke the sentence
//     (an error response, a 4xx, a tool execution error naming it).
//     Check: the step carries an error or is an expected error.
//
// The term is words of the sentence that name what the step is about;
// they must occur in the step's bytes or in the note's English text, so a
// sentence about 405 cannot explain a 204, nor one about maxTokens a
// result that carries none.
var fitKinds = []string{fitSender, fitReceiver, fitPremise, fitBreach, fitRefusal}

const (
	fitSender   = "sender"
	fitReceiver = "receiver"
	fitPremise  = "premise"
	fitBreach   = "breach"
	fitRefusal  = "refusal"
)

func fitKindList() string { return strings.Join(fitKinds, ", ") }

// parseFit reads a fits value for quote: its kind and term.
func parseFit(v, quote string) (kind, term string, err error) {
	kind, term, _ = strings.Cut(strings.TrimSpace(v), " ")
	term = strings.TrimSpace(term)
	known := false
	for _, k := range fitKinds {
		known = known || k == kind
	}
	switch {
	case !known:
		return "", "", fmt.Errorf("kind %q is none of %s", kind, fitKindList())
	case term == "":
		return "", "", fmt.Errorf("no term after the kind: name the words of the quote the step is about")
	case !strings.Contains(strings.ToLower(quote), strings.ToLower(term)):
		return "", "", fmt.Errorf("term %q is not in the quote", term)
	}
	return kind, term, nil
}
