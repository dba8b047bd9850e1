//go:build !js

package main

import "fmt"

func pageData() []byte { return nil }

func report(s string) { fmt.Print(s) }
