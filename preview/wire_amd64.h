// Shared by wire_amd64.s and wire8_amd64.s.

// WIRECOLUMN draws one column of a line: v is AX (fv, 1/65536 pixel), the
// column's byte offset along u R10 (k), BX the byte step across, R9 the
// brightness a, X5 the ink in the pixels' byte order (twice), X7 zero,
// R13 the pixels, DI the wireArgs. It splits a between the pixel at v
// (a-w1, R14) and the one after (w1, CX), o (R11) and o+across (R8), and
// blends both pixels at once: each byte d -> (d*256 + (c-d)*w) >> 8 in a
// 16-bit lane, whose true value stays in 0..65280, so its low 16 bits are
// exact. A pixel out of range jumps to the file's label bad.
#define WIRECOLUMN \
	MOVL AX, CX; \
	SARL $8, CX; \
	MOVBLZX CX, CX; \
	IMULL R9, CX; \
	SARL $8, CX; \
	MOVL AX, R11; \
	SARL $16, R11; \
	MOVLQSX R11, R11; \
	IMULQ BX, R11; \
	ADDQ R10, R11; \
	MOVL R9, R14; \
	SUBL CX, R14; \
	CMPQ R11, wireArgs_npix(DI); \
	JAE  bad; \
	LEAQ (R11)(BX*1), R8; \
	CMPQ R8, wireArgs_npix(DI); \
	JAE  bad; \
	MOVL (R13)(R11*1), X2; \
	MOVL (R13)(R8*1), X3; \
	PUNPCKLLQ X3, X2; \
	PUNPCKLBW X7, X2; \
	MOVL R14, X3; \
	MOVL CX, X4; \
	PUNPCKLQDQ X4, X3; \
	PSHUFLW $0, X3, X3; \
	PSHUFHW $0, X3, X3; \
	MOVOU X5, X4; \
	PSUBW X2, X4; \
	PMULLW X3, X4; \
	PSLLW $8, X2; \
	PADDW X4, X2; \
	PSRLW $8, X2; \
	PACKUSWB X2, X2; \
	MOVL X2, (R13)(R11*1); \
	PSRLQ $32, X2; \
	MOVL X2, (R13)(R8*1)
