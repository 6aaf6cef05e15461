package server

import "io"

// readBody reads a request body of at most n bytes (its Content-Length,
// or the endpoint's limit) into one buffer of that size, where
// io.ReadAll's doubling could hold twice the bytes that were reserved
// for it. The reader enforces the limit (http.MaxBytesReader).
func readBody(r io.Reader, n int64) ([]byte, error) {
	buf := make([]byte, 0, n+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		m, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}
