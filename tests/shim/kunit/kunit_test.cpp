// SPDX-License-Identifier: GPL-2.0
// The KUnit runner against our own suites (kunit_test_module.c), loaded as a module: the exact
// KTAP document, the results handed to the callback, the order of init/exit calls and actions,
// filter_glob, unloading; and the kernel tree's own KTAP parser reading our output.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include <kcshim/kcshim.h>
#include <kcshim/kunit.h>
#include <kunit/test.h>
#include <linux/vmalloc.h>

namespace {

struct Result {
	std::string suite, test_case, param;
	enum kcshim_kunit_status status;
	std::string reason, log;
	unsigned int warnings;
};

std::string read_file(const std::string &path)
{
	std::ifstream in(path);
	std::stringstream ss;
	ss << in.rdbuf();
	return ss.str();
}

// One run of the module's suites, shared by the tests (the hanging case costs its timeout).
struct KunitRun {
	int ret = 0;
	std::string ktap;
	std::vector<Result> results;
	std::string trace;
};

void on_result(const struct kcshim_kunit_result *r, void *ctx)
{
	static_cast<std::vector<Result> *>(ctx)->push_back(
		{r->suite, r->test_case ? r->test_case : "", r->param ? r->param : "", r->status,
		 r->reason ? r->reason : "", r->log, r->warnings});
}

// The module loaded for one test; unloaded after it.
class LoadedModule {
public:
	LoadedModule() { err_ = kcshim_load_module(KCSHIM_KUNIT_TEST_MODULE, nullptr, &mod_); }
	~LoadedModule()
	{
		if (mod_)
			kcshim_unload_module(mod_);
	}
	int err() const { return err_; }
	struct kcshim_module *release()
	{
		auto *m = mod_;
		mod_ = nullptr;
		return m;
	}

private:
	struct kcshim_module *mod_ = nullptr;
	int err_;
};

KunitRun run_module(const char *filter, unsigned int timeout_s, unsigned int jobs = 0)
{
	KunitRun run;
	LoadedModule module;
	EXPECT_EQ(module.err(), 0) << kcshim_last_error();
	std::string trace = testing::TempDir() + "kunit_trace_" + std::to_string(getpid());
	std::remove(trace.c_str());
	setenv("KCSHIM_KUNIT_TRACE", trace.c_str(), 1);
	FILE *out = tmpfile();
	struct kcshim_kunit_options opts = {};
	opts.filter_glob = filter;
	opts.timeout_s = timeout_s;
	opts.ktap = out;
	opts.on_result = on_result;
	opts.ctx = &run.results;
	opts.jobs = jobs;
	run.ret = kcshim_kunit_run(&opts);
	unsetenv("KCSHIM_KUNIT_TRACE");
	rewind(out);
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), out)) > 0)
		run.ktap.append(buf, n);
	fclose(out);
	run.trace = read_file(trace);
	std::remove(trace.c_str());
	return run;
}

// What varies between machines and runs: the source path and the PID in a WARNING line.
std::string normalise(std::string s)
{
	s = std::regex_replace(s, std::regex(KCSHIM_KUNIT_TEST_SOURCE_DIR "/"), "");
	return std::regex_replace(s, std::regex("PID: [0-9]+"), "PID: N");
}

const KunitRun &full_run()
{
	static const KunitRun run = run_module(nullptr, 1);
	return run;
}

const Result *find(const std::string &test_case, const std::string &param = "")
{
	for (const Result &r : full_run().results)
		if (r.test_case == test_case && r.param == param)
			return &r;
	return nullptr;
}

TEST(KunitRunner, KtapMatchesTheKernelsOutput)
{
	const KunitRun &run = full_run();
	EXPECT_EQ(run.ret, 1);
	// KCSHIM_KUNIT_WRITE_KTAP=FILE writes what we printed, to compare or to update the file
	if (const char *dump = getenv("KCSHIM_KUNIT_WRITE_KTAP"))
		std::ofstream(dump) << normalise(run.ktap);
	EXPECT_EQ(normalise(run.ktap), read_file(KCSHIM_KUNIT_EXPECTED_KTAP));
}

// Suites in processes of their own, three at once: the same KTAP and the same results in the
// same order as one suite after another (the trace, written by all at once, is left out).
TEST(KunitRunner, ParallelSuitesPrintAndReportAsOneAfterAnother)
{
	KunitRun parallel = run_module(nullptr, 1, 3);
	const KunitRun &serial = full_run();
	EXPECT_EQ(parallel.ret, serial.ret);
	EXPECT_EQ(normalise(parallel.ktap), normalise(serial.ktap));
	ASSERT_EQ(parallel.results.size(), serial.results.size());
	for (size_t i = 0; i < serial.results.size(); i++) {
		const Result &p = parallel.results[i], &s = serial.results[i];
		EXPECT_EQ(std::tie(p.suite, p.test_case, p.param, p.status, p.reason, p.warnings),
			  std::tie(s.suite, s.test_case, s.param, s.status, s.reason, s.warnings))
			<< "result " << i;
		EXPECT_EQ(normalise(p.log), normalise(s.log)) << "result " << i;
	}
}

TEST(KunitRunner, FailedExpectationIsWordedAsTheKernelDoes)
{
	const Result *r = find("kcshim_expect_fails");
	ASSERT_NE(r, nullptr);
	EXPECT_EQ(r->status, KCSHIM_KUNIT_FAILURE);
	EXPECT_EQ(normalise(r->log),
		  "# kcshim_expect_fails: EXPECTATION FAILED at kunit_test_module.c:41\n"
		  "Expected a == b, but\n"
		  "    a == 1 (0x1)\n"
		  "    b == 2 (0x2)\n"
		  "# kcshim_expect_fails: EXPECTATION FAILED at kunit_test_module.c:42\n"
		  "Expected x == y, but\n"
		  "    x ==\n"
		  "     00  01 <02> 03 \n"
		  "    y ==\n"
		  "     00  01 <07> 03 \n"
		  "buffers of 4 bytes\n"
		  "# kcshim_expect_fails: still running after the expectations");
}

TEST(KunitRunner, FailedAssertionEndsTheCase)
{
	const Result *r = find("kcshim_assert_stops");
	ASSERT_NE(r, nullptr);
	EXPECT_EQ(r->status, KCSHIM_KUNIT_FAILURE);
	EXPECT_EQ(normalise(r->log),
		  "# kcshim_assert_stops: ASSERTION FAILED at kunit_test_module.c:48\n"
		  "Expected 1 == 2 to be true, but is false");
	EXPECT_EQ(r->log.find("not reached"), std::string::npos);
}

TEST(KunitRunner, SkipGivesItsReason)
{
	const Result *r = find("kcshim_skipped");
	ASSERT_NE(r, nullptr);
	EXPECT_EQ(r->status, KCSHIM_KUNIT_SKIPPED);
	EXPECT_EQ(r->reason, "no hardware here");
	EXPECT_EQ(r->log, "");
}

TEST(KunitRunner, ParametersAreResultsOfTheirOwn)
{
	const Result *one = find("kcshim_parameterised", "one");
	const Result *two = find("kcshim_parameterised", "two");
	const Result *three = find("kcshim_parameterised", "three");
	const Result *all = find("kcshim_parameterised");
	ASSERT_TRUE(one && two && three && all);
	EXPECT_EQ(one->status, KCSHIM_KUNIT_SUCCESS);
	EXPECT_EQ(two->status, KCSHIM_KUNIT_FAILURE);
	EXPECT_EQ(three->status, KCSHIM_KUNIT_SKIPPED);
	EXPECT_EQ(three->reason, "three is skipped");
	EXPECT_EQ(all->status, KCSHIM_KUNIT_FAILURE);
}

TEST(KunitRunner, FaultAbortAndHangEndOnlyTheirCase)
{
	const Result *fault = find("kcshim_vmalloc_overrun");
	const Result *aborted = find("kcshim_aborts");
	const Result *hang = find("kcshim_hangs");
	const Result *after = find("kcshim_warns");
	ASSERT_TRUE(fault && aborted && hang && after);
	EXPECT_EQ(fault->status, KCSHIM_KUNIT_FAILURE);
	EXPECT_EQ(fault->reason, "killed by signal 11 (SIGSEGV)");
	EXPECT_NE(normalise(fault->log).find("try faulted: last line seen kunit_test_module.c:104"),
		  std::string::npos) << fault->log;
	EXPECT_EQ(aborted->status, KCSHIM_KUNIT_FAILURE);
	EXPECT_EQ(aborted->reason, "killed by signal 6 (SIGABRT)");
	// what it logged before it died is kept
	EXPECT_TRUE(aborted->log.starts_with("# kcshim_aborts: about to abort\n")) << aborted->log;
	EXPECT_EQ(hang->status, KCSHIM_KUNIT_FAILURE);
	EXPECT_EQ(hang->reason, "timed out after 1 s");
	EXPECT_EQ(after->status, KCSHIM_KUNIT_SUCCESS);
}

TEST(KunitRunner, WarningGoesToTheTestsLog)
{
	const Result *r = find("kcshim_warns");
	ASSERT_NE(r, nullptr);
	EXPECT_EQ(normalise(r->log),
		  "WARNING: CPU: 0 PID: N at kunit_test_module.c:123 kcshim_warns\n"
		  "WARNING: CPU: 0 PID: N at kunit_test_module.c:125 kcshim_warns");
	EXPECT_EQ(r->warnings, 2u);
	const Result *pass = find("kcshim_pass");
	ASSERT_NE(pass, nullptr);
	EXPECT_EQ(pass->warnings, 0u);
}

TEST(KunitRunner, SuiteCountsItsCasesWarnings)
{
	const Result *suite = nullptr;
	for (const Result &r : full_run().results)
		if (r.test_case.empty() && r.suite == "kcshim_kunit")
			suite = &r;
	ASSERT_NE(suite, nullptr);
	EXPECT_EQ(suite->warnings, 2u);
}

TEST(KunitRunner, InitExitAndActionsRunInTheKernelsOrder)
{
	EXPECT_EQ(full_run().trace,
		  // kcshim_actions_on_failure: released at once, then the rest last first after
		  // the failed assertion; the removed action never runs
		  "action released\n"
		  "action second\n"
		  "action first\n"
		  "suite_init\n"
		  "init\n"
		  "first\n"
		  "exit\n"
		  "init\n"
		  "second\n"
		  "exit\n"
		  "suite_exit\n");
}

TEST(KunitRunner, SuiteResultsComeLast)
{
	std::vector<std::string> suites;
	for (const Result &r : full_run().results)
		if (r.test_case.empty())
			suites.push_back(r.suite + (r.status == KCSHIM_KUNIT_FAILURE ? " failed" : ""));
	EXPECT_EQ(suites, (std::vector<std::string>{"kcshim_kunit failed", "kcshim_order failed",
						    "kcshim_failing_init failed"}));
	ASSERT_FALSE(full_run().results.empty());
	EXPECT_EQ(full_run().results.back().log, "# kcshim_failing_init:     # failed to initialize (-19)");
}

TEST(KunitRunner, FilterGlobSelectsSuitesAndCases)
{
	KunitRun run = run_module("kcshim_ord*.order_s*", 10);
	EXPECT_EQ(run.ret, 1);
	EXPECT_EQ(normalise(run.ktap),
		  "KTAP version 1\n"
		  "1..1\n"
		  "    KTAP version 1\n"
		  "    # Subtest: kcshim_order\n"
		  "    # module: kcshim_kunit_test_module\n"
		  "    1..1\n"
		  "    # order_second: ASSERTION FAILED at kunit_test_module.c:180\n"
		  "    Expected 0 to be true, but is false\n"
		  "    not ok 1 order_second\n"
		  "not ok 1 kcshim_order\n");
	EXPECT_EQ(run.trace, "suite_init\ninit\nsecond\nexit\nsuite_exit\n");

	KunitRun none = run_module("nosuch*", 10);
	EXPECT_EQ(none.ret, -ENOENT);
	EXPECT_EQ(none.ktap, "");
}

TEST(KunitRunner, UnloadTakesTheSuitesAway)
{
	auto count = [] {
		size_t n = 0;
		for (const void *const *s = kcshim_kunit_suites(); *s; s++)
			n++;
		return n;
	};
	size_t before = count();
	struct kcshim_module *mod;
	{
		LoadedModule module;
		ASSERT_EQ(module.err(), 0) << kcshim_last_error();
		EXPECT_EQ(count(), before + 3);
		mod = module.release();
	}
	const auto *first = static_cast<const struct kunit_suite *>(kcshim_kunit_suites()[before]);
	EXPECT_STREQ(first->name, "kcshim_kunit");
	ASSERT_EQ(kcshim_unload_module(mod), 0);
	EXPECT_EQ(count(), before);
}

TEST(KunitRunner, NoIsolationRunsInThisProcess)
{
	LoadedModule module;
	ASSERT_EQ(module.err(), 0) << kcshim_last_error();
	std::vector<Result> results;
	FILE *out = tmpfile();
	struct kcshim_kunit_options opts = {};
	opts.filter_glob = "kcshim_kunit.kcshim_[es]*";
	opts.no_isolation = true;
	opts.ktap = out;
	opts.on_result = on_result;
	opts.ctx = &results;
	EXPECT_EQ(kcshim_kunit_run(&opts), 1);
	fclose(out);
	// expect_fails, skipped, and the suite
	ASSERT_EQ(results.size(), 3u);
	EXPECT_EQ(results[0].status, KCSHIM_KUNIT_FAILURE);
	EXPECT_NE(results[0].log.find("still running after the expectations"), std::string::npos);
	EXPECT_EQ(results[1].status, KCSHIM_KUNIT_SKIPPED);
	EXPECT_EQ(results[1].reason, "no hardware here");
	EXPECT_EQ(results[2].status, KCSHIM_KUNIT_FAILURE);
}

// The kernel's own parser (tools/testing/kunit/kunit.py parse) reads our KTAP and counts what we
// counted: 14 results (11 cases, 3 of them parameters), as the callback saw them.
TEST(KunitKtap, KernelParserAgreesWithOurCounts)
{
	std::string kunit_py = KCSHIM_KERNEL_TREE_73 "/tools/testing/kunit/kunit.py";
	if (!std::filesystem::exists(kunit_py))
		GTEST_SKIP() << "no 7.3 kernel tree with tools/testing/kunit at " KCSHIM_KERNEL_TREE_73;
	if (system("python3 -c '' 2>/dev/null") != 0)
		GTEST_SKIP() << "no python3";
	std::string ktap_path = testing::TempDir() + "kunit_ktap_" + std::to_string(getpid());
	std::ofstream(ktap_path) << full_run().ktap;

	unsigned long passed = 0, failed = 0, skipped = 0;
	for (const Result &r : full_run().results) {
		if (r.test_case.empty())
			continue;	// suites are not counted
		bool has_params = !r.param.empty();
		if (!has_params && find(r.test_case, "one"))
			continue;	// the parameterised case: its parameters are counted
		passed += r.status == KCSHIM_KUNIT_SUCCESS;
		failed += r.status == KCSHIM_KUNIT_FAILURE;
		skipped += r.status == KCSHIM_KUNIT_SKIPPED;
	}
	// a suite whose init failed has no cases: the parser counts it as one failed test
	failed += 1;

	std::string cmd = "python3 " + kunit_py + " parse " + ktap_path + " 2>&1";
	FILE *p = popen(cmd.c_str(), "r");
	ASSERT_NE(p, nullptr);
	std::string out;
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		out.append(buf, n);
	pclose(p);
	std::remove(ktap_path.c_str());

	std::smatch m;
	std::regex summary("Ran ([0-9]+) tests: passed: ([0-9]+)(, failed: ([0-9]+))?"
			   "(, skipped: ([0-9]+))?");
	ASSERT_TRUE(std::regex_search(out, m, summary)) << out;
	auto num = [&](int i) { return m[i].matched ? std::stoul(m[i].str()) : 0ul; };
	EXPECT_EQ(num(2), passed) << out;
	EXPECT_EQ(num(4), failed) << out;
	EXPECT_EQ(num(6), skipped) << out;
	EXPECT_EQ(num(1), passed + failed + skipped) << out;
}

TEST(Vmalloc, BufferEndsAtAPageFollowedByAGuardPage)
{
	for (unsigned long size : {1ul, 100ul, 4096ul, 4097ul, 3 * 4096ul}) {
		auto *buf = static_cast<unsigned char *>(vmalloc(size));
		ASSERT_NE(buf, nullptr) << size;
		unsigned long len = (size + 4095) / 4096 * 4096;
		EXPECT_EQ(reinterpret_cast<uintptr_t>(buf) % 4096, 0u) << size;
		buf[len - 1] = 0xaa;	// the whole rounded-up length is usable
		EXPECT_TRUE(is_vmalloc_addr(buf + len - 1));
		EXPECT_FALSE(is_vmalloc_addr(buf + len));
		// the byte after it is in the guard page
		EXPECT_DEATH(static_cast<volatile unsigned char *>(buf)[len] = 1, "") << size;
		vfree(buf);
	}
	vfree(nullptr);
	EXPECT_EQ(vmalloc(0), nullptr);
	EXPECT_EQ(vmalloc_array(~0ul, 2), nullptr);
}

}  // namespace
