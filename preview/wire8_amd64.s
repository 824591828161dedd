//go:build !purego

#include "textflag.h"
#include "go_asm.h"
#include "wire_amd64.h"

// wireRun8 is wireRun (wire_amd64.s) eight edges at a time. The first
// pass readies a group of eight in the lanes of the Y registers with the
// same integer and float32 operations as wireRun (lane for lane: VPABSD
// for the sign tricks, blends for the swaps and masks, a gather of recip
// where wireRun loads it), into the rows of wide8.rec; the second draws
// the group's edges in order with wireRun's column code. So the pixels
// are wireRun's (TestWireAsmMatchesGo). The ends' vertices are loaded 16
// bytes each and transposed, which costs a quarter of the loads of a
// gather per field.

// REC is the address of row R of wide8.rec, lane L (a register); RECV
// the whole row.
#define REC(R, L) (wireArgs_wide8+wide8_rec+(R)*32)(DI)(L*4)
#define RECV(R) (wireArgs_wide8+wide8_rec+(R)*32)(DI)

// GATHER loads the 32-bit words at byte offsets IDX (lanes) from BASE+OFF
// into DST; Y15 is the mask it uses up.
#define GATHER(OFF, BASE, IDX, DST) \
	VPCMPEQD Y15, Y15, Y15; \
	VPXOR DST, DST, DST; \
	VPGATHERDD Y15, OFF(BASE)(IDX*1), DST

// SPLIT takes the sixteen words at BASE+8*SI (pairs: a, b) into the a's
// (A) and the b's (B) in order; Y0 and Y1 are scratch.
#define SPLIT(BASE, A, B) \
	VMOVDQU (BASE)(SI*8), Y0; \
	VMOVDQU 32(BASE)(SI*8), Y1; \
	VSHUFPS $0x88, Y1, Y0, A; \
	VPERMQ $0xD8, A, A; \
	VSHUFPS $0xDD, Y1, Y0, B; \
	VPERMQ $0xD8, B, B

// VPAIR loads the vertices whose byte offsets are lanes I and I+4 of row
// ROW of wide8.rec into the halves of Y (X its low half); AX, BX scratch.
#define VPAIR(ROW, I, Y, X) \
	MOVL (wireArgs_wide8+wide8_rec+(ROW)*32+(I)*4)(DI), AX; \
	MOVL (wireArgs_wide8+wide8_rec+(ROW)*32+(I)*4+16)(DI), BX; \
	VMOVDQU (R13)(AX*1), X; \
	VINSERTI128 $1, (R13)(BX*1), Y, Y

// TRANSPOSE turns Y8..Y11 (vertices 0 and 4, 1 and 5, 2 and 6, 3 and 7)
// into X, Y, A and C, the eight vertices' x, y, a and code in order;
// Y14 and Y15 are scratch, and Y8, Y9 are used up (X..C may be Y10, Y11).
#define TRANSPOSE(X, Y, A, C) \
	VPUNPCKLDQ Y9, Y8, Y14; \
	VPUNPCKHDQ Y9, Y8, Y15; \
	VPUNPCKLDQ Y11, Y10, Y8; \
	VPUNPCKHDQ Y11, Y10, Y9; \
	VPUNPCKLQDQ Y8, Y14, X; \
	VPUNPCKHQDQ Y8, Y14, Y; \
	VPUNPCKLQDQ Y9, Y15, A; \
	VPUNPCKHQDQ Y9, Y15, C

// ALLSET jumps to L unless every lane of M is all ones (AX scratch).
#define ALLSET(M, L) \
	VPMOVMSKB M, AX; \
	CMPL AX, $-1; \
	JNE  L

// func wireRun8(a *wireArgs) int
TEXT ·wireRun8(SB), NOSPLIT, $0-16
	MOVQ a+0(FP), DI
	MOVQ wireArgs_e(DI), SI

group:
	LEAQ 8(SI), AX
	CMPQ AX, wireArgs_hi(DI)
	JGT  stop

	// the ends' indices: Y2 = A, Y3 = B; in range, then byte offsets
	MOVQ wireArgs_edges(DI), R8
	SPLIT(R8, Y2, Y3)
	VPMAXUD Y2, Y3, Y4
	VPMINUD (wireArgs_wide8+wide8_vnvm1)(DI), Y4, Y5
	VPCMPEQD Y4, Y5, Y5
	ALLSET(Y5, stop)
	VPSLLD $4, Y2, Y2
	VPSLLD $4, Y3, Y3

	// each end's 16 bytes (x, y, a, code) in one load, two vertices to
	// a register, then turned into a register per field (four by four in
	// each half): Y4 xa, Y5 ya, Y6 xb, Y7 yb, Y8 = a = (aa + ab) >> 2
	VMOVDQU Y2, RECV(const_recK)
	VMOVDQU Y3, RECV(const_recFV)
	MOVQ wireArgs_verts(DI), R13
	VPAIR(const_recK, 0, Y8, X8)
	VPAIR(const_recK, 1, Y9, X9)
	VPAIR(const_recK, 2, Y10, X10)
	VPAIR(const_recK, 3, Y11, X11)
	TRANSPOSE(Y4, Y5, Y12, Y13)
	VPAIR(const_recFV, 0, Y8, X8)
	VPAIR(const_recFV, 1, Y9, X9)
	VPAIR(const_recFV, 2, Y10, X10)
	VPAIR(const_recFV, 3, Y11, X11)
	TRANSPOSE(Y6, Y7, Y10, Y11)

	// an end that needs clipping or bounds tests: wireRun draws the group
	VPOR Y13, Y11, Y11
	VPTEST Y11, Y11
	JNZ  stop
	VPADDD Y10, Y12, Y8
	VPSRAD $2, Y8, Y8

	// dim when every triangle of the edge faces away
	MOVQ wireArgs_etris(DI), R8
	TESTQ R8, R8
	JZ   inks
	SPLIT(R8, Y2, Y3) // Y2 the first triangle, Y3 the second or NoTri
	VPCMPEQD Y14, Y14, Y14    // all ones
	VPMINUD (wireArgs_wide8+wide8_vntm1)(DI), Y2, Y9
	VPCMPEQD Y2, Y9, Y9
	ALLSET(Y9, stop)
	VPCMPEQD Y14, Y3, Y10     // NoTri
	VPMINUD (wireArgs_wide8+wide8_vntm1)(DI), Y3, Y9
	VPCMPEQD Y3, Y9, Y9
	VPOR Y10, Y9, Y9
	ALLSET(Y9, stop)
	MOVQ wireArgs_away(DI), R8
	GATHER(0, R8, Y2, Y9)
	VPXOR Y14, Y10, Y15       // gather the second where there is one
	VPCMPEQD Y11, Y11, Y11    // and count it as facing away where not
	VPGATHERDD Y15, (R8)(Y3*1), Y11
	VPBROADCASTD k255<>(SB), Y12
	VPAND Y12, Y9, Y9
	VPAND Y12, Y11, Y11
	VPXOR Y12, Y12, Y12
	VPCMPEQD Y12, Y9, Y9      // the first faces the eye
	VPCMPEQD Y12, Y11, Y11    // the second does
	VPOR Y11, Y9, Y9          // not dimmed
	VPBROADCASTD k179<>(SB), Y12
	VPMULLD Y12, Y8, Y12
	VPSRAD $8, Y12, Y12
	VPSUBD Y12, Y8, Y12       // a - a*(256-backDim)>>8
	VPBLENDVB Y9, Y8, Y12, Y8

inks:
	// the ink's index, 0 when beyond the palette
	MOVQ wireArgs_egroup(DI), R8
	VPMOVZXWD (R8)(SI*2), Y9
	VMOVDQU (wireArgs_wide8+wide8_vnpal)(DI), Y10
	VPCMPGTD Y9, Y10, Y10
	VPAND Y10, Y9, Y9
	VMOVDQU Y9, RECV(const_recG)

	// steep lines swap u and v: Y0 u0, Y1 v0, Y2 u1, Y3 v1
	VPSUBD Y4, Y6, Y10
	VPABSD Y10, Y10           // |xb - xa|
	VPSUBD Y5, Y7, Y11
	VPABSD Y11, Y11           // |yb - ya|
	VPCMPGTD Y10, Y11, Y12    // steep
	VPBLENDVB Y12, Y5, Y4, Y0
	VPBLENDVB Y12, Y4, Y5, Y1
	VPBLENDVB Y12, Y7, Y6, Y2
	VPBLENDVB Y12, Y6, Y7, Y3
	VMOVDQU (wireArgs_wide8+wide8_vstrd)(DI), Y13
	VPBROADCASTD k4<>(SB), Y14
	VPBLENDVB Y12, Y13, Y14, Y4
	VPBLENDVB Y12, Y14, Y13, Y5
	VMOVDQU Y4, RECV(const_recStep)
	VMOVDQU Y5, RECV(const_recAcross)

	// u running backwards swaps the ends: Y6 u0, Y7 u1, Y4 v0, Y5 v1
	VPCMPGTD Y2, Y0, Y12
	VPBLENDVB Y12, Y2, Y0, Y6
	VPBLENDVB Y12, Y0, Y2, Y7
	VPBLENDVB Y12, Y3, Y1, Y4
	VPBLENDVB Y12, Y1, Y3, Y5

	// Y0 du, Y1 dv, Y2 first, Y3 end, Y5 nm, Y12 um
	VPSUBD Y6, Y7, Y0
	VPSUBD Y4, Y5, Y1
	VPBROADCASTD k127<>(SB), Y14
	VPADDD Y14, Y6, Y2
	VPSRAD $8, Y2, Y2
	VPADDD Y14, Y7, Y3
	VPSRAD $8, Y3, Y3
	VPSUBD Y3, Y2, Y5
	VPSRAD $31, Y5, Y5
	VPCMPEQD Y14, Y14, Y14
	VPXOR Y14, Y5, Y5         // nm: -1 when no column centre is covered
	VPADDD Y6, Y7, Y7
	VPSRAD $1, Y7, Y7         // the middle
	VPSLLD $8, Y2, Y12
	VPBROADCASTD k128<>(SB), Y14
	VPADDD Y14, Y12, Y12
	VPBLENDVB Y5, Y7, Y12, Y12
	VPMULLD Y0, Y8, Y7
	VPSRAD $8, Y7, Y7
	VPBLENDVB Y5, Y7, Y8, Y8  // a, or a*du>>8
	VMOVDQU Y8, RECV(const_recA)
	VPSRAD $8, Y12, Y2        // first
	VPBROADCASTD k1<>(SB), Y14
	VPADDD Y14, Y2, Y7
	VPMAXSD Y7, Y3, Y3        // end = max(end, first+1)
	VPSUBD Y2, Y3, Y3
	VMOVDQU Y3, RECV(const_recN8)

	// Y1 = sl = dv * recip[du], or dv / du for long lines
	VCVTDQ2PS Y1, Y1
	VPBROADCASTD kRecipN<>(SB), Y14
	VPCMPGTD Y0, Y14, Y7      // short
	VMOVDQU Y7, Y15
	VPXOR Y9, Y9, Y9
	MOVQ wireArgs_recip(DI), R8
	VPGATHERDD Y15, (R8)(Y0*4), Y9
	VMULPS Y9, Y1, Y9
	VCVTDQ2PS Y0, Y10
	VDIVPS Y10, Y1, Y10
	VBLENDVPS Y7, Y9, Y10, Y1

	// fv = v0<<8 + int32(sl*float32((um-u0)<<8)) - 1<<15; dfv = int32(sl*65536)
	VPSUBD Y6, Y12, Y9
	VPSLLD $8, Y9, Y9
	VCVTDQ2PS Y9, Y9
	VMULPS Y1, Y9, Y9
	VCVTTPS2DQ Y9, Y9
	VPSLLD $8, Y4, Y10
	VPADDD Y10, Y9, Y9
	VPBROADCASTD k32768<>(SB), Y14
	VPSUBD Y14, Y9, Y9
	VMOVDQU Y9, RECV(const_recFV)
	VBROADCASTSS f65536x<>(SB), Y14
	VMULPS Y14, Y1, Y10
	VCVTTPS2DQ Y10, Y10
	VMOVDQU Y10, RECV(const_recDFV)

	// k = first * step
	VMOVDQU RECV(const_recStep), Y10
	VPMULLD Y10, Y2, Y10
	VMOVDQU Y10, RECV(const_recK)
	VZEROUPPER

	// the second pass: the eight edges in order, as wireRun's columns
	PXOR X7, X7
	MOVQ wireArgs_pix(DI), R13
	XORQ R15, R15

edge:
	MOVLQSX REC(const_recK, R15), R10
	MOVL REC(const_recFV, R15), AX
	MOVL REC(const_recA, R15), R9
	MOVL REC(const_recN8, R15), DX
	MOVLQSX REC(const_recAcross, R15), BX
	MOVLQSX REC(const_recG, R15), CX
	SHLQ $4, CX
	MOVQ (wireArgs_wide8+wide8_pal16)(DI), R8
	MOVOU (R8)(CX*1), X5

column:
	WIRECOLUMN

	DECL DX
	JZ   drawn
	ADDL REC(const_recDFV, R15), AX
	MOVLQSX REC(const_recStep, R15), R8
	ADDQ R8, R10
	JMP  column

drawn:
	INCQ R15
	CMPQ R15, $8
	JLT  edge
	ADDQ $8, SI
	JMP  group

bad:
	ADDQ R15, SI
	NOTQ SI

stop:
	VZEROUPPER
	MOVQ SI, ret+8(FP)
	RET

DATA k1<>+0(SB)/4, $1
GLOBL k1<>(SB), RODATA|NOPTR, $4
DATA k4<>+0(SB)/4, $4
GLOBL k4<>(SB), RODATA|NOPTR, $4
DATA k127<>+0(SB)/4, $127
GLOBL k127<>(SB), RODATA|NOPTR, $4
DATA k128<>+0(SB)/4, $128
GLOBL k128<>(SB), RODATA|NOPTR, $4
DATA k179<>+0(SB)/4, $179 // 256 - backDim
GLOBL k179<>(SB), RODATA|NOPTR, $4
DATA k255<>+0(SB)/4, $255
GLOBL k255<>(SB), RODATA|NOPTR, $4
DATA kRecipN<>+0(SB)/4, $2048 // recipN
GLOBL kRecipN<>(SB), RODATA|NOPTR, $4
DATA k32768<>+0(SB)/4, $32768
GLOBL k32768<>(SB), RODATA|NOPTR, $4
DATA f65536x<>+0(SB)/4, $0x47800000 // float32(65536)
GLOBL f65536x<>(SB), RODATA|NOPTR, $4
