// SPDX-License-Identifier: GPL-2.0
// The static guest programs as built (afalg/guest/guest_programs.cmake): the init and
// kcshim-bridge for x86_64 (natively) and arm64 (under qemu-aarch64), the init run as modprobe.
// Its module index, modprobe and job runner are tested on the host in guest_module_index_test.cpp,
// guest_modprobe_test.cpp and guest_job_test.cpp.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <elf.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <string>
#include <sys/utsname.h>
#include <sys/wait.h>

#include "tests/afalg/guest/guest_fixtures.h"

using namespace kcshim_test::guest_fixtures;

// The built static programs (afalg/guest/guest_programs.cmake).
namespace {

struct GuestArch {
	const char *name;
	uint16_t machine;
	const char *emulator;	// "" to run natively, or when there is none
};

void PrintTo(const GuestArch &arch, std::ostream *os)
{
	*os << arch.name;
}

const GuestArch guest_arches[] = {
	{"x86_64", EM_X86_64, ""},
	{"arm64", EM_AARCH64, KCSHIM_TEST_QEMU_AARCH64},
};

fs::path guest_program(const GuestArch &arch, const char *name)
{
	return fs::path(KCSHIM_TEST_GUEST_PROGRAMS_DIR) / arch.name / name;
}

// Runs COMMAND through the shell; returns its exit status and what it wrote to stdout+stderr.
int run_command(const std::string &command, std::string &output)
{
	FILE *p = popen((command + " 2>&1").c_str(), "r");
	if (!p)
		return -1;
	char buf[4096];
	size_t n;
	output.clear();
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		output.append(buf, n);
	int status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

class GuestPrograms : public ::testing::TestWithParam<GuestArch> {
protected:
	void SetUp() override
	{
		init = guest_program(GetParam(), "init");
		if (!fs::exists(init))
			GTEST_SKIP() << init << " not built (target kcshim_guest_programs)";
		if (*GetParam().emulator)
			emulator = std::string(GetParam().emulator) + " ";
		else if (GetParam().machine != EM_X86_64)
			GTEST_SKIP() << "no qemu-aarch64 to run " << init;
	}
	fs::path init;
	std::string emulator;
};

TEST_P(GuestPrograms, AreStaticExecutablesForTheirArch)
{
	for (const char *name : {"init", "kcshim-bridge"}) {
		fs::path program = guest_program(GetParam(), name);
		std::ifstream in(program, std::ios::binary);
		std::string elf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
		ASSERT_GE(elf.size(), sizeof(Elf64_Ehdr)) << program;
		Elf64_Ehdr eh;
		std::memcpy(&eh, elf.data(), sizeof(eh));
		ASSERT_EQ(std::memcmp(eh.e_ident, ELFMAG, SELFMAG), 0) << program;
		EXPECT_EQ(eh.e_machine, GetParam().machine) << program;
		bool interpreter = false;
		for (unsigned int i = 0; i < eh.e_phnum; i++) {
			Elf64_Phdr ph;
			ASSERT_LE(eh.e_phoff + (i + 1) * sizeof(ph), elf.size()) << program;
			std::memcpy(&ph, elf.data() + eh.e_phoff + i * sizeof(ph), sizeof(ph));
			interpreter |= ph.p_type == PT_INTERP || ph.p_type == PT_DYNAMIC;
		}
		EXPECT_FALSE(interpreter) << program << " is dynamically linked";
	}
}

TEST_P(GuestPrograms, InitAsModprobeUsesTheTreeUnderKcshimInitRoot)
{
	TempDir root;
	struct utsname u {};
	uname(&u);
	fs::path modules = fs::path("lib/modules") / u.release;
	root.write(modules / "modules.dep", "kernel/crypto/xts.ko:\n");
	root.write(modules / "modules.builtin", "kernel/crypto/sha256_generic.ko\n");
	fs::create_symlink(fs::absolute(init), root.path() / "modprobe");
	std::string modprobe = "KCSHIM_INIT_ROOT=" + root.path().string() + " " + emulator +
			       (root.path() / "modprobe").string();
	std::string out;

	EXPECT_EQ(run_command(modprobe + " -q -- sha256_generic", out), 0) << out;
	EXPECT_EQ(out, "");
	EXPECT_EQ(run_command(modprobe + " -q -- crypto-kcshim-bogus", out), 1) << out;
	EXPECT_EQ(out, "");
	EXPECT_EQ(run_command(modprobe + " crypto-kcshim-bogus", out), 1) << out;
	EXPECT_EQ(out, "kcshim-init: modprobe crypto-kcshim-bogus: ENOENT\n");
}

TEST_P(GuestPrograms, InitRefusesToRunAsAnythingButPid1)
{
	std::string out;
	EXPECT_EQ(run_command(emulator + init.string(), out), 2) << out;
	EXPECT_NE(out.find("not PID 1"), std::string::npos) << out;
}

TEST_P(GuestPrograms, BridgeAnswersHelp)
{
	std::string out;
	EXPECT_EQ(run_command(emulator + guest_program(GetParam(), "kcshim-bridge").string() +
				      " --help",
			      out),
		  0)
		<< out;
	EXPECT_NE(out.find("--tty"), std::string::npos) << out;
}

INSTANTIATE_TEST_SUITE_P(Arch, GuestPrograms, ::testing::ValuesIn(guest_arches),
			 [](const auto &info) { return std::string(info.param.name); });
