package oie

// RuneBlock is the stride of the character count index.
const RuneBlock = runeBlock

// Scanned returns the bytes the lookups have read so far, index included.
func (o *Offsets) Scanned() int { return o.scanned }
