module github.com/qrforge/qrforge/e2e

go 1.26.8

require (
	github.com/makiuchi-d/gozxing v0.1.1
	github.com/qrforge/qrforge v0.0.0
)

require (
	github.com/klauspost/compress v1.20.2 // indirect
	golang.org/x/image v0.47.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	golang.org/x/xerrors v0.0.0-20200804184101-5ec99f83aff1 // indirect
)

replace github.com/qrforge/qrforge => ../
