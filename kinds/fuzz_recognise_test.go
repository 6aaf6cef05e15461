package kinds_test

import (
	"testing"

	"github.com/qrforge/qrforge/registry"
)

// FuzzRecognise feeds arbitrary payloads, as /decode reads them from
// codes made anywhere, to every kind's parser. A parser must never panic;
// when the fields it reads build a payload, that payload is the kind's
// canonical spelling, which the parser must read back to fields building
// it again (CONTRIBUTING.md, "A pure encoder, and a parser").
func FuzzRecognise(f *testing.F) {
	for _, k := range registry.All() {
		for _, ex := range k.Examples() {
			if p, errs := k.Build(ex); len(errs) == 0 {
				f.Add(p)
			}
		}
	}
	for _, p := range []string{
		"WIFI:S:MyNet;T:WPA;P:pass word;H:false;;",
		"BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8:Müller;Jörg\r\nTEL;WORK;VOICE:+15557654321\r\nNOTE;ENCODING=QUOTED-PRINTABLE:line1=0D=0A=\r\nline2\r\nEND:VCARD",
		"MECARD:N:山田,太郎;SOUND:ﾔﾏﾀﾞ,ﾀﾛｳ;TEL:0312345678;;",
		"upi://pay?pa=abc@okhdfcbank&pn=ABC%20Store&mc=5411&sign=MEUCIQ",
		"otpauth-migration://offline?data=CjEKCkhlbGxv",
		"geo:48.2010,16.3695,183;crs=wgs84;u=40",
		"geo:0,0?q=1600+Amphitheatre+Parkway",
		"SMS:+15551234567:hello",
		"BCD\n002\n2\nSCT\n\nFranz\nDE71110220330123456789\nEUR1\n\n\nx",
	} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, payload string) {
		for _, k := range registry.All() {
			fields, ok := k.Recognise(payload)
			if !ok {
				continue
			}
			canonical, errs := k.Build(fields)
			if len(errs) > 0 {
				continue
			}
			again, ok := k.Recognise(canonical)
			if !ok {
				t.Fatalf("%s: %q reads as %v, which builds %q, which %s does not read", k.Name(), payload, fields, canonical, k.Name())
			}
			if rebuilt, errs := k.Build(again); len(errs) > 0 || rebuilt != canonical {
				t.Fatalf("%s: %q reads as %v, which builds %q, read back as %v, which builds %q (%v)", k.Name(), payload, fields, canonical, again, rebuilt, errs)
			}
		}
	})
}
