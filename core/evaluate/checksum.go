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

// checksumPauseEvery is how many bytes checksumPaused hashes between two
// calls of pause: a megabyte was 60 ms of the page's thread at 1× and
// 250 ms at 4× CPU (docs/page-responsiveness.md, The loading tasks, split);
// 64 KiB are about 4 ms at 1×, and the pacer yields once its slice is used.
const checksumPauseEvery = 64 << 10

// checksumPaused is checksum in parts of checksumPauseEvery bytes, calling
// pause (when set) between parts: hashing a 100 MB gold is seconds of work
// in the page.
func checksumPaused(data []byte, pause func()) string {
	if pause == nil {
		return checksum(data)
	}
	h := digest.New()
	for len(data) > 0 {
		n := min(len(data), checksumPauseEvery)
		h.Write(data[:n])
		data = data[n:]
		if len(data) > 0 {
			pause()
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
