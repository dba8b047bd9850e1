package evaluate

import (
	"encoding/hex"

	"github.com/oiebench/oiebench/core/digest"
)

// checksum is the hex SHA-256 of data, as reports and receipts show it.
func checksum(data []byte) string {
	sum := digest.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// checksumPaused is checksum a megabyte at a time, calling pause (when set)
// between megabytes: hashing a 100 MB gold is seconds of work in the page.
func checksumPaused(data []byte, pause func()) string {
	if pause == nil {
		return checksum(data)
	}
	h := digest.New()
	for len(data) > 0 {
		n := min(len(data), 1<<20)
		h.Write(data[:n])
		data = data[n:]
		if len(data) > 0 {
			pause()
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
