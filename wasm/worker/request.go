package main

import (
	"errors"
	"net/http"

	"github.com/oiebench/oiebench/core/evaluate"
	"github.com/oiebench/oiebench/core/oie"
)

// decodeScoreRequest reads a POST /api/score body with the request
// vocabulary every front end shares (evaluate.DecodeRequest, which documents
// the members); an error is a 400 answer pointing into the body.
func decodeScoreRequest(body []byte) (evaluate.Request, *apiError) {
	req, err := evaluate.DecodeRequest(body)
	if err != nil {
		return req, requestError(err)
	}
	return req, nil
}

// requestError is the 400 answer for an error of the request itself: its
// line and column are in the body, so File stays empty.
func requestError(err error) *apiError {
	e := &apiError{Status: http.StatusBadRequest, Msg: err.Error()}
	var pe *oie.ParseError
	if errors.As(err, &pe) {
		e.Line, e.Column = pe.Line, pe.Column
	}
	return e
}
