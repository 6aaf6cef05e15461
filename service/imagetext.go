package service

import (
	"fmt"

	"github.com/qrforge/qrforge/internal/imagetext"
)

// ImageText is the image file encoded writes (imagetext.Bytes: base64, a
// data URI or SVG markup), as a JSON body to decode and qr_decode carry
// it. Its file is held to MaxUpload, as an uploaded file is, and that is
// judged from the text's length before it is decoded, so a text too long
// allocates no file: tooLarge names the limit. err says why encoded is no
// file's text.
func (s *Service) ImageText(encoded string) (file []byte, tooLarge *Problem, err error) {
	if int64(imagetext.MaxLen(encoded)) > s.MaxUpload {
		return nil, s.imageFileTooLarge(), nil
	}
	file, err = imagetext.Bytes(encoded)
	if err != nil {
		return nil, nil, err
	}
	if int64(len(file)) > s.MaxUpload {
		return nil, s.imageFileTooLarge(), nil
	}
	return file, nil, nil
}

// imageFileTooLarge refuses an image file over MaxUpload. Its size may
// be known only as the most its text can hold, so the detail gives the
// limit alone.
func (s *Service) imageFileTooLarge() *Problem {
	return s.Problem(KindPayloadTooLarge,
		fmt.Sprintf("the image file is larger than %s (%d bytes), the limit for an image to decode; scale it down or crop it to the code: a QR code reads well at a few hundred pixels a side",
			SizeText(s.MaxUpload), s.MaxUpload),
		imageMember, s.DecodeCurl("image/png", "smaller.png"))
}
