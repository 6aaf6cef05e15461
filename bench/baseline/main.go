// Command baseline is the plain server the load test (load.sh) compares
// qrforge with: net/http and skip2/go-qrcode's one-call API, what a QR
// endpoint written in an afternoon looks like. GET /qr?data=...&size=N
// answers a PNG, GET /qr?...&format=svg a minimal SVG of the same
// matrix; nothing is cached.
//
//	go run ./baseline -addr 127.0.0.1:8091
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"strconv"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8091", "listen address (loopback)")
	flag.Parse()
	http.HandleFunc("/qr", serveQR)
	log.Printf("baseline listening on http://%s", *addr)
	log.Fatal(http.ListenAndServe(*addr, nil))
}

func serveQR(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	data := q.Get("data")
	if data == "" {
		http.Error(w, "data is required", http.StatusBadRequest)
		return
	}
	size, err := strconv.Atoi(q.Get("size"))
	if err != nil || size < 64 || size > 4096 {
		size = 512
	}
	if q.Get("format") == "svg" {
		code, err := qrcode.New(data, qrcode.Medium)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "image/svg+xml")
		fmt.Fprint(w, svg(code.Bitmap(), size))
		return
	}
	png, err := qrcode.Encode(data, qrcode.Medium, size)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Write(png)
}

// svg draws one square per dark module: the straightforward way.
func svg(bitmap [][]bool, size int) string {
	var b strings.Builder
	n := len(bitmap)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d"><rect width="%d" height="%d" fill="#fff"/>`, size, size, n, n, n, n)
	for y, row := range bitmap {
		for x, dark := range row {
			if dark {
				fmt.Fprintf(&b, `<rect x="%d" y="%d" width="1" height="1"/>`, x, y)
			}
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}
