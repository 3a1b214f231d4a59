// SPDX-License-Identifier: GPL-2.0
// The ET_REL loader (see relocatable_module.h): layout, symbol resolution, constructors, and the
// debugger/unwinder announcements; each architecture's relocations are in relocations_<arch>.cpp.
//
// The mapping has three parts, each page-aligned so it gets its own protection once relocated:
//   text    executable sections, then one 16-byte trampoline per undefined symbol   (r-x)
//   rodata  read-only sections, then the GOT: one 8-byte slot per symbol            (r--)
//   data    writable sections and .bss                                             (rw-)
#include "shim/src/module/relocatable_module.h"

#include "shim/src/module/elf_file.h"
#include "shim/src/module/host_elf.h"
#include "shim/src/module/relocations.h"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <unordered_map>
#include <vector>

// libgcc's unwinder registry: lets C++ unwinders and sanitizers walk through the module's frames.
// 32-bit arm unwinds with its EHABI tables, and its libgcc has no such registry; relocatable
// modules are x86-64 and arm64 only anyway (parse()).
#if !defined(__arm__)
extern "C" void __register_frame(void *begin);
extern "C" void __deregister_frame(void *begin);
#endif

// GDB's JIT interface (gdb/jit.h): gdb puts a breakpoint in __jit_debug_register_code and reads
// the object files listed in __jit_debug_descriptor. The names and layout are gdb's ABI.
extern "C" {
struct jit_code_entry {
	jit_code_entry *next_entry;
	jit_code_entry *prev_entry;
	const char *symfile_addr;
	std::uint64_t symfile_size;
};
struct jit_descriptor {
	std::uint32_t version;
	std::uint32_t action_flag;	// 1 register, 2 unregister
	jit_code_entry *relevant_entry;
	jit_code_entry *first_entry;
};
__attribute__((visibility("default"))) jit_descriptor __jit_debug_descriptor = {1, 0, nullptr,
										 nullptr};
__attribute__((visibility("default"), noinline)) void __jit_debug_register_code(void)
{
	asm volatile("" ::: "memory");
}
}

namespace kcshim {

namespace {

// What a module's code and data need to stay valid: the mapping, the low copies, the debugger's
// and unwinder's registrations.
struct Mapping {
	std::uint8_t *base = nullptr;
	std::size_t size = 0;
	void *eh_frame = nullptr;
	jit_code_entry jit{};
	std::vector<std::uint8_t> debug_image;		// the file with sh_addr set to load addresses
	std::vector<std::pair<void *, std::size_t>> copies;	// low copies of outside constants
	bool jit_registered = false;

	Mapping() = default;
	Mapping(const Mapping &) = delete;
	Mapping &operator=(const Mapping &) = delete;
	// Tells gdb's JIT interface about debug_image and the unwinder about .eh_frame (may be
	// nullptr); the destructor takes both back.
	void announce(void *eh_frame_start);
	~Mapping();
};

}  // namespace

struct RelocatableModule::Image {
	std::vector<std::uint8_t> file;
	std::vector<std::uintptr_t> section_addr;	// per section index; 0 when not loaded
	std::unordered_map<std::string, std::uintptr_t> exports;	// global and weak definitions
	std::vector<std::uintptr_t> fini;		// destructors, in the order to run them
	Mapping map;
};

namespace {

constexpr std::size_t trampoline_size = 16;
// What a section may ask for: the image is one mapping in the low 2 GiB, aligned to a page.
constexpr std::uint64_t max_section_size = std::uint64_t(1) << 30;
constexpr std::uint64_t max_section_align = 4096;

std::size_t align_up(std::size_t v, std::size_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

// LeakSanitizer's roots are the stack, registers, globals of loaded ELF objects and the heap it
// tracks. A relocatable module's image is an anonymous mapping, so pointers kept in its data
// (a driver's tables, a library's state) would look like leaks without this; weak, so a build
// without sanitizers needs no runtime.
extern "C" void __lsan_register_root_region(const void *p, std::size_t size) __attribute__((weak));
extern "C" void __lsan_unregister_root_region(const void *p, std::size_t size) __attribute__((weak));

void register_frame(void *eh_frame)
{
#if !defined(__arm__)
	__register_frame(eh_frame);
#endif
}

void deregister_frame(void *eh_frame)
{
#if !defined(__arm__)
	__deregister_frame(eh_frame);
#endif
}

// Where an image or a stand-in goes. x86-64: the low 2 GiB (MAP_32BIT), where a sign-extended
// 32-bit address reaches. arm64: anywhere, as near @near as the kernel will place it (adrp
// reaches +/-4 GiB; the process's libraries and modules share one region, so a plain mapping is
// within reach of them). Elsewhere MAP_FAILED with errno ENOEXEC.
void *map_in_reach(std::size_t size, const void *near = nullptr)
{
#if defined(__x86_64__)
	(void)near;
	return mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT,
		    -1, 0);
#elif defined(__aarch64__)
	return mmap(const_cast<void *>(near), size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
#else
	(void)size;
	(void)near;
	errno = ENOEXEC;
	return MAP_FAILED;
#endif
}

// Parsed views into the file; every offset is checked before use.
struct Elf {
	const std::vector<std::uint8_t> &file;
	const Elf64_Ehdr *eh = nullptr;
	const Elf64_Shdr *sh = nullptr;
	const Elf64_Sym *syms = nullptr;
	std::size_t nsyms = 0;
	const char *strtab = nullptr;
	std::size_t strtab_size = 0;
	const char *shstrtab = nullptr;
	std::size_t shstrtab_size = 0;

	bool in_file(std::uint64_t off, std::uint64_t len) const
	{
		return off <= file.size() && len <= file.size() - off;
	}
	const char *str(const char *tab, std::size_t size, std::uint32_t off) const
	{
		if (!tab || off >= size || !memchr(tab + off, 0, size - off))
			return "";
		return tab + off;
	}
	const char *section_name(std::size_t i) const
	{
		return str(shstrtab, shstrtab_size, sh[i].sh_name);
	}
	const char *symbol_name(std::size_t i) const
	{
		return str(strtab, strtab_size, syms[i].st_name);
	}
};

std::string parse(Elf &e)
{
	const auto &f = e.file;
	// the ELF header, the section header table and every section's contents inside the file
	std::uint16_t type;
	if (std::string why = check_elf(f, &type); !why.empty())
		return why;
	e.eh = reinterpret_cast<const Elf64_Ehdr *>(f.data());
	if (type != ET_REL)
		return "not a relocatable object";
	// e_machine sits at the same offset in the ELF32 header check_elf() accepts on 32-bit hosts
	if (host_class != ELFCLASS64 || e.eh->e_machine != host_machine)
		return "relocatable modules load on x86-64 and arm64, for the host's own architecture "
		       "(e_machine " + std::to_string(e.eh->e_machine) + ")";
	// The tables are read in place: their offsets must be aligned for their entries.
	if (!e.eh->e_shnum || e.eh->e_shoff % alignof(Elf64_Shdr))
		return "bad section header table";
	e.sh = reinterpret_cast<const Elf64_Shdr *>(f.data() + e.eh->e_shoff);
	// (a NOBITS section's offset is not checked by check_elf(): string tables must have contents)
	const Elf64_Shdr &shs = e.sh[e.eh->e_shstrndx];
	if (shs.sh_type != SHT_STRTAB)
		return "bad string table for section names";
	e.shstrtab = reinterpret_cast<const char *>(f.data() + shs.sh_offset);
	e.shstrtab_size = shs.sh_size;
	for (std::size_t i = 0; i < e.eh->e_shnum; i++) {
		if (e.sh[i].sh_type != SHT_SYMTAB)
			continue;
		if (e.sh[i].sh_entsize != sizeof(Elf64_Sym) ||
		    e.sh[i].sh_offset % alignof(Elf64_Sym) || e.sh[i].sh_link >= e.eh->e_shnum)
			return "bad symbol table";
		e.syms = reinterpret_cast<const Elf64_Sym *>(f.data() + e.sh[i].sh_offset);
		e.nsyms = e.sh[i].sh_size / sizeof(Elf64_Sym);
		const Elf64_Shdr &st = e.sh[e.sh[i].sh_link];
		if (st.sh_type != SHT_STRTAB)
			return "bad string table for symbol names";
		e.strtab = reinterpret_cast<const char *>(f.data() + st.sh_offset);
		e.strtab_size = st.sh_size;
	}
	if (!e.syms)
		return "no symbol table";
	for (std::size_t i = 0; i < e.eh->e_shnum; i++) {
		const Elf64_Shdr &s = e.sh[i];
		if (s.sh_type == SHT_RELA &&
		    (s.sh_entsize != sizeof(Elf64_Rela) || s.sh_offset % alignof(Elf64_Rela) ||
		     s.sh_info >= e.eh->e_shnum))
			return "bad relocation section " + std::to_string(i);
		// The layout below sums sizes and alignments: bounded here, the sums cannot wrap.
		if (!(s.sh_flags & SHF_ALLOC))
			continue;
		if (s.sh_size > max_section_size)
			return "section " + std::to_string(i) + " size " + std::to_string(s.sh_size) +
			       " does not fit in the low 2 GiB";
		if (s.sh_addralign > max_section_align || (s.sh_addralign & (s.sh_addralign - 1)))
			return "section " + std::to_string(i) + " alignment " +
			       std::to_string(s.sh_addralign) +
			       " is not a power of two up to a page (the mapping is page-aligned)";
	}
	return {};
}

// What dladdr1() knows of the symbol at exactly addr: its ELF type and size.
bool outside_symbol(std::uintptr_t addr, unsigned int *type, std::size_t *size)
{
	Dl_info info;
	ElfW(Sym) *sym = nullptr;
	void *p = reinterpret_cast<void *>(addr);
	if (!dladdr1(p, &info, reinterpret_cast<void **>(&sym), RTLD_DL_SYMENT) || !sym ||
	    info.dli_saddr != p)
		return false;
	*type = ELF64_ST_TYPE(sym->st_info);
	*size = sym->st_size;
	return true;
}

// True when [addr, addr+len) lies in one mapping of this process that is not writable.
bool read_only_memory(std::uintptr_t addr, std::size_t len)
{
	std::ifstream maps("/proc/self/maps");
	std::string line;
	while (std::getline(maps, line)) {
		unsigned long lo, hi;
		char perms[5] = {};
		if (sscanf(line.c_str(), "%lx-%lx %4s", &lo, &hi, perms) != 3)
			continue;
		if (addr >= lo && addr < hi)
			return addr + len <= hi && perms[1] != 'w';
	}
	return false;
}

enum Part { text, rodata, data, parts };

Part part_of(const Elf64_Shdr &s)
{
	if (s.sh_flags & SHF_EXECINSTR)
		return text;
	if (s.sh_flags & SHF_WRITE)
		return data;
	return rodata;
}

// Constructor/destructor arrays run in priority order (".init_array.00101" before
// ".init_array"), as crtstuff and ld's sorting would arrange in a linked object.
unsigned int array_priority(const char *name)
{
	const char *dot = strrchr(name, '.');
	if (dot && dot != name && dot[1] >= '0' && dot[1] <= '9')
		return static_cast<unsigned int>(strtoul(dot + 1, nullptr, 10));
	return 65536;
}

// Where everything goes in the mapping: each loaded section at an offset in its part, the
// trampolines after the text, the GOT after the rodata; each part starts on a page.
struct Layout {
	std::vector<std::pair<Part, std::size_t>> where;	// per section; SIZE_MAX when not loaded
	std::size_t part_start[parts] = {};
	std::size_t tramp_off = 0;
	std::size_t got_off = 0;
	std::size_t total = 0;
};

std::string lay_out(const Elf &e, Layout *l)
{
	const std::size_t nsec = e.eh->e_shnum;
	// Layout: each loaded section at an offset in its part; .eh_frame gets 4 zero bytes after
	// it, the terminator a linked object would have from crtend.o.
	std::size_t part_size[parts] = {};
	std::vector<std::pair<Part, std::size_t>> &where = l->where;
	where.assign(nsec, {text, SIZE_MAX});
	for (std::size_t i = 1; i < nsec; i++) {
		const Elf64_Shdr &s = e.sh[i];
		// empty sections too: a symbol defined in one (an end marker) needs an address
		if (!(s.sh_flags & SHF_ALLOC))
			continue;
		if (s.sh_flags & SHF_TLS)
			return std::string("thread-local section ") + e.section_name(i) +
			       " (per-CPU data in a relocatable module is not supported)";
		Part p = part_of(s);
		std::size_t off = align_up(part_size[p], s.sh_addralign);
		where[i] = {p, off};
		part_size[p] = off + s.sh_size + (strcmp(e.section_name(i), ".eh_frame") ? 0 : 4);
	}
	l->tramp_off = align_up(part_size[text], 16);
	part_size[text] = l->tramp_off + e.nsyms * trampoline_size;
	l->got_off = align_up(part_size[rodata], 8);
	part_size[rodata] = l->got_off + e.nsyms * 8;
	const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
	l->total = 0;
	for (int p = 0; p < parts; p++) {
		l->part_start[p] = l->total;
		l->total += align_up(std::max<std::size_t>(part_size[p], 1), page);
	}
	return {};
}

// Maps the image in reach and copies each loaded section to its place (the rest stays zero).
std::string map_sections(RelocatableModule::Image *img, const Elf &e, const Layout &l)
{
	Mapping &mem = img->map;
	const std::size_t nsec = e.eh->e_shnum;
	void *map = map_in_reach(l.total);
	if (map == MAP_FAILED)
		return std::string("cannot map the module: ") + strerror(errno);
	mem.base = static_cast<std::uint8_t *>(map);
	mem.size = l.total;
	if (__lsan_register_root_region)
		__lsan_register_root_region(map, l.total);
	img->section_addr.assign(nsec, 0);
	for (std::size_t i = 1; i < nsec; i++) {
		if (l.where[i].second == SIZE_MAX)
			continue;
		std::uint8_t *dst = mem.base + l.part_start[l.where[i].first] + l.where[i].second;
		img->section_addr[i] = reinterpret_cast<std::uintptr_t>(dst);
		if (e.sh[i].sh_type != SHT_NOBITS)
			memcpy(dst, img->file.data() + e.sh[i].sh_offset, e.sh[i].sh_size);
	}
	return {};
}

// Each symbol's value, and whether it is undefined in the module (bound by the Resolve callback).
struct Symbols {
	std::vector<std::uintptr_t> value;
	std::vector<bool> external;
};

// Symbols: their values, and the module's own definitions as its exports.
std::string bind_symbols(const Elf &e, RelocatableModule::Image *img,
			 const RelocatableModule::Resolve &resolve, const std::uint64_t *got,
			 Symbols *syms)
{
	const std::size_t nsec = e.eh->e_shnum;
	std::vector<std::uintptr_t> &value = syms->value;
	std::vector<bool> &external = syms->external;
	value.assign(e.nsyms, 0);
	external.assign(e.nsyms, false);
	for (std::size_t i = 1; i < e.nsyms; i++) {
		const Elf64_Sym &s = e.syms[i];
		const char *name = e.symbol_name(i);
		unsigned int bind = ELF64_ST_BIND(s.st_info);
		if (ELF64_ST_TYPE(s.st_info) == STT_TLS)
			continue;	// refused in relocate() if a relocation uses it
		if (s.st_shndx == SHN_UNDEF && !strcmp(name, "_GLOBAL_OFFSET_TABLE_")) {
			value[i] = reinterpret_cast<std::uintptr_t>(got);	// the GOT built here
		} else if (s.st_shndx == SHN_UNDEF) {
			external[i] = true;
			if (std::string why = resolve(name, bind == STB_WEAK, &value[i]); !why.empty())
				return why;
		} else if (s.st_shndx == SHN_ABS) {
			value[i] = s.st_value;
		} else if (s.st_shndx == SHN_COMMON) {
			return std::string("common symbol ") + name + " (build with -fno-common)";
		} else if (s.st_shndx < nsec && img->section_addr[s.st_shndx]) {
			value[i] = img->section_addr[s.st_shndx] + s.st_value;
			if ((bind == STB_GLOBAL || bind == STB_WEAK) && *name)
				img->exports.emplace(name, value[i]);
		}
	}
	return {};
}

// A stand-in within reach of the module for an outside symbol that is not: a trampoline
// for a function, a copy for read-only data (a constant table in another module, e.g.
// cast_s1 that cast5's x86 assembly indexes, crypto_ft_tab that aes-arm64's addresses) --
// what ld's PLT and copy relocations do for an executable. 0 when neither applies.
struct StandIns {
	Mapping &mem;
	std::uint8_t *tramps;				// one trampoline slot per symbol
	const std::vector<std::uintptr_t> &value;	// the symbols' values
	std::vector<std::uintptr_t> stand_in;		// per symbol, once made; else 0

	std::uintptr_t reach(std::size_t sym, bool call);
};

std::uintptr_t StandIns::reach(std::size_t sym, bool call)
{
	if (stand_in[sym])
		return stand_in[sym];
	unsigned int type = STT_FUNC;
	std::size_t size = 0;
	bool known = outside_symbol(value[sym], &type, &size);
	if (call || type == STT_FUNC || type == STT_GNU_IFUNC) {
		std::uint8_t *t = tramps + sym * trampoline_size;
		if (host_machine == EM_AARCH64)
			relocation::write_aarch64_trampoline(t, value[sym]);
		else
			relocation::write_x86_64_trampoline(t, value[sym]);
		return stand_in[sym] = reinterpret_cast<std::uintptr_t>(t);
	}
	if (!known || type != STT_OBJECT || !size || !read_only_memory(value[sym], size))
		return 0;
	void *copy = map_in_reach(size, mem.base);
	if (copy == MAP_FAILED)
		return 0;
	memcpy(copy, reinterpret_cast<const void *>(value[sym]), size);
	mprotect(copy, size, PROT_READ);
	mem.copies.emplace_back(copy, size);
	return stand_in[sym] = reinterpret_cast<std::uintptr_t>(copy);
}

// Relocations, by the host's architecture (parse() checked the module is of it).
std::string relocate(const Elf &e, const RelocatableModule::Image *img, const Symbols &syms,
		     StandIns *stand_ins, std::uint64_t *got)
{
	const std::size_t nsec = e.eh->e_shnum;
	const std::vector<std::uintptr_t> &value = syms.value;
	const std::vector<bool> &external = syms.external;
	const bool arm64 = host_machine == EM_AARCH64;
	for (std::size_t r = 1; r < nsec; r++) {
		const Elf64_Shdr &rs = e.sh[r];
		if (rs.sh_type == SHT_REL)
			return "SHT_REL relocations (x86-64 and arm64 objects use SHT_RELA)";
		// (parse() checked sh_entsize and sh_info)
		if (rs.sh_type != SHT_RELA || !img->section_addr[rs.sh_info])
			continue;
		const char *target = e.section_name(rs.sh_info);
		auto *rel = reinterpret_cast<const Elf64_Rela *>(img->file.data() + rs.sh_offset);
		std::size_t n = rs.sh_size / sizeof(Elf64_Rela);
		for (std::size_t k = 0; k < n; k++) {
			std::size_t sym = ELF64_R_SYM(rel[k].r_info);
			unsigned int type = ELF64_R_TYPE(rel[k].r_info);
			std::size_t width = arm64 ? relocation::width_aarch64(type)
						  : relocation::width_x86_64(type);
			if (sym >= e.nsyms || rel[k].r_offset > e.sh[rs.sh_info].sh_size ||
			    e.sh[rs.sh_info].sh_size - rel[k].r_offset < width)
				return std::string("bad relocation in ") + target;
			if (sym && ELF64_ST_TYPE(e.syms[sym].st_info) == STT_TLS)
				return std::string("thread-local symbol ") + e.symbol_name(sym) +
				       " used in " + target + " (not supported in relocatable modules)";
			relocation::Site site{type,
					      static_cast<std::uintptr_t>(img->section_addr[rs.sh_info] +
									  rel[k].r_offset),
					      static_cast<std::int64_t>(value[sym]),
					      rel[k].r_addend,
					      external[sym],
					      sym ? e.symbol_name(sym) : "?",
					      target};
			relocation::Loader loader{
				[&](bool call) { return stand_ins->reach(sym, call); },
				[&] { return stand_ins->stand_in[sym]; },
				[&] {
					got[sym] = value[sym];
					return reinterpret_cast<std::uintptr_t>(&got[sym]);
				},
				reinterpret_cast<std::int64_t>(got)};
			std::string why = arm64 ? relocation::apply_aarch64(site, loader)
						: relocation::apply_x86_64(site, loader);
			if (!why.empty())
				return why;
		}
	}
	return {};
}

// Makes the relocated code fetchable and gives each part its protection.
std::string protect(const Mapping &mem, const Layout &l)
{
	// The code as relocated is what the CPU must fetch (arm64's instruction cache is not coherent
	// with the writes above).
	__builtin___clear_cache(reinterpret_cast<char *>(mem.base + l.part_start[text]),
				reinterpret_cast<char *>(mem.base + l.part_start[rodata]));
	// Protections: code r-x, constants and GOT r--, data rw-.
	if (mprotect(mem.base + l.part_start[text], l.part_start[rodata] - l.part_start[text],
		     PROT_READ | PROT_EXEC) ||
	    mprotect(mem.base + l.part_start[rodata], l.part_start[data] - l.part_start[rodata],
		     PROT_READ))
		return std::string("mprotect: ") + strerror(errno);
	return {};
}

// Announce the image before running any of its code: to gdb (its JIT interface reads the
// object with each section's sh_addr set to where it now lives) and to the unwinder.
void announce_image(RelocatableModule::Image *img, const Elf &e)
{
	Mapping &mem = img->map;
	const std::size_t nsec = e.eh->e_shnum;
	mem.debug_image = img->file;
	auto *dsh = reinterpret_cast<Elf64_Shdr *>(mem.debug_image.data() + e.eh->e_shoff);
	for (std::size_t i = 1; i < nsec; i++)
		if (img->section_addr[i])
			dsh[i].sh_addr = img->section_addr[i];
	void *eh_frame = nullptr;
	for (std::size_t i = 1; i < nsec; i++)
		if (img->section_addr[i] && !strcmp(e.section_name(i), ".eh_frame"))
			eh_frame = reinterpret_cast<void *>(img->section_addr[i]);
	mem.announce(eh_frame);
}

// Constructors (they queue the module's init calls), in priority order: returned, to be run;
// destructors are kept in img->fini for unload, in the reverse order.
std::vector<std::uintptr_t> init_and_fini_arrays(const Elf &e, RelocatableModule::Image *img)
{
	const std::size_t nsec = e.eh->e_shnum;
	struct Array {
		unsigned int priority;
		std::size_t section;
	};
	std::vector<Array> inits, finis;
	for (std::size_t i = 1; i < nsec; i++) {
		if (!img->section_addr[i])
			continue;
		if (e.sh[i].sh_type == SHT_INIT_ARRAY)
			inits.push_back({array_priority(e.section_name(i)), i});
		else if (e.sh[i].sh_type == SHT_FINI_ARRAY)
			finis.push_back({array_priority(e.section_name(i)), i});
	}
	auto by_priority = [](const Array &a, const Array &b) { return a.priority < b.priority; };
	std::stable_sort(inits.begin(), inits.end(), by_priority);
	std::stable_sort(finis.begin(), finis.end(), by_priority);
	auto entries = [&](const Array &a) {
		const auto *fn = reinterpret_cast<const std::uintptr_t *>(img->section_addr[a.section]);
		return std::vector<std::uintptr_t>(fn, fn + e.sh[a.section].sh_size / 8);
	};
	for (const Array &a : finis)
		for (std::uintptr_t fn : entries(a))
			img->fini.push_back(fn);
	std::reverse(img->fini.begin(), img->fini.end());
	std::vector<std::uintptr_t> ctors;
	for (const Array &a : inits)
		for (std::uintptr_t fn : entries(a))
			ctors.push_back(fn);
	return ctors;
}

}  // namespace

void Mapping::announce(void *eh_frame_start)
{
	jit.symfile_addr = reinterpret_cast<const char *>(debug_image.data());
	jit.symfile_size = debug_image.size();
	jit.next_entry = __jit_debug_descriptor.first_entry;
	if (jit.next_entry)
		jit.next_entry->prev_entry = &jit;
	__jit_debug_descriptor.first_entry = &jit;
	__jit_debug_descriptor.relevant_entry = &jit;
	__jit_debug_descriptor.action_flag = 1;
	__jit_debug_register_code();
	jit_registered = true;
	if (eh_frame_start) {
		eh_frame = eh_frame_start;
		register_frame(eh_frame);
	}
}

Mapping::~Mapping()
{
	if (jit_registered) {
		if (jit.prev_entry)
			jit.prev_entry->next_entry = jit.next_entry;
		else
			__jit_debug_descriptor.first_entry = jit.next_entry;
		if (jit.next_entry)
			jit.next_entry->prev_entry = jit.prev_entry;
		__jit_debug_descriptor.relevant_entry = &jit;
		__jit_debug_descriptor.action_flag = 2;
		__jit_debug_register_code();
	}
	if (eh_frame)
		deregister_frame(eh_frame);
	if (base) {
		if (__lsan_unregister_root_region)
			__lsan_unregister_root_region(base, size);
		munmap(base, size);
	}
	for (auto [p, n] : copies)
		munmap(p, n);
}

RelocatableModule::RelocatableModule(std::unique_ptr<Image> image) : image_(std::move(image))
{
}

RelocatableModule::~RelocatableModule()
{
	for (std::uintptr_t fn : image_->fini)
		reinterpret_cast<void (*)()>(fn)();
}

const std::unordered_map<std::string, std::uintptr_t> &RelocatableModule::exports() const
{
	return image_->exports;
}

void *RelocatableModule::symbol(const std::string &name) const
{
	auto it = image_->exports.find(name);
	return it == image_->exports.end() ? nullptr : reinterpret_cast<void *>(it->second);
}

std::unique_ptr<RelocatableModule> RelocatableModule::load(const std::string &path,
							   std::vector<std::uint8_t> file,
							   const Resolve &resolve, std::string *error,
							   Code code)
{
	auto img = std::make_unique<Image>();
	img->file = std::move(file);
	Elf e{img->file};
	auto fail = [&](const std::string &why) {
		*error = path + ": " + why;
		return nullptr;
	};
	if (std::string why = parse(e); !why.empty())
		return fail(why);
	Layout layout;
	if (std::string why = lay_out(e, &layout); !why.empty())
		return fail(why);
	if (std::string why = map_sections(img.get(), e, layout); !why.empty())
		return fail(why);
	Mapping &mem = img->map;
	std::uint8_t *tramps = mem.base + layout.part_start[text] + layout.tramp_off;
	auto *got = reinterpret_cast<std::uint64_t *>(mem.base + layout.part_start[rodata] +
						      layout.got_off);
	Symbols syms;
	if (std::string why = bind_symbols(e, img.get(), resolve, got, &syms); !why.empty())
		return fail(why);
	StandIns stand_ins{mem, tramps, syms.value, std::vector<std::uintptr_t>(e.nsyms, 0)};
	if (std::string why = relocate(e, img.get(), syms, &stand_ins, got); !why.empty())
		return fail(why);
	if (std::string why = protect(mem, layout); !why.empty())
		return fail(why);
	announce_image(img.get(), e);
	std::vector<std::uintptr_t> ctors = init_and_fini_arrays(e, img.get());
	if (code == Code::not_run) {
		ctors.clear();
		img->fini.clear();
	}
	std::unique_ptr<RelocatableModule> mod(new RelocatableModule(std::move(img)));
	for (std::uintptr_t fn : ctors)
		reinterpret_cast<void (*)()>(fn)();
	return mod;
}

}  // namespace kcshim
