//go:build !purego

#include "textflag.h"
#include "go_asm.h"
#include "wire_amd64.h"

// wireRun is drawRun (wire.go) step for step, with the same integer and
// float32 operations in the same order, so it draws the same pixels
// (TestWireAsmMatchesGo); only a column's two puts are one SSE2 blend of
// both pixels, which gives each byte the same value as put. Registers
// across the loop: DI the arguments, SI the edge, R9 the edge's
// brightness, R12 its ink, X5 the ink in the pixels' byte order, X7 zero.

// func wireRun(a *wireArgs) int
TEXT ·wireRun(SB), NOSPLIT, $0-16
	MOVQ a+0(FP), DI
	MOVQ wireArgs_e(DI), SI
	PXOR X7, X7
	JMP  check

next:
	ADDQ wireArgs_st(DI), SI

check:
	CMPQ SI, wireArgs_hi(DI)
	JGE  done

	// the ends: AX = &verts[A], BX = &verts[B]
	MOVQ wireArgs_edges(DI), R8
	MOVL (R8)(SI*8), AX
	MOVL 4(R8)(SI*8), BX
	MOVQ wireArgs_nverts(DI), R8
	CMPQ AX, R8
	JAE  bad
	CMPQ BX, R8
	JAE  bad
	MOVQ wireArgs_verts(DI), R13
	SHLQ $4, AX
	SHLQ $4, BX
	ADDQ R13, AX
	ADDQ R13, BX
	MOVL vert_code(AX), CX
	ORL  vert_code(BX), CX
	JNZ  done                  // an end needs clipping or bounds tests

	// a = (va.a + vb.a) >> 2
	MOVL vert_a(AX), R9
	ADDL vert_a(BX), R9
	SARL $2, R9

	// dim when every triangle of the edge faces away (edgeAway in
	// wire.go: a byte per triangle, worked out before the edges)
	MOVQ wireArgs_etris(DI), R8
	TESTQ R8, R8
	JZ   look
	MOVQ wireArgs_away(DI), R13
	MOVL (R8)(SI*8), CX        // the first triangle
	CMPQ CX, wireArgs_ntri(DI)
	JAE  bad
	CMPB (R13)(CX*1), $0
	JEQ  look                  // faces the eye
	MOVL 4(R8)(SI*8), CX       // the second, if any
	CMPL CX, $-1               // geom.NoTri
	JEQ  dim
	CMPQ CX, wireArgs_ntri(DI)
	JAE  bad
	CMPB (R13)(CX*1), $0
	JEQ  look

dim:
	IMUL3L $(256-const_backDim), R9, CX // a -= a * (256 - backDim) >> 8
	SARL $8, CX
	SUBL CX, R9

look:
	// R12 = the ink of the edge's group
	MOVQ wireArgs_egroup(DI), R8
	MOVWLZX (R8)(SI*2), CX
	CMPQ CX, wireArgs_npal(DI)
	JB   inked
	XORL CX, CX

inked:
	MOVQ wireArgs_pal(DI), R8
	MOVQ (R8)(CX*8), R12
	// X5: the ink's lanes in the bytes' order (an ink keeps red, blue,
	// green, alpha), twice
	MOVQ R12, X5
	PSHUFLW $0xD8, X5, X5
	PUNPCKLQDQ X5, X5

	// u0 R10, v0 R11, u1 R14, v1 R15 along the major axis u, u0 <= u1
	MOVL vert_x(AX), R10
	MOVL vert_y(AX), R11
	MOVL vert_x(BX), R14
	MOVL vert_y(BX), R15
	MOVL R14, CX
	SUBL R10, CX
	MOVL CX, DX
	SARL $31, DX
	XORL DX, CX
	SUBL DX, CX                // |x1-x0|
	MOVL R15, DX
	SUBL R11, DX
	MOVL DX, R8
	SARL $31, R8
	XORL R8, DX
	SUBL R8, DX                // |y1-y0|
	MOVQ $4, AX                // step
	MOVQ wireArgs_stride(DI), BX // across
	CMPL DX, CX
	JLE  shallow
	XCHGL R10, R11
	XCHGL R14, R15
	XCHGQ AX, BX

shallow:
	MOVQ AX, wireArgs_step(DI)
	MOVQ BX, wireArgs_across(DI)
	CMPL R10, R14
	JLE  forward
	XCHGL R10, R14
	XCHGL R11, R15

forward:
	MOVL R14, CX
	SUBL R10, CX               // du
	SUBL R11, R15              // dv
	LEAL 127(R10), DX
	SARL $8, DX                // first
	LEAL 127(R14), R8
	SARL $8, R8                // end
	MOVL DX, R13
	SUBL R8, R13
	SARL $31, R13
	NOTL R13                   // nm: -1 when no column centre is covered
	ADDL R10, R14
	SARL $1, R14               // the middle
	MOVL DX, AX
	SHLL $8, AX
	ADDL $128, AX              // um
	XORL AX, R14
	ANDL R13, R14
	XORL R14, AX               // um, or the middle
	MOVL R9, BX
	IMULL CX, BX
	SARL $8, BX
	XORL R9, BX
	ANDL R13, BX
	XORL BX, R9                // a, or a*du>>8
	MOVL AX, DX
	SARL $8, DX                // first
	LEAL 1(DX), BX
	CMPL R8, BX
	CMOVLLT BX, R8             // end = max(end, first+1)
	MOVQ R8, wireArgs_end(DI)

	// X0 = sl = dv / du
	CMPL CX, $const_recipN
	JAE  divide
	// (CVTSL2SS writes only the low lane: clear the register first, or
	// each edge waits for the last one's floats)
	MOVQ wireArgs_recip(DI), R13
	XORPS X0, X0
	CVTSL2SS R15, X0
	MULSS (R13)(CX*4), X0
	JMP  sloped

divide:
	XORPS X0, X0
	CVTSL2SS R15, X0
	XORPS X1, X1
	CVTSL2SS CX, X1
	DIVSS X1, X0

sloped:
	// AX = fv = v0<<8 + int32(sl*float32((um-u0)<<8)) - 1<<15
	SUBL R10, AX
	SHLL $8, AX
	XORPS X1, X1
	CVTSL2SS AX, X1
	MULSS X0, X1
	CVTTSS2SL X1, AX
	SHLL $8, R11
	ADDL R11, AX
	SUBL $32768, AX

	// R10 = k = first*step; BX = across; R13 = pix
	MOVLQSX DX, R10
	IMULQ wireArgs_step(DI), R10
	MOVQ wireArgs_across(DI), BX
	MOVQ wireArgs_pix(DI), R13

column:
	WIRECOLUMN

	INCL DX
	CMPL DX, wireArgs_end(DI)
	JGE  next
	MOVAPS X0, X1
	MULSS f65536<>(SB), X1
	CVTTSS2SL X1, R11
	ADDL R11, AX               // fv += int32(sl * 65536)
	ADDQ wireArgs_step(DI), R10
	JMP  column

bad:
	NOTQ SI

done:
	MOVQ SI, ret+8(FP)
	RET

DATA f65536<>+0(SB)/4, $0x47800000 // float32(65536)
GLOBL f65536<>(SB), RODATA|NOPTR, $4
