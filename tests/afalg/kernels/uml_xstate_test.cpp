// SPDX-License-Identifier: GPL-2.0
/*
 * The linux.uml XSAVE preload (afalg/kernels/uml_xstate_preload.c), called the way
 * Debian's UML calls ptrace: 832-byte NT_X86_XSTATE buffers against a traced
 * child.  Its ptrace is reached with dlopen + dlsym, so the test process
 * itself keeps libc's.
 */
#include <gtest/gtest.h>

#include <array>
#include <csignal>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

constexpr size_t uml_len = 832;	/* sizeof(struct _xstate) in UML 6.1 */
constexpr size_t xfeatures_at = 512;
constexpr size_t hi16_zmm_at = 1664, hi16_zmm_len = 1024;	/* AVX-512 ZMM16-31 */
constexpr unsigned avx512_features = 0xe0;

static_assert(sizeof(KCSHIM_UML_PRELOAD_BUILT) > 1, "the preload's path is not set");

using ptrace_fn = long (*)(int, pid_t, void *, void *);

class UmlXstate : public ::testing::Test {
protected:
	void SetUp() override
	{
		lib_ = ::dlopen(KCSHIM_UML_PRELOAD_BUILT, RTLD_NOW | RTLD_LOCAL);
		ASSERT_NE(lib_, nullptr) << ::dlerror();
		preload_ = reinterpret_cast<ptrace_fn>(::dlsym(lib_, "ptrace"));
		ASSERT_NE(preload_, nullptr);
		child_ = ::fork();
		ASSERT_GE(child_, 0);
		if (child_ == 0) {
			::ptrace(PTRACE_TRACEME, 0, nullptr, nullptr);
			::raise(SIGSTOP);
			::_exit(0);
		}
		int status;
		ASSERT_EQ(::waitpid(child_, &status, 0), child_);
		ASSERT_TRUE(WIFSTOPPED(status));
		whole_ = get_whole();
		ASSERT_FALSE(whole_.empty());
	}

	void TearDown() override
	{
		if (child_ > 0) {
			::kill(child_, SIGKILL);
			::waitpid(child_, nullptr, 0);
		}
		if (lib_)
			::dlclose(lib_);
	}

	/* libc's ptrace, the whole area */
	std::vector<unsigned char> get_whole()
	{
		std::vector<unsigned char> buf(64 * 1024);
		iovec iov{buf.data(), buf.size()};
		if (::ptrace(PTRACE_GETREGSET, child_, reinterpret_cast<void *>(NT_X86_XSTATE),
			     &iov) != 0)
			return {};
		buf.resize(iov.iov_len);
		return buf;
	}

	long set_whole(std::vector<unsigned char> &buf)
	{
		iovec iov{buf.data(), buf.size()};
		return ::ptrace(PTRACE_SETREGSET, child_, reinterpret_cast<void *>(NT_X86_XSTATE),
				&iov);
	}

	long uml_call(int request, unsigned char *buf)
	{
		iovec iov{buf, uml_len};
		return preload_(request, child_, reinterpret_cast<void *>(NT_X86_XSTATE), &iov);
	}

	/* The child's ZMM16-31 set to @byte (the AVX-512 components marked in use). */
	void fill_hi16_zmm(unsigned char byte)
	{
		auto buf = get_whole();
		buf[xfeatures_at] |= avx512_features;
		std::memset(buf.data() + hi16_zmm_at, byte, hi16_zmm_len);
		ASSERT_EQ(set_whole(buf), 0) << std::strerror(errno);
	}

	bool has_hi16_zmm(unsigned char byte)
	{
		auto buf = get_whole();
		for (size_t i = 0; i < hi16_zmm_len; i++)
			if (buf[hi16_zmm_at + i] != byte)
				return false;
		return true;
	}

	void *lib_ = nullptr;
	ptrace_fn preload_ = nullptr;
	pid_t child_ = -1;
	std::vector<unsigned char> whole_;
};

TEST_F(UmlXstate, ShortSetIsAcceptedAndKeepsTheRest)
{
	if (whole_.size() <= uml_len)
		GTEST_SKIP() << "this host's XSAVE area is " << whole_.size()
			     << " bytes: UML's buffer holds it, nothing to work around";
	std::array<unsigned char, uml_len> regs{};
	iovec iov{regs.data(), regs.size()};
	/* libc's ptrace shows the bug being worked around */
	ASSERT_EQ(::ptrace(PTRACE_GETREGSET, child_, reinterpret_cast<void *>(NT_X86_XSTATE), &iov),
		  0);
	EXPECT_EQ(::ptrace(PTRACE_SETREGSET, child_, reinterpret_cast<void *>(NT_X86_XSTATE), &iov),
		  -1);
	EXPECT_EQ(errno, EFAULT);

	regs.fill(0);
	ASSERT_EQ(uml_call(PTRACE_GETREGSET, regs.data()), 0) << std::strerror(errno);
	EXPECT_EQ(std::memcmp(regs.data(), whole_.data(), uml_len), 0);
	ASSERT_EQ(uml_call(PTRACE_SETREGSET, regs.data()), 0) << std::strerror(errno);
	EXPECT_EQ(get_whole(), whole_);
}

TEST_F(UmlXstate, EachBufferGetsBackItsOwnRest)
{
	if (whole_.size() < hi16_zmm_at + hi16_zmm_len || !__builtin_cpu_supports("avx512f"))
		GTEST_SKIP() << "no AVX-512 state on this host";
	std::array<unsigned char, uml_len> thread_a{}, thread_b{};
	fill_hi16_zmm(0xa5);
	ASSERT_EQ(uml_call(PTRACE_GETREGSET, thread_a.data()), 0);
	fill_hi16_zmm(0x5a);
	ASSERT_EQ(uml_call(PTRACE_GETREGSET, thread_b.data()), 0);

	ASSERT_EQ(uml_call(PTRACE_SETREGSET, thread_a.data()), 0) << std::strerror(errno);
	EXPECT_TRUE(has_hi16_zmm(0xa5));
	ASSERT_EQ(uml_call(PTRACE_SETREGSET, thread_b.data()), 0) << std::strerror(errno);
	EXPECT_TRUE(has_hi16_zmm(0x5a));
}

TEST_F(UmlXstate, OtherRequestsPassThrough)
{
	errno = 0;
	long word = preload_(PTRACE_PEEKUSER, child_, nullptr, nullptr);
	EXPECT_EQ(errno, 0);
	EXPECT_EQ(word, ::ptrace(PTRACE_PEEKUSER, child_, nullptr, nullptr));
	EXPECT_EQ(preload_(PTRACE_GETREGSET, -1, reinterpret_cast<void *>(NT_X86_XSTATE), nullptr),
		  -1);
}

} /* namespace */
