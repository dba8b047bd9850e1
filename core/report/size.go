package report

import "fmt"

// Size writes a byte count for people, in binary units: "512 bytes",
// "740 kB", "1.4 MB", "2.0 GB". The command line and the page both write
// sizes with it.
func Size(n int) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.0f kB", float64(n)/(1<<10))
	case n == 1:
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}
