module github.com/oiebench/oiebench

go 1.26

require github.com/tidwall/gjson v1.20.0

require (
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.0 // indirect
)
