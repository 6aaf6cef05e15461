package render

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/klauspost/compress/zlib"
)

// PDF renders the symbol as a one-page PDF 1.4 document (PDF 32000-1):
// the drawing's paths, filled, on a square page whose side is the
// printed size (pageSide), or for an rMQR a page that wide and as tall as
// its aspect makes it (pageSize). Caption text is drawn as outlines, so the
// document embeds no font. Its bytes depend on the request alone: no
// creation date, no random ID.
func PDF(s *Symbol, o Options) ([]byte, error) {
	s = o.Logo.knockOut(o.Overlay.knockOut(s))
	l, err := newLayout(s, &o)
	if err != nil {
		return nil, err
	}
	d := newDrawing(s, l, &o)
	defer d.release()
	w, h := o.pageSize(l)
	page := vectorPage{b: make([]byte, 0, 256+len(d.dark.ops)*24), cmyk: o.Print.CMYK}
	page.paint(d, &o, w, h)

	content := bytes.NewBuffer(deflateBytes(page.b))

	var doc pdfWriter
	doc.b = make([]byte, 0, content.Len()+1024)
	// The comment of high bytes marks the file as binary for transfer
	// programs (§7.5.2).
	doc.b = append(doc.b, "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"...)
	doc.object("<< /Type /Catalog /Pages 2 0 R >>")
	doc.object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	box := string(appendPoints(nil, w)) + " " + string(appendPoints(nil, h))
	resources := "<< "
	if len(page.alphas) > 0 {
		// Constant alpha of fills (§11.6.4.4, ExtGState ca).
		var g []byte
		for i, a := range page.alphas {
			g = fmt.Appendf(g, "/a%d << /ca ", i)
			g = appendReal(g, float64(a)/255, 4)
			g = append(g, " >> "...)
		}
		resources += "/ExtGState << " + string(g) + ">> "
	}
	if len(page.shadings) > 0 {
		// Gradients (§8.7.4.3, the Shading resource).
		resources += "/Shading << "
		for i, sh := range page.shadings {
			resources += fmt.Sprintf("/Sh%d %s ", i, sh)
		}
		resources += ">> "
	}
	if len(page.pictures) > 0 {
		// Logos' pictures, image XObjects after the content (§8.9.5).
		resources += "/XObject << "
		for i := range page.pictures {
			resources += fmt.Sprintf("/Im%d %d 0 R ", i, 5+i)
		}
		resources += ">> "
	}
	resources += ">>"
	doc.object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " + box + "] /Resources " + resources + " /Contents 4 0 R >>")
	doc.stream("<< /Length "+strconv.Itoa(content.Len())+" /Filter /FlateDecode >>", content.Bytes())
	// A picture over paper alone keeps its transparency: its colours as
	// they are and its opacities as a soft mask, an image of its own
	// after every picture (§11.6.5.3, the SMask entry of §8.9.5).
	var masked []*vectorPicture
	for _, p := range page.pictures {
		space, form := "/DeviceRGB", formPDF
		if page.cmyk {
			space, form = "/DeviceCMYK", formPDFCMYK
		}
		pixels, smask := p.flat, ""
		if p.alpha {
			form, pixels = formPDFColour, p.sized
			if page.cmyk {
				form = formPDFColourCMYK
			}
			smask = fmt.Sprintf(" /SMask %d 0 R", 5+len(page.pictures)+len(masked))
			masked = append(masked, p)
		}
		data := derived(pictureKey{src: p.src, form: form, w: p.w, h: p.h, under: p.under}, func() ([]byte, int) {
			data := deflateBytes(page.samples(pixels()))
			return data, len(data)
		})
		doc.stream(fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace %s /BitsPerComponent 8%s /Length %d /Filter /FlateDecode >>",
			p.w, p.h, space, smask, len(data)), data)
	}
	for _, p := range masked {
		data := derived(pictureKey{src: p.src, form: formPDFAlpha, w: p.w, h: p.h}, func() ([]byte, int) {
			data := deflateBytes(p.alphas())
			return data, len(data)
		})
		doc.stream(fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Length %d /Filter /FlateDecode >>",
			p.w, p.h, len(data)), data)
	}
	return doc.finish(1), nil
}

// pdfWriter writes numbered indirect objects and the cross-reference table
// that gives each one's byte offset (§7.5.4).
type pdfWriter struct {
	b       []byte
	offsets []int
}

// object writes the next object, numbered from 1.
func (w *pdfWriter) object(body string) {
	w.begin()
	w.b = append(w.b, body...)
	w.b = append(w.b, "\nendobj\n"...)
}

// stream writes the next object as a stream: its dictionary, then data
// between the keywords (§7.3.8.1).
func (w *pdfWriter) stream(dict string, data []byte) {
	w.begin()
	w.b = append(w.b, dict...)
	w.b = append(w.b, "\nstream\n"...)
	w.b = append(w.b, data...)
	w.b = append(w.b, "\nendstream\nendobj\n"...)
}

func (w *pdfWriter) begin() {
	w.offsets = append(w.offsets, len(w.b))
	w.b = strconv.AppendInt(w.b, int64(len(w.offsets)), 10)
	w.b = append(w.b, " 0 obj\n"...)
}

// finish writes the cross-reference table, its entries 20 bytes each, the
// trailer naming root as the catalogue, and the offset of the table
// (§7.5.4, §7.5.5).
func (w *pdfWriter) finish(root int) []byte {
	xref := len(w.b)
	w.b = fmt.Appendf(w.b, "xref\n0 %d\n0000000000 65535 f \n", len(w.offsets)+1)
	for _, off := range w.offsets {
		w.b = fmt.Appendf(w.b, "%010d 00000 n \n", off)
	}
	w.b = fmt.Appendf(w.b, "trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(w.offsets)+1, root, xref)
	return w.b
}

// deflateBytes is b compressed for FlateDecode (a zlib stream, §7.4.4).
func deflateBytes(b []byte) []byte {
	var out bytes.Buffer
	z := zlibWriters.Get().(*zlib.Writer)
	z.Reset(&out)
	z.Write(b)
	z.Close()
	z.Reset(io.Discard)
	zlibWriters.Put(z)
	return out.Bytes()
}
