package main

import (
	"encoding/json"
	"errors"
	"strings"
)

// pageInit is what the page posts the evaluator Web Worker before it
// starts (dist/loader.js, as JSON): what a Worker cannot read itself. The
// page's other messages are in docs/page-responsiveness.md, The evaluator
// Worker.
type pageInit struct {
	// Hash is the address's fragment ("#..." or ""), read once at the
	// start as Link reads it (app.restore).
	Hash string `json:"hash"`
	// Local holds the page's localStorage entries of this program: the
	// keys that begin with localPrefix (the options and view state, the
	// studio's).
	Local map[string]string `json:"local"`
	// FirstSource and FirstDigest are the first screen's record
	// (firstScreen); empty without one.
	FirstSource string `json:"firstSource"`
	FirstDigest string `json:"firstDigest"`
}

// localPrefix begins every localStorage key the program reads.
const localPrefix = "oiebench."

// decodePageInit reads the page's init message. A message that is not one
// (no JSON object, a fragment without "#", a key of another program) is an
// error naming what is wrong: the page and the Worker are one program's
// two ends, so it is a bug, and the Worker does not start.
func decodePageInit(text string) (pageInit, error) {
	var p pageInit
	if err := json.Unmarshal([]byte(text), &p); err != nil {
		return pageInit{}, errors.New("the page's init message: " + err.Error())
	}
	if p.Hash != "" && !strings.HasPrefix(p.Hash, "#") {
		return pageInit{}, errors.New(`the page's init message: a fragment that does not begin with "#": ` + p.Hash)
	}
	for k := range p.Local {
		if !strings.HasPrefix(k, localPrefix) {
			return pageInit{}, errors.New("the page's init message: a localStorage key not of this page's: " + k)
		}
	}
	if p.Local == nil {
		p.Local = map[string]string{}
	}
	return p, nil
}
