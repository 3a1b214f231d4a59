// SPDX-License-Identifier: GPL-2.0
// testmgr-style test buffers: data divided into chunks, each at a chosen offset in its own
// page-aligned allocation (so chunks can straddle pages), each followed by poison bytes that the
// code under test must leave alone.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <linux/scatterlist.h>

namespace kcshim::selftest {

inline constexpr uint8_t poison_byte = 0xfe;
inline constexpr unsigned int poison_len = 16;

enum class Flush { none, flush, reimport };

struct Division {
	unsigned int proportion;	// of 10000
	unsigned int offset;
	bool offset_relative_to_alignmask = false;
	Flush flush = Flush::none;
	bool nosimd = false;
};

struct Chunk {
	uint8_t *data;
	unsigned int len;
	Flush flush;
	bool nosimd;
};

// Owns the chunk allocations; frees them on destruction.
class DividedBuffer {
public:
	// Lays data out over divs (an empty data still yields one empty chunk).
	DividedBuffer(std::span<const uint8_t> data, const std::vector<Division> &divs,
		      unsigned int alignmask);
	DividedBuffer(const DividedBuffer &) = delete;
	DividedBuffer &operator=(const DividedBuffer &) = delete;

	std::vector<Chunk> &chunks() { return chunks_; }
	// A scatterlist over the chunks (valid while this object lives).
	struct scatterlist *sgl();
	// The chunks' contents, concatenated.
	std::vector<uint8_t> gather() const;
	// True when every poison byte after every chunk is intact.
	bool poison_intact() const;
	// The chunk lengths, "499+711" (a reproducer's split points).
	std::string lengths() const;

private:
	struct Alloc {
		void operator()(uint8_t *p) const;
	};
	std::vector<std::unique_ptr<uint8_t, Alloc>> allocs_;
	std::vector<Chunk> chunks_;
	std::vector<struct scatterlist> sg_;
};

std::string hex(std::span<const uint8_t> bytes);
// Where got and want (of equal length) first differ: "at byte 300 of 1024: got <16 bytes from
// there>, expected <...>"; "" when equal.
std::string first_difference(std::span<const uint8_t> got, std::span<const uint8_t> want);

}  // namespace kcshim::selftest
