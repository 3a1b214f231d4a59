/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Batches: many kernel operations in one request, with message bytes that
 * never cross the wire.
 *
 * The UML console the embedded kernel is reached through moves ~130 KB/s
 * with ~35 ms per round trip, so a cross-check that sent every message (and
 * got every ciphertext back) through it would spend its life waiting.  A
 * batch fixes both costs:
 *
 *  - one BATCH frame carries many cases and one BATCH_OK frame returns all
 *    their results, so a thousand cases cost one round trip;
 *  - a case names its message as (seed, length): both ends expand it with
 *    gen_bytes(), a fully specified generator, so only 12 bytes travel
 *    whatever the length; keys and IVs are short and travel as they are;
 *  - outputs longer than BatchRequest::full_max come back as their SHA-256,
 *    which the client compares with the SHA-256 of its own output.  When
 *    they differ, the caller re-runs that one case with the plain
 *    operations to get the kernel's full output for its report.
 *
 * A server runs cases in order until it is done or its time budget is
 * spent, and returns the results of that prefix (at least one case); the
 * client sends the rest again.  So a batch never trips a request deadline
 * however slow the kernel is.
 *
 * Errors follow result.h: a whole batch fails only for transport reasons;
 * each case carries its own -errno and Stage.
 */
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "afalg/endpoint/result.h"

namespace kcshim::afalg {

class KernelEndpoint;

/*
 * The message generator shared by both ends, specified here because it is
 * part of the wire protocol (tests pin its output):
 *
 *   SplitMix64 from @seed: s += 0x9e3779b97f4a7c15;
 *     z = s; z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9;
 *     z = (z ^ z >> 27) * 0x94d049bb133111eb; next = z ^ z >> 31.
 *   kind = next % 8:
 *     0: one byte value, (next % 3) selecting 0x00, 0xff or (next & 0xff);
 *     1: an arithmetic progression, start = next & 0xff, step = next & 0xff;
 *     else: uniform bytes, each next() giving 8 bytes little-endian.
 *   For kinds 0 and 1, then (like testmgr's mutate_buffer):
 *     if next % 4 == 0: flip min(1 << (next % 8), 8 * len) bits, bit
 *       next % (8 * len) each;
 *     if next % 4 == 0: XOR 0xff into min(1 << (next % 8), len) bytes at
 *       next % len each.
 *
 * This imitates testmgr's generate_random_bytes(): runs of one value and
 * slow ramps find the bugs uniform bytes rarely do.
 */
Bytes gen_bytes(std::uint64_t seed, std::size_t len);

/* The SplitMix64 step above, for callers that want the same stream. */
std::uint64_t splitmix64(std::uint64_t &state);

enum class BatchOp : std::uint8_t {
	hash = 1,	/* KernelEndpoint::hash(), pieces cut by splits */
	hash_clone = 2,	/* KernelEndpoint::hash_clone(): prefix cut by splits */
	skcipher = 3,	/* KernelEndpoint::skcipher(), pieces cut by splits */
};

struct GenSpec {
	std::uint64_t seed = 0;
	std::uint32_t len = 0;

	Bytes bytes() const { return gen_bytes(seed, len); }
};

struct BatchCase {
	BatchOp op = BatchOp::hash;
	bool encrypt = false;		/* skcipher */
	std::optional<Bytes> key;	/* hash: optional; skcipher: required */
	Bytes iv;			/* skcipher */
	GenSpec msg;			/* the message (hash_clone: the prefix) */
	/*
	 * Piece lengths, summing to msg.len exactly.  Empty pieces are
	 * allowed (and sent); no pieces at all is allowed for msg.len == 0
	 * (hash: read the digest without any send).
	 */
	std::vector<std::uint32_t> splits;
	GenSpec suffix_a;		/* hash_clone: finishes the accept()ed clone */
	GenSpec suffix_b;		/* hash_clone: finishes the original */
};

struct BatchRequest {
	std::string alg;		/* cra_name or driver name, one per batch */
	/* Outputs longer than this come back as their SHA-256 (out_hashed). */
	std::uint32_t full_max = 64;
	std::vector<BatchCase> cases;
};

struct BatchResult {
	int err = 0;			/* 0 or -errno of this case */
	Stage stage = Stage::none;
	bool out_hashed = false;	/* out is SHA-256 of the real output */
	Bytes out;			/* digest; clone: digest_a; skcipher: out */
	Bytes out_b;			/* clone: digest_b; skcipher: chained */
};

/* The pieces of @c's message as @c.splits cuts them (views into @msg). */
std::vector<std::span<const std::uint8_t>> cut(const Bytes &msg, const std::vector<std::uint32_t> &splits);

/* SHA-256 of @b (the digest BatchResult::out_hashed refers to). */
Bytes sha256(std::span<const std::uint8_t> b);

/* Replace @out by its SHA-256 when it is longer than @full_max; true if so. */
bool shorten(Bytes &out, std::uint32_t full_max);

/*
 * Run one case on @ep with the plain operations.  @allow says which ops may
 * run (a bridge passes its allowlist); a refused op gets -EOPNOTSUPP.
 */
struct BatchAllow {
	bool hash = true;
	bool skcipher = true;
};
BatchResult run_case(KernelEndpoint &ep, const std::string &alg, const BatchCase &c,
		     std::uint32_t full_max, BatchAllow allow = {});

/*
 * Run the cases of @req in order with run_case() until all are done or
 * @until passes (at least one always runs); returns the prefix's results.
 */
std::vector<BatchResult> run_batch(KernelEndpoint &ep, const BatchRequest &req,
				   std::chrono::steady_clock::time_point until,
				   BatchAllow allow = {});

} /* namespace kcshim::afalg */
