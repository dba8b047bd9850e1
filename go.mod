module github.com/oiebench/oiebench

go 1.26

require (
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/jdkato/prose/v3 v3.2.3
	github.com/syumai/workers v0.32.0
	github.com/tidwall/gjson v1.20.0
	github.com/vugu/vjson v0.0.0-20200505061711-f9cbed27d3d9
	github.com/vugu/vugu v0.4.0
	golang.org/x/text v0.21.0
)

require (
	github.com/andybalholm/brotli v1.2.8 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.0 // indirect
	github.com/vugu/html v0.0.0-20190914200101-c62dc20b8289 // indirect
	github.com/vugu/xxhash v0.0.0-20191111030615-ed24d0179019 // indirect
)

tool github.com/vugu/vugu/cmd/vugugen

ignore ./wasm/worker/node_modules
