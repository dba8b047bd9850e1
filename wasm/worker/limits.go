package main

import (
	"encoding/json"
	"time"

	"github.com/oiebench/oiebench/dist/headers"
)

// limits are the memory budget's figures as the Worker's entry reads them
// (limits.json, imported by entry.mjs for budget.mjs): the constants of
// handler.go, so that the budget kept in JavaScript across an isolate and
// the one kept in Go are set in one place. TestLimitsFile keeps the file
// equal to limitsFile.
type limits struct {
	MaxBodyBytes      int64       `json:"max_body_bytes"`
	MemoryBudget      int64       `json:"memory_budget"`
	MemoryPerByte     int64       `json:"memory_per_byte"`
	MemoryPerCall     int64       `json:"memory_per_call"`
	MemoryPerInstance int64       `json:"memory_per_instance"`
	MemoryPerSystem   int64       `json:"memory_per_system"`
	QueueWaitMs       int64       `json:"queue_wait_ms"`
	RetryAfterSeconds int         `json:"retry_after_seconds"`
	Headers           [][2]string `json:"headers"` // the site's security headers, on the refusals made in JavaScript
}

// limitsFile is the content of limits.json.
func limitsFile() []byte {
	b, err := json.MarshalIndent(limits{
		MaxBodyBytes:      MaxBodyBytes,
		MemoryBudget:      memoryBudget,
		MemoryPerByte:     memoryPerByte,
		MemoryPerCall:     memoryPerCall,
		MemoryPerInstance: memoryPerInstance,
		MemoryPerSystem:   memoryPerSystem,
		QueueWaitMs:       int64(memoryQueueWait / time.Millisecond),
		RetryAfterSeconds: retryAfterSeconds,
		Headers:           headers.Security,
	}, "", "  ")
	if err != nil {
		panic(err) // plain numbers and strings always encode
	}
	return append(b, '\n')
}
