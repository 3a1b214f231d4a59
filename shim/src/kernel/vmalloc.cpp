// SPDX-License-Identifier: GPL-2.0
// vmalloc: each buffer is its own mapping, page-aligned, rounded up to whole pages and followed by
// a PROT_NONE guard page, as the kernel's vmalloc area leaves a hole after each allocation.
// Mappings are not ASan-tracked; the guard page does that job for overruns.
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <map>
#include <mutex>

#include <linux/mm.h>
#include <linux/vmalloc.h>

namespace {

struct Mapping {
	void *base;
	size_t length;		// guard page included
};

std::mutex mu;

// buffer start -> its mapping; never destroyed, so vfree() from a late destructor still works
std::map<const void *, Mapping> &mappings()
{
	static auto *m = new std::map<const void *, Mapping>;
	return *m;
}

size_t host_page()
{
	static const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
	return page;
}

size_t round_up_to(size_t n, size_t to)
{
	return (n + to - 1) / to * to;
}

// Bigger requests fail as an exhausted vmalloc area would: 1 TiB on 64-bit hosts, 1 GiB on
// 32-bit ones, where 1 TiB does not fit in an unsigned long.
constexpr unsigned long max_vmalloc_size =
	sizeof(unsigned long) >= 8 ? static_cast<unsigned long>(1ULL << 40) : 1UL << 30;

}  // namespace

extern "C" {

void *vmalloc(unsigned long size)
{
	if (!size || size > max_vmalloc_size)
		return nullptr;
	// The buffer ends on a host page boundary, so the guard page follows it directly even when
	// the host's pages are larger than the kernel's PAGE_SIZE.
	size_t len = round_up_to(size, PAGE_SIZE);
	size_t mapped = round_up_to(len, host_page());
	size_t total = mapped + host_page();
	void *base = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED)
		return nullptr;
	char *guard = static_cast<char *>(base) + mapped;
	if (mprotect(guard, host_page(), PROT_NONE)) {
		munmap(base, total);
		return nullptr;
	}
	void *buf = guard - len;
	std::lock_guard lock(mu);
	mappings()[buf] = {base, total};
	return buf;
}

void *vzalloc(unsigned long size)
{
	return vmalloc(size);	// fresh anonymous mappings are zeroed
}

void *vmalloc_array(size_t n, size_t size)
{
	size_t bytes;
	if (__builtin_mul_overflow(n, size, &bytes))
		return nullptr;
	return vmalloc(bytes);
}

void *vcalloc(size_t n, size_t size)
{
	return vmalloc_array(n, size);
}

void vfree(const void *addr)
{
	if (!addr)
		return;
	Mapping m;
	{
		std::lock_guard lock(mu);
		auto it = mappings().find(addr);
		if (it == mappings().end()) {
			// as the kernel's "Trying to vfree() nonexistent vm area"
			fprintf(stderr, "kcshim: vfree(%p): not a vmalloc() buffer\n", addr);
			abort();
		}
		m = it->second;
		mappings().erase(it);
	}
	munmap(m.base, m.length);
}

bool is_vmalloc_addr(const void *addr)
{
	std::lock_guard lock(mu);
	auto it = mappings().upper_bound(addr);
	if (it == mappings().begin())
		return false;
	--it;
	const char *p = static_cast<const char *>(addr);
	const char *base = static_cast<const char *>(it->second.base);
	return p >= base && p < base + it->second.length - host_page();
}

}  // extern "C"
