/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHA-512 block function for x86-64 with AVX-512F and AVX-512VL, AVX2, BMI1 and BMI2.
 *
 * A round is two chains that meet only through d (FIPS 180-4, 6.4.2):
 *
 *	e' = d + T1, with T1 = h + Sigma1(e) + Ch(e, f, g) + K[t] + W[t]
 *	a' = T1 + Sigma0(a) + Maj(a, b, c)
 *
 * where d is the a of three rounds earlier, so a's chain may run that far behind e's. This code
 * splits them: e's chain in general registers (rorx, andn), a's in xmm registers, one lane each,
 * where Maj is one vpternlogq and Sigma0's three rotations and two XORs are three vprorq and one
 * vpternlogq. Each round sends T1 over (vmovq) and takes d back. The general-register side is 15
 * instructions and two moves between the register files, where the whole round in general
 * registers is 24 (OpenSSL's AVX2 round too), and its chain is shorter: e' is summed as
 * (h + K + W + d + Ch) + Sigma1(e), so that only one addition follows Sigma1, and T1 is e' - d.
 * The message schedule runs in xmm registers as well, two words per step, sixteen rounds ahead
 * of them; W + K go through a buffer on the stack, which is wiped at the end.
 *
 * Measured against the function this replaced (the 24-instruction round as one asm statement
 * in sha512-x86-core.c, with the same schedule), in one process, minimum of 2000 calls of 64
 * blocks: all 24 instructions in general registers again, but unrolled and allocated by hand,
 * 1.02-1.03x; split, 1.11x. The rounds alone (W + K computed beforehand), against the same whole
 * function: split with e' summed as T1 + d, 1.00x; as above, 1.12x; as above without moving T1
 * and d between the register files (a wrong result; a bound), 1.30x. Through the driver
 * (kcshim speed sha512, 8 KiB): 956 MB/s, where the function it replaced ran 858.
 *
 * The 80 rounds and the schedule are unrolled: each round leaves its variables in other registers
 * (e' where h was, a' where d was) and the macros rename the symbols after themselves, which comes
 * back to the start after four rounds; the schedule's eight pairs of words rename the same way
 * after each step and come back after eight.
 */
#include <linux/linkage.h>

	.section	.rodata.cst16.sha512_bswap, "aM", @progbits, 16
	.balign		16
/* vpshufb: each 64-bit word's bytes reversed (the message is big-endian) */
.Lbswap64:
	.byte		7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8

	.text

#define STATE		%rdi
#define SRC		%rsi
#define BLOCKS		%edx
#define KTAB		%r12
/* the general-register side: D_IN is d, fetched from its xmm register */
#define D_IN		%rbx
#define CH		%rax
#define SIG1		%rcx
#define TMP		%rbp
/* the vector side of a round */
#define MAJ		%xmm4
#define SIG0		%xmm5
#define ROT34		%xmm6
#define ROT39		%xmm7
#define T1X		%xmm8
/* the schedule's */
#define BSWAP		%xmm9
#define W15		%xmm24
#define W7		%xmm25
#define S0		%xmm26
#define S0B		%xmm27
#define S0C		%xmm28
#define S1		%xmm29
#define S1B		%xmm30
#define S1C		%xmm31
/* W[t] + K[t] for the 80 rounds */
#define WK_SIZE		(80 * 8)

/* one round, reading W[t] + K[t] from the buffer; renames E-H and A-D for the next */
.macro	sha512_round	t
	add		(8 * \t)(%rsp), H
	vmovq		D, D_IN
	add		D_IN, H
	andn		G, E, CH
	add		CH, H
	mov		E, CH
	and		F, CH
	add		CH, H
	rorx		$14, E, SIG1
	rorx		$18, E, TMP
	xor		TMP, SIG1
	rorx		$41, E, TMP
	xor		TMP, SIG1
	add		SIG1, H				/* e' */
	mov		H, TMP
	sub		D_IN, TMP			/* T1 */
	vmovq		TMP, T1X

	vmovdqa		A, MAJ
	vpternlogq	$0xe8, C, B, MAJ		/* Maj(a, b, c) */
	vprorq		$28, A, SIG0
	vprorq		$34, A, ROT34
	vprorq		$39, A, ROT39
	vpternlogq	$0x96, ROT39, ROT34, SIG0	/* Sigma0(a) */
	vpaddq		T1X, MAJ, MAJ
	vpaddq		SIG0, MAJ, D			/* a' */

	NEXT_E = H; H = G; G = F; F = E; E = NEXT_E
	NEXT_A = D; D = C; C = B; B = A; A = NEXT_A
.endm

/*
 * W[16 + 2p] and W[17 + 2p] (p = 0..31) into X0, with K added into the buffer:
 * W[t] = SSIG1(W[t - 2]) + W[t - 7] + SSIG0(W[t - 15]) + W[t - 16]. X0-X7 hold W[t - 16..t - 1]
 * in pairs; neither word of a pair needs the other, so each pair is one step. Renames X0-X7.
 */
.macro	sha512_schedule_pair	p
	vpalignr	$8, X0, X1, W15			/* W[t - 15], W[t - 14] */
	vpalignr	$8, X4, X5, W7			/* W[t - 7], W[t - 6] */
	vprorq		$1, W15, S0
	vprorq		$8, W15, S0B
	vpsrlq		$7, W15, S0C
	vpternlogq	$0x96, S0C, S0B, S0
	vprorq		$19, X7, S1
	vprorq		$61, X7, S1B
	vpsrlq		$6, X7, S1C
	vpternlogq	$0x96, S1C, S1B, S1
	vpaddq		S0, X0, X0
	vpaddq		S1, W7, W7
	vpaddq		W7, X0, X0
	vpaddq		(8 * (16 + 2 * \p))(KTAB), X0, W15
	vmovdqa64	W15, (8 * (16 + 2 * \p))(%rsp)

	NEXT_X = X0; X0 = X1; X1 = X2; X2 = X3; X3 = X4; X4 = X5; X5 = X6; X6 = X7; X7 = NEXT_X
.endm

/*
 * void sha512_avx512_transform(u64 state[8], const u8 *src, int blocks)
 *
 * Compresses @blocks 128-byte blocks from @src, which needs no alignment; none (or fewer) is a
 * no-op, as for the C block functions.
 */
SYM_FUNC_START(sha512_avx512_transform)
	test		BLOCKS, BLOCKS			/* none, or a negative count: nothing to do */
	jle		.Lnone
	push		%rbx
	push		%rbp
	push		%r12
	sub		$WK_SIZE, %rsp			/* 16-byte aligned after three pushes */
	mov		sha512_k@GOTPCREL(%rip), KTAB
	vmovdqa		.Lbswap64(%rip), BSWAP

	E = %r8; F = %r9; G = %r10; H = %r11
	A = %xmm0; B = %xmm1; C = %xmm2; D = %xmm3
	X0 = %xmm16; X1 = %xmm17; X2 = %xmm18; X3 = %xmm19
	X4 = %xmm20; X5 = %xmm21; X6 = %xmm22; X7 = %xmm23

	/*
	 * On a cache line of its own, the block loop runs 256- and 1024-byte digests 1.18x faster
	 * than where it happened to start, and 8 KiB 1.03x.
	 */
	.p2align	6
.Lblock:
	vmovq		0(STATE), A
	vmovq		8(STATE), B
	vmovq		16(STATE), C
	vmovq		24(STATE), D
	mov		32(STATE), E
	mov		40(STATE), F
	mov		48(STATE), G
	mov		56(STATE), H

	/* W[0..15] from the block, with K into the buffer */
	offset = 0
.irp	x, X0, X1, X2, X3, X4, X5, X6, X7
	vmovdqu64	offset(SRC), \x
	vpshufb		BSWAP, \x, \x
	vpaddq		offset(KTAB), \x, W15
	vmovdqa64	W15, offset(%rsp)
	offset = offset + 16
.endr

	/* rounds 0-63, a schedule step after every second one; then rounds 64-79 */
	t = 0
	p = 0
.rept	32
	sha512_round	t
	t = t + 1
	sha512_round	t
	t = t + 1
	sha512_schedule_pair	p
	p = p + 1
.endr
.rept	16
	sha512_round	t
	t = t + 1
.endr

	vmovq		A, CH
	add		CH, 0(STATE)
	vmovq		B, CH
	add		CH, 8(STATE)
	vmovq		C, CH
	add		CH, 16(STATE)
	vmovq		D, CH
	add		CH, 24(STATE)
	add		E, 32(STATE)
	add		F, 40(STATE)
	add		G, 48(STATE)
	add		H, 56(STATE)

	sub		$-128, SRC
	dec		BLOCKS
	jnz		.Lblock

	/* the message's traces go */
	vpxor		%xmm9, %xmm9, %xmm9
	offset = 0
.rept	WK_SIZE / 32
	vmovdqu		%ymm9, offset(%rsp)		/* the buffer is 16-byte aligned */
	offset = offset + 32
.endr
	add		$WK_SIZE, %rsp
	pop		%r12
	pop		%rbp
	pop		%rbx
	vzeroupper
.Lnone:
	RET
SYM_FUNC_END(sha512_avx512_transform)
	/* stays inside libkcshim, as the C helpers do (C_VISIBILITY_PRESET does not reach .S files) */
	.hidden	sha512_avx512_transform
