/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pseudo-random numbers for tests and benchmarks: L'Ecuyer's combined Tausworthe generator
 * LFSR113 ("Tables of maximally equidistributed combined LFSR generators", 1999), the generator
 * the kernel's lib/random32.c uses. A seeded state gives a reproducible stream (not the kernel's
 * stream for the same seed: the seeding here is kcshim's own).
 */
#ifndef _KCSHIM_LINUX_PRANDOM_H
#define _KCSHIM_LINUX_PRANDOM_H

#include <linux/random.h>
#include <linux/string.h>
#include <linux/types.h>

struct rnd_state {
	__u32 s1, s2, s3, s4;
};

/* One component: shift, mask and combine (q, s, k from the paper's LFSR113 table). */
#define __KCSHIM_TAUS(s, a, b, c, d)	((((s) & (c)) << (d)) ^ ((((s) << (a)) ^ (s)) >> (b)))

static inline u32 prandom_u32_state(struct rnd_state *state)
{
	state->s1 = __KCSHIM_TAUS(state->s1, 6U, 13U, 4294967294U, 18U);
	state->s2 = __KCSHIM_TAUS(state->s2, 2U, 27U, 4294967288U, 2U);
	state->s3 = __KCSHIM_TAUS(state->s3, 13U, 21U, 4294967280U, 7U);
	state->s4 = __KCSHIM_TAUS(state->s4, 3U, 12U, 4294967168U, 13U);
	return state->s1 ^ state->s2 ^ state->s3 ^ state->s4;
}

static inline void prandom_bytes_state(struct rnd_state *state, void *buf, size_t bytes)
{
	u8 *p = (u8 *)buf;

	while (bytes >= sizeof(u32)) {
		u32 r = prandom_u32_state(state);

		memcpy(p, &r, sizeof(r));
		p += sizeof(r);
		bytes -= sizeof(r);
	}
	if (bytes) {
		u32 r = prandom_u32_state(state);

		memcpy(p, &r, bytes);
	}
}

/* splitmix64: spreads one 64-bit seed over the four components. */
static inline u64 __kcshim_splitmix64(u64 *x)
{
	u64 z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Each component needs a seed at or above its minimum (2, 8, 16, 128), or it sticks at zero. */
static inline void prandom_seed_state(struct rnd_state *state, u64 seed)
{
	state->s1 = (u32)__kcshim_splitmix64(&seed) | 2U;
	state->s2 = (u32)__kcshim_splitmix64(&seed) | 8U;
	state->s3 = (u32)__kcshim_splitmix64(&seed) | 16U;
	state->s4 = (u32)__kcshim_splitmix64(&seed) | 128U;
}

#endif
