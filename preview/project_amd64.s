//go:build !purego

#include "textflag.h"
#include "go_asm.h"

// projRun is the wire view's projection (project in render.go), four
// vertices a lane each: the same float32 operations in the same order as
// the Go loop, so each lane gives the Go loop's vertex.
//
// Registers: DI the arguments, SI the positions, DX the vertices, CX the
// count; X8 and X9 the lowest and highest row so far, X10 the careful
// lanes so far, X13 1<<31 in each lane, X14 zero.

// func projRun(a *projArgs)
TEXT ·projRun(SB), NOSPLIT, $0-8
	MOVQ a+0(FP), DI
	MOVQ projArgs_pos(DI), SI
	MOVQ projArgs_out(DI), DX
	MOVQ projArgs_n(DI), CX
	PCMPEQL X13, X13
	PSLLL $31, X13             // 1<<31: -0.0, MinInt32, the bias
	XORPS X14, X14
	PCMPEQL X8, X8
	PXOR X13, X8               // MaxInt32
	MOVOU X13, X9              // MinInt32
	PXOR X10, X10

loop:
	// px X4, py X5, pz X3 from x0 y0 z0 x1 | y1 z1 x2 y2 | z2 x3 y3 z3
	MOVUPS 0(SI), X0
	MOVUPS 16(SI), X1
	MOVUPS 32(SI), X2
	MOVAPS X1, X3
	SHUFPS $0x12, X2, X3       // x2 . x3 .
	MOVAPS X0, X4
	SHUFPS $0x8C, X3, X4       // x0 x1 x2 x3
	MOVAPS X0, X5
	SHUFPS $0x01, X1, X5       // y0 . y1 .
	MOVAPS X1, X3
	SHUFPS $0x23, X2, X3       // y2 . y3 .
	SHUFPS $0x88, X3, X5       // y0 y1 y2 y3
	MOVAPS X0, X3
	SHUFPS $0x12, X1, X3       // z0 . z1 .
	MOVAPS X2, X6
	SHUFPS $0x30, X2, X6       // z2 . z3 .
	SHUFPS $0x88, X6, X3       // z0 z1 z2 z3

	// view space: vx X0, vy X2, vz X6
	MOVUPS projArgs_k+16*const_pkV0(DI), X0
	MULPS X4, X0
	MOVUPS projArgs_k+16*const_pkV4(DI), X1
	MULPS X5, X1
	ADDPS X1, X0
	MOVUPS projArgs_k+16*const_pkV8(DI), X1
	MULPS X3, X1
	ADDPS X1, X0
	MOVUPS projArgs_k+16*const_pkV12(DI), X1
	ADDPS X1, X0
	MOVUPS projArgs_k+16*const_pkV1(DI), X2
	MULPS X4, X2
	MOVUPS projArgs_k+16*const_pkV5(DI), X1
	MULPS X5, X1
	ADDPS X1, X2
	MOVUPS projArgs_k+16*const_pkV9(DI), X1
	MULPS X3, X1
	ADDPS X1, X2
	MOVUPS projArgs_k+16*const_pkV13(DI), X1
	ADDPS X1, X2
	MOVUPS projArgs_k+16*const_pkV2(DI), X6
	MULPS X4, X6
	MOVUPS projArgs_k+16*const_pkV6(DI), X1
	MULPS X5, X1
	ADDPS X1, X6
	MOVUPS projArgs_k+16*const_pkV10(DI), X1
	MULPS X3, X1
	ADDPS X1, X6
	MOVUPS projArgs_k+16*const_pkV14(DI), X1
	ADDPS X1, X6

	// depth X7, cw X3; X4 = depth >= near && cw > 0
	MOVAPS X6, X7
	XORPS X13, X7
	MOVUPS projArgs_k+16*const_pkWz(DI), X3
	MULPS X6, X3
	MOVUPS projArgs_k+16*const_pkWw(DI), X1
	ADDPS X1, X3
	MOVUPS projArgs_k+16*const_pkNear(DI), X4
	CMPPS X7, X4, $2           // near <= depth
	MOVAPS X14, X1
	CMPPS X3, X1, $1           // 0 < cw
	ANDPS X1, X4

	// x X0, y X2
	MOVUPS projArgs_k+16*const_pkOne(DI), X5
	DIVPS X3, X5               // inv
	MOVUPS projArgs_k+16*const_pkKx(DI), X3
	MULPS X0, X3
	MOVUPS projArgs_k+16*const_pkOx(DI), X1
	ADDPS X1, X3
	MULPS X5, X3
	MOVUPS projArgs_k+16*const_pkHalfW(DI), X0
	ADDPS X3, X0
	MOVUPS projArgs_k+16*const_pkKy(DI), X3
	MULPS X2, X3
	MOVUPS projArgs_k+16*const_pkOy(DI), X1
	ADDPS X1, X3
	MULPS X5, X3
	MOVUPS projArgs_k+16*const_pkHalfH(DI), X2
	ADDPS X3, X2

	// X3 = ok: in front and -1e5 < x, y < 1e5
	MOVUPS projArgs_k+16*const_pkLo(DI), X3
	MOVAPS X3, X1
	CMPPS X0, X3, $1
	CMPPS X2, X1, $1
	ANDPS X1, X3
	MOVUPS projArgs_k+16*const_pkHi(DI), X6
	MOVAPS X0, X1
	CMPPS X6, X1, $1
	ANDPS X1, X3
	MOVAPS X2, X1
	CMPPS X6, X1, $1
	ANDPS X1, X3
	ANDPS X4, X3

	// xi X0, yi X2
	MOVUPS projArgs_k+16*const_pk256(DI), X1
	MULPS X1, X0
	MULPS X1, X2
	CVTTPS2PL X0, X0
	CVTTPS2PL X2, X2

	// a X5 = int32(512 - 512*t), t the clamped depth cue; 0 when careful
	MOVUPS projArgs_k+16*const_pkCue0(DI), X1
	SUBPS X1, X7
	MOVUPS projArgs_k+16*const_pkCueK(DI), X1
	MULPS X1, X7
	MAXPS X14, X7
	MOVUPS projArgs_k+16*const_pkOne(DI), X1
	MINPS X1, X7
	MOVUPS projArgs_k+16*const_pk512(DI), X5
	MULPS X5, X7
	SUBPS X7, X5
	CVTTPS2PL X5, X5
	PAND X3, X5

	// X6 = on the rim: uint32(xi-256) > xe || uint32(yi-256) > ye
	MOVOU projArgs_i256(DI), X7
	MOVAPS X0, X6
	PSUBL X7, X6
	PXOR X13, X6
	MOVOU projArgs_xe(DI), X1
	PCMPGTL X1, X6
	MOVAPS X2, X11
	PSUBL X7, X11
	PXOR X13, X11
	MOVOU projArgs_ye(DI), X1
	PCMPGTL X1, X11
	POR X11, X6

	// code X11: cBehind when not in front, cCareful when not ok, else cRim
	PCMPEQL X11, X11
	PXOR X4, X11
	PSRLL $31, X11             // cBehind
	PCMPEQL X7, X7
	PXOR X3, X7                // careful lanes
	POR X7, X10
	PSRLL $31, X7
	PSLLL $1, X7               // cCareful
	POR X7, X11
	PAND X3, X6
	PSRLL $31, X6
	PSLLL $2, X6               // cRim
	POR X6, X11

	// rows: X9 = max(X9, ok ? yi : MinInt32), X8 = min(X8, ok ? yi : MaxInt32)
	PAND X3, X2                // yi where ok
	MOVAPS X3, X7
	PANDN X13, X7
	POR X2, X7
	MOVAPS X7, X12
	PCMPGTL X9, X12
	PAND X12, X7
	PANDN X9, X12
	POR X12, X7
	MOVAPS X7, X9
	PCMPEQL X7, X7
	PXOR X13, X7               // MaxInt32
	MOVAPS X3, X12
	PANDN X7, X12
	POR X2, X12
	MOVAPS X8, X7
	PCMPGTL X12, X7
	PAND X7, X12
	PANDN X8, X7
	POR X7, X12
	MOVAPS X12, X8

	// x X0, y X2: offX where careful
	MOVOU projArgs_off(DI), X7
	MOVAPS X3, X6
	PANDN X7, X6
	PAND X3, X0
	POR X6, X0
	POR X6, X2

	// four vertices {x, y, a, code}
	MOVAPS X0, X3
	PUNPCKLLQ X2, X3           // x0 y0 x1 y1
	PUNPCKHLQ X2, X0           // x2 y2 x3 y3
	MOVAPS X5, X4
	PUNPCKLLQ X11, X4          // a0 c0 a1 c1
	PUNPCKHLQ X11, X5          // a2 c2 a3 c3
	MOVAPS X3, X6
	PUNPCKLQDQ X4, X6
	PUNPCKHQDQ X4, X3
	MOVAPS X0, X7
	PUNPCKLQDQ X5, X7
	PUNPCKHQDQ X5, X0
	MOVOU X6, 0(DX)
	MOVOU X3, 16(DX)
	MOVOU X7, 32(DX)
	MOVOU X0, 48(DX)

	ADDQ $48, SI
	ADDQ $64, DX
	SUBQ $4, CX
	JNZ  loop

	// fold the lanes
	PSHUFD $0x4E, X8, X7
	MOVAPS X7, X12
	PCMPGTL X8, X12            // X7 > X8: keep X8
	PAND X12, X8
	PANDN X7, X12
	POR X12, X8
	PSHUFD $0xB1, X8, X7
	MOVAPS X7, X12
	PCMPGTL X8, X12
	PAND X12, X8
	PANDN X7, X12
	POR X12, X8
	MOVQ X8, AX
	MOVL AX, projArgs_ylo(DI)
	PSHUFD $0x4E, X9, X7
	MOVAPS X9, X12
	PCMPGTL X7, X12            // X9 > X7: keep X9
	PAND X12, X9
	PANDN X7, X12
	POR X12, X9
	PSHUFD $0xB1, X9, X7
	MOVAPS X9, X12
	PCMPGTL X7, X12
	PAND X12, X9
	PANDN X7, X12
	POR X12, X9
	MOVQ X9, AX
	MOVL AX, projArgs_yhi(DI)
	MOVMSKPS X10, AX
	MOVL AX, projArgs_wild(DI)
	RET
