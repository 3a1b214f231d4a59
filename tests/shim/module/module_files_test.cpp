// SPDX-License-Identifier: GPL-2.0
// Module and vectors files are checked before they are mapped: a truncated, damaged or wrong file
// is -ENOEXEC with a line naming the problem, never a SIGBUS inside the dynamic loader.
#include <elf.h>
#include <link.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include <kcshim/kcshim.h>

namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;

class ModuleFile : public ::testing::Test {
protected:
	void SetUp() override
	{
		kcshim_init();
		std::string tmpl = (fs::temp_directory_path() / "kcshim-modfile-XXXXXX").string();
		ASSERT_TRUE(mkdtemp(tmpl.data()));
		dir_ = tmpl;
		std::ifstream in(KCSHIM_TEST_MODULE, std::ios::binary);
		module_.assign(std::istreambuf_iterator<char>(in), {});
		ASSERT_GT(module_.size(), 4096u);
	}
	void TearDown() override { fs::remove_all(dir_); }

	std::string write(const Bytes &bytes)
	{
		std::string path = (dir_ / "damaged.so").string();
		std::ofstream(path, std::ios::binary | std::ios::trunc)
			.write(reinterpret_cast<const char *>(bytes.data()), bytes.size());
		return path;
	}
	// kcshim_load_module()'s result for these bytes; *why its message
	int load(const Bytes &bytes, std::string *why)
	{
		int err = kcshim_load_module(write(bytes).c_str(), nullptr, nullptr);
		*why = kcshim_last_error();
		return err;
	}

	fs::path dir_;
	Bytes module_;
};

TEST_F(ModuleFile, EveryTruncationIsEnoexec)
{
	// the section header table ends the file: every shorter length cuts something
	std::vector<std::size_t> lengths = {0, 1, 4, 16, sizeof(ElfW(Ehdr)) - 1, sizeof(ElfW(Ehdr)),
					    1000, module_.size() - 1};
	for (std::size_t len = 512; len < module_.size(); len += 512)
		lengths.push_back(len);
	for (std::size_t len : lengths) {
		std::string why;
		EXPECT_EQ(load(Bytes(module_.begin(), module_.begin() + len), &why), -ENOEXEC)
			<< "truncated to " << len << " of " << module_.size() << " bytes";
		EXPECT_THAT(why, testing::HasSubstr("cannot load module: " + (dir_ / "damaged.so").string()))
			<< len;
	}
	std::string why;
	EXPECT_EQ(load(Bytes(module_.begin(), module_.begin() + 1000), &why), -ENOEXEC);
	EXPECT_THAT(why, testing::HasSubstr("(truncated or corrupt)"));
	EXPECT_EQ(load(Bytes(module_.begin(), module_.begin() + 20), &why), -ENOEXEC);
	EXPECT_THAT(why, testing::HasSubstr("shorter than an ELF header"));
}

struct Damage {
	const char *what;
	std::function<void(Bytes &)> apply;
	const char *expect;
};

ElfW(Ehdr) &ehdr(Bytes &b)
{
	return *reinterpret_cast<ElfW(Ehdr) *>(b.data());
}

// The first PT_LOAD program header.
ElfW(Phdr) &first_load(Bytes &b)
{
	auto *ph = reinterpret_cast<ElfW(Phdr) *>(b.data() + ehdr(b).e_phoff);
	for (unsigned int i = 0; i < ehdr(b).e_phnum; i++)
		if (ph[i].p_type == PT_LOAD)
			return ph[i];
	return ph[0];
}

TEST_F(ModuleFile, DamagedHeadersAreEnoexec)
{
	const std::uint64_t size = module_.size();
	const std::vector<Damage> damages = {
		{"not ELF", [](Bytes &b) { b[0] = 0; }, "not an ELF file"},
		{"the other ELF class",
		 [](Bytes &b) { b[EI_CLASS] ^= ELFCLASS32 ^ ELFCLASS64; }, "-bit little-endian"},
		{"big-endian", [](Bytes &b) { b[EI_DATA] = ELFDATA2MSB; }, "-bit little-endian"},
		{"another machine", [](Bytes &b) { ehdr(b).e_machine = EM_RISCV; }, "another machine"},
		{"an executable", [](Bytes &b) { ehdr(b).e_type = ET_EXEC; }, "e_type"},
		{"no program headers", [](Bytes &b) { ehdr(b).e_phnum = 0; }, "no program headers"},
		{"e_phoff past the end", [&](Bytes &b) { ehdr(b).e_phoff = size; },
		 "program header table"},
		{"e_phoff wrapping around", [](Bytes &b) { ehdr(b).e_phoff = ~ElfW(Off)(0) - 7; },
		 "program header table"},
		{"e_phentsize", [](Bytes &b) { ehdr(b).e_phentsize = sizeof(ElfW(Phdr)) / 2; },
		 "program header table"},
		{"a segment past the end", [&](Bytes &b) { first_load(b).p_filesz = size + 4096; },
		 "lies outside the file"},
		{"a segment's offset wrapping around",
		 [](Bytes &b) { first_load(b).p_offset = ~ElfW(Off)(0) - 15; },
		 "lies outside the file"},
		{"file bytes beyond memory",
		 [](Bytes &b) { first_load(b).p_memsz = first_load(b).p_filesz - 1; }, "in memory"},
		{"e_shoff past the end", [&](Bytes &b) { ehdr(b).e_shoff = size; },
		 "section header table"},
		{"e_shnum past the table", [](Bytes &b) { ehdr(b).e_shnum += 1000; },
		 "section header table"},
		{"e_shstrndx out of range", [](Bytes &b) { ehdr(b).e_shstrndx = ehdr(b).e_shnum; },
		 "section header table"},
	};
	for (const Damage &d : damages) {
		Bytes copy = module_;
		d.apply(copy);
		std::string why;
		EXPECT_EQ(load(copy, &why), -ENOEXEC) << d.what;
		EXPECT_THAT(why, testing::HasSubstr(d.expect)) << d.what;
	}
}

TEST_F(ModuleFile, DirectoryIsEnoexecAndSaysSo)
{
	EXPECT_EQ(kcshim_load_module(dir_.c_str(), nullptr, nullptr), -ENOEXEC);
	EXPECT_THAT(kcshim_last_error(), testing::HasSubstr("is a directory"));
	EXPECT_EQ(kcshim_load_vectors(dir_.c_str()), -ENOEXEC);
	EXPECT_THAT(kcshim_last_error(), testing::HasSubstr("is a directory"));
}

TEST_F(ModuleFile, TruncatedVectorsAreEnoexec)
{
	std::string path = write(Bytes(module_.begin(), module_.begin() + 1000));
	EXPECT_EQ(kcshim_load_vectors(path.c_str()), -ENOEXEC);
	EXPECT_THAT(kcshim_last_error(), testing::HasSubstr("cannot load vectors: " + path));
	EXPECT_EQ(kcshim_load_vectors((dir_ / "none.so").c_str()), -ENOENT);
}

}  // namespace
