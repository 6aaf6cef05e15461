package service

// CheckDecode is the problem Decode would answer for the image file before
// it reads any code, found from the file alone: an SVG's size and the
// checks its markup passes, or a raster image's format and the size its
// header declares. Nothing is drawn, decoded or reserved, so a tool can
// try a fix that keeps the image without decoding it. nil when Decode
// would read it (it may still find no code, or wait for memory).
func (s *Service) CheckDecode(image []byte, field string) *Problem {
	if looksLikeXML(image) {
		_, _, p := s.checkedSVG(image, field)
		return p
	}
	_, p := s.imageCost(image, field)
	return p
}
