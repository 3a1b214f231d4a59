/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Keccak-f[1600] block absorption with AVX-512F and AVX-512VL: one 64-bit lane per xmm register.
 *
 * AVX-512 has 32 xmm registers: the 25 lanes (symbols A0-A24, lane A[x, y] = st[x + 5y] in
 * A(x + 5y)) and seven scratch registers (T0-T6) hold a round with nothing spilled, and pi is a
 * renaming, not a shuffle. vpternlogq does theta's five-way XOR in two instructions and chi's
 * a ^ (~b & c) in one; vprolq rotates. Rows of lanes in zmm registers would need five to six
 * shuffles per row and round for pi and chi, and zmm shuffles run one per cycle here with a
 * latency of 5.
 *
 * Why assembly: GCC 12 builds the same round from C (keccakf_round.h, on __m128i lanes) with
 * about 30 stack accesses a round for spilled lanes and 22 register moves, where 32 registers are
 * exactly enough without a spill and with 15 moves, if each register is reused as soon as its
 * value dies:
 *
 *	theta	C[x] goes to a scratch register (copy, then two vpternlogq); D[x] = C[x - 1] ^
 *		rol(C[x + 1], 1) is computed into the C registers themselves and two more scratch
 *		registers, in an order that keeps each C until its last use: 25 lanes + 7 at most.
 *	rho, pi	each lane is XORed with its D and rotated in its own register: B[y, 2x + 3y]
 *		stays where A[x, y] was.
 *	chi	a row's first two outputs go to the two free registers; the other three overwrite
 *		B[2], B[3] and B[4] after their last use; B[0] and B[1] are free for the next row.
 *	iota	the round constant from memory, broadcast.
 *
 * So every round moves the lanes to other registers; keccak_round renames the symbols after
 * itself. The scratch registers are assigned (c0-c4 below; which free register takes each row's
 * first output) so that the renaming comes back to where it started after 12 rounds: a block is
 * twice a loop of 12 rounds, and the state stays in the same registers from block to block.
 * (The plain assignment came back after 31 rounds only, and storing and reloading the lanes
 * after each block made the whole 2% slower.)
 *
 * The order within a round is a software pipeline over the five rows of B: XOR and rotate the
 * lanes of row y + 1 before chi of row y, with theta's column sums breadth first. Each step
 * against GCC's C round, at 8 KiB (scratch program, one process, minimum of 3000 calls):
 *
 *	each row's XORs, rotations and chi in turn			1.08x
 *	+ theta breadth first						1.09x
 *	+ the pipeline over rows					1.13x
 *	+ the renaming that returns after 12 rounds			1.15x
 *
 * Through the driver (kcshim speed sha3-256): 700 MB/s at 8 KiB against the C round's 610, and
 * 1.15-1.18x from 16 to 256 bytes, once the block is loaded by vmovq and the loop aligned (both
 * below).
 *
 * Orders that were slower than the last line: all XORs and rotations of the round first
 * (1.00-1.06x), the pipeline two rows deep (1.09x), interleaving single instructions of
 * neighbouring rows (1.10-1.13x), other row orders (1.09-1.12x), theta's next column sums
 * started during the last rows' chi (1.11x), chi's first two outputs by vpandnq and vpxorq
 * instead of a move and vpternlogq (1.05x), theta with vpxorq instead of the moves (1.14x).
 *
 * Tried earlier on that C round: theta's XOR as one vpternlogq per lane,
 * a ^ C[x-1] ^ rol(C[x+1], 1) (fewer operations, more values live: 0.89x); theta's rotation as
 * two shifts and a vpternlogq (0.93x) or an addition and a shift (0.96x); vpshufb for the byte
 * rotations (0.93x).
 */
#include <linux/linkage.h>

	.text

/* the state's lanes, as .irp lists them */
#define LANES	0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24

/* rows of B: the five lanes of A that pi brings into each, and their rho offsets */
#define ROW0	A0, D0, 0,  A6, D1, 44, A12, D2, 43, A18, D3, 21, A24, D4, 14
#define ROW1	A3, D3, 28, A9, D4, 20, A10, D0, 3,  A16, D1, 45, A22, D2, 61
#define ROW2	A1, D1, 1,  A7, D2, 6,  A13, D3, 25, A19, D4, 8,  A20, D0, 18
#define ROW3	A4, D4, 27, A5, D0, 36, A11, D1, 10, A17, D2, 15, A23, D3, 56
#define ROW4	A2, D2, 62, A8, D3, 55, A14, D4, 39, A15, D0, 41, A21, D1, 2

/* B = rol(A ^ D, n) in place, for the five lanes of one row of B */
.macro	rho_row	b0, d0, n0, b1, d1, n1, b2, d2, n2, b3, d3, n3, b4, d4, n4
	vpxorq		\d0, \b0, \b0
	vpxorq		\d1, \b1, \b1
	vpxorq		\d2, \b2, \b2
	vpxorq		\d3, \b3, \b3
	vpxorq		\d4, \b4, \b4
	rol_lane	\b0, \n0
	rol_lane	\b1, \n1
	rol_lane	\b2, \n2
	rol_lane	\b3, \n3
	rol_lane	\b4, \n4
.endm

.macro	rol_lane	b, n
.if \n
	vprolq		$\n, \b, \b
.endif
.endm

/*
 * chi on one row: out0 and out1 are free registers; out2-out4 overwrite b2-b4 (0xd2 is the truth
 * table of a ^ (~b & c) over (dst, src2, src1) = (0xf0, 0xcc, 0xaa))
 */
.macro	chi_row	out0, out1, b0, d0, n0, b1, d1, n1, b2, d2, n2, b3, d3, n3, b4, d4, n4
	vmovdqa64	\b0, \out0
	vpternlogq	$0xd2, \b2, \b1, \out0
	vmovdqa64	\b1, \out1
	vpternlogq	$0xd2, \b3, \b2, \out1
	vpternlogq	$0xd2, \b4, \b3, \b2
	vpternlogq	$0xd2, \b0, \b4, \b3
	vpternlogq	$0xd2, \b1, \b0, \b4
.endm

/* one round, with the round constant at \rc(%rax); renames A0-A24 and T0-T6 for the next */
.macro	keccak_round	rc
	c0 = T0; c1 = T1; c2 = T2; c3 = T4; c4 = T3

	/* theta: C[x], breadth first */
	vmovdqa64	A0, c0
	vmovdqa64	A1, c1
	vmovdqa64	A2, c2
	vmovdqa64	A3, c3
	vmovdqa64	A4, c4
	vpternlogq	$0x96, A10, A5, c0
	vpternlogq	$0x96, A11, A6, c1
	vpternlogq	$0x96, A12, A7, c2
	vpternlogq	$0x96, A13, A8, c3
	vpternlogq	$0x96, A14, A9, c4
	vpternlogq	$0x96, A20, A15, c0
	vpternlogq	$0x96, A21, A16, c1
	vpternlogq	$0x96, A22, A17, c2
	vpternlogq	$0x96, A23, A18, c3
	vpternlogq	$0x96, A24, A19, c4

	/* D[x] = C[x - 1] ^ rol(C[x + 1], 1), each C overwritten after its last use */
	vprolq		$1, c1, T5
	vpxorq		c4, T5, T5
	vprolq		$1, c3, T6
	vpxorq		T6, c1, c1
	vprolq		$1, c2, T6
	vpxorq		c0, T6, T6
	vprolq		$1, c4, c4
	vpxorq		c2, c4, c4
	vprolq		$1, c0, c0
	vpxorq		c3, c0, c0
	D0 = T5; D1 = T6; D2 = c1; D3 = c4; D4 = c0

	/* rho, pi and chi, pipelined over the rows of B; iota after the first */
	rho_row		ROW0
	rho_row		ROW1
	chi_row		c3, c2, ROW0
	vpxorq		\rc(%rax){1to2}, c3, c3
	rho_row		ROW2
	chi_row		A0, A6, ROW1
	rho_row		ROW3
	chi_row		A9, A3, ROW2
	rho_row		ROW4
	chi_row		A1, A7, ROW3
	chi_row		A5, A4, ROW4

	/* where chi left each lane, and the registers now free */
	E0 = c3;  E1 = c2;  E2 = A12; E3 = A18; E4 = A24
	E5 = A0;  E6 = A6;  E7 = A10; E8 = A16; E9 = A22
	E10 = A9; E11 = A3; E12 = A13; E13 = A19; E14 = A20
	E15 = A1; E16 = A7; E17 = A11; E18 = A17; E19 = A23
	E20 = A5; E21 = A4; E22 = A14; E23 = A15; E24 = A21
	F0 = A2; F1 = A8; F2 = D0; F3 = D1; F4 = D2; F5 = D3; F6 = D4
.irp	i, LANES
	A\i = E\i
.endr
.irp	i, 0,1,2,3,4,5,6
	T\i = F\i
.endr
.endm

/* lane i ^= the block's lane i at %rsi, through T0 (free here; renaming keeps the loads apart) */
.macro	absorb_lane	i
	vmovq		(8 * \i)(%rsi), T0
	vpxorq		T0, A\i, A\i
.endm

.macro	lanes_are_registers
.irp	i, LANES
	A\i = %xmm\i
.endr
	T0 = %xmm25; T1 = %xmm26; T2 = %xmm27; T3 = %xmm28; T4 = %xmm29; T5 = %xmm30; T6 = %xmm31
.endm

/*
 * void sha3_avx512_transform(u64 st[25], const u8 *src, unsigned int blocks, unsigned int rsiz)
 *
 * Absorbs @blocks blocks (none is a no-op) of @rsiz bytes (72, 104, 136, 144 or 168) from @src,
 * which needs no alignment: each block's little-endian lanes are XORed into the state, then
 * Keccak-f[1600] runs once. The state is in host byte order. Only the low 64 bits of each
 * register mean anything; the high ones are never stored.
 */
SYM_FUNC_START(sha3_avx512_transform)
	test		%edx, %edx			/* no blocks: nothing to do */
	jz		.Lnone
	lanes_are_registers
.irp	i, LANES
	vmovq		(8 * \i)(%rdi), A\i
.endr
	shr		$3, %ecx			/* rsiz in lanes: 9 to 21 */
	mov		keccakf_rndc@GOTPCREL(%rip), %r9

	/*
	 * The block's lanes go through vmovq: a broadcast memory operand (vpxorq m64{1to2}) does not
	 * take its data from a store still in flight, and the glue has often just written the block
	 * (the final padding, a partial block completed): 16-256 byte digests took 1.2-1.4x as long.
	 */
.Lblock:
.irp	i, 0,1,2,3,4,5,6,7,8
	absorb_lane	\i
.endr
.irp	i, 9,10,11,12,13,14,15,16,17,18,19,20
	cmp		$\i, %ecx
	jbe		.Labsorbed
	absorb_lane	\i
.endr
.Labsorbed:
	mov		%r9, %rax
	mov		$2, %r8d
	/*
	 * On a cache line of its own, the loop runs a one-block call (a 16-256 byte digest) in 0.7
	 * of the time it takes where it happened to start; 8 KiB take the same either way.
	 */
	.p2align	6
.Ltwelve_rounds:
	rc_offset = 0
.rept	12
	keccak_round	rc_offset
	rc_offset = rc_offset + 8
.endr
	add		$(12 * 8), %rax
	dec		%r8d
	jnz		.Ltwelve_rounds

	lea		(%rsi, %rcx, 8), %rsi
	dec		%edx
	jnz		.Lblock

	/* twelve renamings: every lane is back in its own register */
	lanes_are_registers
.irp	i, LANES
	vmovq		A\i, (8 * \i)(%rdi)
.endr
	vzeroupper
.Lnone:
	RET
SYM_FUNC_END(sha3_avx512_transform)
	/* stays inside libkcshim, as the C helpers do (C_VISIBILITY_PRESET does not reach .S files) */
	.hidden	sha3_avx512_transform
