package mcp

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// A prompt walks an agent through one job (MCP specification, Prompts):
// which kind to use, the fields it needs, and which of them only the user
// can give. Everything it says of a kind comes from the registry, so a
// prompt stays true as the kind changes.
type prompt struct {
	name, title, description string
	// kind is the kind the prompt makes; "" lets the caller choose it
	// with the prompt's kind argument.
	kind string
	// goal opens the message; design closes it with options that suit
	// the job, given the kind (nil before one is chosen).
	goal   string
	design func(k registry.Entry) string
}

// Prompt names a kind as data, the way a caller does; TestPromptKinds
// keeps each one registered.
var promptList = []prompt{
	{
		name: "payment_code", title: "Make a payment QR code",
		description: "Walks through a payment code: the scheme's kind, its required fields, and the payee fields only the user can give.",
		goal:        "Make a QR code that asks a payer's banking or wallet app to pay the user.",
		design: func(k registry.Entry) string {
			return fmt.Sprintf("Keep the design plain for banking apps: dark on light, %s, no logo over the modules.", levelAdvice(k))
		},
	},
	{
		name: "wifi_guest_card", title: "Wi-Fi card for guests", kind: "wifi",
		description: "Walks through a Wi-Fi code for guests to print: the network's fields, which the user must give, and a printable card.",
		goal:        "Make a card guests scan to join the user's Wi-Fi network.",
		design: constant(fmt.Sprintf("For a printed card: %s \"Scan to join <network>\" and %s banner-below, %s pdf with %s 60mm; qr_size_recommend with the scan distance gives the smallest size that reads.",
			options.Label.Name, options.Tpl.Name, options.Format.Name, options.Size.Name)),
	},
	{
		name: "business_card", title: "Business card contact code", kind: "vcard",
		description: "Walks through a contact code for a business card: the vCard's fields, all of them the user's own, and a size that prints on a card.",
		goal:        "Make a code that saves the user's contact details to a phone's address book, to print on a business card.",
		design: constant(fmt.Sprintf("Fewer fields make a smaller code that scans from further away; call qr_size_recommend with print_mm (about 20 on a card) and use its %s, or %s svg for the printer.",
			options.Size.Name, options.Format.Name)),
	},
}

// prompts are the registered prompts whose kind is registered.
func prompts() []server.ServerPrompt {
	var out []server.ServerPrompt
	for _, p := range promptList {
		if p.kind != "" {
			if _, ok := registry.Lookup(p.kind); !ok {
				continue
			}
		}
		opts := []mcp.PromptOption{mcp.WithPromptTitle(p.title), mcp.WithPromptDescription(p.description)}
		if p.kind == "" {
			opts = append(opts, mcp.WithArgument(kindArgument,
				mcp.ArgumentDescription("The payment scheme's kind (qr_list_kinds), such as the one for the payer's country; leave it out to choose it with the user.")))
		}
		out = append(out, server.ServerPrompt{Prompt: mcp.NewPrompt(p.name, opts...), Handler: p.get})
	}
	return out
}

// get serves prompts/get: the walk-through as one user message.
func (p prompt) get(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	name := p.kind
	if name == "" {
		name = strings.ToLower(strings.TrimSpace(req.Params.Arguments[kindArgument]))
	}
	var b strings.Builder
	b.WriteString(p.goal + "\n\n")
	var kind registry.Entry
	if name == "" {
		b.WriteString("1. Call qr_list_kinds and choose, with the user, the kind whose scheme the payer's app reads (their country and bank or wallet). Then call qr_kind_schema with that kind.\n")
		b.WriteString(steps(2, "<kind>"))
	} else {
		k, ok := registry.Lookup(name)
		if !ok {
			return nil, fmt.Errorf("kind %q is not a payload kind; kinds are %s", truncate(name, maxNameBytes), strings.Join(registry.Names(), ", "))
		}
		kind = k
		b.WriteString(walkThrough(k))
		b.WriteString(steps(1, k.Name()))
	}
	b.WriteString("\n" + p.design(kind) + "\n")
	return &mcp.GetPromptResult{
		Description: p.description,
		Messages:    []mcp.PromptMessage{mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent(b.String()))},
	}, nil
}

// constant is a design that is the same for every kind.
func constant(s string) func(registry.Entry) string {
	return func(registry.Entry) string { return s }
}

// levelAdvice is the error-correction level a payment code should have:
// M or higher, unless the kind's standard fixes it (EPC069-12 and the
// Swiss QR-bill take M alone), when only that level is made.
func levelAdvice(k registry.Entry) string {
	if k != nil {
		if level := k.Hints().Level; level != 0 {
			return fmt.Sprintf("%s %s, the only level its standard allows", options.EC.Name, level)
		}
	}
	return options.EC.Name + " M or higher"
}

// walkThrough says what a kind is and which of its fields to ask for.
func walkThrough(k registry.Entry) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Use kind `%s`: %s (%s).\n", k.Name(), k.Summary(), k.Standard())
	var required, identity, other []string
	for _, f := range k.Fields() {
		switch {
		case f.Required:
			required = append(required, fmt.Sprintf("- %s: %s", f.Name, firstSentence(f.Description)))
		default:
			other = append(other, f.Name)
		}
		if f.Identity {
			identity = append(identity, f.Name)
		}
	}
	if len(required) > 0 {
		b.WriteString("Required fields:\n" + strings.Join(required, "\n") + "\n")
	} else {
		b.WriteString("No field is required on its own, but the code needs at least the ones the user wants to share.\n")
	}
	if len(identity) > 0 {
		fmt.Fprintf(&b, "Identity fields, which only the user can give (ask for each one; never invent it, guess it or copy it from an example or a schema): %s.\n", strings.Join(identity, ", "))
	}
	if len(other) > 0 {
		fmt.Fprintf(&b, "Optional fields: %s; qr_kind_schema {\"kind\": %q} describes each.\n", strings.Join(other, ", "), k.Name())
	}
	return b.String()
}

// steps are the calls that make and check the code, numbered from n.
func steps(n int, kind string) string {
	return fmt.Sprintf("%d. Ask the user for the fields above that they have not given.\n", n) +
		fmt.Sprintf("%d. Call qr_generate_typed {\"kind\": %q, \"fields\": {...}} with the design options below. On an error, follow `fix_arguments` when there are any; a problem on an identity field without them means asking the user again, not changing the value yourself.\n", n+1, kind) +
		fmt.Sprintf("%d. Call qr_verify with the same arguments (no format) and check that scannable and matches are true; show the user the image and the url of the result.\n", n+2)
}

// firstSentence is a field's description up to its first full stop.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}
