// SPDX-License-Identifier: GPL-2.0
#include "shim/src/crypto/selftest/test_buffers.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <linux/mm.h>

namespace kcshim::selftest {

void DividedBuffer::Alloc::operator()(uint8_t *p) const
{
	free(p);
}

DividedBuffer::DividedBuffer(std::span<const uint8_t> data, const std::vector<Division> &divs,
			     unsigned int alignmask)
{
	size_t total = data.size();
	size_t remaining = total;
	size_t pos = 0;

	for (size_t i = 0; i < divs.size(); i++) {
		const Division &d = divs[i];
		size_t len = (total * d.proportion + 5000) / 10000;
		if (len > remaining || i == divs.size() - 1)
			len = remaining;
		unsigned int offset = d.offset;
		if (d.offset_relative_to_alignmask)
			offset += alignmask + 1;
		size_t size = (offset + len + poison_len + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);
		auto *mem = static_cast<uint8_t *>(aligned_alloc(PAGE_SIZE, size));
		if (!mem)
			abort();
		memset(mem, poison_byte, size);
		if (len)	// an empty vector's data may be nullptr, which memcpy() must not get
			memcpy(mem + offset, data.data() + pos, len);
		allocs_.emplace_back(mem);
		chunks_.push_back({mem + offset, static_cast<unsigned int>(len), d.flush, d.nosimd});
		pos += len;
		remaining -= len;
	}
}

struct scatterlist *DividedBuffer::sgl()
{
	sg_.assign(chunks_.size(), {});
	sg_init_table(sg_.data(), static_cast<unsigned int>(sg_.size()));
	for (size_t i = 0; i < chunks_.size(); i++)
		sg_set_buf(&sg_[i], chunks_[i].data, chunks_[i].len);
	return sg_.data();
}

std::vector<uint8_t> DividedBuffer::gather() const
{
	std::vector<uint8_t> out;
	for (const Chunk &c : chunks_)
		out.insert(out.end(), c.data, c.data + c.len);
	return out;
}

bool DividedBuffer::poison_intact() const
{
	for (const Chunk &c : chunks_)
		for (unsigned int i = 0; i < poison_len; i++)
			if (c.data[c.len + i] != poison_byte)
				return false;
	return true;
}

std::string DividedBuffer::lengths() const
{
	std::string s;
	for (const Chunk &c : chunks_) {
		if (!s.empty())
			s += '+';
		s += std::to_string(c.len);
	}
	return s;
}

std::string hex(std::span<const uint8_t> bytes)
{
	static const char digits[] = "0123456789abcdef";
	std::string s;
	for (uint8_t b : bytes) {
		s += digits[b >> 4];
		s += digits[b & 15];
	}
	return s;
}

std::string first_difference(std::span<const uint8_t> got, std::span<const uint8_t> want)
{
	size_t i = 0;
	while (i < got.size() && got[i] == want[i])
		i++;
	if (i == got.size())
		return "";
	size_t n = std::min<size_t>(16, got.size() - i);
	return "at byte " + std::to_string(i) + " of " + std::to_string(got.size()) + ": got " +
	       hex(got.subspan(i, n)) + ", expected " + hex(want.subspan(i, n));
}

}  // namespace kcshim::selftest
