// SPDX-License-Identifier: GPL-2.0
// kcshim xcheck against a real kernel: this host's AF_ALG, else one user-mode Linux boot shared
// by every test in this binary (XcheckKernel below), with `kcshim bridge` inside the guest.
//
// Seeds: KCSHIM_TEST_SEED=<n> replays a run (the seed is printed); KCSHIM_XCHECK_ITERATIONS sets
// the random cases per driver pair (default: xcheck's own default).
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <kcshim/kcshim.h>

#include "afalg/bridge/bridge_server.h"
#include "afalg/endpoint/local_afalg.h"
#include "afalg/kernels/kernel_choice.h"
#include "afalg/kernels/uml.h"
#include "afalg/xcheck/xcheck.h"

namespace kcshim::afalg {
namespace {

class XcheckKernel : public ::testing::Environment {
public:
	void SetUp() override
	{
		kcshim_init();
		if (LocalAfalg::probe() == 0) {
			local_ = std::make_unique<LocalAfalg>(std::chrono::seconds(30));
			desc_ = "local AF_ALG";
			return;
		}
		if (!find_uml()) {
			why_ = "no AF_ALG on this host and user-mode-linux is not installed "
			       "(apt-get install user-mode-linux kmod)";
			skip_ = true;
			std::printf("KCSHIM-SKIP: %s\n", why_.c_str());
			return;
		}
		KernelChoice k;
		k.kernel = "uml";
		std::istringstream words(KCSHIM_TEST_GUEST_BRIDGE);
		for (std::string w; words >> w;)
			k.bridge_command.push_back(w);
		auto opened = open_kernel(k);
		if (!opened) {
			why_ = describe(opened.error()) + "\n" + opened.error().detail;
			return;
		}
		uml_ = std::move(*opened);
		desc_ = uml_->label() + ", " + k.bridge_command.front() + " inside, boot " +
			std::to_string(uml_->boot_time().count()) + " ms";
	}
	void TearDown() override
	{
		uml_.reset();
		local_.reset();
	}

	static XcheckKernel *get() { return env_; }
	static void set(XcheckKernel *e) { env_ = e; }

	KernelEndpoint *ep()
	{
		if (local_)
			return local_.get();
		return uml_ ? &uml_->endpoint() : nullptr;
	}
	std::string why_, desc_;
	bool skip_ = false;

private:
	static inline XcheckKernel *env_ = nullptr;
	std::unique_ptr<LocalAfalg> local_;
	std::unique_ptr<OpenKernel> uml_;
};

const int registered = [] {
	auto *e = new XcheckKernel;	// gtest owns it
	XcheckKernel::set(e);
	::testing::AddGlobalTestEnvironment(e);
	return 0;
}();

#define NEED_KERNEL(ep)                                                     \
	XcheckKernel *env_ = XcheckKernel::get();                           \
	if (env_->skip_)                                                    \
		GTEST_SKIP() << env_->why_;                                 \
	KernelEndpoint *ep = env_->ep();                                    \
	ASSERT_NE(ep, nullptr) << env_->why_

std::uint64_t test_seed()
{
	if (const char *s = std::getenv("KCSHIM_TEST_SEED"))
		return std::strtoull(s, nullptr, 0);
	std::random_device rd;
	return (std::uint64_t(rd()) << 32) | rd() | 1;
}

xcheck::Options options(std::vector<std::string> algs)
{
	xcheck::Options o;
	o.algs = std::move(algs);
	o.seed = test_seed();
	if (const char *n = std::getenv("KCSHIM_XCHECK_ITERATIONS"))
		o.iterations = static_cast<unsigned int>(std::strtoul(n, nullptr, 0));
	o.kernel_label = XcheckKernel::get()->desc_;
	return o;
}

/* The kernel's generic driver for a seed algorithm, as testmgr names it. */
std::string generic(const std::string &alg)
{
	size_t p = alg.find('(');
	if (p == std::string::npos)
		return alg + "-generic";
	return alg.substr(0, p + 1) + alg.substr(p + 1, alg.size() - p - 2) + "-generic)";
}

TEST(Xcheck, SeedDriversMatchKernelGeneric)
{
	NEED_KERNEL(ep);
	const std::vector<std::string> seeds = {"sha3-224", "sha3-256", "sha3-384", "sha3-512",
						"sha384", "sha512", "crct10dif", "ecb(cast5)",
						"cbc(cast5)", "ctr(cast5)"};
	auto opt = options(seeds);
	std::ostringstream out;
	xcheck::Report rep;
	int rc = xcheck::run(*ep, opt, out, &rep);
	std::printf("%s", out.str().c_str());
	EXPECT_EQ(rc, 0) << "seed 0x" << std::hex << rep.seed << "\n" << out.str();

	for (const auto &alg : seeds) {
		// our generic driver of that name against the kernel's generic one
		std::string ours = generic(alg), theirs = generic(alg);
		bool found = false;
		for (const auto &p : rep.pairs) {
			if (p.ours != ours || p.theirs != theirs)
				continue;
			found = true;
			EXPECT_EQ(p.mismatches, 0u) << ours << " vs " << theirs;
			EXPECT_GT(p.cases, opt.iterations) << ours;
		}
		EXPECT_TRUE(found) << "no pair " << ours << " vs kernel " << theirs << "\n" << out.str();
	}
}

TEST(Xcheck, FindsPlantedBugWithReproducer)
{
	NEED_KERNEL(ep);
	struct kcshim_module *mod = nullptr;
	ASSERT_EQ(kcshim_load_module(KCSHIM_PLANTED_MODULE, nullptr, &mod), 0) << kcshim_last_error();

	auto opt = options({"sha3-256-planted"});
	opt.iterations = 20;	// the bug is in the exhaustive sweep
	std::ostringstream out;
	xcheck::Report rep;
	int rc = xcheck::run(*ep, opt, out, &rep);
	std::printf("%s", out.str().c_str());
	EXPECT_EQ(kcshim_unload_module(mod), 0);

	EXPECT_EQ(rc, xcheck::exit_mismatch) << out.str();
	ASSERT_FALSE(rep.pairs.empty());
	EXPECT_EQ(rep.pairs[0].ours, "sha3-256-planted");
	EXPECT_EQ(rep.pairs[0].theirs, "sha3-256-generic");
	// exactly the length-100 cases: one-shot, pieces, and the random ones that hit 100
	EXPECT_GE(rep.pairs[0].mismatches, 2u);
	const std::string s = out.str();
	EXPECT_NE(s.find("MISMATCH sha3-256-planted (kcshim) vs sha3-256-generic (kernel "), std::string::npos);
	EXPECT_NE(s.find("message:   100 bytes "), std::string::npos) << s;
	EXPECT_NE(s.find("splits:    ["), std::string::npos);
	EXPECT_NE(s.find("kcshim:    "), std::string::npos);
	EXPECT_NE(s.find("kernel:    "), std::string::npos);
	EXPECT_NE(s.find("--seed 0x"), std::string::npos);
}

/* Exit status of `kcshim ARGS...`, its stdout in @out. */
int run_cli(const std::vector<std::string> &args, std::string &out)
{
	std::string cmd = std::string(KCSHIM_CLI);
	for (const auto &a : args)
		cmd += " '" + a + "'";
	cmd += " 2>&1";
	FILE *p = ::popen(cmd.c_str(), "r");
	if (!p)
		return -1;
	char buf[4096];
	size_t n;
	while ((n = std::fread(buf, 1, sizeof(buf), p)) > 0)
		out.append(buf, n);
	int st = ::pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

TEST(Xcheck, NoKernelReachableExits77)
{
	if (LocalAfalg::probe() == 0)
		GTEST_SKIP() << "this host has AF_ALG, so --kernel local reaches a kernel";
	std::string out;
	EXPECT_EQ(run_cli({"xcheck", "--kernel", "local", "sha3-256"}, out), 77) << out;
	EXPECT_NE(out.find("no AF_ALG on this host"), std::string::npos) << out;
}

TEST(Xcheck, UsageErrorsExit2)
{
	std::string out;
	EXPECT_EQ(run_cli({"xcheck", "--kernel", "local"}, out), 2) << out;	// no ALG, no --all
	out.clear();
	EXPECT_EQ(run_cli({"xcheck", "--kernel", "bogus", "sha3-256"}, out), 2) << out;
	out.clear();
	EXPECT_EQ(run_cli({"xcheck", "--kernel", "unix:/nonexistent/sock", "sha3-256"}, out), 2) << out;
}

// The CLI end to end over --kernel unix: with a secret file: a bridge in this process serves
// the shared kernel, so the CLI's batches are forwarded whole to the guest's bridge.
TEST(Xcheck, CliOverBridgeMatches)
{
	NEED_KERNEL(ep);
	char dir[] = "/tmp/kcshim-xcheck-test-XXXXXX";
	ASSERT_NE(::mkdtemp(dir), nullptr);
	std::string secret = "0123456789abcdef0123456789abcdef";
	std::string secret_file = std::string(dir) + "/secret", sock = std::string(dir) + "/sock";
	std::ofstream(secret_file) << secret << "\n";
	::chmod(secret_file.c_str(), 0600);

	BridgeConfig cfg;
	cfg.secret = secret;
	cfg.request_timeout = std::chrono::minutes(10);
	BridgeServer server(*ep, cfg);
	ASSERT_TRUE(server.listen_unix(sock));
	server.start();

	std::string out;
	int rc = run_cli({"xcheck", "--kernel", "unix:" + sock, "--secret-file", secret_file,
			  "--iterations", "50", "crct10dif", "cbc(cast5)"},
			 out);
	server.stop();
	std::printf("%s", out.c_str());
	EXPECT_EQ(rc, 0) << out;
	EXPECT_NE(out.find("crct10dif-generic"), std::string::npos) << out;
	EXPECT_NE(out.find("cbc(cast5-generic)"), std::string::npos) << out;
	// --iterations counts the random cases, which come after each pair's fixed ones
	EXPECT_NE(out.find("50 random cases per pair after its fixed ones"), std::string::npos) << out;
	::unlink(sock.c_str());
	::unlink(secret_file.c_str());
	::rmdir(dir);
}

}  // namespace
}  // namespace kcshim::afalg
